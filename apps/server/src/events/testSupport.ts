import { Redis } from 'ioredis';

/**
 * Test support (no production code imports this). Tests that need Redis use TEST_REDIS_URL, by default the
 * local one CI provides, and are skipped (saying why) when nothing answers there.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

export async function redisAnswers(url: string = TEST_REDIS_URL): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A log that keeps what it was told, for assertions. */
export function recordingLog() {
  const lines: Array<{ level: 'error' | 'warn' | 'info'; object: object; message: string }> = [];
  return {
    lines,
    error: (object: object, message: string) => lines.push({ level: 'error', object, message }),
    warn: (object: object, message: string) => lines.push({ level: 'warn', object, message }),
    info: (object: object, message: string) => lines.push({ level: 'info', object, message }),
  };
}
