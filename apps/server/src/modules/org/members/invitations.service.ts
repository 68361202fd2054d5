import type { User } from '@lintel/contracts/account';
import {
  type MembershipInvitation,
  type MemberView,
  type MyMembershipInvitation,
  type memberCreateSchema,
  membershipInvitationUrl,
  type ScopeType,
} from '@lintel/contracts/org';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../../clock';
import { isUniqueViolation } from '../../../db/errors';
import { newId } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import type { OrgAccess, ScopeRef } from '../access';
import { createOrgRepository } from '../org.repository';
import {
  createInvitationsRepository,
  type MembershipInvitationRow,
  pendingKeyOf,
} from './invitations.repository';
import { type MemberEventSinks, onMemberInvited } from './member-events';
import { presentPerson } from './members.presenter';
import { createMembersRepository, type UserSummaryRow } from './members.repository';
import type { NewMemberInput } from './members.service';

type ParsedCreate = z.output<typeof memberCreateSchema>;
type FullScope = { type: ScopeType; id: string; enterpriseId: string };

export interface InvitationsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
  memberEvents?: MemberEventSinks | undefined;
  insertMember(trx: Kysely<Database>, scope: FullScope, input: NewMemberInput): Promise<string>;
  checkInvitation(
    trx: Kysely<Database>,
    scope: FullScope,
    input: { templateId?: string | null | undefined; department?: string | undefined },
  ): Promise<string | null>;
  stillValid(
    trx: Kysely<Database>,
    scope: ScopeRef,
    input: { templateId: string | null; department: string },
  ): Promise<{ templateId: string | null; department: string }>;
  present(memberId: string): Promise<MemberView>;
}

/** The person exactly as the inviter typed them. */
function invitedAs(body: ParsedCreate): { kind: string; value: string; countryCode: string } {
  if (body.userId !== undefined) return { kind: 'userId', value: body.userId, countryCode: '' };
  if (body.name !== undefined) return { kind: 'name', value: body.name, countryCode: '' };
  return { kind: 'phone', value: body.phoneNumber ?? '', countryCode: body.countryCode };
}

/** An invitation for the administrators of its scope: what the inviter typed, never whom it matched. */
function presentInvitation(
  row: MembershipInvitationRow,
  users: ReadonlyMap<string, UserSummaryRow>,
): MembershipInvitation {
  return {
    _id: row.id,
    status: row.status as MembershipInvitation['status'],
    scopeType: row.scope_type as ScopeType,
    scopeId: row.scope_id,
    invitedAs: {
      kind: row.invited_kind as MembershipInvitation['invitedAs']['kind'],
      value: row.invited_value,
      countryCode: row.invited_country_code,
    },
    templateId: row.template_id,
    department: row.department,
    remark: row.remark,
    inviter: presentPerson(row.inviter_id ? users.get(row.inviter_id) : undefined),
    createdAt: row.created_at,
  };
}

/**
 * Invitations addressed to a person (issue 14): membership of a scope outside one's enterprise needs the
 * person's consent. The inviter learns nothing of the person (the same answer for an unknown phone); the
 * person is told (notification + to-do) and accepts — becoming a member with what the inviter chose — or
 * declines; an administrator of the scope may cancel while it is pending. Each ends once (409 after).
 */
export function createInvitationsService({
  db,
  clock,
  access,
  memberEvents,
  insertMember,
  checkInvitation,
  stillValid,
  present,
}: InvitationsServiceDeps) {
  const repository = createInvitationsRepository(db);
  const members = createMembersRepository(db);
  const org = createOrgRepository(db);
  const now = () => clock.now().toISOString();

  async function inviters(rows: readonly MembershipInvitationRow[]) {
    const ids = rows.map((row) => row.inviter_id).filter((id): id is string => !!id);
    return new Map((await members.usersByIds(ids)).map((user) => [user.id, user]));
  }

  async function scopeName(type: ScopeType, id: string): Promise<string> {
    if (type === 'project') return (await org.findProject(id))?.name ?? '';
    if (type === 'circle') return (await org.findCircle(id))?.name ?? '';
    return (await org.findEnterprise(id))?.name ?? '';
  }

  /** The caller's own pending invitation (404 for anyone else's: its id tells nothing). */
  async function ownPending(user: User, id: string): Promise<MembershipInvitationRow> {
    const row = await repository.find(id);
    if (!row || row.user_id !== user._id) throw new AppError(404, 'org.invitationNotFound');
    if (row.status !== 'pending') throw new AppError(409, 'org.invitationHandled');
    return row;
  }

  async function closeTodo(row: MembershipInvitationRow) {
    if (!row.user_id || !memberEvents?.closeTodo) return;
    try {
      await memberEvents.closeTodo({ module: 'memberManagement', recordId: row.id, userIds: [row.user_id] });
    } catch (error) {
      memberEvents.log.warn({ err: error, invitationId: row.id }, 'could not close the invitation to-do');
    }
  }

  return {
    /** Makes the invitation (called by POST …/members after its admin check). */
    async invite(
      user: User,
      scope: FullScope,
      body: ParsedCreate,
      userId: string | null,
    ): Promise<MembershipInvitation> {
      const typed = invitedAs(body);
      const id = newId();
      const at = now();
      await db.transaction().execute(async (trx) => {
        const templateId = await checkInvitation(trx, scope, body);
        // A member already (the system administrator who is one): as for anyone of the enterprise.
        if (userId && (await createMembersRepository(trx).findMembership(scope, userId))) {
          throw new AppError(409, 'org.memberExists');
        }
        const row = {
          id,
          scope_type: scope.type,
          scope_id: scope.id,
          enterprise_id: scope.enterpriseId,
          inviter_id: user._id,
          user_id: userId,
          invited_kind: typed.kind,
          invited_value: typed.value,
          invited_country_code: typed.countryCode,
          template_id: templateId,
          department: body.department ?? '',
          remark: body.remark ?? '',
          vip: body.vip ? 1 : 0,
          category: body.category ?? '',
          status: 'pending',
          member_id: null,
          handled_at: null,
          created_at: at,
        };
        try {
          await createInvitationsRepository(trx).insert({ ...row, pending_key: pendingKeyOf(row) });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError(409, 'org.invitationPending', { cause: error });
          throw error;
        }
      });
      const row = (await repository.find(id))!;
      if (userId) {
        await onMemberInvited({
          invitationId: id,
          scope,
          userId,
          byUserId: user._id,
          link: membershipInvitationUrl(id),
          sinks: memberEvents,
        });
      }
      return presentInvitation(row, await inviters([row]));
    },

    /** GET {enterprises,circles,projects}/{id}/membership-invitations (admins): the pending ones. */
    async listForScope(
      user: User,
      scope: ScopeRef,
      page: { skip: number; limit: number },
    ): Promise<MembershipInvitation[]> {
      await access.requireScopeRole(user, scope, 'admin');
      const rows = await repository.listPending(scope, page);
      const users = await inviters(rows);
      return rows.map((row) => presentInvitation(row, users));
    },

    /** GET membership-invitations: the caller's pending invitations (to scopes that still exist). */
    async listMine(user: User): Promise<MyMembershipInvitation[]> {
      const rows = await repository.listPendingFor(user._id);
      const users = await inviters(rows);
      const result: MyMembershipInvitation[] = [];
      for (const row of rows) {
        const scope = { type: row.scope_type as ScopeType, id: row.scope_id };
        if (!(await access.resolveScope(scope))) continue;
        result.push({
          _id: row.id,
          scopeType: scope.type,
          scopeId: scope.id,
          scopeName: await scopeName(scope.type, scope.id),
          enterpriseName: await scopeName('enterprise', row.enterprise_id),
          inviter: presentPerson(row.inviter_id ? users.get(row.inviter_id) : undefined),
          createdAt: row.created_at,
        });
      }
      return result;
    },

    /**
     * POST membership-invitations/{id}/accept (the invitee): a member with the template, department and
     * remark the inviter chose (a template or department deleted since falls back to the default / none).
     */
    async accept(user: User, id: string): Promise<MemberView> {
      const row = await ownPending(user, id);
      const scope = { type: row.scope_type as ScopeType, id: row.scope_id };
      if (!(await access.resolveScope(scope))) throw new AppError(404, 'org.invitationNotFound');
      const full = { ...scope, enterpriseId: row.enterprise_id };
      const memberId = await db.transaction().execute(async (trx) => {
        const repo = createInvitationsRepository(trx);
        if (!(await repo.handle(id, { status: 'accepted', at: now() }))) {
          throw new AppError(409, 'org.invitationHandled');
        }
        // Joined meanwhile (another invitation, a request): nothing is added twice.
        const existing = await createMembersRepository(trx).findMembership(scope, user._id);
        const added = existing
          ? existing.id
          : await insertMember(trx, full, {
              userId: user._id,
              ...(await stillValid(trx, scope, { templateId: row.template_id, department: row.department })),
              remark: row.remark,
              vip: row.vip === 1,
              category: row.category,
            });
        await repo.setMember(id, added);
        // The same person invited another way (by phone and by account): those end with this one.
        for (const other of await repo.listPendingOfUserIn(scope, user._id)) {
          await repo.handle(other.id, { status: 'accepted', at: now(), memberId: added });
        }
        return added;
      });
      await closeTodo(row);
      return present(memberId);
    },

    /** POST membership-invitations/{id}/decline (the invitee). */
    async decline(user: User, id: string): Promise<void> {
      const row = await ownPending(user, id);
      if (!(await repository.handle(id, { status: 'declined', at: now() }))) {
        throw new AppError(409, 'org.invitationHandled');
      }
      await closeTodo(row);
    },

    /** DELETE membership-invitations/{id} (admins of its scope): the invitee's to-do closes with it. */
    async cancel(user: User, id: string): Promise<void> {
      const row = await repository.find(id);
      if (!row) throw new AppError(404, 'org.invitationNotFound');
      await access.requireScopeRole(user, { type: row.scope_type as ScopeType, id: row.scope_id }, 'admin');
      if (row.status !== 'pending' || !(await repository.handle(id, { status: 'cancelled', at: now() }))) {
        throw new AppError(409, 'org.invitationHandled');
      }
      await closeTodo(row);
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
