import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, PermissionTemplatesTable, ProjectDomainsTable, Timestamp } from '../../db/schema';

export type TemplateRow = Selectable<PermissionTemplatesTable>;
export type DomainRow = Selectable<ProjectDomainsTable>;
export type TemplateChanges = Pick<Updateable<PermissionTemplatesTable>, 'name' | 'grants' | 'tree_scopes'>;
export type DomainChanges = Pick<Updateable<ProjectDomainsTable>, 'name' | 'name_en' | 'sort_order'>;

/** All SQL of the permissions module: templates, disciplines, 4D editors, capacity, deletions. */
export function createPermissionsRepository(db: Kysely<Database>) {
  /** The grants and tree scopes of the user's template (their own, else the default); undefined: not a member. */
  async function memberTemplate(
    projectId: string,
    userId: string,
  ): Promise<{ grants: string; tree_scopes: string } | undefined> {
    const member = await db
      .selectFrom('members')
      .select('template_id')
      .where('scope_type', '=', 'project')
      .where('scope_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!member) return undefined;
    const own = member.template_id
      ? await db
          .selectFrom('permission_templates')
          .select(['grants', 'tree_scopes'])
          .where('id', '=', member.template_id)
          .where('project_id', '=', projectId)
          .executeTakeFirst()
      : undefined;
    if (own) return own;
    const fallback = await db
      .selectFrom('permission_templates')
      .select(['grants', 'tree_scopes'])
      .where('project_id', '=', projectId)
      .where('is_default', '=', 1)
      .executeTakeFirst();
    return fallback ?? { grants: '{}', tree_scopes: '{}' };
  }

  return {
    memberTemplate,
    // ── templates ──
    listTemplates(projectId: string): Promise<TemplateRow[]> {
      return db
        .selectFrom('permission_templates')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('is_default', 'desc')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    findTemplate(id: string): Promise<TemplateRow | undefined> {
      return db.selectFrom('permission_templates').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findDefaultTemplate(projectId: string): Promise<TemplateRow | undefined> {
      return db
        .selectFrom('permission_templates')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('is_default', '=', 1)
        .executeTakeFirst();
    },
    async insertTemplate(row: Insertable<PermissionTemplatesTable>): Promise<void> {
      await db.insertInto('permission_templates').values(row).execute();
    },
    async updateTemplate(id: string, changes: TemplateChanges, now: Timestamp): Promise<void> {
      await db
        .updateTable('permission_templates')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async deleteTemplate(id: string): Promise<void> {
      await db.deleteFrom('permission_templates').where('id', '=', id).execute();
    },
    /** Project members per template id; members without one are counted under `null`. */
    async templateUsage(projectId: string): Promise<Map<string | null, number>> {
      const rows = await db
        .selectFrom('members')
        .select(['template_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('scope_type', '=', 'project')
        .where('scope_id', '=', projectId)
        .where('role', '=', 'member')
        .groupBy('template_id')
        .execute();
      return new Map(rows.map((r) => [r.template_id, Number(r.count)]));
    },
    /**
     * The grants of the user's template in the project: their own template, else the project's default;
     * undefined when they are not a member of the project.
     */
    async memberGrants(projectId: string, userId: string): Promise<string | undefined> {
      return (await memberTemplate(projectId, userId))?.grants;
    },
    /**
     * The administrators of the first scope of `chain` (project, then circles, then enterprise) that has
     * any, as id and shown name; disabled accounts left out.
     */
    async administrators(
      chain: readonly { type: string; id: string }[],
      limit: number,
    ): Promise<{ id: string; name: string }[]> {
      for (const scope of chain) {
        const rows = await db
          .selectFrom('members')
          .innerJoin('users', 'users.id', 'members.user_id')
          .select(['users.id', 'users.name', 'users.nick_name'])
          .where('members.scope_type', '=', scope.type)
          .where('members.scope_id', '=', scope.id)
          .where('members.role', '=', 'admin')
          .where('users.disabled', '=', 0)
          .orderBy('members.sort_order')
          .orderBy('members.created_at')
          .orderBy('members.id')
          .limit(limit)
          .execute();
        if (rows.length > 0) return rows.map((row) => ({ id: row.id, name: row.nick_name || row.name }));
      }
      return [];
    },
    // ── domains ──
    listDomains(projectId: string): Promise<DomainRow[]> {
      return db
        .selectFrom('project_domains')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },
    findDomain(id: string): Promise<DomainRow | undefined> {
      return db.selectFrom('project_domains').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async nextDomainOrder(projectId: string): Promise<number> {
      const row = await db
        .selectFrom('project_domains')
        .select((eb) => eb.fn.max('sort_order').as('max'))
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
    },
    async insertDomain(row: Insertable<ProjectDomainsTable>): Promise<void> {
      await db.insertInto('project_domains').values(row).execute();
    },
    async updateDomain(id: string, changes: DomainChanges, now: Timestamp): Promise<void> {
      await db
        .updateTable('project_domains')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async deleteDomain(id: string): Promise<void> {
      await db.deleteFrom('project_domains').where('id', '=', id).execute();
    },

    // ── 4D editors ──
    /** Distinct accounts with edit4D in the enterprise's live projects. */
    async countEdit4d(enterpriseId: string): Promise<number> {
      const row = await db
        .selectFrom('members')
        .innerJoin('projects', 'projects.id', 'members.scope_id')
        .select(sql<number>`count(distinct members.user_id)`.as('count'))
        .where('members.scope_type', '=', 'project')
        .where('members.enterprise_id', '=', enterpriseId)
        .where('members.edit_4d', '=', 1)
        .where('projects.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    projectMembersAmong(projectId: string, userIds: readonly string[]) {
      return db
        .selectFrom('members')
        .select(['id', 'user_id', 'edit_4d'])
        .where('scope_type', '=', 'project')
        .where('scope_id', '=', projectId)
        .where('user_id', 'in', [...userIds])
        .execute();
    },
    async setEdit4d(projectId: string, userIds: readonly string[], on: boolean, now: Timestamp) {
      await db
        .updateTable('members')
        .set({ edit_4d: on ? 1 : 0, edit_4d_at: on ? now : null, updated_at: now })
        .where('scope_type', '=', 'project')
        .where('scope_id', '=', projectId)
        .where('user_id', 'in', [...userIds])
        .execute();
    },
    async setEdit4dAllowance(enterpriseId: string, total: number, expiresAt: string | null, now: Timestamp) {
      await db
        .updateTable('enterprises')
        .set({ edit4d_total: total, edit4d_expires_at: expiresAt, updated_at: now })
        .where('id', '=', enterpriseId)
        .execute();
    },

    // ── capacity ──
    /** Distinct accounts that are members anywhere in the enterprise. */
    async countAccounts(enterpriseId: string): Promise<number> {
      const row = await db
        .selectFrom('members')
        .select(sql<number>`count(distinct members.user_id)`.as('count'))
        .where('enterprise_id', '=', enterpriseId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async countLiveProjects(enterpriseId: string): Promise<number> {
      const row = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('enterprise_id', '=', enterpriseId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async setCapacity(
      enterpriseId: string,
      changes: { account_capacity: number; space_capacity: number; project_limit: number; paid_plan: string },
      now: Timestamp,
    ): Promise<void> {
      await db
        .updateTable('enterprises')
        .set({ ...changes, updated_at: now })
        .where('id', '=', enterpriseId)
        .execute();
    },

    // ── payment: a trial project moves into a paid enterprise ──
    async moveProject(projectId: string, enterpriseId: string, circleId: string | null, now: Timestamp) {
      await db
        .updateTable('projects')
        .set({ enterprise_id: enterpriseId, circle_id: circleId, is_trial: 0, updated_at: now })
        .where('id', '=', projectId)
        .execute();
      await db
        .updateTable('members')
        .set({ enterprise_id: enterpriseId, updated_at: now })
        .where('scope_type', '=', 'project')
        .where('scope_id', '=', projectId)
        .execute();
    },

    // ── deletions ──
    async softDeleteProject(projectId: string, now: Timestamp): Promise<void> {
      await db
        .updateTable('projects')
        .set({ deleted_at: now, updated_at: now })
        .where('id', '=', projectId)
        .execute();
    },
    async circleContents(circleId: string): Promise<{ projects: number; circles: number }> {
      const projects = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('circle_id', '=', circleId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      const circles = await db
        .selectFrom('circles')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('parent_id', '=', circleId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { projects: Number(projects.count), circles: Number(circles.count) };
    },
    async softDeleteCircle(circleId: string, now: Timestamp): Promise<void> {
      await db
        .updateTable('circles')
        .set({ deleted_at: now, updated_at: now })
        .where('id', '=', circleId)
        .execute();
    },
  };
}
export type PermissionsRepository = ReturnType<typeof createPermissionsRepository>;
