import type { ScopeType } from '@lintel/contracts/org';
import {
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import { newId } from '../../db/ids';
import type { OrderBy } from '../../db/order';
import { type Cursor, engineOf, orderedPage } from '../../db/paging';
import type {
  CirclesTable,
  Database,
  EnterprisesTable,
  MembersTable,
  ProjectsTable,
  Timestamp,
} from '../../db/schema';

export type EnterpriseRow = Selectable<EnterprisesTable>;
export type CircleRow = Selectable<CirclesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type MemberRow = Selectable<MembersTable>;
export type NewEnterpriseRow = Insertable<EnterprisesTable>;
export type NewCircleRow = Insertable<CirclesTable>;
export type NewProjectRow = Insertable<ProjectsTable>;
export type NewMemberRow = Insertable<MembersTable>;

/**
 * A new membership row: who, where, which role and when, every other column at its default (no department,
 * remark, template, flags or order) unless `fields` says otherwise.
 */
export function newMemberRow(
  who: Pick<NewMemberRow, 'scope_type' | 'scope_id' | 'enterprise_id' | 'user_id' | 'role'>,
  at: string,
  fields: Partial<Omit<NewMemberRow, keyof typeof who | 'created_at' | 'updated_at'>> = {},
): NewMemberRow {
  return {
    id: newId(),
    vip: 0,
    department: '',
    remark: '',
    sort_order: 0,
    edit_4d: 0,
    phone_secret: 0,
    business_shielding: 0,
    category: '',
    template_id: null,
    ...fields,
    ...who,
    created_at: at,
    updated_at: at,
  };
}
export type EnterpriseChanges = Pick<Updateable<EnterprisesTable>, 'name' | 'short_name'>;
export type CircleChanges = Pick<Updateable<CirclesTable>, 'name' | 'sort_order'>;
export type ProjectChanges = Pick<
  Updateable<ProjectsTable>,
  'name' | 'short_name' | 'status' | 'project_type' | 'info' | 'circle_id'
>;

/** Who is asking for a list: a user sees what their memberships open; null (system administrator) all. */
export type Viewer = string | null;

export interface ListSlice {
  where: RawBuilder<SqlBool> | null;
  order: OrderBy;
  skip: number;
  limit: number;
}

/** Narrowing of a list to one container (enterprises/{id}/projects, circles/{id}/projects, …). */
export interface ProjectScopeFilter {
  enterpriseId?: string;
  /** The circle and its sub-circles. */
  circleId?: string;
}

/**
 * Visibility, mirrored by access.ts for single records: a member of the record itself (any role), or an
 * admin of a scope enclosing it (the parent circle(s), the enterprise). Each test is its own EXISTS with
 * equality on every column of the unique (scope_type, scope_id, user_id) index, so it is one index probe
 * per row on any engine and without table statistics. (One EXISTS with an OR inside let SQLite scan the
 * user's memberships for every project: 6 ms a page for an administrator of 5,000 projects.)
 */
function membership(viewer: string, type: ScopeType, scopeColumn: string, adminOnly: boolean) {
  const role = adminOnly ? sql` and members.role = 'admin'` : sql``;
  return sql<SqlBool>`exists (select 1 from members where members.scope_type = ${type} and members.scope_id = ${sql.ref(scopeColumn)} and members.user_id = ${viewer}${role})`;
}

export function createOrgRepository(db: Kysely<Database>) {
  const engine = engineOf(db);
  function visibleProjects(viewer: Viewer, filter: ProjectScopeFilter) {
    let query = db
      .selectFrom('projects')
      .leftJoin('circles as pc', 'pc.id', 'projects.circle_id')
      .where('projects.deleted_at', 'is', null);
    if (filter.enterpriseId) query = query.where('projects.enterprise_id', '=', filter.enterpriseId);
    if (filter.circleId) {
      const circleId = filter.circleId;
      query = query.where((eb) =>
        eb.or([eb('projects.circle_id', '=', circleId), eb('pc.parent_id', '=', circleId)]),
      );
    }
    if (viewer === null) return query;
    return query.where((eb) =>
      eb.or([
        membership(viewer, 'project', 'projects.id', false),
        membership(viewer, 'enterprise', 'projects.enterprise_id', true),
        membership(viewer, 'circle', 'projects.circle_id', true),
        membership(viewer, 'circle', 'pc.parent_id', true),
      ]),
    );
  }

  function visibleCircles(viewer: Viewer, enterpriseId: string | undefined) {
    let query = db.selectFrom('circles').where('circles.deleted_at', 'is', null);
    if (enterpriseId) query = query.where('circles.enterprise_id', '=', enterpriseId);
    if (viewer === null) return query;
    return query.where((eb) =>
      eb.or([
        membership(viewer, 'circle', 'circles.id', false),
        membership(viewer, 'circle', 'circles.parent_id', true),
        membership(viewer, 'enterprise', 'circles.enterprise_id', true),
      ]),
    );
  }

  function visibleEnterprises(viewer: Viewer, isTrial?: boolean) {
    let query = db.selectFrom('enterprises').where('enterprises.deleted_at', 'is', null);
    if (isTrial !== undefined) query = query.where('enterprises.is_trial', '=', isTrial ? 1 : 0);
    if (viewer === null) return query;
    return query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('members')
          .select(sql<number>`1`.as('one'))
          .where('members.user_id', '=', viewer)
          .where('members.scope_type', '=', 'enterprise')
          .where('members.scope_id', '=', eb.ref('enterprises.id')),
      ),
    );
  }

  return {
    // ── enterprises ──
    async insertEnterprise(row: NewEnterpriseRow): Promise<void> {
      await db.insertInto('enterprises').values(row).execute();
    },
    findEnterprise(id: string): Promise<EnterpriseRow | undefined> {
      return db
        .selectFrom('enterprises')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    /** Names of these enterprises (deleted ones left out), for labelling lists. */
    enterpriseNames(ids: readonly string[]): Promise<{ id: string; name: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('enterprises')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
    },
    findTrialEnterpriseOf(userId: string): Promise<EnterpriseRow | undefined> {
      return db
        .selectFrom('enterprises')
        .selectAll()
        .where('created_by', '=', userId)
        .where('is_trial', '=', 1)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    async updateEnterprise(id: string, changes: EnterpriseChanges, now: Timestamp): Promise<void> {
      await db
        .updateTable('enterprises')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    listEnterprises(viewer: Viewer, slice: ListSlice, isTrial?: boolean): Promise<EnterpriseRow[]> {
      let query = visibleEnterprises(viewer, isTrial).selectAll('enterprises');
      if (slice.where) query = query.where(slice.where);
      return query
        .orderBy(sql.ref(slice.order.column), slice.order.direction)
        .orderBy('enterprises.id', slice.order.direction)
        .offset(slice.skip)
        .limit(slice.limit)
        .execute();
    },
    async countEnterprises(
      viewer: Viewer,
      where: RawBuilder<SqlBool> | null,
      isTrial?: boolean,
    ): Promise<number> {
      let query = visibleEnterprises(viewer, isTrial).select((eb) => eb.fn.countAll<number>().as('count'));
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    // ── circles ──
    async insertCircle(row: NewCircleRow): Promise<void> {
      await db.insertInto('circles').values(row).execute();
    },
    findCircle(id: string): Promise<CircleRow | undefined> {
      return db
        .selectFrom('circles')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    async updateCircle(id: string, changes: CircleChanges, now: Timestamp): Promise<void> {
      await db
        .updateTable('circles')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    listCircles(viewer: Viewer, slice: ListSlice, enterpriseId?: string): Promise<CircleRow[]> {
      let query = visibleCircles(viewer, enterpriseId).selectAll('circles');
      if (slice.where) query = query.where(slice.where);
      return query
        .orderBy(sql.ref(slice.order.column), slice.order.direction)
        .orderBy('circles.id', slice.order.direction)
        .offset(slice.skip)
        .limit(slice.limit)
        .execute();
    },
    async countCircles(
      viewer: Viewer,
      where: RawBuilder<SqlBool> | null,
      enterpriseId?: string,
    ): Promise<number> {
      let query = visibleCircles(viewer, enterpriseId).select((eb) => eb.fn.countAll<number>().as('count'));
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    // ── projects ──
    async insertProject(row: NewProjectRow): Promise<void> {
      await db.insertInto('projects').values(row).execute();
    },
    findProject(id: string): Promise<ProjectRow | undefined> {
      return db
        .selectFrom('projects')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    async countLiveProjects(enterpriseId: string): Promise<number> {
      const { count } = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('enterprise_id', '=', enterpriseId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
    async updateProject(id: string, changes: ProjectChanges, now: Timestamp): Promise<void> {
      await db
        .updateTable('projects')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    /** One page: after a cursor, or at skip (a deep one by ids first: db/paging.ts). */
    listProjects(
      viewer: Viewer,
      slice: ListSlice,
      filter: ProjectScopeFilter = {},
      after?: Cursor,
    ): Promise<ProjectRow[]> {
      const filtered = () => {
        const query = visibleProjects(viewer, filter);
        return slice.where ? query.where(slice.where) : query;
      };
      const queries = {
        rows: filtered().selectAll('projects'),
        ids: () => filtered().select('projects.id'),
        byId: () => db.selectFrom('projects').selectAll('projects'),
      };
      return orderedPage(queries, {
        engine,
        order: slice.order,
        idColumn: 'projects.id',
        // Every order column of projects is NOT NULL.
        nullable: false,
        skip: slice.skip,
        limit: slice.limit,
        after,
      }).execute();
    },
    async countProjects(
      viewer: Viewer,
      where: RawBuilder<SqlBool> | null,
      filter: ProjectScopeFilter = {},
    ): Promise<number> {
      let query = visibleProjects(viewer, filter).select((eb) => eb.fn.countAll<number>().as('count'));
      if (where) query = query.where(where);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    // ── members ──
    async insertMember(row: NewMemberRow): Promise<void> {
      await db.insertInto('members').values(row).execute();
    },
    /** The user's memberships among these scopes (one query; the scopes of one chain). */
    membershipsIn(userId: string, scopeIds: readonly string[]): Promise<MemberRow[]> {
      if (scopeIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('members')
        .selectAll()
        .where('user_id', '=', userId)
        .where('scope_id', 'in', [...scopeIds])
        .execute();
    },
    membersOf(scopeType: ScopeType, scopeId: string): Promise<MemberRow[]> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('scope_type', '=', scopeType)
        .where('scope_id', '=', scopeId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    // ── project settings ──
    async findSetting(projectId: string, key: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('project_settings')
        .select('value')
        .where('project_id', '=', projectId)
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },
    async countSettings(projectId: string): Promise<number> {
      const { count } = await db
        .selectFrom('project_settings')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
    async upsertSetting(projectId: string, key: string, value: string, now: Timestamp): Promise<void> {
      await db
        .insertInto('project_settings')
        .values({ project_id: projectId, key, value, updated_at: now })
        .onConflict((oc) => oc.columns(['project_id', 'key']).doUpdateSet({ value, updated_at: now }))
        .execute();
    },

    // ── places ──
    async upsertPlace(userId: string, scopeType: ScopeType, scopeId: string, now: Timestamp): Promise<void> {
      await db
        .insertInto('user_places')
        .values({ user_id: userId, scope_type: scopeType, scope_id: scopeId, updated_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ scope_type: scopeType, scope_id: scopeId, updated_at: now }),
        )
        .execute();
    },
    findPlace(userId: string) {
      return db.selectFrom('user_places').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
  };
}
export type OrgRepository = ReturnType<typeof createOrgRepository>;
