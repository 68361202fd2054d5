import { parseWhere } from '@lintel/contracts';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../test/helper';
import { AppError } from '../plugins/app-error';
import { parseOrder } from './order';
import { compileWhere, escapeLike, type FilterSpec, parseWhereQuery, whereFields } from './where';

/** A probe table of its own, so the compiler is checked against the real engine (SQLite or PostgreSQL). */
interface ProbeDatabase {
  where_probe: { id: string; name: string | null; size: number | null; done: number; created_at: string };
}

const spec: FilterSpec = {
  name: { type: 'string', column: 'name' },
  size: { type: 'number', column: 'size' },
  done: { type: 'boolean', column: 'done' },
  createdAt: { type: 'date', column: 'created_at' },
};

const rows = [
  { id: 'a', name: 'Alpha', size: 1, done: 1, created_at: '2026-01-01T00:00:00.000Z' },
  { id: 'b', name: 'beta 50% off', size: 5, done: 0, created_at: '2026-01-15T12:00:00.000Z' },
  { id: 'c', name: 'under_score', size: 10, done: 1, created_at: '2026-02-01T00:00:00.000Z' },
  { id: 'd', name: 'ÉCOLE Émile', size: null, done: 0, created_at: '2026-02-10T00:00:00.000Z' },
  { id: 'e', name: null, size: 7, done: 0, created_at: '2026-03-01T00:00:00.000Z' },
  { id: 'f', name: 'back\\slash 工地', size: 3, done: 1, created_at: '2026-03-02T00:00:00.000Z' },
];

let database: TestDatabase;
let db: Kysely<ProbeDatabase>;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.handle.db as unknown as Kysely<ProbeDatabase>;
  await db.schema
    .createTable('where_probe')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('size', 'integer')
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('where_probe').values(rows).execute();
});

afterAll(async () => {
  await database.handle.close();
  await database.dispose();
});

async function ids(where: string): Promise<string[]> {
  const node = parseWhereQuery(where, spec);
  let query = db.selectFrom('where_probe').select('id').orderBy('id');
  if (node) query = query.where(compileWhere(node, spec, database.handle.engine));
  return (await query.execute()).map((r) => r.id);
}

describe(`compileWhere on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('matches everything without a filter', async () => {
    expect(await ids('')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('compares with =, <>, <, <=, >, >=', async () => {
    expect(await ids('{"size":5}')).toEqual(['b']);
    expect(await ids('{"size":{"$gt":5}}')).toEqual(['c', 'e']);
    expect(await ids('{"size":{"$gte":5,"$lte":7}}')).toEqual(['b', 'e']);
    expect(await ids('{"size":{"$lt":3}}')).toEqual(['a']);
  });

  it('lets $ne and $nin match missing values, like Mongo', async () => {
    expect(await ids('{"size":{"$ne":5}}')).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect(await ids('{"size":{"$nin":[1,5,10]}}')).toEqual(['d', 'e', 'f']);
    expect(await ids('{"size":{"$in":[1,10]}}')).toEqual(['a', 'c']);
  });

  it('handles empty $in and $nin', async () => {
    expect(await ids('{"size":{"$in":[]}}')).toEqual([]);
    expect(await ids('{"size":{"$nin":[]}}')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('reads null as missing', async () => {
    expect(await ids('{"name":null}')).toEqual(['e']);
    expect(await ids('{"size":{"$ne":null}}')).toEqual(['a', 'b', 'c', 'e', 'f']);
  });

  it('stores booleans as 0/1', async () => {
    expect(await ids('{"done":true}')).toEqual(['a', 'c', 'f']);
    expect(await ids('{"done":{"$ne":true}}')).toEqual(['b', 'd', 'e']);
  });

  it('compares dates and date-times with stored ISO text', async () => {
    expect(await ids('{"createdAt":{"$gte":"2026-02-01","$lt":"2026-03-01"}}')).toEqual(['c', 'd']);
    expect(await ids('{"createdAt":{"$gt":"2026-01-15T20:00:00+08:00"}}')).toEqual(['c', 'd', 'e', 'f']);
  });

  it('ANDs fields and ORs one level', async () => {
    expect(await ids('{"done":false,"size":{"$gt":4}}')).toEqual(['b', 'e']);
    expect(await ids('{"$or":[{"size":1},{"name":{"$regex":"score"}}],"done":true}')).toEqual(['a', 'c']);
  });

  it('matches $regex as a case-insensitive substring, Unicode included', async () => {
    expect(await ids('{"name":{"$regex":"ALPHA"}}')).toEqual(['a']);
    expect(await ids('{"name":{"$regex":"école"}}')).toEqual(['d']);
    expect(await ids('{"name":{"$regex":"émile"}}')).toEqual(['d']);
    expect(await ids('{"name":{"$regex":"工地"}}')).toEqual(['f']);
  });

  it('never treats $regex text as a pattern', async () => {
    expect(await ids('{"name":{"$regex":"%"}}')).toEqual(['b']);
    expect(await ids('{"name":{"$regex":"_"}}')).toEqual(['c']);
    expect(await ids('{"name":{"$regex":"\\\\"}}')).toEqual(['f']);
    expect(await ids('{"name":{"$regex":".*"}}')).toEqual([]);
    expect(await ids('{"name":{"$regex":"a.p"}}')).toEqual([]);
  });

  it('keeps values as parameters (no SQL injection)', async () => {
    expect(await ids('{"name":"x\' OR 1=1 --"}')).toEqual([]);
    const count = await db.selectFrom('where_probe').select('id').execute();
    expect(count).toHaveLength(rows.length);
  });
});

describe('parseWhereQuery', () => {
  it('turns a parse error into a 400 AppError with the parser key, at query.where', () => {
    try {
      parseWhereQuery('{"password":"x"}', spec);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        status: 400,
        key: 'common.whereUnknownField',
        details: [{ path: 'query.where', key: 'common.whereUnknownField', params: { field: 'password' } }],
      });
    }
  });

  it('derives the whitelist from the spec', () => {
    expect(whereFields(spec)).toEqual({ name: 'string', size: 'number', done: 'boolean', createdAt: 'date' });
    expect(parseWhere('{"created_at":"2026-01-01"}', whereFields(spec))).toMatchObject({ ok: false });
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('parseOrder', () => {
  const columns = { createdAt: 'created_at', name: 'name' };
  const fallback = { column: 'created_at', direction: 'desc' } as const;

  it('reads a field, - for descending, and falls back when absent', () => {
    expect(parseOrder('name', columns, fallback)).toEqual({ column: 'name', direction: 'asc' });
    expect(parseOrder('-createdAt', columns, fallback)).toEqual({ column: 'created_at', direction: 'desc' });
    expect(parseOrder(undefined, columns, fallback)).toBe(fallback);
  });

  it('refuses a field outside the whitelist with a 400', () => {
    expect(() => parseOrder('password_hash', columns, fallback)).toThrow(AppError);
    expect(() => parseOrder('-toString', columns, fallback)).toThrowError(/common.orderUnknownField/);
  });

  it('orders real rows', async () => {
    const order = parseOrder('-size', { size: 'size' }, fallback);
    const result = await db
      .selectFrom('where_probe')
      .select('id')
      .where('size', 'is not', null)
      .orderBy(sql.ref(order.column), order.direction)
      .execute();
    expect(result.map((r) => r.id)).toEqual(['c', 'e', 'b', 'f', 'a']);
  });
});
