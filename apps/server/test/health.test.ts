import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASE_URL, type TestApp } from './helper';

async function terminateBackend(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/v1/health', () => {
  it('answers 200 after a real query', async () => {
    t = await buildTestApp({ env: { DEMO: '0' } });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', disk: 'ok' });
  });

  it('answers 503 when the database is gone, without internals', async () => {
    t = await buildTestApp({ env: { DEMO: '0', LOG_LEVEL: 'error' } });
    await t.db.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health?lang=en-us' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 503,
      key: 'common.databaseUnavailable',
      message: 'The database is unavailable',
    });
  });

  it.runIf(TEST_DATABASE_URL)(
    'survives dropped PostgreSQL connections: the query fails, the process goes on',
    async () => {
      t = await buildTestApp({ env: { DEMO: '0' } });
      const db = t.db.db;
      // A connection dropped in the middle of a query fails that query only.
      const busy = await db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
        const pid = rows[0]!.pid;
        const sleeping = sql`select pg_sleep(10)`.execute(connection).then(
          () => 'finished',
          () => 'failed',
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        await terminateBackend(pid);
        return sleeping;
      });
      expect(busy).toBe('failed');
      // The pool notices the closed socket a moment later and discards that client.
      await new Promise((resolve) => setTimeout(resolve, 200));
      // An idle pooled connection dropped by the server is reported to the pool's error listener.
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      await terminateBackend(rows[0]!.pid);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(t.databaseErrors.length).toBeGreaterThan(0);
      // The app keeps serving on fresh connections.
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(200);
    },
  );
});
