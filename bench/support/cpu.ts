import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';

/** CPU seconds (user + system) process `pid` has used so far (Linux /proc; NaN when it is gone). */
export function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The machine's load averages (1, 5, 15 min) as `uptime` prints them: "0.52 0.71 0.40". */
export const loadText = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * CPU meter of a bench's database: the summed CPU seconds of the PostgreSQL backends connected to
 * `databaseUrl`'s database (the server's pool; this meter's own connection left out). `read()`
 * answers a snapshot; `since(snapshot)` the seconds used since, by backends alive in both (a pool
 * keeps its connections, so that is all of them under load). Undefined url (PGlite): zeros.
 */
export async function databaseCpuMeter(databaseUrl: string | undefined) {
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  await client?.connect();
  const read = async (): Promise<Map<number, number>> => {
    if (!client) return new Map();
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map((r) => [r.pid, cpuOf(r.pid)]));
  };
  return {
    read,
    async since(before: Map<number, number>): Promise<number> {
      const now = await read();
      let sum = 0;
      for (const [pid, cpu] of now) {
        const was = before.get(pid) ?? 0;
        if (Number.isFinite(cpu) && Number.isFinite(was)) sum += cpu - was;
      }
      return sum;
    },
    close: () => client?.end(),
  };
}
