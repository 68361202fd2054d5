import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import type {
  MemberAddResult,
  MemberCreate,
  MemberProjects,
  MemberRole,
  MemberUpdate,
  MemberView,
  memberCreateSchema,
  membersQuerySchema,
  OwnMemberUpdate,
  ScopeType,
} from '@lintel/contracts/org';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../../clock';
import type { Engine } from '../../../db/engine';
import { isUniqueViolation } from '../../../db/errors';
import { newId } from '../../../db/ids';
import { parseOrder } from '../../../db/order';
import type { Database } from '../../../db/schema';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../../db/where';
import { AppError } from '../../../plugins/app-error';
import { memberMay } from '../../permissions/grants';
import type { OrgAccess, ScopeRef } from '../access';
import { newMemberRow } from '../org.repository';
import { createStructuresRepository } from '../structures/structures.repository';
import { createInvitationsService } from './invitations.service';
import { type MemberEventSinks, onMemberAdded } from './member-events';
import { presentMemberFields, presentMemberView } from './members.presenter';
import { createMembersRepository, type MemberChanges, type PhoneViewer } from './members.repository';

/** The `where` whitelist of the member lists (columns of the `mv` view, see the repository). */
export const MEMBER_FILTERS: FilterSpec = {
  name: { type: 'string', column: 'mv.user_name' },
  nickName: { type: 'string', column: 'mv.user_nick_name' },
  phoneNumber: { type: 'string', column: 'mv.user_phone' },
  email: { type: 'string', column: 'mv.user_email' },
  userId: { type: 'string', column: 'mv.user_id' },
  role: { type: 'string', column: 'mv.role' },
  vip: { type: 'boolean', column: 'mv.vip' },
  edit4D: { type: 'boolean', column: 'mv.edit_4d' },
  phoneSecret: { type: 'boolean', column: 'mv.phone_secret' },
  businessShielding: { type: 'boolean', column: 'mv.business_shielding' },
  department: { type: 'string', column: 'mv.department' },
  category: { type: 'string', column: 'mv.category' },
  templateId: { type: 'string', column: 'mv.template_id' },
};
const MEMBER_ORDER = {
  _id: 'mv.id',
  order: 'mv.sort_order',
  createdAt: 'mv.created_at',
  name: 'mv.user_name',
  nickName: 'mv.user_nick_name',
  role: 'mv.role',
} as const;

/**
 * What the members need of the permission templates and the 4D rules (modules/permissions). Absent, a
 * project member gets no template (null) and any template id is taken as given.
 */
export interface MemberPolicy {
  /** The project's default template (a project always has one once templates exist). */
  defaultTemplateId(db: Kysely<Database>, projectId: string): Promise<string | null>;
  /** Whether the template is one of this project's. */
  templateInProject(db: Kysely<Database>, templateId: string, projectId: string): Promise<boolean>;
  /**
   * Throws the 4D rule's AppError when the project may not get (or lose) this editor now (available count,
   * expiry, no double authorisation); records the authorisation time itself when it keeps one.
   */
  checkEdit4D?(
    db: Kysely<Database>,
    input: { projectId: string; enterpriseId: string; memberId: string; userId: string; edit4D: boolean },
  ): Promise<void>;
}

export interface MembersServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  policy?: MemberPolicy | undefined;
  /** Who hears about added members (notifications); absent: nobody. */
  memberEvents?: MemberEventSinks | undefined;
}

type MembersQuery = z.output<typeof membersQuerySchema>;

/** Whose contact data (phone, email) a list shows; see the repository. */
export type { PhoneViewer };

type ParsedCreate = z.output<typeof memberCreateSchema>;

export interface NewMemberInput {
  userId: string;
  templateId?: string | null | undefined;
  department?: string | undefined;
  remark?: string | undefined;
  vip?: boolean | undefined;
  category?: string | undefined;
}

/**
 * Members of enterprises, circles and projects (spec 000 §7, spec 001 §3/§5/§8): lists (phone secrecy),
 * adding (admins; account capacity; default template), changing, removing (never an admin), and per
 * enterprise member their projects. Authorization through access.ts: another tenant's ids answer 404.
 */
export function createMembersService({
  db,
  engine,
  clock,
  access,
  policy,
  memberEvents,
}: MembersServiceDeps) {
  const repository = createMembersRepository(db);
  const now = () => clock.now().toISOString();

  async function checkDepartment(trx: Kysely<Database>, scope: ScopeRef, department: string | undefined) {
    if (department === undefined || department === '') return;
    const structure = await createStructuresRepository(trx).findInScope(scope, department);
    if (!structure) throw new AppError(404, 'org.structureNotFound');
  }

  async function resolveTemplate(
    trx: Kysely<Database>,
    scope: ScopeRef,
    templateId: string | null | undefined,
    role: MemberRole,
  ): Promise<string | null> {
    if (scope.type !== 'project') {
      // Templates belong to projects: an enterprise or circle member has none.
      if (templateId) throw new AppError(404, 'org.templateNotFound');
      return null;
    }
    if (templateId) {
      if (policy && !(await policy.templateInProject(trx, templateId, scope.id))) {
        throw new AppError(404, 'org.templateNotFound');
      }
      return templateId;
    }
    if (role === 'admin' || !policy) return null;
    return policy.defaultTemplateId(trx, scope.id);
  }

  /** spec 001 §8: a user the enterprise does not count yet may not take it over its account capacity. */
  async function checkCapacity(trx: Kysely<Database>, enterpriseId: string, userId: string) {
    const repo = createMembersRepository(trx);
    const capacity = await repo.enterpriseCapacity(enterpriseId);
    if (capacity === null) return;
    if (await repo.isEnterpriseAccount(enterpriseId, userId)) return;
    if ((await repo.countEnterpriseAccounts(enterpriseId)) >= capacity) {
      throw new AppError(400, 'org.accountLimitReached', { params: { max: capacity } });
    }
  }

  /**
   * What an invitation is checked for when it is made, the same whoever it names (so that the answer tells
   * nothing about the person): room for one more account, the department and the template of the scope.
   */
  async function checkInvitation(
    trx: Kysely<Database>,
    scope: { type: ScopeType; id: string; enterpriseId: string },
    input: { templateId?: string | null | undefined; department?: string | undefined },
  ): Promise<string | null> {
    const repo = createMembersRepository(trx);
    const capacity = await repo.enterpriseCapacity(scope.enterpriseId);
    if (capacity !== null && (await repo.countEnterpriseAccounts(scope.enterpriseId)) >= capacity) {
      throw new AppError(400, 'org.accountLimitReached', { params: { max: capacity } });
    }
    await checkDepartment(trx, scope, input.department);
    if (scope.type !== 'project') {
      if (input.templateId) throw new AppError(404, 'org.templateNotFound');
      return null;
    }
    if (input.templateId && policy && !(await policy.templateInProject(trx, input.templateId, scope.id))) {
      throw new AppError(404, 'org.templateNotFound');
    }
    return input.templateId ?? null;
  }

  /**
   * An accepted invitation's fields as they can still be used: a template or department deleted since is
   * dropped (the project's default template, no department) rather than failing the acceptance.
   */
  async function stillValid(
    trx: Kysely<Database>,
    scope: ScopeRef,
    input: { templateId: string | null; department: string },
  ): Promise<{ templateId: string | null; department: string }> {
    let { templateId, department } = input;
    if (department && !(await createStructuresRepository(trx).findInScope(scope, department)))
      department = '';
    if (scope.type !== 'project') templateId = null;
    else if (templateId && policy && !(await policy.templateInProject(trx, templateId, scope.id))) {
      templateId = null;
    }
    return { templateId, department };
  }

  /**
   * Adds a member inside the caller's transaction (also used when approving a request): capacity, template,
   * department, the row. 409 org.memberExists when the user is one already.
   */
  async function insertMember(
    trx: Kysely<Database>,
    scope: { type: ScopeType; id: string; enterpriseId: string },
    input: NewMemberInput,
  ): Promise<string> {
    const repo = createMembersRepository(trx);
    if (await repo.findMembership(scope, input.userId)) throw new AppError(409, 'org.memberExists');
    await checkCapacity(trx, scope.enterpriseId, input.userId);
    await checkDepartment(trx, scope, input.department);
    const templateId = await resolveTemplate(trx, scope, input.templateId, 'member');
    const id = newId();
    const at = now();
    try {
      await repo.insertMember(
        newMemberRow(
          {
            scope_type: scope.type,
            scope_id: scope.id,
            enterprise_id: scope.enterpriseId,
            user_id: input.userId,
            role: 'member',
          },
          at,
          {
            id,
            vip: input.vip ? 1 : 0,
            department: input.department ?? '',
            remark: input.remark ?? '',
            category: input.category ?? '',
            template_id: templateId,
          },
        ),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'org.memberExists', { cause: error });
      throw error;
    }
    return id;
  }

  async function findUser(body: ParsedCreate) {
    if (body.userId !== undefined) return repository.findUserById(body.userId);
    if (body.name !== undefined) return repository.findUserByName(body.name);
    if (body.phoneNumber !== undefined) return repository.findUserByPhone(body.phoneNumber, body.countryCode);
    return undefined;
  }

  /** The member and the caller's access to its scope (404 when either is out of reach). */
  async function memberWithAccess(user: User, memberId: string, need: 'read' | 'admin') {
    const member = await repository.findMember(memberId);
    if (!member) throw new AppError(404, 'common.notFound');
    const scope = { type: member.scope_type as ScopeType, id: member.scope_id };
    const granted = await access.requireScopeRole(user, scope, need);
    return { member, scope, granted };
  }

  /** The caller's own membership row of the scope (404 org.memberNotFound when they have none there). */
  async function ownMembership(user: User, scope: ScopeRef) {
    await access.requireScopeRole(user, scope, 'read');
    const own = await repository.findMembership(scope, user._id);
    if (!own) throw new AppError(404, 'org.memberNotFound');
    return own;
  }

  async function present(id: string): Promise<MemberView> {
    const row = await repository.findMember(id);
    if (!row) throw new AppError(404, 'common.notFound');
    return presentMemberFields(row);
  }

  const invitations = createInvitationsService({
    db,
    clock,
    access,
    memberEvents,
    insertMember,
    checkInvitation,
    stillValid,
    present,
  });

  /**
   * Whom an administrator may add without asking: someone already in the enterprise (a member of it or of
   * any of its circles and projects). Never the system administrator: nobody makes them a member.
   */
  async function addsDirectly(enterpriseId: string, userId: string): Promise<boolean> {
    if (await repository.isSystemAdmin(userId)) return false;
    return repository.isEnterpriseAccount(enterpriseId, userId);
  }

  /**
   * The caller's view of the scope's contact data (issue 14): admins of the scope see every phone (and
   * email); a plain project member whose template sets the address book (`addressBook` view) to none sees
   * no one's but their own; everyone else sees phones that are not kept secret.
   */
  async function contactViewer(user: User, scope: ScopeRef, role: MemberRole | null): Promise<PhoneViewer> {
    const admin = role === 'admin';
    let contacts = true;
    if (!admin && role === 'member' && scope.type === 'project') {
      contacts = await memberMay(db, scope.id, user._id, { moduleKey: 'addressBook', permission: 'view' });
    }
    return { userId: user._id, admin, contacts };
  }

  return {
    insertMember,
    invitations,

    async list(user: User, scope: ScopeRef, query: MembersQuery): Promise<MemberView[] | CountResult> {
      const granted = await access.requireScopeRole(user, scope, 'read');
      const viewer = await contactViewer(user, scope, granted.role);
      const node = parseWhereQuery(query.where, MEMBER_FILTERS);
      const where = node ? compileWhere(node, MEMBER_FILTERS, engine) : null;
      if (query.only_count) {
        return { count: await repository.countMembers(scope, viewer, { where, edit4D: query.edit4D }) };
      }
      const order = parseOrder(query.order, MEMBER_ORDER, { column: 'mv.sort_order', direction: 'asc' });
      const rows = await repository.listMembers(scope, viewer, {
        where,
        edit4D: query.edit4D,
        order,
        skip: query.skip,
        limit: query.limit,
      });
      return rows.map((row) => presentMemberView(row, query.expand === true));
    },

    /**
     * POST …/members (admins): someone already in the enterprise is added at once (the member answered);
     * anyone else — an unknown phone or account included, and always the system administrator — gets an
     * invitation to accept, answered in the same shape whoever it names (issue 14).
     */
    async add(user: User, scope: ScopeRef, body: ParsedCreate): Promise<MemberAddResult> {
      const granted = await access.requireScopeRole(user, scope, 'admin');
      const target = await findUser(body);
      if (!target || !(await addsDirectly(granted.enterpriseId, target.id))) {
        return invitations.invite(
          user,
          { ...scope, enterpriseId: granted.enterpriseId },
          body,
          target?.id ?? null,
        );
      }
      const id = await db
        .transaction()
        .execute((trx) =>
          insertMember(trx, { ...scope, enterpriseId: granted.enterpriseId }, { ...body, userId: target.id }),
        );
      await onMemberAdded({
        memberId: id,
        scope,
        enterpriseId: granted.enterpriseId,
        userId: target.id,
        byUserId: user._id,
        via: 'direct',
        sinks: memberEvents,
      });
      return present(id);
    },

    async update(user: User, memberId: string, body: MemberUpdate): Promise<MemberView> {
      const { member, scope, granted } = await memberWithAccess(user, memberId, 'admin');
      if (body.edit4D !== undefined && scope.type !== 'project') {
        throw new AppError(400, 'org.edit4DProjectOnly');
      }
      await db.transaction().execute(async (trx) => {
        await checkDepartment(trx, scope, body.department);
        const changes: MemberChanges = {};
        if (body.templateId !== undefined) {
          changes.template_id = await resolveTemplate(trx, scope, body.templateId, member.role as MemberRole);
        }
        if (body.edit4D !== undefined && body.edit4D !== (member.edit_4d === 1)) {
          await policy?.checkEdit4D?.(trx, {
            projectId: scope.id,
            enterpriseId: granted.enterpriseId,
            memberId,
            userId: member.user_id,
            edit4D: body.edit4D,
          });
          changes.edit_4d = body.edit4D ? 1 : 0;
        }
        if (body.department !== undefined) changes.department = body.department;
        if (body.remark !== undefined) changes.remark = body.remark;
        if (body.vip !== undefined) changes.vip = body.vip ? 1 : 0;
        if (body.order !== undefined) changes.sort_order = body.order;
        if (body.phoneSecret !== undefined) changes.phone_secret = body.phoneSecret ? 1 : 0;
        if (body.businessShielding !== undefined) changes.business_shielding = body.businessShielding ? 1 : 0;
        if (body.category !== undefined) changes.category = body.category;
        if (Object.keys(changes).length > 0) {
          await createMembersRepository(trx).updateMember(memberId, changes, now());
        }
      });
      return present(memberId);
    },

    /** An admin stays (400 org.adminCannotBeDeleted): project info's `admins` demotes first. */
    async remove(user: User, memberId: string): Promise<void> {
      const { member } = await memberWithAccess(user, memberId, 'admin');
      if (member.role === 'admin') throw new AppError(400, 'org.adminCannotBeDeleted');
      await repository.deleteMember(memberId);
    },

    /**
     * DELETE projects/{id}/members/me: the caller leaves the project. Same rule as removal: an admin stays
     * (400 org.adminCannotLeave) until project info's `admins` drops them. 404 when they are no member of
     * it (an admin through an enclosing scope has no membership here to give up).
     */
    async leave(user: User, scope: ScopeRef): Promise<void> {
      const own = await ownMembership(user, scope);
      if (own.role === 'admin') throw new AppError(400, 'org.adminCannotLeave');
      await repository.deleteMember(own.id);
    },

    /** PUT projects/{id}/members/me {phoneSecret}: a member hides (or shows) their own phone. */
    async updateOwn(user: User, scope: ScopeRef, body: OwnMemberUpdate): Promise<MemberView> {
      const own = await ownMembership(user, scope);
      await repository.updateMember(own.id, { phone_secret: body.phoneSecret ? 1 : 0 }, now());
      return present(own.id);
    },

    /** GET enterprises/{id}/members/projects: the enterprise's members (paged) and their projects there. */
    async memberProjects(
      user: User,
      enterpriseId: string,
      query: { skip: number; limit: number },
    ): Promise<MemberProjects[]> {
      const granted = await access.requireScopeRole(user, { type: 'enterprise', id: enterpriseId }, 'read');
      const scope = { type: 'enterprise' as const, id: enterpriseId };
      const members = await repository.listMembers(
        scope,
        { userId: user._id, admin: granted.role === 'admin', contacts: true },
        {
          where: null,
          order: { column: 'mv.sort_order', direction: 'asc' },
          skip: query.skip,
          limit: query.limit,
        },
      );
      const rows = await repository.projectMembershipsOf(
        enterpriseId,
        members.map((m) => m.user_id),
      );
      return members.map((m) => ({
        _id: m.id,
        userId: m.user_id,
        projects: rows
          .filter((r) => r.user_id === m.user_id)
          .map((r) => ({
            _id: r.project_id,
            name: r.project_name,
            role: r.role as MemberRole,
            memberId: r.member_id,
          })),
      }));
    },

    /**
     * Project info `admins` (PUT projects/{id}): inside the caller's transaction, after its access check.
     * Every user must be a member of the project (404 org.memberNotFound otherwise).
     */
    async setProjectAdmins(trx: Kysely<Database>, projectId: string, userIds: readonly string[]) {
      const scope = { type: 'project' as const, id: projectId };
      const wanted = [...new Set(userIds)];
      const repo = createMembersRepository(trx);
      const found = await repo.membersAmong(scope, wanted);
      if (found.length !== wanted.length) throw new AppError(404, 'org.memberNotFound');
      await repo.setAdmins(scope, wanted, now());
    },

    /** Members whose department is among these structures lose it (structures deleted). */
    clearDepartments(trx: Kysely<Database>, scope: ScopeRef, structureIds: readonly string[]) {
      return createMembersRepository(trx).clearDepartments(scope, structureIds, now());
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
export type { MemberCreate };
