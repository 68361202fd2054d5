import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, type TestDatabase } from '../../test/helper';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.handle.close();
  await database?.dispose();
  database = undefined;
});

async function migrated() {
  // A copy of the run's migrated template: migrating here would introspect every schema of the PostgreSQL
  // database while other files change theirs (test/helper.ts, withSchemaLock).
  database = await migratedDatabase();
  const { db, tableWrites } = database.handle;
  const seen: string[] = [];
  tableWrites.on('settings', () => seen.push('settings'));
  tableWrites.on('users', () => seen.push('users'));
  return { db, tableWrites, seen };
}

describe('TableWrites', () => {
  it('tells the listeners of a table about its inserts, updates and deletes, and no one else', async () => {
    const { db, seen } = await migrated();
    const now = new Date().toISOString();
    await db.insertInto('settings').values({ key: 'k', value: '1', updated_at: now }).execute();
    await db.updateTable('settings').set({ value: '2' }).where('key', '=', 'k').execute();
    await db.deleteFrom('settings').where('key', '=', 'k').execute();
    expect(seen).toEqual(['settings', 'settings', 'settings']);
    await db.selectFrom('settings').selectAll().execute();
    await db.deleteFrom('country_codes').execute();
    expect(seen).toHaveLength(3);
  });

  it('sees writes inside a transaction, even one rolled back', async () => {
    const { db, seen } = await migrated();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ nick_name: 'x' }).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(seen).toEqual(['users']);
  });

  it('counts raw SQL other than a select as a write to every table', async () => {
    const { db, seen } = await migrated();
    await sql`select 1`.execute(db);
    expect(seen).toEqual([]);
    await sql`update settings set value = value`.execute(db);
    expect(seen.sort()).toEqual(['settings', 'users']);
  });

  it('stops calling a listener once it is removed', async () => {
    const { db, tableWrites, seen } = await migrated();
    const calls: number[] = [];
    const stop = tableWrites.on('settings', () => calls.push(1));
    await db.deleteFrom('settings').execute();
    stop();
    await db.deleteFrom('settings').execute();
    expect(calls).toEqual([1]);
    expect(seen).toEqual(['settings', 'settings']);
  });
});
