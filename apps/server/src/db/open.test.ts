import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_FILE_NAME } from './open';

const dataDir = mkdtempSync(join(tmpdir(), 'lintel-open-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('SQLite rows built in JavaScript (issue 15)', () => {
  it('answer the same objects as better-sqlite3, through repeated names, empty answers and a schema change', async () => {
    const { db, close } = openDatabase({ dataDir, databaseUrl: null });
    const plain = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME));
    try {
      await sql`CREATE TABLE probe (id TEXT PRIMARY KEY, n INTEGER, label TEXT, data BLOB)`.execute(db);
      await sql`INSERT INTO probe VALUES ('a', 1, '甲', x'00ff'), ('b', NULL, NULL, NULL), ('c', 3, 'c', x'')`.execute(
        db,
      );
      const queries = [
        'SELECT * FROM probe ORDER BY id',
        'SELECT id, n AS id, label, n FROM probe ORDER BY id',
        "SELECT * FROM probe WHERE id = 'none'",
        'SELECT count(*) AS count, max(n) AS max FROM probe',
      ];
      for (let round = 0; round < 2; round++) {
        for (const query of queries) {
          const ours = (await sql.raw(query).execute(db)).rows as Record<string, unknown>[];
          const theirs = plain.prepare(query).all() as Record<string, unknown>[];
          expect(ours).toEqual(theirs);
          expect(ours.map((row) => Object.keys(row))).toEqual(theirs.map((row) => Object.keys(row)));
        }
      }
      // A cached `SELECT *` after a column is added answers the new column too.
      await sql`ALTER TABLE probe ADD COLUMN extra TEXT DEFAULT 'x'`.execute(db);
      const after = (await sql.raw('SELECT * FROM probe ORDER BY id').execute(db)).rows;
      expect(after).toEqual(plain.prepare('SELECT * FROM probe ORDER BY id').all());
      expect(Object.keys(after[0] as object)).toEqual(['id', 'n', 'label', 'data', 'extra']);
      const one = await db
        .selectFrom('probe' as never)
        .selectAll()
        .where(sql.ref('id'), '=', 'a')
        .executeTakeFirst();
      expect(one).toEqual({ id: 'a', n: 1, label: '甲', data: Buffer.from([0, 255]), extra: 'x' });
    } finally {
      plain.close();
      await close();
    }
  });
});
