import type { Jobs, JobsLog } from './jobs';
import { createMemoryJobs } from './memory';
import { createRedisJobs } from './redis';

export * from './jobs';
export { createMemoryJobs } from './memory';
export { createRedisJobs } from './redis';

/** The app's background jobs: Redis lists when REDIS_URL is set (every process shares them), else in-process. */
export function createJobs(config: { redisUrl: string | null }, log: JobsLog): Jobs {
  return config.redisUrl ? createRedisJobs({ url: config.redisUrl, log }) : createMemoryJobs(log);
}
