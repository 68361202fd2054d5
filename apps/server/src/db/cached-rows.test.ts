import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, type TestDatabase } from '../../test/helper';
import { cachedRows } from './cached-rows';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.handle.close();
  await database?.dispose();
  database = undefined;
});

/** A settings row by key through `cachedRows`, counting the reads that reached the database. */
async function world() {
  // A copy of the run's migrated template: migrating here would introspect every schema of the PostgreSQL
  // database while other files change theirs (test/helper.ts, withSchemaLock).
  database = await migratedDatabase();
  const { db, tableWrites } = database.handle;
  let commitsElsewhere = 0;
  let reads = 0;
  const read = cachedRows(
    { tableWrites, otherWrites: () => commitsElsewhere },
    ['settings'],
    async (key: string) => {
      reads++;
      return db.selectFrom('settings').selectAll().where('key', '=', key).executeTakeFirst();
    },
  );
  const now = new Date().toISOString();
  const write = (key: string, value: string) =>
    db
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  return { db, read, write, reads: () => reads, commitElsewhere: () => commitsElsewhere++ };
}

describe('cachedRows', () => {
  it('reuses a row, and a miss, until this process writes the table', async () => {
    const w = await world();
    expect(await w.read('k')).toBeUndefined();
    expect(await w.read('k')).toBeUndefined();
    expect(w.reads()).toBe(1);
    await w.write('k', '1');
    expect((await w.read('k'))?.value).toBe('1');
    expect((await w.read('k'))?.value).toBe('1');
    expect(w.reads()).toBe(2);
    await w.write('other', '3'); // any write to the table forgets every row
    await w.write('k', '2');
    expect((await w.read('k'))?.value).toBe('2');
    expect(w.reads()).toBe(3);
    await w.db.deleteFrom('settings').where('key', '=', 'k').execute();
    expect(await w.read('k')).toBeUndefined();
  });

  it('forgets everything when another connection committed', async () => {
    const w = await world();
    await w.write('k', '1');
    await w.read('k');
    await w.read('k');
    expect(w.reads()).toBe(1);
    w.commitElsewhere();
    await w.read('k');
    expect(w.reads()).toBe(2);
  });

  it('hands out frozen rows: no caller can change the copy the next one gets', async () => {
    const w = await world();
    await w.write('k', '1');
    const row = await w.read('k');
    expect(Object.isFrozen(row)).toBe(true);
    expect(() => {
      (row as { value: string }).value = 'changed';
    }).toThrow(TypeError);
  });

  it('reads every time without signals (PostgreSQL)', async () => {
    let reads = 0;
    const read = cachedRows(undefined, ['settings'], async () => {
      reads++;
      return { value: 'v' };
    });
    await read('a');
    await read('a');
    expect(reads).toBe(2);
  });
});
