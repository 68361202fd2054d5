import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FilesTable } from '../../db/schema';

export type FileRow = Selectable<FilesTable>;
export type NewFileRow = Insertable<FilesTable>;

export function createFileRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertMany(rows: NewFileRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insertInto('files').values(rows).execute();
    },

    /** false when there was no such row (deleted meanwhile by another request). */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('files').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
export type FileRepository = ReturnType<typeof createFileRepository>;
