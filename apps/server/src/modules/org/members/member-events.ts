import type { ScopeType } from '@lintel/contracts/org';

/** A member was added to a scope, directly by an admin or by approving a member request. */
export interface MemberAddedEvent {
  memberId: string;
  scope: { type: ScopeType; id: string };
  enterpriseId: string;
  userId: string;
  /** The admin who added or approved. */
  byUserId: string;
  via: 'direct' | 'request';
}

/**
 * THE HOOK for "new members get a notification" (issue 4). The notification module of base-service does not
 * exist yet, so this does nothing on purpose: no fake notification is sent or stored. When that module
 * lands, it replaces the body (or the members module takes a `notify` dependency and calls it here). It is
 * called after the member row is committed, once per added member, from members.service.ts (POST …/members)
 * and requests.service.ts (approving a request). It must never make the add fail.
 */
export async function onMemberAdded(_event: MemberAddedEvent): Promise<void> {
  // Intentionally empty until base-service notifications exist.
}
