import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Engine } from '../../db/engine';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../db/where';
import type {
  WorkflowDatabase,
  WorkflowGroupsTable,
  WorkflowTemplatesTable,
  WorkflowTemplateVersionsTable,
} from './tables';

export type GroupRow = Selectable<WorkflowGroupsTable>;
export type TemplateRow = Selectable<WorkflowTemplatesTable>;
export type VersionRow = Selectable<WorkflowTemplateVersionsTable>;

/** What the template list filters on (the route has parsed each parameter already). */
export interface TemplateFilter {
  projectId: string;
  /** A group id, or null for the templates without a group; undefined: any. */
  groupId?: string | null | undefined;
  status?: string | undefined;
  name?: string | undefined;
  /** Members: enabled templates with a published version only. */
  usableOnly: boolean;
}

const NAME_FILTER: FilterSpec = { name: { type: 'string', column: 'name' } };

/** workflow-service's SQL: groups, templates and their frozen versions. */
export function createWorkflowRepository(db: Kysely<WorkflowDatabase>, engine: Engine) {
  function filtered(filter: TemplateFilter) {
    let query = db.selectFrom('workflow_templates').where('project_id', '=', filter.projectId);
    if (filter.groupId === null) query = query.where('group_id', 'is', null);
    else if (filter.groupId !== undefined) query = query.where('group_id', '=', filter.groupId);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.usableOnly) query = query.where('status', '=', 'enabled').where('published_version', '>', 0);
    if (filter.name) {
      const node = parseWhereQuery(JSON.stringify({ name: { $regex: filter.name } }), NAME_FILTER);
      if (node) query = query.where(compileWhere(node, NAME_FILTER, engine));
    }
    return query;
  }

  return {
    // ── groups ──
    groups(projectId: string): Promise<GroupRow[]> {
      return db
        .selectFrom('workflow_groups')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },
    /** Templates per group; `usableOnly`: the enabled, published ones (what a member sees). */
    async templateCountsByGroup(projectId: string, usableOnly = false): Promise<Map<string, number>> {
      let query = db
        .selectFrom('workflow_templates')
        .select(['group_id', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('project_id', '=', projectId)
        .where('group_id', 'is not', null);
      if (usableOnly) query = query.where('status', '=', 'enabled').where('published_version', '>', 0);
      const rows = await query.groupBy('group_id').execute();
      return new Map(rows.map((row) => [row.group_id as string, Number(row.count)]));
    },
    findGroup(id: string): Promise<GroupRow | undefined> {
      return db.selectFrom('workflow_groups').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async subgroupIds(parentId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('workflow_groups')
        .select('id')
        .where('parent_id', '=', parentId)
        .execute();
      return rows.map((row) => row.id);
    },
    async nextGroupOrder(projectId: string): Promise<number> {
      const row = await db
        .selectFrom('workflow_groups')
        .select((eb) => eb.fn.max('sort_order').as('max'))
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },
    async insertGroup(row: Insertable<WorkflowGroupsTable>): Promise<void> {
      await db.insertInto('workflow_groups').values(row).execute();
    },
    async updateGroup(id: string, changes: { name?: string; parent_id?: string | null }, now: string) {
      await db
        .updateTable('workflow_groups')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async countTemplatesIn(groupIds: readonly string[]): Promise<number> {
      if (groupIds.length === 0) return 0;
      const row = await db
        .selectFrom('workflow_templates')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('group_id', 'in', groupIds)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** Deletes the templates of these groups (their versions go with them); answers how many. */
    async deleteTemplatesIn(groupIds: readonly string[]): Promise<number> {
      const result = await db
        .deleteFrom('workflow_templates')
        .where('group_id', 'in', groupIds)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** Deletes the group and its subgroups (their templates must be gone first). */
    async deleteGroupTree(id: string): Promise<void> {
      await db.deleteFrom('workflow_groups').where('parent_id', '=', id).execute();
      await db.deleteFrom('workflow_groups').where('id', '=', id).execute();
    },

    // ── templates ──
    listTemplates(filter: TemplateFilter, skip: number, limit: number): Promise<TemplateRow[]> {
      return filtered(filter)
        .selectAll()
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .offset(skip)
        .limit(limit)
        .execute();
    },
    async countTemplates(filter: TemplateFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    findTemplate(id: string): Promise<TemplateRow | undefined> {
      return db.selectFrom('workflow_templates').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async nameTaken(projectId: string, name: string): Promise<boolean> {
      const row = await db
        .selectFrom('workflow_templates')
        .select('id')
        .where('project_id', '=', projectId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row !== undefined;
    },
    async insertTemplate(row: Insertable<WorkflowTemplatesTable>): Promise<void> {
      await db.insertInto('workflow_templates').values(row).execute();
    },
    /** Changes the template only when it is still at `revision`; answers whether it did. */
    async updateTemplateAt(
      id: string,
      revision: number,
      changes: Partial<Pick<TemplateRow, 'name' | 'group_id' | 'description' | 'graph' | 'draft_changed'>>,
      now: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('workflow_templates')
        .set({ ...changes, revision: revision + 1, updated_at: now })
        .where('id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async setStatus(id: string, status: string, now: string): Promise<void> {
      await db
        .updateTable('workflow_templates')
        .set({ status, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async deleteTemplate(id: string): Promise<void> {
      await db.deleteFrom('workflow_templates').where('id', '=', id).execute();
    },

    // ── versions ──
    versions(templateId: string): Promise<Omit<VersionRow, 'graph'>[]> {
      return db
        .selectFrom('workflow_template_versions')
        .select(['id', 'template_id', 'version', 'name', 'published_by', 'published_at'])
        .where('template_id', '=', templateId)
        .orderBy('version', 'desc')
        .execute();
    },
    findVersion(templateId: string, version: number): Promise<VersionRow | undefined> {
      return db
        .selectFrom('workflow_template_versions')
        .selectAll()
        .where('template_id', '=', templateId)
        .where('version', '=', version)
        .executeTakeFirst();
    },
    async insertVersion(row: Insertable<WorkflowTemplateVersionsTable>): Promise<void> {
      await db.insertInto('workflow_template_versions').values(row).execute();
    },
    /** Marks the draft published as `version` (the revision it was read at must still hold). */
    async markPublished(id: string, revision: number, version: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('workflow_templates')
        .set({ published_version: version, draft_changed: 0, updated_at: now })
        .where('id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type WorkflowRepository = ReturnType<typeof createWorkflowRepository>;
