/*
 * Chat delivery latency of the hub (issue #4 "Done when"): N official @microsoft/signalr clients,
 * one per user, connected to one instance, then to two instances sharing Redis; every message
 * goes from user i to user i+1 (with two instances: always from one instance to the other).
 * Latency = time from invoking SendMessageToUserByUserId until the target's ReceiveMessage,
 * both measured in this process (same clock), in ms.
 *
 *   node --import tsx bench/hub/latency.ts [--clients 1000] [--messages 2000] [--rate 200]
 *   REDIS_URL=redis://127.0.0.1:6379 node --import tsx bench/hub/latency.ts   # adds the 2-instance run
 *
 * --rate is messages per second (sent at a steady pace, not in one burst). Servers run in child
 * processes (bench/hub/instance.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import {
  HubConnectionBuilder,
  HttpTransportType,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { createTokenService } from '../../apps/server/src/lib/tokens';
import { TEST_JWT_SECRET } from '../../apps/server/src/hub/test-support';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '200' },
  },
});
const CLIENTS = Number(values.clients);
const MESSAGES = Number(values.messages);
const RATE = Number(values.rate);
const REDIS_URL = process.env.REDIS_URL || '';

interface Instance {
  port: number;
  /** Id of the first bench user (the same on every instance). */
  firstId: number;
  child: ChildProcess;
}

async function startInstance(redisUrl: string, prefix: string): Promise<Instance> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./instance.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        REDIS_URL: redisUrl,
        HUB_REDIS_PREFIX: prefix,
        BENCH_USERS: String(CLIENTS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [port, firstId] = await new Promise<[number, number]>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PORT (\d+) FIRST (\d+)/.exec(out);
      if (match) resolve([Number(match[1]), Number(match[2])]);
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
  });
  return { port, firstId, child };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function run(label: string, instances: Instance[]): Promise<void> {
  const tokens = createTokenService(new TextEncoder().encode(TEST_JWT_SECRET), 60);
  const firstId = (instances[0] as Instance).firstId;
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  let events = 0;
  const connections: HubConnection[] = [];
  const started = performance.now();
  for (let i = 0; i < CLIENTS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, CLIENTS - i) }, async (_, k) => {
        const index = i + k;
        const { token } = await tokens.issue(firstId + index, `bench-${firstId + index}`);
        const instance = instances[index % instances.length] as Instance;
        const c = new HubConnectionBuilder()
          .withUrl(`http://127.0.0.1:${instance.port}/ChatHub`, {
            transport: HttpTransportType.WebSockets,
            accessTokenFactory: () => token,
          })
          .configureLogging(LogLevel.None)
          .build();
        c.on('UserConnected', () => void events++);
        c.on('ReceiveMessage', (json: string) => {
          const { message } = JSON.parse(json) as { message: string };
          const at = sent.get(message);
          if (at !== undefined) latencies.push(performance.now() - at);
        });
        await c.start();
        connections[index] = c;
      }),
    );
  }
  const connectSeconds = (performance.now() - started) / 1000;
  // Every connect is broadcast to everyone (UserConnected: N² records in all); measure only once
  // that backlog has drained, i.e. no event arrived for a second.
  for (let last = -1, until = Date.now() + 120_000; last !== events && Date.now() < until;) {
    last = events;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const settledSeconds = (performance.now() - started) / 1000 - connectSeconds;
  const interval = 1000 / RATE;
  const t0 = performance.now();
  for (let m = 0; m < MESSAGES; m++) {
    const from = m % CLIENTS;
    const to = (from + 1) % CLIENTS;
    const text = `m${m}`;
    const due = t0 + m * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sent.set(text, performance.now());
    void (connections[from] as HubConnection).send(
      'SendMessageToUserByUserId',
      firstId + to,
      JSON.stringify({ message: text }),
    );
  }
  const deadline = Date.now() + 30_000;
  while (latencies.length < MESSAGES && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  latencies.sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `${label}: ${CLIENTS} clients (connected in ${connectSeconds.toFixed(1)} s, presence settled ${settledSeconds.toFixed(1)} s later), ${latencies.length}/${MESSAGES} messages at ${RATE}/s — ` +
      `median ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms, max ${fmt(latencies.at(-1) ?? NaN)} ms`,
  );
  await Promise.all(connections.map((c) => c.stop()));
}

const children: ChildProcess[] = [];
try {
  const one = await startInstance('', '');
  children.push(one.child);
  await run('one instance', [one]);
  one.child.kill('SIGTERM');
  if (REDIS_URL) {
    const prefix = `sdbench:${randomBytes(4).toString('hex')}:`;
    const pair = await Promise.all([
      startInstance(REDIS_URL, prefix),
      startInstance(REDIS_URL, prefix),
    ]);
    children.push(...pair.map((p) => p.child));
    await run('two instances over Redis', pair);
    for (const p of pair) p.child.kill('SIGTERM');
    await Promise.all(
      pair.map(
        (p) => new Promise((r) => (p.child.exitCode === null ? p.child.once('exit', r) : r(null))),
      ),
    );
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  } else {
    console.log('two instances over Redis: skipped (REDIS_URL is not set)');
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
