import type { MemberRequestStatus, ScopeType } from '@lintel/contracts/org';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MemberInvitationsTable, MemberRequestsTable, Timestamp } from '../../../db/schema';

export type InvitationRow = Selectable<MemberInvitationsTable>;
export type MemberRequestRow = Selectable<MemberRequestsTable>;

/** Invitations and member requests: all their SQL. */
export function createRequestsRepository(db: Kysely<Database>) {
  return {
    async insertInvitation(row: Insertable<MemberInvitationsTable>): Promise<void> {
      await db.insertInto('member_invitations').values(row).execute();
    },

    findInvitationByHash(tokenHash: string): Promise<InvitationRow | undefined> {
      return db
        .selectFrom('member_invitations')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    findInvitation(id: string): Promise<InvitationRow | undefined> {
      return db.selectFrom('member_invitations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The scope's open links: not revoked, not expired at `at`; newest first. */
    listOpenInvitations(scope: { type: ScopeType; id: string }, at: Timestamp): Promise<InvitationRow[]> {
      return db
        .selectFrom('member_invitations')
        .selectAll()
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Revokes a link once; false when it was revoked already (the guard keeps the first revocation). */
    async revokeInvitation(id: string, change: { by: string; at: Timestamp }): Promise<boolean> {
      const result = await db
        .updateTable('member_invitations')
        .set({ revoked_at: change.at, revoked_by: change.by })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertRequest(row: Insertable<MemberRequestsTable>): Promise<void> {
      await db.insertInto('member_requests').values(row).execute();
    },

    findRequest(id: string): Promise<MemberRequestRow | undefined> {
      return db.selectFrom('member_requests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findPendingRequest(scope: { type: ScopeType; id: string }, userId: string) {
      return db
        .selectFrom('member_requests')
        .selectAll()
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
    },

    listRequests(
      scope: { type: ScopeType; id: string },
      filter: { status?: MemberRequestStatus | undefined; skip: number; limit: number },
    ): Promise<MemberRequestRow[]> {
      let query = db
        .selectFrom('member_requests')
        .selectAll()
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id);
      if (filter.status) query = query.where('status', '=', filter.status);
      return query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(filter.skip)
        .limit(filter.limit)
        .execute();
    },

    async countRequests(
      scope: { type: ScopeType; id: string },
      status: MemberRequestStatus | undefined,
    ): Promise<number> {
      let query = db
        .selectFrom('member_requests')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id);
      if (status) query = query.where('status', '=', status);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    /**
     * Handles a pending request; false when it was handled meanwhile (the status guard makes two
     * concurrent handlings end with exactly one winner).
     */
    async handleRequest(
      id: string,
      change: { status: 'passed' | 'rejected'; remark: string; handlerId: string; at: Timestamp },
    ): Promise<boolean> {
      const result = await db
        .updateTable('member_requests')
        .set({
          status: change.status,
          approval_remark: change.remark,
          handler_id: change.handlerId,
          handled_at: change.at,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
