/*
 * One hub server for the benchmark, in its own process (so the clients' CPU does not count as
 * server time): the whole app on an in-memory database, plus BENCH_USERS extra active users
 * (ids follow the seed's, identical on every instance), each with an open session `bench-<id>`. REDIS_URL set → the Redis cluster.
 * Prints `PORT <n> FIRST <first bench user id>` once listening; SIGTERM closes it gracefully. Run by latency.ts; not meant to be started by hand.
 */
import { sql } from 'drizzle-orm';
import { startHubServer } from '../../apps/server/src/hub/test-support';

const users = Number(process.env.BENCH_USERS ?? 1000);
const server = await startHubServer({ redisUrl: process.env.REDIS_URL || null });
await server.app.deps.db.execute(sql`
  insert into users (first_name, last_name, email, password_hash, user_type_id)
  select 'Bench', 'User ' || g, 'bench' || g || '@bench.local', password_hash, user_type_id
  from users, generate_series(1, ${users}) as g
  where email = 'employee@servicedesk.az'`);
const result = await server.app.deps.db.execute(
  sql`select min(id) as first from users where email like '%@bench.local'`,
);
const first = Number((result as unknown as { rows: { first: number }[] }).rows[0]?.first);
// One open session per bench user, id `bench-<user id>` (the token's jti, issue #20).
await server.app.deps.db.execute(sql`
  insert into sessions (id, user_id, device, expires_at)
  select 'bench-' || id, id, 'bench', now() + interval '1 day' from users where email like '%@bench.local'`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
process.stdout.write(`PORT ${server.port} FIRST ${first}\n`);
