import type { ClauseKind } from '@lintel/contracts/account';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Timestamp } from '../../db/schema';

/** The versions of the agreement and the privacy policy an administrator wrote (append-only). */
export interface ClauseTextsTable {
  id: string;
  kind: ClauseKind;
  version: number;
  text_zh: string;
  text_en: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** What an account accepted at registration. */
export interface UserConsentsTable {
  user_id: string;
  kind: ClauseKind;
  version: number;
  accepted_at: Timestamp;
  ip: string | null;
}

// A type alias, not an interface: Kysely's withTables wants a type with an implicit index signature.
type ClauseTables = { clause_texts: ClauseTextsTable; user_consents: UserConsentsTable };

export type ClauseTextRow = Selectable<ClauseTextsTable>;
export type ConsentRow = Selectable<UserConsentsTable>;

/** All SQL of the clauses: the latest version of a kind, a new version, consents. */
export function createClausesRepository(base: Kysely<Database>) {
  const db = base.withTables<ClauseTables>();
  return {
    latest(kind: ClauseKind): Promise<ClauseTextRow | undefined> {
      return db
        .selectFrom('clause_texts')
        .selectAll()
        .where('kind', '=', kind)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** A unique (kind, version) refuses a second writer of the same version. */
    async insertVersion(row: ClauseTextRow): Promise<void> {
      await db.insertInto('clause_texts').values(row).execute();
    },

    async insertConsents(rows: readonly ConsentRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('user_consents')
        .values([...rows])
        .execute();
    },

    consentsOf(userId: string): Promise<ConsentRow[]> {
      return db
        .selectFrom('user_consents')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('accepted_at')
        .orderBy('kind')
        .execute();
    },
  };
}
