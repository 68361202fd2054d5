import type { CountResult, ListQuery } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import { SETTING_VALUE_MAX_BYTES } from '@lintel/contracts/account';
import {
  type Circle,
  type CircleCreate,
  type CircleUpdate,
  type Enterprise,
  type EnterpriseCreate,
  type EnterpriseUpdate,
  type MemberRole,
  PROJECT_COLUMN_FIELDS,
  PROJECT_DEFAULT_SETTINGS,
  PROJECT_SETTINGS_MAX_KEYS,
  type Project,
  type ProjectInfo,
  type ProjectUpdate,
  type ScopeType,
  TRIAL_LIMITS,
  type TrialPlanBody,
  type TrialPlanResult,
  trialEnterpriseName,
  trialProjectName,
} from '@lintel/contracts/org';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { fromJson, toJson } from '../../db/json';
import { parseOrder } from '../../db/order';
import { decodeCursor, encodeCursor, type Page, pageOf } from '../../db/paging';
import type { Database } from '../../db/schema';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../db/where';
import { AppError } from '../../plugins/app-error';
import { setUpProjectPermissions } from '../permissions/project-setup';
import type { OrgAccess, ScopeRef } from './access';
import { presentCircle, presentEnterprise, presentProject, readProjectInfo } from './org.presenter';
import {
  type CircleRow,
  createOrgRepository,
  type EnterpriseRow,
  type ListSlice,
  newMemberRow,
  type ProjectChanges,
  type ProjectRow,
  type ProjectScopeFilter,
  type Viewer,
} from './org.repository';

// ── list whitelists (DESIGN.md §4) ──

export const ENTERPRISE_FILTERS: FilterSpec = {
  name: { type: 'string', column: 'enterprises.name' },
  shortName: { type: 'string', column: 'enterprises.short_name' },
  isTrial: { type: 'boolean', column: 'enterprises.is_trial' },
  paidPlan: { type: 'string', column: 'enterprises.paid_plan' },
};
const ENTERPRISE_ORDER = {
  _id: 'enterprises.id',
  name: 'enterprises.name',
  createdAt: 'enterprises.created_at',
  updatedAt: 'enterprises.updated_at',
} as const;

export const CIRCLE_FILTERS: FilterSpec = {
  name: { type: 'string', column: 'circles.name' },
  enterpriseId: { type: 'string', column: 'circles.enterprise_id' },
  parentId: { type: 'string', column: 'circles.parent_id' },
};
const CIRCLE_ORDER = {
  _id: 'circles.id',
  name: 'circles.name',
  order: 'circles.sort_order',
  createdAt: 'circles.created_at',
} as const;

export const PROJECT_FILTERS: FilterSpec = {
  name: { type: 'string', column: 'projects.name' },
  shortName: { type: 'string', column: 'projects.short_name' },
  status: { type: 'string', column: 'projects.status' },
  projectType: { type: 'string', column: 'projects.project_type' },
  isTrial: { type: 'boolean', column: 'projects.is_trial' },
  enterpriseId: { type: 'string', column: 'projects.enterprise_id' },
  circleId: { type: 'string', column: 'projects.circle_id' },
  createdAt: { type: 'string', column: 'projects.created_at' },
};
const PROJECT_ORDER = {
  _id: 'projects.id',
  name: 'projects.name',
  shortName: 'projects.short_name',
  status: 'projects.status',
  createdAt: 'projects.created_at',
  updatedAt: 'projects.updated_at',
} as const;

export interface OrgServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  /** Project info `admins`: sets the roles of the project's members (members/members.service.ts). */
  setProjectAdmins?: (trx: Kysely<Database>, projectId: string, userIds: readonly string[]) => Promise<void>;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The info document of a project: every project-information field that is not a column. */
function infoDocument(info: Partial<ProjectInfo>): Record<string, unknown> {
  const columns = new Set<string>(PROJECT_COLUMN_FIELDS);
  return Object.fromEntries(Object.entries(info).filter(([k, v]) => !columns.has(k) && v !== undefined));
}

/**
 * Enterprises, circles and projects: creation (the creator becomes admin), reads and changes through the
 * one access check of access.ts, the caller's lists, the current place, project settings and trial plans.
 */
export function createOrgService({ db, engine, clock, access, setProjectAdmins }: OrgServiceDeps) {
  const repository = createOrgRepository(db);
  const now = () => clock.now().toISOString();

  function viewerOf(user: User): Viewer {
    return user.isSystemAdmin ? null : user._id;
  }

  function slice(query: ListQuery, filters: FilterSpec, order: Record<string, string>, fallback: string) {
    const node = parseWhereQuery(query.where, filters);
    const where = node ? compileWhere(node, filters, engine) : null;
    const parsedOrder = parseOrder(query.order, order, { column: fallback, direction: 'asc' });
    return { where, order: parsedOrder, skip: query.skip, limit: query.limit } satisfies ListSlice;
  }

  async function addMember(
    trx: Kysely<Database>,
    scope: { type: ScopeType; id: string; enterpriseId: string },
    userId: string,
    role: MemberRole,
    at: string,
  ): Promise<void> {
    await createOrgRepository(trx).insertMember(
      newMemberRow(
        {
          scope_type: scope.type,
          scope_id: scope.id,
          enterprise_id: scope.enterpriseId,
          user_id: userId,
          role,
        },
        at,
      ),
    );
  }

  async function insertEnterprise(
    trx: Kysely<Database>,
    user: User,
    fields: { name: string; shortName?: string; trial?: boolean },
  ): Promise<EnterpriseRow> {
    const at = now();
    const id = newId();
    const repo = createOrgRepository(trx);
    await repo.insertEnterprise({
      id,
      name: fields.name,
      short_name: fields.shortName ?? '',
      is_trial: fields.trial ? 1 : 0,
      account_capacity: fields.trial ? TRIAL_LIMITS.accountCapacity : null,
      space_capacity: fields.trial ? TRIAL_LIMITS.spaceCapacity : null,
      project_limit: fields.trial ? TRIAL_LIMITS.projectLimit : null,
      paid_plan: fields.trial ? 'trial' : '',
      created_by: user._id,
      created_at: at,
      updated_at: at,
    });
    await addMember(trx, { type: 'enterprise', id, enterpriseId: id }, user._id, 'admin', at);
    return (await repo.findEnterprise(id))!;
  }

  async function writeDefaultSettings(trx: Kysely<Database>, projectId: string, at: string): Promise<void> {
    const repo = createOrgRepository(trx);
    for (const [key, value] of Object.entries(PROJECT_DEFAULT_SETTINGS)) {
      await repo.upsertSetting(projectId, key, toJson(value), at);
    }
  }

  async function insertProject(
    trx: Kysely<Database>,
    user: User,
    input: {
      enterpriseId: string;
      circleId: string | null;
      info: ProjectInfo;
      trial?: boolean;
      initial: boolean;
    },
  ): Promise<ProjectRow> {
    const at = now();
    const id = newId();
    const repo = createOrgRepository(trx);
    await repo.insertProject({
      id,
      enterprise_id: input.enterpriseId,
      circle_id: input.circleId,
      name: input.info.name,
      short_name: input.info.shortName ?? '',
      status: input.info.status ?? 'preparation',
      project_type: input.info.projectType ?? null,
      is_trial: input.trial ? 1 : 0,
      info: toJson(infoDocument(input.info)),
      storage_allocated: 0,
      storage_used: 0,
      storage_unlimited: 1,
      created_by: user._id,
      created_at: at,
      updated_at: at,
    });
    await addMember(trx, { type: 'project', id, enterpriseId: input.enterpriseId }, user._id, 'admin', at);
    await setUpProjectPermissions(trx, id, at);
    if (input.initial) await writeDefaultSettings(trx, id, at);
    return (await repo.findProject(id))!;
  }

  /** A circle of this enterprise, else 404 (another enterprise's circle looks like a missing one). */
  async function circleOf(enterpriseId: string, circleId: string): Promise<CircleRow> {
    const circle = await repository.findCircle(circleId);
    if (!circle || circle.enterprise_id !== enterpriseId) throw new AppError(404, 'common.notFound');
    return circle;
  }

  return {
    // ── create ──

    async createEnterprise(user: User, body: EnterpriseCreate): Promise<Enterprise> {
      const row = await db.transaction().execute((trx) => insertEnterprise(trx, user, body));
      return presentEnterprise(row);
    },

    async createCircle(user: User, body: CircleCreate): Promise<Circle> {
      await access.requireScopeRole(user, { type: 'enterprise', id: body.enterpriseId }, 'admin');
      if (body.parentId) {
        const parent = await circleOf(body.enterpriseId, body.parentId);
        // Two levels at most (spec 001 §5): the parent must be a top-level circle.
        if (parent.parent_id !== null) throw new AppError(400, 'org.circleTooDeep', { params: { max: 2 } });
      }
      const at = now();
      const id = newId();
      await repository.insertCircle({
        id,
        enterprise_id: body.enterpriseId,
        parent_id: body.parentId ?? null,
        name: body.name,
        sort_order: body.order ?? 0,
        created_at: at,
        updated_at: at,
      });
      return presentCircle((await repository.findCircle(id))!);
    },

    async createProject(
      user: User,
      body: ProjectInfo & { enterpriseId: string; circleId?: string | null | undefined },
      initial: boolean,
    ): Promise<Project> {
      const { enterpriseId, circleId, ...info } = body;
      await access.requireScopeRole(user, { type: 'enterprise', id: enterpriseId }, 'admin');
      if (circleId) await circleOf(enterpriseId, circleId);
      const enterprise = await repository.findEnterprise(enterpriseId);
      const limit = enterprise?.project_limit ?? null;
      if (limit !== null && (await repository.countLiveProjects(enterpriseId)) >= Number(limit)) {
        throw new AppError(400, 'org.projectLimitReached', { params: { max: Number(limit) } });
      }
      const row = await db
        .transaction()
        .execute((trx) =>
          insertProject(trx, user, { enterpriseId, circleId: circleId ?? null, info, initial }),
        );
      return presentProject(row);
    },

    // ── read one ──

    async getEnterprise(user: User, id: string): Promise<Enterprise> {
      await access.requireScopeRole(user, { type: 'enterprise', id }, 'read');
      return presentEnterprise((await repository.findEnterprise(id))!);
    },

    async getCircle(user: User, id: string): Promise<Circle> {
      await access.requireScopeRole(user, { type: 'circle', id }, 'read');
      return presentCircle((await repository.findCircle(id))!);
    },

    async getProject(user: User, id: string): Promise<Project> {
      await access.requireScopeRole(user, { type: 'project', id }, 'read');
      return presentProject((await repository.findProject(id))!);
    },

    // ── change ──

    async updateEnterprise(user: User, id: string, body: EnterpriseUpdate): Promise<Enterprise> {
      await access.requireScopeRole(user, { type: 'enterprise', id }, 'admin');
      const changes = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.shortName === undefined ? {} : { short_name: body.shortName }),
      };
      if (Object.keys(changes).length > 0) await repository.updateEnterprise(id, changes, now());
      return presentEnterprise((await repository.findEnterprise(id))!);
    },

    async updateCircle(user: User, id: string, body: CircleUpdate): Promise<Circle> {
      await access.requireScopeRole(user, { type: 'circle', id }, 'admin');
      const changes = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.order === undefined ? {} : { sort_order: body.order }),
      };
      if (Object.keys(changes).length > 0) await repository.updateCircle(id, changes, now());
      return presentCircle((await repository.findCircle(id))!);
    },

    /** Project information: columns as such, the rest merged into `info` (null removes a field). */
    async updateProject(user: User, id: string, body: ProjectUpdate): Promise<Project> {
      const scope = await access.requireScopeRole(user, { type: 'project', id }, 'admin');
      const { circleId, admins, ...fields } = body;
      if (circleId) await circleOf(scope.enterpriseId, circleId);
      await db.transaction().execute(async (trx) => {
        const repo = createOrgRepository(trx);
        const row = await repo.findProject(id);
        if (!row) throw new AppError(404, 'common.notFound');
        const info: Record<string, unknown> = { ...readProjectInfo(row.info) };
        const columns = new Set<string>(PROJECT_COLUMN_FIELDS);
        for (const [key, value] of Object.entries(fields)) {
          if (value === undefined || columns.has(key)) continue;
          if (value === null) delete info[key];
          else info[key] = value;
        }
        const changes: ProjectChanges = {
          info: toJson(info),
          ...(fields.name === undefined ? {} : { name: fields.name }),
          ...(fields.shortName === undefined ? {} : { short_name: fields.shortName ?? '' }),
          ...(fields.status === undefined ? {} : { status: fields.status }),
          ...(fields.projectType === undefined ? {} : { project_type: fields.projectType }),
          ...(circleId === undefined ? {} : { circle_id: circleId }),
        };
        await repo.updateProject(id, changes, now());
        if (admins !== undefined && setProjectAdmins) await setProjectAdmins(trx, id, admins);
      });
      return presentProject((await repository.findProject(id))!);
    },

    // ── lists ──

    async listEnterprises(user: User, query: ListQuery): Promise<Enterprise[] | CountResult> {
      const s = slice(query, ENTERPRISE_FILTERS, ENTERPRISE_ORDER, 'enterprises.created_at');
      if (query.only_count) return { count: await repository.countEnterprises(viewerOf(user), s.where) };
      return (await repository.listEnterprises(viewerOf(user), s)).map(presentEnterprise);
    },

    /** GET admin/enterprises (system administrators; the route checks): every enterprise, isTrial filter. */
    async adminListEnterprises(
      query: ListQuery,
      isTrial: boolean | undefined,
    ): Promise<Enterprise[] | CountResult> {
      const s = slice(query, ENTERPRISE_FILTERS, ENTERPRISE_ORDER, 'enterprises.created_at');
      if (query.only_count) return { count: await repository.countEnterprises(null, s.where, isTrial) };
      return (await repository.listEnterprises(null, s, isTrial)).map(presentEnterprise);
    },

    async listCircles(user: User, query: ListQuery, enterpriseId?: string): Promise<Circle[] | CountResult> {
      let viewer = viewerOf(user);
      if (enterpriseId) {
        const scope = await access.requireScopeRole(user, { type: 'enterprise', id: enterpriseId }, 'read');
        // The enterprise's administrator sees every circle of it: no per-row membership test.
        if (scope.role === 'admin') viewer = null;
      }
      const s = slice(query, CIRCLE_FILTERS, CIRCLE_ORDER, 'circles.sort_order');
      if (query.only_count) {
        return { count: await repository.countCircles(viewer, s.where, enterpriseId) };
      }
      const circles = (await repository.listCircles(viewer, s, enterpriseId)).map(presentCircle);
      if (enterpriseId) return circles;
      // The caller's own list: each circle names its enterprise, as projects do (see listProjects).
      const names = new Map(
        (await repository.enterpriseNames([...new Set(circles.map((c) => c.enterpriseId))])).map((e) => [
          e.id,
          e.name,
        ]),
      );
      return circles.map((circle) => ({ ...circle, enterpriseName: names.get(circle.enterpriseId) ?? '' }));
    },

    /** A page of projects (with the cursor of its last row when full: db/paging.ts), or their count. */
    async listProjects(
      user: User,
      query: ListQuery & { after?: string | undefined },
      container?: ScopeRef,
    ): Promise<Page<Project> | CountResult> {
      const order = parseOrder(query.order, PROJECT_ORDER, {
        column: 'projects.created_at',
        direction: 'asc',
      });
      const after = query.after ? decodeCursor(query.after, order, false) : undefined;
      const filter: ProjectScopeFilter = {};
      let viewer = viewerOf(user);
      if (container) {
        const scope = await access.requireScopeRole(user, container, 'read');
        if (container.type === 'enterprise') filter.enterpriseId = container.id;
        if (container.type === 'circle') filter.circleId = container.id;
        // An administrator of the container (or of an enclosing scope) sees every project in it: the list
        // then needs no per-row membership test, which was most of its cost for thousands of projects.
        if (scope.role === 'admin' && (filter.enterpriseId ?? filter.circleId) !== undefined) viewer = null;
      }
      const s = slice(query, PROJECT_FILTERS, PROJECT_ORDER, 'projects.created_at');
      if (query.only_count) return { count: await repository.countProjects(viewer, s.where, filter) };
      const rows = await repository.listProjects(viewer, s, filter, after);
      const last = rows.length === s.limit ? rows.at(-1) : undefined;
      const next =
        last &&
        encodeCursor(s.order, last[s.order.column.slice('projects.'.length) as keyof ProjectRow], last.id);
      const projects = rows.map(presentProject);
      if (container) return pageOf(projects, next);
      // The caller's own list: each project names its enterprise (one query for the page's enterprises).
      const names = new Map(
        (await repository.enterpriseNames([...new Set(projects.map((p) => p.enterpriseId))])).map((e) => [
          e.id,
          e.name,
        ]),
      );
      return pageOf(
        projects.map((project) => ({
          ...project,
          enterpriseName: names.get(project.enterpriseId) ?? '',
        })),
        next,
      );
    },

    // ── the current place ──

    async enter(user: User, scope: ScopeRef): Promise<Record<string, never>> {
      await access.requireScopeRole(user, scope, 'read');
      await repository.upsertPlace(user._id, scope.type, scope.id, now());
      return {};
    },

    // ── project settings ──

    async getSetting(user: User, projectId: string, key: string): Promise<{ value: unknown }> {
      await access.requireScopeRole(user, { type: 'project', id: projectId }, 'read');
      const text = await repository.findSetting(projectId, key);
      return { value: text === undefined ? null : fromJson<unknown>(text, null) };
    },

    async putSetting(
      user: User,
      projectId: string,
      key: string,
      value: unknown,
    ): Promise<{ value: unknown }> {
      await access.requireScopeRole(user, { type: 'project', id: projectId }, 'admin');
      const text = toJson(value);
      if (byteLength(text) > SETTING_VALUE_MAX_BYTES) {
        throw new AppError(413, 'account.settingTooLarge', { params: { max: SETTING_VALUE_MAX_BYTES } });
      }
      await db.transaction().execute(async (trx) => {
        const repo = createOrgRepository(trx);
        const exists = (await repo.findSetting(projectId, key)) !== undefined;
        if (!exists && (await repo.countSettings(projectId)) >= PROJECT_SETTINGS_MAX_KEYS) {
          throw new AppError(400, 'org.settingsTooMany', { params: { max: PROJECT_SETTINGS_MAX_KEYS } });
        }
        await repo.upsertSetting(projectId, key, text, now());
      });
      return { value };
    },

    // ── trial plan ──

    /**
     * POST users/{id}/trialPlan: a trial enterprise "<nickName>的试用企业" and, unless `project` is false, a
     * trial project under it with the default set-up; the user is admin of both. Once per account (409).
     */
    async createTrialPlan(user: User, body: TrialPlanBody): Promise<TrialPlanResult> {
      const wantEnterprise = body?.enterprise ?? true;
      const wantProject = body?.project ?? true;
      if (!wantEnterprise) throw new AppError(400, 'org.trialPlanInvalid');
      if (await repository.findTrialEnterpriseOf(user._id)) throw new AppError(409, 'org.trialExists');
      const nickName = user.nickName.trim() || user.name;
      try {
        return await db.transaction().execute(async (trx) => {
          const enterprise = await insertEnterprise(trx, user, {
            name: trialEnterpriseName(nickName),
            trial: true,
          });
          const project = wantProject
            ? await insertProject(trx, user, {
                enterpriseId: enterprise.id,
                circleId: null,
                info: { name: trialProjectName(nickName) },
                trial: true,
                initial: true,
              })
            : null;
          return {
            enterprise: presentEnterprise(enterprise),
            project: project ? presentProject(project) : null,
          };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'org.trialExists', { cause: error });
        throw error;
      }
    },
  };
}
export type OrgService = ReturnType<typeof createOrgService>;
