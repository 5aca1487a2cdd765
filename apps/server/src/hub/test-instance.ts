/*
 * A hub server in its own process, for the Redis suite's "an instance dies" case (it is killed
 * with SIGKILL, so it cannot say goodbye). Reads REDIS_URL, HUB_REDIS_PREFIX and the heartbeat
 * timings from the environment, listens on a free port and prints `PORT <n>`.
 */
import { startHubServer } from './test-support';

const server = await startHubServer({
  redisUrl: process.env.REDIS_URL ?? null,
  timings: {
    heartbeatMs: Number(process.env.HUB_HEARTBEAT_MS ?? 5000),
    deadAfterMs: Number(process.env.HUB_DEAD_AFTER_MS ?? 15000),
  },
});
process.stdout.write(`PORT ${server.port}\n`);
