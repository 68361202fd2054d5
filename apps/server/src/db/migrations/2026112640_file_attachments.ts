import { type Kysely, sql } from 'kysely';

/**
 * What each stored file is attached to (issue 14): one row per (file, owning module, record). A download is
 * authorized through the record (the owning module answers "may this user see it"); a file attached to
 * nothing is its uploader's (and its project's administrators'). Owning modules write these rows in the
 * transaction that saves the record. The rows of the records that exist already are copied here from the
 * modules' own tables (a copy of what they held at this migration, not module code).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_attachments')
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    // The owning module's key ('topics', 'contactsheets', …) and the id of its record.
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_attachments_pk', ['file_id', 'owner', 'record_id'])
    .execute();
  await db.schema
    .createIndex('file_attachments_record')
    .on('file_attachments')
    .columns(['owner', 'record_id'])
    .execute();

  const rows: Array<{ file_id: string; owner: string; record_id: string }> = [];
  const add = (owner: string, recordId: string, fileIds: readonly unknown[]) => {
    for (const id of fileIds)
      if (typeof id === 'string') rows.push({ file_id: id, owner, record_id: recordId });
  };
  const list = (value: unknown): unknown[] => {
    const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    return Array.isArray(parsed) ? parsed : [];
  };
  type Row = Record<string, unknown>;
  const select = async (query: string): Promise<Row[]> =>
    (await sql<Row>`${sql.raw(query)}`.execute(db)).rows;

  for (const r of await select('SELECT announcement_id, file_id FROM announcement_attachments')) {
    add('announcements', r.announcement_id as string, [r.file_id]);
  }
  for (const r of await select('SELECT sheet_id, file_id FROM contactsheet_attachments')) {
    add('contactsheets', r.sheet_id as string, [r.file_id]);
  }
  for (const r of await select('SELECT id, images FROM topics'))
    add('topics', r.id as string, list(r.images));
  for (const r of await select("SELECT topic_id, target_id FROM topic_links WHERE type = 'file'")) {
    add('topics', r.topic_id as string, [r.target_id]);
  }
  for (const r of await select('SELECT topic_id, images FROM topic_responses')) {
    add('topics', r.topic_id as string, list(r.images));
  }
  for (const r of await select('SELECT id, attachments, avatar_id FROM personnel')) {
    add('personnel', r.id as string, [...list(r.attachments), r.avatar_id]);
  }
  for (const r of await select('SELECT id, photos FROM violation_records')) {
    add('violations', r.id as string, list(r.photos));
  }
  for (const r of await select(
    'SELECT id, thumbnail_file_id FROM viewports WHERE thumbnail_file_id IS NOT NULL',
  )) {
    add('viewports', r.id as string, [r.thumbnail_file_id]);
  }

  // Each row once, and only for files that still exist.
  const seen = new Set<string>();
  const unique = rows.filter((row) => {
    const key = `${row.file_id}\u0000${row.owner}\u0000${row.record_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const target = db as Kysely<{
    files: { id: string };
    file_attachments: { file_id: string; owner: string; record_id: string };
  }>;
  for (let i = 0; i < unique.length; i += 200) {
    const part = unique.slice(i, i + 200);
    const found = await target
      .selectFrom('files')
      .select('id')
      .where('id', 'in', [...new Set(part.map((row) => row.file_id))])
      .execute();
    const existing = new Set(found.map((row) => row.id));
    const kept = part.filter((row) => existing.has(row.file_id));
    if (kept.length > 0) await target.insertInto('file_attachments').values(kept).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_attachments').execute();
}
