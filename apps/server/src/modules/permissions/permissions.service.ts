import type { User } from '@lintel/contracts/account';
import type { Enterprise, MemberRole } from '@lintel/contracts/org';
import {
  type AuthKey,
  type AuthValue,
  CAPACITY_LIMITS,
  type Capacity,
  type Domain,
  type DomainCreate,
  type DomainUpdate,
  type Edit4dAllowance,
  type Edit4dAuthorize,
  type Edit4dStatus,
  type GrantValue,
  isGranted,
  MODULES,
  type Module,
  type ModuleKey,
  type Payment,
  type PermissionType,
  PROJECT_ADMINISTRATORS_MAX,
  PROJECT_MODULES_SETTING,
  type ProjectAdministrator,
  permissionOfAuthKey,
  presentModule,
  type ScopeValue,
  type Template,
  type TemplateCreate,
  type TemplateUpdate,
  type TreeScope,
  type TreeScopes,
} from '@lintel/contracts/permissions';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { fromJson, toJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { OrgAccess } from '../org/access';
import { presentEnterprise } from '../org/org.presenter';
import { createOrgRepository } from '../org/org.repository';
import { isReadPermission, memberGrant, scopeOfGrant } from './grants';
import { presentDomain, presentTemplate } from './permissions.presenter';
import { createPermissionsRepository } from './permissions.repository';

export interface PermissionsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
  /** Refuses (throws) removing a discipline still in use elsewhere (problem topics); absent: no check. */
  assertDomainUnused?: ((projectId: string, domainId: string) => Promise<void>) | undefined;
  /**
   * The trees a template can narrow a module to, each answering which of `ids` are nodes of the project's
   * tree (personnel units, model tags). A tree without one (folders, until documents exist) takes no nodes.
   */
  treeNodes?: TreeNodeResolvers | undefined;
}

/** Which of `ids` are nodes of the project's tree. */
export type TreeNodeResolver = (projectId: string, ids: readonly string[]) => Promise<ReadonlySet<string>>;
export type TreeNodeResolvers = Partial<Record<TreeScope, TreeNodeResolver>>;

const project = (id: string) => ({ type: 'project' as const, id });

/** Today (UTC) as YYYY-MM-DD, to compare with an allowance's last valid day. */
function today(clock: Clock): string {
  return clock.now().toISOString().slice(0, 10);
}

/**
 * The one permission check of the platform (`authorize`, `visibleScope`) and what hangs on it: permission
 * templates, the modules of a project, disciplines, 4D editors, capacity, payment and deletions.
 */
export function createPermissionsService({
  db,
  clock,
  access,
  assertDomainUnused,
  treeNodes = {},
}: PermissionsServiceDeps) {
  const repository = createPermissionsRepository(db);
  const orgRepository = createOrgRepository(db);
  const now = () => clock.now().toISOString();

  // ── authorize ──

  /**
   * May the user do `permission` in the module of the project? Admins of the project or an enclosing
   * scope: always. Members: when their template (the default one when they have none) grants it. System
   * administrators: read only. Anyone else: no (callers answer 404, as for a missing project).
   */
  async function authorize(
    user: User | null,
    projectId: string,
    moduleKey: string,
    permission: PermissionType,
  ): Promise<boolean> {
    if (!user) return false;
    const resolved = await access.resolveScope(project(projectId));
    if (!resolved) return false;
    const role = await access.memberRole(user._id, project(projectId));
    if (role === 'admin') return true;
    if (role === null) return user.isSystemAdmin && isReadPermission(permission);
    return isGranted(await memberGrant(db, projectId, user._id, { moduleKey, permission }));
  }

  /** How far the user sees the module's records: admins `all`, members their template's view scope. */
  async function visibleScope(user: User | null, projectId: string, moduleKey: string): Promise<ScopeValue> {
    if (!user) return 'none';
    const role = await access.memberRole(user._id, project(projectId));
    if (role === 'admin') return 'all';
    if (role === null)
      return user.isSystemAdmin && (await access.resolveScope(project(projectId))) ? 'all' : 'none';
    return scopeOfGrant(await memberGrant(db, projectId, user._id, { moduleKey, permission: 'view' }));
  }

  /**
   * The nodes of `tree` the user's template narrows the module to (units with their sub-units, tags), or
   * null when nothing narrows it: administrators, system administrators, and templates that name no node.
   * `role`: the caller's role in the project when the caller already checked it (requireScopeRole's
   * answer), which saves looking it up again on every request.
   */
  async function treeScope(
    user: User,
    projectId: string,
    moduleKey: string,
    tree: TreeScope,
    role?: MemberRole | null,
  ): Promise<readonly string[] | null> {
    if (role === undefined) role = await access.memberRole(user._id, project(projectId));
    if (role !== 'member') return null;
    const template = await repository.memberTemplate(projectId, user._id);
    const scopes = fromJson<Record<string, Record<string, string[] | undefined> | undefined>>(
      template?.tree_scopes ?? '{}',
      {},
    );
    const nodes = scopes[moduleKey]?.[tree];
    return nodes && nodes.length > 0 ? nodes : null;
  }

  /** Every node a template names must be a node of that tree in this project (400 naming the first stray). */
  async function assertTreeNodes(projectId: string, scopes: TreeScopes | undefined): Promise<void> {
    for (const [moduleKey, trees] of Object.entries(scopes ?? {})) {
      for (const [tree, ids] of Object.entries(trees as Record<string, readonly string[]>)) {
        if (ids.length === 0) continue;
        const path = `treeScopes.${moduleKey}.${tree}`;
        const resolve = treeNodes[tree as TreeScope];
        if (!resolve) {
          throw new AppError(400, 'permissions.treeUnavailable', {
            details: [{ path, key: 'permissions.treeUnavailable' }],
          });
        }
        const known = await resolve(projectId, ids);
        if (ids.some((id) => !known.has(id))) {
          throw new AppError(400, 'permissions.unknownTreeNode', {
            details: [{ path, key: 'permissions.unknownTreeNode' }],
          });
        }
      }
    }
  }

  async function templateOfAdmin(user: User, id: string) {
    const row = await repository.findTemplate(id);
    if (!row) throw new AppError(404, 'common.notFound');
    await access.requireScopeRole(user, project(row.project_id), 'admin');
    return row;
  }

  async function presentTemplates(
    projectId: string,
    rows: Awaited<ReturnType<typeof repository.listTemplates>>,
  ) {
    const usage = await repository.templateUsage(projectId);
    return rows.map((row) =>
      presentTemplate(row, (usage.get(row.id) ?? 0) + (row.is_default === 1 ? (usage.get(null) ?? 0) : 0)),
    );
  }

  async function oneTemplate(id: string): Promise<Template> {
    const row = (await repository.findTemplate(id))!;
    return (await presentTemplates(row.project_id, [row]))[0]!;
  }

  async function domainOfAdmin(user: User, id: string) {
    const row = await repository.findDomain(id);
    if (!row) throw new AppError(404, 'common.notFound');
    await access.requireScopeRole(user, project(row.project_id), 'admin');
    return row;
  }

  function duplicate(key: 'permissions.templateNameTaken' | 'permissions.domainNameTaken') {
    return (error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError(409, key, { cause: error });
      throw error;
    };
  }

  /** The modules authorised for the project (setting `modules`; every module when never set). */
  async function projectModules(projectId: string): Promise<Module[]> {
    const stored = fromJson<unknown>(
      await orgRepository.findSetting(projectId, PROJECT_MODULES_SETTING),
      null,
    );
    const keys = Array.isArray(stored) ? new Set(stored.filter((k) => typeof k === 'string')) : null;
    return MODULES.filter((m) => !keys || keys.has(m.moduleKey)).map(presentModule);
  }

  /** The allowance of an enterprise; `on` is the transaction to read in (SQLite has one connection). */
  async function edit4dStatus(enterpriseId: string, on: Kysely<Database> = db): Promise<Edit4dStatus> {
    const enterprise = (await createOrgRepository(on).findEnterprise(enterpriseId))!;
    const total = Number(enterprise.edit4d_total);
    const authorized = await createPermissionsRepository(on).countEdit4d(enterpriseId);
    const expiresAt = enterprise.edit4d_expires_at;
    const expired = expiresAt !== null && expiresAt < today(clock);
    return {
      available: expired ? 0 : Math.max(0, total - authorized),
      total,
      authorized,
      expiresAt,
      expired,
    };
  }

  return {
    authorize,
    visibleScope,
    treeScope,

    /** GET projects/{id}/auth (spec 000 §6): the raw value; 404 for non-members. */
    async authValue(user: User, projectId: string, key: AuthKey, moduleKey: ModuleKey): Promise<AuthValue> {
      const scope = await access.requireScopeRole(user, project(projectId), 'read');
      const permission = permissionOfAuthKey(key);
      const read = isReadPermission(permission);
      if (scope.role !== 'member') {
        // Admins everything; system administrators (role null) read only.
        if (scope.role === 'admin') return { value: read ? 'all' : true };
        return { value: read ? 'all' : false };
      }
      const value = await memberGrant(db, projectId, user._id, { moduleKey, permission });
      if (read) return { value: scopeOfGrant(value) };
      return { value: value ?? false };
    },

    /**
     * GET projects/{id}/administrators: whom to ask for a missing right. Any member of the project (and
     * system administrators) may ask; others 404 as for a missing project.
     */
    async administrators(user: User, projectId: string): Promise<ProjectAdministrator[]> {
      const scope = await access.requireScopeRole(user, project(projectId), 'read');
      const rows = await repository.administrators(scope.chain, PROJECT_ADMINISTRATORS_MAX);
      return rows.map((row) => ({ _id: row.id, name: row.name }));
    },

    // ── templates ──

    async listTemplates(user: User, projectId: string): Promise<Template[]> {
      await access.requireScopeRole(user, project(projectId), 'admin');
      return presentTemplates(projectId, await repository.listTemplates(projectId));
    },

    async createTemplate(user: User, projectId: string, body: TemplateCreate): Promise<Template> {
      await access.requireScopeRole(user, project(projectId), 'admin');
      await assertTreeNodes(projectId, body.treeScopes);
      const id = newId();
      const at = now();
      await repository
        .insertTemplate({
          id,
          project_id: projectId,
          name: body.name,
          is_default: 0,
          grants: toJson(body.grants),
          tree_scopes: toJson(body.treeScopes ?? {}),
          created_at: at,
          updated_at: at,
        })
        .catch(duplicate('permissions.templateNameTaken'));
      return oneTemplate(id);
    },

    async updateTemplate(user: User, id: string, body: TemplateUpdate): Promise<Template> {
      const row = await templateOfAdmin(user, id);
      await assertTreeNodes(row.project_id, body.treeScopes);
      const changes = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.grants === undefined ? {} : { grants: toJson(body.grants) }),
        ...(body.treeScopes === undefined ? {} : { tree_scopes: toJson(body.treeScopes) }),
      };
      if (Object.keys(changes).length > 0) {
        await repository.updateTemplate(id, changes, now()).catch(duplicate('permissions.templateNameTaken'));
      }
      return oneTemplate(id);
    },

    async deleteTemplate(user: User, id: string): Promise<Record<string, never>> {
      const row = await templateOfAdmin(user, id);
      if (row.is_default === 1) throw new AppError(409, 'permissions.templateIsDefault');
      const count = (await repository.templateUsage(row.project_id)).get(id) ?? 0;
      if (count > 0) throw new AppError(409, 'permissions.templateInUse', { params: { count } });
      await repository.deleteTemplate(id);
      return {};
    },

    /** For the members module: the template a new member gets (theirs must belong to the project). */
    async templateForMember(projectId: string, templateId: string | null | undefined): Promise<string> {
      if (templateId) {
        const row = await repository.findTemplate(templateId);
        if (!row || row.project_id !== projectId) throw new AppError(404, 'common.notFound');
        return row.id;
      }
      const fallback = await repository.findDefaultTemplate(projectId);
      if (!fallback) throw new AppError(404, 'common.notFound');
      return fallback.id;
    },

    // ── modules ──

    async listProjectModules(user: User, projectId: string, authorizedAll: boolean): Promise<Module[]> {
      const scope = await access.requireScopeRole(user, project(projectId), 'read');
      const modules = await projectModules(projectId);
      // Admins see every module; system administrators (role null) read everything.
      if (authorizedAll || scope.role !== 'member') return modules;
      const text = await repository.memberGrants(projectId, user._id);
      const grants = fromJson<Record<string, Record<string, unknown> | undefined>>(text, {});
      return modules.filter((m) => isGranted(grants[m.moduleKey]?.view as GrantValue | undefined));
    },

    async listEnterpriseModules(user: User, enterpriseId: string): Promise<Module[]> {
      await access.requireScopeRole(user, { type: 'enterprise', id: enterpriseId }, 'read');
      return MODULES.map(presentModule);
    },

    // ── domains ──

    async listDomains(user: User, projectId: string): Promise<Domain[]> {
      await access.requireScopeRole(user, project(projectId), 'read');
      return (await repository.listDomains(projectId)).map(presentDomain);
    },

    async createDomain(user: User, projectId: string, body: DomainCreate): Promise<Domain> {
      await access.requireScopeRole(user, project(projectId), 'admin');
      const id = newId();
      const at = now();
      await repository
        .insertDomain({
          id,
          project_id: projectId,
          name: body.name,
          name_en: body.nameEn ?? '',
          sort_order: body.order ?? (await repository.nextDomainOrder(projectId)),
          created_at: at,
          updated_at: at,
        })
        .catch(duplicate('permissions.domainNameTaken'));
      return presentDomain((await repository.findDomain(id))!);
    },

    async updateDomain(user: User, id: string, body: DomainUpdate): Promise<Domain> {
      await domainOfAdmin(user, id);
      const changes = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.nameEn === undefined ? {} : { name_en: body.nameEn }),
        ...(body.order === undefined ? {} : { sort_order: body.order }),
      };
      if (Object.keys(changes).length > 0) {
        await repository.updateDomain(id, changes, now()).catch(duplicate('permissions.domainNameTaken'));
      }
      return presentDomain((await repository.findDomain(id))!);
    },

    async deleteDomain(user: User, id: string): Promise<Record<string, never>> {
      const domain = await domainOfAdmin(user, id);
      await assertDomainUnused?.(domain.project_id, id);
      await repository.deleteDomain(id);
      return {};
    },

    // ── 4D editors ──

    async getEdit4d(user: User, projectId: string): Promise<Edit4dStatus> {
      const scope = await access.requireScopeRole(user, project(projectId), 'admin');
      return edit4dStatus(scope.enterpriseId);
    },

    /** Authorise (or with `revoke` take back) 4D editing for members of the project (spec 001 §5). */
    async putEdit4d(user: User, projectId: string, body: Edit4dAuthorize): Promise<Edit4dStatus> {
      const scope = await access.requireScopeRole(user, project(projectId), 'admin');
      const userIds = [...new Set(body.userIds)];
      return db.transaction().execute(async (trx) => {
        const repo = createPermissionsRepository(trx);
        const members = await repo.projectMembersAmong(projectId, userIds);
        if (members.length !== userIds.length) throw new AppError(404, 'common.notFound');
        if (body.revoke) {
          await repo.setEdit4d(projectId, userIds, false, now());
          return edit4dStatus(scope.enterpriseId, trx);
        }
        const status = await edit4dStatus(scope.enterpriseId, trx);
        if (status.expired) throw new AppError(400, 'permissions.edit4dExpired');
        if (members.some((m) => m.edit_4d === 1))
          throw new AppError(409, 'permissions.edit4dAlreadyAuthorized');
        if (status.available === 0) throw new AppError(400, 'permissions.edit4dNoneAvailable');
        if (userIds.length > status.available) {
          throw new AppError(400, 'permissions.edit4dLimitReached', {
            params: { available: status.available },
          });
        }
        await repo.setEdit4d(projectId, userIds, true, now());
        return edit4dStatus(scope.enterpriseId, trx);
      });
    },

    /** PUT admin/enterprises/{id}/edit4d (system administrators; the route checks). */
    async putEdit4dAllowance(enterpriseId: string, body: Edit4dAllowance): Promise<Edit4dStatus> {
      if (!(await orgRepository.findEnterprise(enterpriseId))) throw new AppError(404, 'common.notFound');
      const authorized = await repository.countEdit4d(enterpriseId);
      if (body.total < authorized) {
        throw new AppError(400, 'permissions.edit4dTotalBelowAuthorized', { params: { authorized } });
      }
      await repository.setEdit4dAllowance(enterpriseId, body.total, body.expiresAt, now());
      return edit4dStatus(enterpriseId);
    },

    // ── capacity and plan ──

    /** PUT admin/enterprises/{id}/capacity (system administrators; the route checks). */
    async putCapacity(enterpriseId: string, body: Capacity): Promise<Enterprise> {
      if (!(await orgRepository.findEnterprise(enterpriseId))) throw new AppError(404, 'common.notFound');
      const accounts = CAPACITY_LIMITS.accountCapacity;
      const space = CAPACITY_LIMITS.spaceCapacityBytes;
      if (body.accountCapacity > accounts.max) {
        throw new AppError(400, 'permissions.accountCapacityTooHigh', { params: { max: accounts.max } });
      }
      if (body.accountCapacity < accounts.min) {
        throw new AppError(400, 'permissions.accountCapacityTooLow', { params: { min: accounts.min } });
      }
      const members = await repository.countAccounts(enterpriseId);
      if (body.accountCapacity < members) {
        throw new AppError(400, 'permissions.accountCapacityBelowMembers', { params: { count: members } });
      }
      if (body.spaceCapacityBytes > space.max) {
        throw new AppError(400, 'permissions.spaceCapacityTooHigh', { params: { max: space.max } });
      }
      if (body.spaceCapacityBytes < space.min) {
        throw new AppError(400, 'permissions.spaceCapacityTooLow', { params: { min: space.min } });
      }
      await repository.setCapacity(
        enterpriseId,
        {
          account_capacity: body.accountCapacity,
          space_capacity: body.spaceCapacityBytes,
          project_limit: body.projectLimit,
          paid_plan: body.paidPlan,
        },
        now(),
      );
      return presentEnterprise((await orgRepository.findEnterprise(enterpriseId))!);
    },

    /**
     * PUT projects/{id}/payment (spec 000 §7): a trial project moves into a paid enterprise (and circle).
     * The caller administers both; the target's project limit applies; the project stops being a trial.
     */
    async pay(user: User, projectId: string, body: Payment): Promise<Record<string, never>> {
      await access.requireScopeRole(user, project(projectId), 'admin');
      await access.requireScopeRole(user, { type: 'enterprise', id: body.enterpriseId }, 'admin');
      if (body.circleId) {
        const circle = await orgRepository.findCircle(body.circleId);
        if (!circle || circle.enterprise_id !== body.enterpriseId) throw new AppError(404, 'common.notFound');
      }
      const row = (await orgRepository.findProject(projectId))!;
      if (row.is_trial !== 1) throw new AppError(409, 'permissions.projectNotTrial');
      const target = (await orgRepository.findEnterprise(body.enterpriseId))!;
      if (target.is_trial === 1) throw new AppError(400, 'permissions.paymentTargetTrial');
      const limit = target.project_limit === null ? null : Number(target.project_limit);
      if (limit !== null && (await repository.countLiveProjects(target.id)) >= limit) {
        throw new AppError(400, 'org.projectLimitReached', { params: { max: limit } });
      }
      await db.transaction().execute(async (trx) => {
        const at = now();
        await createPermissionsRepository(trx).moveProject(projectId, target.id, body.circleId ?? null, at);
        await createOrgRepository(trx).upsertSetting(
          projectId,
          'payment',
          toJson({ paymentId: body.paymentId, at }),
          at,
        );
      });
      return {};
    },

    // ── deletions ──

    async deleteProject(user: User, projectId: string): Promise<Record<string, never>> {
      await access.requireScopeRole(user, project(projectId), 'admin');
      await repository.softDeleteProject(projectId, now());
      return {};
    },

    /** PUT circles/{id}/deleted?recordId (enterprise admins): only an empty circle goes. */
    async deleteCircle(user: User, circleId: string, recordId: string): Promise<Record<string, never>> {
      const circle = await orgRepository.findCircle(circleId);
      if (!circle) throw new AppError(404, 'common.notFound');
      await access.requireScopeRole(user, { type: 'circle', id: circleId }, 'read');
      await access
        .requireScopeRole(user, { type: 'enterprise', id: circle.enterprise_id }, 'admin')
        .catch((error: unknown) => {
          // A circle member who is no enterprise member sees the circle: 403, not 404.
          if (error instanceof AppError && error.status === 404) throw new AppError(403, 'common.forbidden');
          throw error;
        });
      if (recordId !== circleId) throw new AppError(400, 'permissions.recordIdMismatch');
      const contents = await repository.circleContents(circleId);
      if (contents.projects > 0 || contents.circles > 0) {
        throw new AppError(409, 'permissions.circleNotEmpty', { params: contents });
      }
      await repository.softDeleteCircle(circleId, now());
      return {};
    },
  };
}
export type PermissionsService = ReturnType<typeof createPermissionsService>;
