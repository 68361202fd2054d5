import { createHash, randomBytes } from 'node:crypto';
import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationCreated,
  type InvitationInfo,
  type MemberRequest,
  type MemberRequestHandle,
  type MemberRequestStatus,
  memberInviteUrl,
  type ScopeType,
} from '@lintel/contracts/org';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import { newId } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import type { OrgAccess, ScopeRef } from '../access';
import { createOrgRepository } from '../org.repository';
import { type MemberEventSinks, onMemberAdded } from './member-events';
import { presentInvitation, presentMemberRequest } from './members.presenter';
import { createMembersRepository } from './members.repository';
import type { MembersService } from './members.service';
import { createRequestsRepository, type InvitationRow, type MemberRequestRow } from './requests.repository';

const TOKEN_BYTES = 32;
const DAY_MS = 24 * 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface RequestsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
  members: MembersService;
  /** Who hears about added members (notifications); absent: nobody. */
  memberEvents?: MemberEventSinks | undefined;
}

/**
 * Invitation links and member requests (spec 001 §3, §4, §8): an admin makes a link; a signed-in user who
 * opens it sees where it leads and applies; an admin of the scope approves (the member is added with a
 * template) or rejects, once.
 */
export function createRequestsService({ db, clock, access, members, memberEvents }: RequestsServiceDeps) {
  const repository = createRequestsRepository(db);
  const membersRepository = createMembersRepository(db);
  const orgRepository = createOrgRepository(db);
  const now = () => clock.now();

  /** A live invitation by its token, else 404 org.invitationNotFound ('Failed to obtain invitation'). */
  async function liveInvitation(token: string): Promise<{ invitation: InvitationRow; scope: ScopeRef }> {
    const invitation = await repository.findInvitationByHash(hashToken(token));
    if (!invitation || invitation.expires_at <= now().toISOString()) {
      throw new AppError(404, 'org.invitationNotFound');
    }
    // Told apart from an unknown link: the holder should ask the administrator for a new one.
    if (invitation.revoked_at !== null) throw new AppError(410, 'org.invitationRevoked');
    const scope = { type: invitation.scope_type as ScopeType, id: invitation.scope_id };
    // The scope may be gone (deleted project): the invitation is gone with it.
    if (!(await access.resolveScope(scope))) throw new AppError(404, 'org.invitationNotFound');
    return { invitation, scope };
  }

  async function scopeName(scope: ScopeRef): Promise<string> {
    if (scope.type === 'project') return (await orgRepository.findProject(scope.id))?.name ?? '';
    if (scope.type === 'circle') return (await orgRepository.findCircle(scope.id))?.name ?? '';
    return (await orgRepository.findEnterprise(scope.id))?.name ?? '';
  }

  async function expand(rows: MemberRequestRow[]): Promise<MemberRequest[]> {
    const ids = rows.flatMap((r) => [r.user_id, r.inviter_id, r.handler_id]).filter((v): v is string => !!v);
    const users = new Map((await membersRepository.usersByIds(ids)).map((u) => [u.id, u]));
    return rows.map((row) => presentMemberRequest(row, users));
  }

  return {
    /** POST projects/{id}/invitations (admins): the token is answered once; its hash is kept for 7 days. */
    async createInvitation(user: User, scope: ScopeRef): Promise<InvitationCreated> {
      const granted = await access.requireScopeRole(user, scope, 'admin');
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();
      const id = newId();
      await repository.insertInvitation({
        id,
        scope_type: scope.type,
        scope_id: scope.id,
        enterprise_id: granted.enterpriseId,
        inviter_id: user._id,
        token_hash: hashToken(token),
        expires_at: expiresAt,
        created_at: at.toISOString(),
      });
      return { _id: id, token, url: memberInviteUrl(token), expiresAt };
    },

    /** GET projects/{id}/invitations (admins): the open links with their inviter, newest first. */
    async listInvitations(user: User, scope: ScopeRef): Promise<Invitation[]> {
      await access.requireScopeRole(user, scope, 'admin');
      const rows = await repository.listOpenInvitations(scope, now().toISOString());
      const inviterIds = rows.map((r) => r.inviter_id).filter((v): v is string => !!v);
      const users = new Map((await membersRepository.usersByIds(inviterIds)).map((u) => [u.id, u]));
      return rows.map((row) => presentInvitation(row, users));
    },

    /**
     * DELETE invitations/{id} (admins of its scope): the link stops working at once (410
     * org.invitationRevoked on use); requests already made through it stay to be handled.
     */
    async revokeInvitation(user: User, invitationId: string): Promise<void> {
      const invitation = await repository.findInvitation(invitationId);
      if (!invitation) throw new AppError(404, 'common.notFound');
      const scope = { type: invitation.scope_type as ScopeType, id: invitation.scope_id };
      await access.requireScopeRole(user, scope, 'admin');
      // Revoking twice is harmless: the first revocation (time and who) is kept.
      await repository.revokeInvitation(invitationId, { by: user._id, at: now().toISOString() });
    },

    /** GET member-invitations/{token} (signed in): the scope's name and type, the inviter. */
    async invitationInfo(user: User, token: string): Promise<InvitationInfo> {
      const { invitation, scope } = await liveInvitation(token);
      const [inviter] = invitation.inviter_id
        ? await membersRepository.usersByIds([invitation.inviter_id])
        : [];
      return {
        _id: invitation.id,
        scopeType: scope.type,
        scopeId: scope.id,
        scopeName: await scopeName(scope),
        inviter: inviter ? { _id: inviter.id, name: inviter.name, nickName: inviter.nick_name } : null,
        expiresAt: invitation.expires_at,
        isMember: (await membersRepository.findMembership(scope, user._id)) !== undefined,
        pending: (await repository.findPendingRequest(scope, user._id)) !== undefined,
      };
    },

    /**
     * POST member-invitations/{token}/apply: a pending request ('Request submitted', 'Waiting for approval
     * from the admin'). 409 org.memberExists for a member, 409 org.requestPending for a second request.
     */
    async apply(user: User, token: string, remark: string | undefined): Promise<MemberRequest> {
      const { invitation, scope } = await liveInvitation(token);
      if (await membersRepository.findMembership(scope, user._id))
        throw new AppError(409, 'org.memberExists');
      const id = newId();
      await db.transaction().execute(async (trx) => {
        const repo = createRequestsRepository(trx);
        if (await repo.findPendingRequest(scope, user._id)) throw new AppError(409, 'org.requestPending');
        await repo.insertRequest({
          id,
          scope_type: scope.type,
          scope_id: scope.id,
          enterprise_id: invitation.enterprise_id,
          user_id: user._id,
          inviter_id: invitation.inviter_id,
          invitation_id: invitation.id,
          status: 'pending',
          apply_remark: remark ?? '',
          approval_remark: '',
          handler_id: null,
          handled_at: null,
          created_at: now().toISOString(),
        });
      });
      return presentMemberRequest((await repository.findRequest(id))!);
    },

    /** GET projects/{id}/member-requests (admins): newest first, status filter, only_count. */
    async list(
      user: User,
      scope: ScopeRef,
      query: {
        status?: MemberRequestStatus | undefined;
        skip: number;
        limit: number;
        only_count?: boolean | undefined;
      },
    ): Promise<MemberRequest[] | CountResult> {
      await access.requireScopeRole(user, scope, 'admin');
      if (query.only_count) return { count: await repository.countRequests(scope, query.status) };
      return expand(await repository.listRequests(scope, query));
    },

    /**
     * PUT member-requests/{id} (admins of its scope): approve adds the member (template, capacity) and marks
     * the request passed in one transaction; reject marks it rejected. 409 org.requestHandled the 2nd time.
     */
    async handle(user: User, requestId: string, body: MemberRequestHandle): Promise<MemberRequest> {
      const request = await repository.findRequest(requestId);
      if (!request) throw new AppError(404, 'common.notFound');
      const scope = { type: request.scope_type as ScopeType, id: request.scope_id };
      const granted = await access.requireScopeRole(user, scope, 'admin');
      if (request.status !== 'pending') throw new AppError(409, 'org.requestHandled');
      const at = now().toISOString();
      const added = await db.transaction().execute(async (trx) => {
        const repo = createRequestsRepository(trx);
        const change = {
          status: body.action === 'approve' ? ('passed' as const) : ('rejected' as const),
          remark: body.remark ?? '',
          handlerId: user._id,
          at,
        };
        if (!(await repo.handleRequest(requestId, change))) throw new AppError(409, 'org.requestHandled');
        if (body.action !== 'approve') return null;
        // Joined meanwhile by another way: the request is passed, nothing is added twice.
        if (await createMembersRepository(trx).findMembership(scope, request.user_id)) return null;
        return members.insertMember(
          trx,
          { ...scope, enterpriseId: granted.enterpriseId },
          { userId: request.user_id, templateId: body.templateId },
        );
      });
      if (added) {
        await onMemberAdded({
          memberId: added,
          scope,
          enterpriseId: granted.enterpriseId,
          userId: request.user_id,
          byUserId: user._id,
          via: 'request',
          sinks: memberEvents,
        });
      }
      return (await expand([(await repository.findRequest(requestId))!]))[0]!;
    },
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;
