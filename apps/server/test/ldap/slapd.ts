import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A throwaway OpenLDAP server for the directory tests: its own slapd.conf and mdb database in a
 * temp folder, loaded with `slapadd` from directory.ldif (offline, so operational attributes such
 * as pwdChangedTime and pwdAccountLockedTime can be set), then `slapd -h ldap://127.0.0.1:PORT/`
 * on the first free port of 18200–18299. Needs Debian's `slapd` and `ldap-utils` packages
 * (.ci/run installs them). The ppolicy overlay of slapd 2.5 is loaded: a user with
 * `pwdAccountLockedTime: 000001010000Z` is disabled (every bind refused), one whose
 * pwdChangedTime is older than the policy's pwdMaxAge has an expired password.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SLAPD = process.env.SLAPD_PATH ?? '/usr/sbin/slapd';
const SLAPADD = process.env.SLAPADD_PATH ?? '/usr/sbin/slapadd';
const FIRST_PORT = 18200;
const LAST_PORT = 18299;

/** The test directory's facts, as test/ldap/directory.ldif writes them. */
export const testDirectory = {
  baseDn: 'dc=example,dc=org',
  userBaseDn: 'ou=people,dc=example,dc=org',
  groupBaseDn: 'ou=groups,dc=example,dc=org',
  adminDn: 'cn=admin,dc=example,dc=org',
  adminPassword: 'admin-secret',
  /** Every user's password in directory.ldif. */
  password: 'Secret#2026',
  dn: (uid: string) => `uid=${uid},ou=people,dc=example,dc=org`,
  groupDn: (cn: string) => `cn=${cn},ou=groups,dc=example,dc=org`,
};

/** A running throwaway slapd. */
export interface Slapd {
  /** ldap://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Stops the server (SIGTERM to its pid) and removes its folder. */
  stop(): Promise<void>;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once `child` listens on `port` (true) or exits (false). */
async function waitListening(child: ChildProcess, port: number): Promise<boolean> {
  let exited = child.exitCode !== null;
  const onExit = () => {
    exited = true;
  };
  child.once('exit', onExit);
  try {
    for (;;) {
      if (exited) return false;
      if (await portAnswers(port)) return !exited;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.off('exit', onExit);
  }
}

/**
 * Starts a fresh slapd loaded from `ldif` (default directory.ldif). Throws with the reason when
 * slapd is not installed or does not start; see {@link startSlapdOrSkip}.
 */
export async function startSlapd(ldif = path.join(here, 'directory.ldif')): Promise<Slapd> {
  if (!existsSync(SLAPD) || !existsSync(SLAPADD)) throw new Error(`${SLAPD} is not installed (apt-get install slapd ldap-utils)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-slapd-'));
  mkdirSync(path.join(dir, 'db'));
  const conf = path.join(dir, 'slapd.conf');
  writeFileSync(conf, readFileSync(path.join(here, 'slapd.conf.template'), 'utf8').replaceAll('@DIR@', dir));
  const load = spawnSync(SLAPADD, ['-f', conf, '-l', ldif], { encoding: 'utf8' });
  if (load.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`slapadd failed: ${load.stderr || load.error?.message}`);
  }
  // Files of parallel test processes share the range: take the first port nobody answers on.
  const offset = process.pid % (LAST_PORT - FIRST_PORT + 1);
  let lastError = '';
  for (let i = 0; i <= LAST_PORT - FIRST_PORT; i++) {
    const port = FIRST_PORT + ((offset + i) % (LAST_PORT - FIRST_PORT + 1));
    if (await portAnswers(port)) continue;
    // -d 0: stay in the foreground (no fork), so the test owns the process and its pid.
    const child = spawn(SLAPD, ['-d', '0', '-f', conf, '-h', `ldap://127.0.0.1:${port}/`], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    if (await waitListening(child, port)) {
      return {
        url: `ldap://127.0.0.1:${port}`,
        port,
        async stop() {
          if (child.exitCode === null) {
            const exited = new Promise((r) => child.once('exit', r));
            child.kill('SIGTERM');
            await exited;
          }
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    lastError = stderr.trim().split('\n').slice(-3).join(' ');
    if (!/bind|address already in use/i.test(stderr)) break;
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`slapd did not start: ${lastError}`);
}

/**
 * {@link startSlapd}, or the reason it could not start (the caller skips its tests with that
 * line). With REQUIRE_SLAPD=1 (.ci/run) a failure throws instead: CI must run these tests.
 */
export async function startSlapdOrSkip(): Promise<Slapd | string> {
  try {
    return await startSlapd();
  } catch (error) {
    if (process.env.REQUIRE_SLAPD === '1') throw error;
    const reason = `directory tests skipped: ${(error as Error).message}`;
    console.warn(reason);
    return reason;
  }
}
