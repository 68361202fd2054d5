import type { User } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** migration 2026112640: what each file is attached to. */
export type FileAttachmentTables = {
  file_attachments: { file_id: string; owner: string; record_id: string };
};

/** Any module's database handle (its own `with…Tables` view of a transaction included). */
// biome-ignore lint/suspicious/noExplicitAny: the owning modules pass their own typed views of one database.
type AnyDb = Kysely<any>;

function tables(db: AnyDb): Kysely<Database & FileAttachmentTables> {
  return (db as Kysely<Database>).withTables<FileAttachmentTables>();
}

/**
 * A module that attaches files to its records answers whether a user may see one of them: the files
 * module asks it on every download of a file attached there (issue 14). `recordIds`: the module's records
 * the file is attached to (usually one); yes when the user may see any of them. Refusals are a no, never
 * an error.
 */
export interface FileOwnerPort {
  /** The key the module writes its attachments under (`fileAttachments.set(trx, owner, …)`). */
  owner: string;
  canRead(user: User, recordIds: readonly string[]): Promise<boolean>;
}

/**
 * May the user read every one of these files (as its uploader, or through a record it is attached to)?
 * Modules ask it before they attach files to a record, so that nobody attaches a file they may not see to
 * a record of their own to read it there. Missing files are a no as well.
 */
export type FileReadCheck = (user: User, fileIds: readonly string[]) => Promise<boolean>;

/** The owners known to the files module, by key. Registering a new owner is one call. */
export class FileOwners {
  readonly #ports = new Map<string, FileOwnerPort>();

  register(port: FileOwnerPort): void {
    if (this.#ports.has(port.owner)) throw new Error(`file owner ${port.owner} is registered twice`);
    this.#ports.set(port.owner, port);
  }

  get(owner: string): FileOwnerPort | undefined {
    return this.#ports.get(owner);
  }
}

const CHUNK = 200;

/**
 * Writing attachments: owning modules call these with their transaction when they save a record, so the
 * record and what it exposes change together. Only files that exist are recorded (a missing id is
 * skipped: the owning module checks its references itself).
 */
export const fileAttachments = {
  /** Makes `fileIds` exactly the files of the record under this owner. */
  async set(db: AnyDb, owner: string, recordId: string, fileIds: readonly string[]): Promise<void> {
    const t = tables(db);
    const wanted = [...new Set(fileIds)];
    let remove = t
      .deleteFrom('file_attachments')
      .where('owner', '=', owner)
      .where('record_id', '=', recordId);
    if (wanted.length > 0) remove = remove.where('file_id', 'not in', wanted);
    await remove.execute();
    await fileAttachments.add(db, owner, recordId, wanted);
  },

  /** Adds files to the record's (kept when they are there already). */
  async add(db: AnyDb, owner: string, recordId: string, fileIds: readonly string[]): Promise<void> {
    const t = tables(db);
    const unique = [...new Set(fileIds)];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const part = unique.slice(i, i + CHUNK);
      const existing = await t.selectFrom('files').select('id').where('id', 'in', part).execute();
      if (existing.length === 0) continue;
      await t
        .insertInto('file_attachments')
        .values(existing.map((file) => ({ file_id: file.id, owner, record_id: recordId })))
        .onConflict((conflict) => conflict.columns(['file_id', 'owner', 'record_id']).doNothing())
        .execute();
    }
  },

  /** The record is gone: its files are attached to it no more. */
  async clear(db: AnyDb, owner: string, recordId: string): Promise<void> {
    await tables(db)
      .deleteFrom('file_attachments')
      .where('owner', '=', owner)
      .where('record_id', '=', recordId)
      .execute();
  },

  /** Where a file is attached: record ids by owner. */
  async of(db: AnyDb, fileId: string): Promise<Map<string, string[]>> {
    const rows = await tables(db)
      .selectFrom('file_attachments')
      .select(['owner', 'record_id'])
      .where('file_id', '=', fileId)
      .execute();
    const byOwner = new Map<string, string[]>();
    for (const row of rows) byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row.record_id]);
    return byOwner;
  },
};

/**
 * A port's answer from the owning module's own "open this record for this user" check: yes when it opens
 * one of the records; its refusals (401, 403, 404, 410) are a no, anything else an error.
 */
export async function opensAny(
  recordIds: readonly string[],
  open: (id: string) => Promise<unknown>,
): Promise<boolean> {
  for (const id of recordIds) {
    try {
      await open(id);
      return true;
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status;
      if (status === 401 || status === 403 || status === 404 || status === 410) continue;
      throw error;
    }
  }
  return false;
}
