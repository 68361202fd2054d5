import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_DATABASE_URL, type TestApp } from '../../../test/helper';
import { type DatabaseHandle, openDatabase } from '../../db/open';
import { SESSION_CACHE_MS } from './session.service';
import { PROFILE_CACHE_MS, PROFILE_SETTING_KEY } from './system-profile.service';

let t: TestApp;
let other: DatabaseHandle | undefined;
afterEach(async () => {
  await other?.close();
  other = undefined;
  await t?.close();
});

function logged(cookie: string) {
  return t.app.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: { cookie } });
}

/** The same database through a connection of its own, as a second server process would have. */
async function secondProcessDatabase(): Promise<DatabaseHandle> {
  if (!TEST_DATABASE_URL) return openDatabase({ dataDir: t.config.dataDir, databaseUrl: null });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db.db);
  return openDatabase({
    dataDir: t.config.dataDir,
    databaseUrl: TEST_DATABASE_URL,
    pgSchema: rows[0]!.schema,
  });
}

describe('the session cache', () => {
  it('applies a write to users made in this process at once', async () => {
    t = await buildTestApp();
    const cookie = await signIn(t.app);
    expect((await logged(cookie)).statusCode).toBe(200);
    await t.db.db.updateTable('users').set({ disabled: 1 }).where('name', '=', 'demo').execute();
    expect((await logged(cookie)).statusCode).toBe(401);
  });

  it(`sees another process's sign-out within ${SESSION_CACHE_MS} ms`, async () => {
    t = await buildTestApp();
    const cookie = await signIn(t.app);
    other = await secondProcessDatabase();
    const cachedAt = performance.now();
    expect((await logged(cookie)).statusCode).toBe(200);
    await other.db.deleteFrom('sessions').execute();
    // Still served from this process's copy (the staleness docs/decisions.md accepts) — checked only while
    // the copy is surely younger than its lifetime, so that a slow machine cannot make this fail.
    const stale = await logged(cookie);
    if (performance.now() - cachedAt < SESSION_CACHE_MS - 500) expect(stale.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 50));
    expect((await logged(cookie)).statusCode).toBe(401);
  });
});

describe('the profile cache', () => {
  it(`sees another process's profile change within ${PROFILE_CACHE_MS} ms`, async () => {
    t = await buildTestApp();
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: `${ACCOUNT}/system/profile` })).json().productName;
    other = await secondProcessDatabase();
    const cachedAt = performance.now();
    const before = await read();
    const now = new Date().toISOString();
    await other.db
      .insertInto('settings')
      .values({
        key: PROFILE_SETTING_KEY,
        value: JSON.stringify({ productName: '另一进程' }),
        updated_at: now,
      })
      .execute();
    const stale = await read();
    if (performance.now() - cachedAt < PROFILE_CACHE_MS - 300) expect(stale).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, PROFILE_CACHE_MS + 50));
    expect(await read()).toBe('另一进程');
  });
});
