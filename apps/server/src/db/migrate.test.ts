import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/clock';
import { freshDatabase, type TestDatabase } from '../../test/helper';
import { fromJson, toJson } from './json';
import { migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations/index';
import { seedDatabase } from './seeds/index';

let database: (TestDatabase & { dataDir: string }) | undefined;

afterEach(async () => {
  await database?.handle.close();
  await database?.dispose();
  database = undefined;
});

function quietLog(lines: string[]) {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  return Fastify({ logger: { level: 'info', stream } }).log;
}

describe('migrations', () => {
  it('apply in name order on a fresh database, and a second run is a no-op', async () => {
    database = await freshDatabase();
    const { db, engine } = database.handle;
    const names = Object.keys(MIGRATIONS);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\d{10}_[a-z_]+$/);

    expect(await migrateToLatest(db, engine)).toEqual(names);
    expect(await migrateToLatest(db, engine)).toEqual([]);

    const applied = await sql<{
      name: string;
    }>`select name from ${sql.table('kysely_migration')} order by name`.execute(db);
    expect(applied.rows.map((r) => r.name)).toEqual(names);
    const now = new Date().toISOString();
    await db
      .insertInto('settings')
      .values({ key: 'probe', value: toJson({ a: [1, 'two'] }), updated_at: now })
      .execute();
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'probe')
      .executeTakeFirstOrThrow();
    // JSON reads back as text on both engines (jsonb on PostgreSQL).
    expect(typeof row.value).toBe('string');
    expect(fromJson(row.value, null)).toEqual({ a: [1, 'two'] });
  });

  it('enforce foreign keys and unique names on both engines', async () => {
    database = await freshDatabase();
    const { db, engine } = database.handle;
    await migrateToLatest(db, engine);
    const now = new Date().toISOString();
    await expect(
      db
        .insertInto('sessions')
        .values({
          id: 's1',
          token_hash: 'h',
          user_id: 'nobody',
          created_at: now,
          expires_at: now,
          last_seen_at: now,
          remember: 0,
        })
        .execute(),
    ).rejects.toThrow();
    const user = {
      name: 'same',
      nick_name: '',
      phone_number: null,
      country_code: '86',
      email: '',
      avatar: '',
      settings: '{}',
      is_trial: 0,
      is_system_admin: 0,
      disabled: 0,
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    } as const;
    await db
      .insertInto('users')
      .values({ ...user, id: 'u1' })
      .execute();
    // Two accounts without a phone never collide on the (country_code, phone_number) index.
    await db
      .insertInto('users')
      .values({ ...user, id: 'u2', name: 'other' })
      .execute();
    await expect(
      db
        .insertInto('users')
        .values({ ...user, id: 'u3' })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('seeds', () => {
  it('seed a fresh database once: admin, demo users and country codes', async () => {
    database = await freshDatabase();
    const { db, engine } = database.handle;
    await migrateToLatest(db, engine);
    const lines: string[] = [];
    const generated: string[] = [];
    const options = {
      db,
      clock: new TestClock(),
      log: quietLog(lines),
      adminPassword: null,
      demo: true,
      onGeneratedAdminPassword: ({ password }: { password: string }) => generated.push(password),
    };
    expect(await seedDatabase(options)).toBe(true);
    expect(await seedDatabase(options)).toBe(false);
    const users = await db.selectFrom('users').select(['name', 'is_system_admin']).orderBy('name').execute();
    expect(users).toEqual([
      { name: 'admin', is_system_admin: 1 },
      { name: 'demo', is_system_admin: 0 },
      { name: 'zhangsan', is_system_admin: 0 },
    ]);
    const codes = await db.selectFrom('country_codes').select('code').orderBy('sort_order').execute();
    expect(codes.map((c) => c.code)).toEqual(['86', '852', '853', '886', '1', '44', '65', '81', '82', '61']);
    // The generated administrator password goes once to the start's notice (issue 17), is a valid sign-in
    // password, and never reaches the log; the log says where to find it.
    expect(generated).toHaveLength(1);
    expect(generated[0]).toMatch(/^[A-Za-z0-9~!@&%$^()#_]{16}$/);
    expect(lines.join('\n')).not.toContain(generated[0]);
    expect(lines.filter((l) => l.includes('generated password'))).toHaveLength(1);
    // A generated password must be changed at the first sign-in; the demo users' passwords need not.
    const marked = await db
      .selectFrom('users')
      .select('name')
      .where('must_change_password', '=', 1)
      .execute();
    expect(marked).toEqual([{ name: 'admin' }]);
  });

  it('with DEMO=0 create only the administrator, and never log ADMIN_PASSWORD', async () => {
    database = await freshDatabase();
    const { db, engine } = database.handle;
    await migrateToLatest(db, engine);
    const lines: string[] = [];
    await seedDatabase({
      db,
      clock: new TestClock(),
      log: quietLog(lines),
      adminPassword: 'Given_Pass1',
      demo: false,
    });
    const users = await db.selectFrom('users').select(['name', 'must_change_password']).execute();
    // The operator chose ADMIN_PASSWORD: no forced change (issue 17).
    expect(users).toEqual([{ name: 'admin', must_change_password: 0 }]);
    expect(await db.selectFrom('country_codes').select('code').execute()).toEqual([]);
    expect(lines.join('\n')).not.toContain('Given_Pass1');
  });
});
