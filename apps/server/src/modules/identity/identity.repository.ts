import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  Database,
  OauthStatesTable,
  PendingIdentitiesTable,
  Timestamp,
  UserIdentitiesTable,
} from '../../db/schema';

export type IdentityRow = Selectable<UserIdentitiesTable>;
export type OauthStateRow = Selectable<OauthStatesTable>;
export type PendingIdentityRow = Selectable<PendingIdentitiesTable>;

export function createIdentityRepository(db: Kysely<Database>) {
  return {
    findIdentity(provider: string, subject: string): Promise<IdentityRow | undefined> {
      return db
        .selectFrom('user_identities')
        .selectAll()
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },

    async insertIdentity(row: Insertable<UserIdentitiesTable>): Promise<void> {
      await db.insertInto('user_identities').values(row).execute();
    },

    /** The user's identities of `provider` other than `keepSubject` (an OA account replaced by another). */
    async deleteOtherIdentities(userId: string, provider: string, keepSubject: string): Promise<void> {
      await db
        .deleteFrom('user_identities')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .where('subject', '<>', keepSubject)
        .execute();
    },

    async insertState(row: Insertable<OauthStatesTable>): Promise<void> {
      await db.insertInto('oauth_states').values(row).execute();
    },

    /** Takes the state out in one statement: of two requests with the same state, one gets it. */
    consumeState(id: string): Promise<OauthStateRow | undefined> {
      return db.deleteFrom('oauth_states').where('id', '=', id).returningAll().executeTakeFirst();
    },

    async insertPending(row: Insertable<PendingIdentitiesTable>): Promise<void> {
      await db.insertInto('pending_identities').values(row).execute();
    },

    findPending(id: string): Promise<PendingIdentityRow | undefined> {
      return db.selectFrom('pending_identities').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The browser's latest pending identity, for a bind that comes without its ticket. */
    findLatestPendingByBinding(bindingHash: string): Promise<PendingIdentityRow | undefined> {
      return db
        .selectFrom('pending_identities')
        .selectAll()
        .where('binding_hash', '=', bindingHash)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** 1 when this call used the pending identity up, 0 when another did first. */
    async deletePending(id: string): Promise<number> {
      const result = await db.deleteFrom('pending_identities').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpired(now: Timestamp): Promise<void> {
      await db.deleteFrom('oauth_states').where('expires_at', '<=', now).execute();
      await db.deleteFrom('pending_identities').where('expires_at', '<=', now).execute();
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
