import type { ScopeType } from '@lintel/contracts/org';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MembershipInvitationsTable, Timestamp } from '../../../db/schema';

export type MembershipInvitationRow = Selectable<MembershipInvitationsTable>;
export type HandledStatus = 'accepted' | 'declined' | 'cancelled';

/** The unique key of a pending invitation: the scope and the person exactly as typed. */
export function pendingKeyOf(row: {
  scope_type: string;
  scope_id: string;
  invited_kind: string;
  invited_country_code: string;
  invited_value: string;
}): string {
  return [row.scope_type, row.scope_id, row.invited_kind, row.invited_country_code, row.invited_value].join(
    '\u001f',
  );
}

/** Invitations addressed to a person: all their SQL. */
export function createInvitationsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<MembershipInvitationsTable>): Promise<void> {
      await db.insertInto('membership_invitations').values(row).execute();
    },

    find(id: string): Promise<MembershipInvitationRow | undefined> {
      return db.selectFrom('membership_invitations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The scope's pending invitations, newest first. */
    listPending(
      scope: { type: ScopeType; id: string },
      page: { skip: number; limit: number },
    ): Promise<MembershipInvitationRow[]> {
      return db
        .selectFrom('membership_invitations')
        .selectAll()
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.skip)
        .limit(page.limit)
        .execute();
    },

    /** A user's pending invitations, newest first. */
    listPendingFor(userId: string): Promise<MembershipInvitationRow[]> {
      return db
        .selectFrom('membership_invitations')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
    },

    /** The other pending invitations of the same person to the same scope (typed another way). */
    listPendingOfUserIn(scope: { type: ScopeType; id: string }, userId: string) {
      return db
        .selectFrom('membership_invitations')
        .select(['id'])
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * Ends a pending invitation; false when it was handled meanwhile (the status guard makes concurrent
     * accept / decline / cancel end with exactly one winner).
     */
    async handle(
      id: string,
      change: { status: HandledStatus; at: Timestamp; memberId?: string | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('membership_invitations')
        .set({
          status: change.status,
          pending_key: null,
          handled_at: change.at,
          member_id: change.memberId ?? null,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setMember(id: string, memberId: string): Promise<void> {
      await db
        .updateTable('membership_invitations')
        .set({ member_id: memberId })
        .where('id', '=', id)
        .execute();
    },
  };
}
