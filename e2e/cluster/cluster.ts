import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { freePorts, OwnServer, repo, SERVER_START_MS } from '../test/support/own-server';

/**
 * Two ServiceDesk instances behind HAProxy on one PostgreSQL database and one Redis — the shape
 * of deploy/haproxy.cfg and deploy/two-instances.sh, for the cluster spec (issue #39 "Two
 * instances as one").
 *
 * - PostgreSQL: a throwaway database `sd_e2e_cluster_<pid>` created on TEST_DATABASE_URL's server
 *   with psql and dropped (WITH (FORCE)) at the end; the first instance migrates and seeds it.
 * - Redis: REDIS_URL, with the hub's keys under a prefix of this run (HUB_REDIS_PREFIX), so a
 *   developer's own server on the same Redis is not disturbed.
 * - Files: FILE_STORE=postgres, and each instance has its OWN data directory — a file can only
 *   travel from one to the other through the database.
 * - HAProxy: deploy/haproxy.cfg itself with its three addresses replaced by free ports, plus two
 *   test-only lines: `use-server` by an `sd_instance` cookie (a browser is pinned to one instance;
 *   HAProxy ignores the rule while that instance is down, so the browser moves to the other) and
 *   an `X-Served-By` response header naming the instance that answered.
 */
export interface ClusterNeeds {
  ok: boolean;
  /** What is missing, for the skip message. */
  missing: string[];
}

/** Whether this machine can run the cluster: PostgreSQL and Redis URLs, haproxy and psql on PATH. */
export function clusterNeeds(): ClusterNeeds {
  const missing: string[] = [];
  if (!process.env.TEST_DATABASE_URL) missing.push('TEST_DATABASE_URL');
  if (!process.env.REDIS_URL) missing.push('REDIS_URL');
  for (const tool of ['haproxy', 'psql']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) missing.push(tool);
  }
  return { ok: missing.length === 0, missing };
}

/** Runs one SQL statement with psql on `url`; throws with psql's stderr on failure. */
function psql(url: string, sql: string): void {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
}

/** `url` with its database name replaced by `database`. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * deploy/haproxy.cfg for this run: the balancer on `ports.balancer`, servers a and b on
 * `ports.a` / `ports.b`, and the test-only cookie pin and X-Served-By header (see above).
 */
export function balancerConfig(ports: { balancer: number; a: number; b: number }): string {
  const shipped = readFileSync(join(repo, 'deploy/haproxy.cfg'), 'utf8');
  for (const address of ['127.0.0.1:18310', '127.0.0.1:18311', '127.0.0.1:18312']) {
    expect(shipped, `deploy/haproxy.cfg names ${address}`).toContain(address);
  }
  return shipped
    .replaceAll('127.0.0.1:18310', `127.0.0.1:${ports.balancer}`)
    .replaceAll('127.0.0.1:18311', `127.0.0.1:${ports.a}`)
    .replaceAll('127.0.0.1:18312', `127.0.0.1:${ports.b}`)
    .replace(
      '    balance roundrobin\n',
      '    balance roundrobin\n' +
        '    # e2e only: pin a browser to one instance (ignored while it is down) and say who answered.\n' +
        '    use-server a if { req.cook(sd_instance) -m str a }\n' +
        '    use-server b if { req.cook(sd_instance) -m str b }\n' +
        '    http-response set-header X-Served-By %[srv_name]\n',
    );
}

export class Cluster {
  readonly run = `${process.pid}_${Date.now().toString(36)}`;
  readonly database = `sd_e2e_cluster_${this.run}`;
  /** The METRICS_TOKEN both instances get (at least 16 characters, as the server requires). */
  readonly metricsToken = `cluster-metrics-${this.run}`;
  private readonly dir = mkdtempSync(join(tmpdir(), 'sd-e2e-cluster-'));
  private haproxy: ChildProcess | null = null;
  a!: OwnServer;
  b!: OwnServer;
  balancerPort = 0;

  get baseURL(): string {
    return `http://127.0.0.1:${this.balancerPort}`;
  }

  get databaseUrl(): string {
    return withDatabase(process.env.TEST_DATABASE_URL!, this.database);
  }

  /** Creates the database, starts a (migrates + seeds), then b, then HAProxy; resolves when the balancer answers /readyz. */
  async start(): Promise<void> {
    psql(process.env.TEST_DATABASE_URL!, `CREATE DATABASE ${this.database}`);
    const [balancer, a, b] = (await freePorts(3)) as [number, number, number];
    this.balancerPort = balancer;
    const env = {
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: process.env.REDIS_URL!,
      HUB_REDIS_PREFIX: `sd:e2e:${this.run}:`,
      JWT_SECRET: `cluster-e2e-${this.run}-0123456789abcdef0123456789abcdef`,
      TRUST_PROXY: 'true',
      FILE_STORE: 'postgres',
      // Each instance's /metrics answers this token (the balancer refuses /metrics): the spec
      // reads the job-run counters to know both instances have run a job since a moment.
      METRICS_TOKEN: this.metricsToken,
    };
    this.a = new OwnServer(a, env);
    this.b = new OwnServer(b, env);
    await this.a.copyWeb();
    await this.b.copyWeb();
    await this.a.start('/readyz');
    await this.b.start('/readyz');
    const configFile = join(this.dir, 'haproxy.cfg');
    writeFileSync(configFile, balancerConfig({ balancer, a, b }));
    const check = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
    expect(check.status, `haproxy -c: ${check.stderr}${check.stdout}`).toBe(0);
    this.haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
    const child = this.haproxy;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
          try {
            return (await fetch(`${this.baseURL}/readyz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: SERVER_START_MS, message: 'the balancer answers /readyz' },
      )
      .toBe(200);
  }

  /**
   * How many runs of the scheduled job `job` (lib/jobs.ts name, e.g. `news.publish`) instance
   * `server` finished, failed ones included — its `servicedesk_job_runs_total{job}` read from the
   * instance's own port with the metrics token. 0 before the first run.
   */
  async jobRuns(server: OwnServer, job: string): Promise<number> {
    const answer = await fetch(`${server.baseURL}/metrics`, { headers: { authorization: `Bearer ${this.metricsToken}` } });
    if (answer.status !== 200) throw new Error(`GET /metrics on ${server.baseURL}: ${answer.status}`);
    let runs = 0;
    for (const line of (await answer.text()).split('\n')) {
      const m = /^servicedesk_job_runs_total\{(.*)\} (\d+(?:\.\d+)?)$/.exec(line);
      if (m && m[1]!.includes(`job="${job}"`)) runs += Number(m[2]);
    }
    return runs;
  }

  /** Stops HAProxy and both instances, drops the database and removes the run's files. */
  async dispose(): Promise<void> {
    if (this.haproxy && this.haproxy.exitCode === null) {
      const exited = once(this.haproxy, 'exit');
      this.haproxy.kill('SIGTERM');
      await exited;
    }
    await Promise.all([this.a?.dispose(), this.b?.dispose()]);
    try {
      psql(process.env.TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
