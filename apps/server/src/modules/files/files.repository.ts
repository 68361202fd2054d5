import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FilesTable } from '../../db/schema';

export type FileRow = Selectable<FilesTable>;

export function createFileRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertMany(rows: Insertable<FilesTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insertInto('files').values(rows).execute();
    },
  };
}
export type FileRepository = ReturnType<typeof createFileRepository>;
