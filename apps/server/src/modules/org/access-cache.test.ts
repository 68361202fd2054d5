import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_DATABASE_URL, type TestApp } from '../../../test/helper';
import { SQLITE_FILE_NAME } from '../../db/open';

// The rights check reuses scope and membership reads while nothing changed (access.ts, issue 15 §3). These
// tests revoke a right and read at once: the revoked right must never answer, whatever path wrote it.

let t: TestApp;
let demo: string; // the demo project's admin
let zhangsan: string; // a plain member of it
let projectId: string;

function get(path: string, cookie: string) {
  return t.app.inject({ method: 'GET', url: `${ACCOUNT}/${path}`, headers: { cookie } });
}
function put(path: string, cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: `${ACCOUNT}/${path}`, headers: { cookie }, payload });
}
async function membership(userName: string) {
  return t.db.db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['members.id', 'members.user_id', 'members.role'])
    .where('members.scope_id', '=', projectId)
    .where('users.name', '=', userName)
    .executeTakeFirst();
}
/** Puts zhangsan back as a plain member (straight into the table, as another code path would). */
async function restoreZhangsan(row: Record<string, unknown>) {
  if (await membership('zhangsan')) return;
  await t.db.db
    .insertInto('members')
    .values(row as never)
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  demo = await signIn(t.app);
  zhangsan = await signIn(t.app, 'zhangsan');
  const projects = (await get('projects', demo)).json() as Array<{ _id: string; name: string }>;
  projectId = projects[0]!._id;
});
afterAll(() => t.close());

describe('the rights check never answers from a revoked right', () => {
  it('refuses a removed member on the very next request, and on a request racing the removal', async () => {
    const row = await t.db.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', (await membership('zhangsan'))!.id)
      .executeTakeFirstOrThrow();
    // Read twice first, so the second answer could come from a copy.
    expect((await get(`projects/${projectId}`, zhangsan)).statusCode).toBe(200);
    expect((await get(`projects/${projectId}`, zhangsan)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${ACCOUNT}/members/${row.id}`,
      headers: { cookie: demo },
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(`projects/${projectId}`, zhangsan)).statusCode).toBe(404);

    // Revoke and read at once: the read may come before the removal, never after it with the old answer.
    await restoreZhangsan(row);
    expect((await get(`projects/${projectId}`, zhangsan)).statusCode).toBe(200);
    const [racing] = await Promise.all([
      get(`projects/${projectId}`, zhangsan),
      t.app.inject({ method: 'DELETE', url: `${ACCOUNT}/members/${row.id}`, headers: { cookie: demo } }),
    ]);
    expect([200, 404]).toContain(racing.statusCode);
    expect((await get(`projects/${projectId}`, zhangsan)).statusCode).toBe(404);
    await restoreZhangsan(row);
  });

  it('takes an admin role away at once, and gives it at once', async () => {
    const { id } = (await membership('zhangsan'))!;
    const rename = (cookie: string) => put(`projects/${projectId}`, cookie, { shortName: '示范' });
    expect((await rename(zhangsan)).statusCode).toBe(403);
    await t.db.db.updateTable('members').set({ role: 'admin' }).where('id', '=', id).execute();
    expect((await rename(zhangsan)).statusCode).toBe(200);
    expect((await rename(zhangsan)).statusCode).toBe(200);
    await t.db.db.updateTable('members').set({ role: 'member' }).where('id', '=', id).execute();
    expect((await rename(zhangsan)).statusCode).toBe(403);
  });

  it('hides a deleted project at once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/projects`,
      headers: { cookie: demo },
      payload: {
        name: '缓存删除测试',
        enterpriseId: (await t.db.db.selectFrom('enterprises').select('id').executeTakeFirstOrThrow()).id,
      },
    });
    expect(created.statusCode).toBe(200);
    const { _id } = created.json() as { _id: string };
    expect((await get(`projects/${_id}`, demo)).statusCode).toBe(200);
    await t.db.db
      .updateTable('projects')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', _id)
      .execute();
    expect((await get(`projects/${_id}`, demo)).statusCode).toBe(404);
  });

  it("sees another connection's commit (another server process) at once", async () => {
    const row = await t.db.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', (await membership('zhangsan'))!.id)
      .executeTakeFirstOrThrow();
    expect((await get(`projects/${projectId}`, zhangsan)).statusCode).toBe(200);
    expect((await get(`projects/${projectId}`, zhangsan)).statusCode).toBe(200);
    if (TEST_DATABASE_URL) {
      const { rows } = await sql<{ search_path: string }>`show search_path`.execute(t.db.db);
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`set search_path to ${rows[0]!.search_path}`);
        await client.query('delete from members where id = $1', [row.id]);
      } finally {
        await client.end();
      }
    } else {
      const other = new Database(join(t.config.dataDir, SQLITE_FILE_NAME));
      try {
        other.pragma('busy_timeout = 5000');
        other.prepare('delete from members where id = ?').run(row.id);
      } finally {
        other.close();
      }
    }
    expect((await get(`projects/${projectId}`, zhangsan)).statusCode).toBe(404);
    await restoreZhangsan(row);
    expect((await get(`projects/${projectId}`, zhangsan)).statusCode).toBe(200);
  });
});
