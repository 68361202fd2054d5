import type { Insertable, Kysely, RawBuilder, Selectable, SqlBool, Updateable } from 'kysely';
import type { Engine } from '../../db/engine';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../db/where';
import type { FormsDatabase, FormsTable, FormTemplateGroupsTable, FormTemplatesTable } from './tables';

export type FormGroupRow = Selectable<FormTemplateGroupsTable>;
export type FormTemplateRow = Selectable<FormTemplatesTable>;
export type FormRow = Selectable<FormsTable>;
/** `approver`: a handler at some time (kept, so a handler who lost a race still reads the form). */
export type FormPersonRole = 'handler' | 'approver' | 'processed' | 'cc';

export interface TemplateFilter {
  projectId: string;
  /** A group id, or null for the templates without a group; undefined: any. */
  groupId?: string | null | undefined;
  status?: string | undefined;
  kind?: string | undefined;
  name?: string | undefined;
}

/** What the form list filters on; `reader` decides what the caller may see at all. */
export interface FormFilter {
  projectId: string;
  reader: { userId: string; admin: boolean };
  tab: 'mine' | 'todo' | 'processed' | 'cc' | 'created' | 'all';
  state?: string | undefined;
  templateId?: string | undefined;
  name?: string | undefined;
}

/** form-service's SQL: template groups, templates, forms and the people each form concerns. */
export function createFormsRepository(db: Kysely<FormsDatabase>, engine: Engine) {
  /** A plain, case-insensitive substring of the name (the where helper escapes it). */
  function nameMatch(name: string | undefined, column: string): RawBuilder<SqlBool> | null {
    if (!name) return null;
    const spec: FilterSpec = { name: { type: 'string', column } };
    const node = parseWhereQuery(JSON.stringify({ name: { $regex: name } }), spec);
    return node ? compileWhere(node, spec, engine) : null;
  }

  function templatesFiltered(filter: TemplateFilter) {
    let query = db.selectFrom('form_templates').where('project_id', '=', filter.projectId);
    if (filter.groupId === null) query = query.where('group_id', 'is', null);
    else if (filter.groupId !== undefined) query = query.where('group_id', '=', filter.groupId);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
    const name = nameMatch(filter.name, 'name');
    return name ? query.where(name) : query;
  }

  /** The ids of the forms the user has a role on (any role when none is named). */
  function formsOf(userId: string, role?: FormPersonRole) {
    let query = db.selectFrom('form_people').select('form_id').where('user_id', '=', userId);
    if (role) query = query.where('role', '=', role);
    return query;
  }

  function formsFiltered(filter: FormFilter) {
    const me = filter.reader.userId;
    let query = db.selectFrom('forms').where('forms.project_id', '=', filter.projectId);
    // Drafts are their initiator's alone.
    query = query.where((eb) => eb.or([eb('forms.state', '!=', 'init'), eb('forms.initiator_id', '=', me)]));
    if (!filter.reader.admin) {
      query = query.where((eb) =>
        eb.or([eb('forms.initiator_id', '=', me), eb('forms.id', 'in', formsOf(me))]),
      );
    }
    switch (filter.tab) {
      case 'created':
        query = query.where('forms.initiator_id', '=', me);
        break;
      case 'todo':
        // A form sent back to the start waits for its initiator too (the engine gives them a to-do).
        query = query.where((eb) =>
          eb.or([
            eb('forms.id', 'in', formsOf(me, 'handler')),
            eb.and([eb('forms.initiator_id', '=', me), eb('forms.state', '=', 'reject')]),
          ]),
        );
        break;
      case 'processed':
      case 'cc':
        query = query.where('forms.id', 'in', formsOf(me, filter.tab));
        break;
      case 'mine':
        query = query.where((eb) =>
          eb.or([eb('forms.initiator_id', '=', me), eb('forms.id', 'in', formsOf(me, 'handler'))]),
        );
        break;
      default:
        break;
    }
    if (filter.state !== undefined) query = query.where('forms.state', '=', filter.state);
    if (filter.templateId !== undefined) query = query.where('forms.template_id', '=', filter.templateId);
    const name = nameMatch(filter.name, 'forms.name');
    return name ? query.where(name) : query;
  }

  return {
    // ── groups ──
    groups(projectId: string): Promise<FormGroupRow[]> {
      return db
        .selectFrom('form_template_groups')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },
    async templateCountsByGroup(projectId: string, enabledOnly: boolean): Promise<Map<string, number>> {
      let query = db
        .selectFrom('form_templates')
        .select(['group_id', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('project_id', '=', projectId)
        .where('group_id', 'is not', null);
      if (enabledOnly) query = query.where('status', '=', 'enabled');
      const rows = await query.groupBy('group_id').execute();
      return new Map(rows.map((row) => [row.group_id as string, Number(row.count)]));
    },
    findGroup(id: string): Promise<FormGroupRow | undefined> {
      return db.selectFrom('form_template_groups').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async subgroupIds(parentId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('form_template_groups')
        .select('id')
        .where('parent_id', '=', parentId)
        .execute();
      return rows.map((row) => row.id);
    },
    async nextGroupOrder(projectId: string): Promise<number> {
      const row = await db
        .selectFrom('form_template_groups')
        .select((eb) => eb.fn.max('sort_order').as('max'))
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },
    async insertGroup(row: Insertable<FormTemplateGroupsTable>): Promise<void> {
      await db.insertInto('form_template_groups').values(row).execute();
    },
    async updateGroup(id: string, changes: { name?: string; parent_id?: string | null }, now: string) {
      await db
        .updateTable('form_template_groups')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async templateIdsIn(groupIds: readonly string[]): Promise<string[]> {
      if (groupIds.length === 0) return [];
      const rows = await db
        .selectFrom('form_templates')
        .select('id')
        .where('group_id', 'in', groupIds)
        .execute();
      return rows.map((row) => row.id);
    },
    async deleteTemplatesIn(groupIds: readonly string[]): Promise<void> {
      if (groupIds.length === 0) return;
      await db.deleteFrom('form_templates').where('group_id', 'in', groupIds).execute();
    },
    async deleteGroupTree(id: string): Promise<void> {
      await db.deleteFrom('form_template_groups').where('parent_id', '=', id).execute();
      await db.deleteFrom('form_template_groups').where('id', '=', id).execute();
    },

    // ── templates ──
    listTemplates(filter: TemplateFilter, skip: number, limit: number): Promise<FormTemplateRow[]> {
      return templatesFiltered(filter)
        .selectAll()
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .offset(skip)
        .limit(limit)
        .execute();
    },
    async countTemplates(filter: TemplateFilter): Promise<number> {
      const row = await templatesFiltered(filter)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    findTemplate(id: string): Promise<FormTemplateRow | undefined> {
      return db.selectFrom('form_templates').selectAll().where('id', '=', id).executeTakeFirst();
    },
    templatesByIds(ids: readonly string[]): Promise<FormTemplateRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('form_templates')
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute();
    },
    async nameTaken(projectId: string, name: string): Promise<boolean> {
      const row = await db
        .selectFrom('form_templates')
        .select('id')
        .where('project_id', '=', projectId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row !== undefined;
    },
    async insertTemplate(row: Insertable<FormTemplatesTable>): Promise<void> {
      await db.insertInto('form_templates').values(row).execute();
    },
    /** Changes the template only when it is still at `revision`; answers whether it did. */
    async updateTemplateAt(
      id: string,
      revision: number,
      changes: Updateable<FormTemplatesTable>,
      now: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('form_templates')
        .set({ ...changes, revision: revision + 1, updated_at: now })
        .where('id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async setTemplateStatus(id: string, status: string, now: string): Promise<void> {
      await db.updateTable('form_templates').set({ status, updated_at: now }).where('id', '=', id).execute();
    },
    async deleteTemplate(id: string): Promise<void> {
      await db.deleteFrom('form_templates').where('id', '=', id).execute();
    },
    /** Forms filled in from these templates (a template with forms is not deleted). */
    async formCountOf(templateIds: readonly string[]): Promise<number> {
      if (templateIds.length === 0) return 0;
      const row = await db
        .selectFrom('forms')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('template_id', 'in', templateIds)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    // ── forms ──
    async insertForm(row: Insertable<FormsTable>): Promise<void> {
      await db.insertInto('forms').values(row).execute();
    },
    findForm(id: string): Promise<FormRow | undefined> {
      return db.selectFrom('forms').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Changes the form only when it is still at `revision`; answers whether it did. */
    async updateFormAt(
      id: string,
      revision: number,
      changes: Updateable<FormsTable>,
      now: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('forms')
        .set({ ...changes, revision: revision + 1, updated_at: now })
        .where('id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteForm(id: string): Promise<void> {
      await db.deleteFrom('forms').where('id', '=', id).execute();
    },
    listForms(filter: FormFilter, skip: number, limit: number): Promise<FormRow[]> {
      return formsFiltered(filter)
        .selectAll('forms')
        .orderBy('forms.updated_at', 'desc')
        .orderBy('forms.id', 'desc')
        .offset(skip)
        .limit(limit)
        .execute();
    },
    async countForms(filter: FormFilter): Promise<number> {
      const row = await formsFiltered(filter)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** The current handlers of these forms, by form. */
    async handlersOf(formIds: readonly string[]): Promise<Map<string, string[]>> {
      const found = new Map<string, string[]>();
      if (formIds.length === 0) return found;
      const rows = await db
        .selectFrom('form_people')
        .select(['form_id', 'user_id'])
        .where('form_id', 'in', formIds)
        .where('role', '=', 'handler')
        .orderBy('user_id')
        .execute();
      for (const row of rows) found.set(row.form_id, [...(found.get(row.form_id) ?? []), row.user_id]);
      return found;
    },
    /** The roles the user has on the form. */
    async rolesOf(formId: string, userId: string): Promise<Set<FormPersonRole>> {
      const rows = await db
        .selectFrom('form_people')
        .select('role')
        .where('form_id', '=', formId)
        .where('user_id', '=', userId)
        .execute();
      return new Set(rows.map((row) => row.role as FormPersonRole));
    },
    /** The current handlers are exactly these people. */
    async replaceHandlers(formId: string, userIds: readonly string[]): Promise<void> {
      await db
        .deleteFrom('form_people')
        .where('form_id', '=', formId)
        .where('role', '=', 'handler')
        .execute();
      if (userIds.length > 0) {
        await db
          .insertInto('form_people')
          .values(
            [...new Set(userIds)].map((userId) => ({ form_id: formId, user_id: userId, role: 'handler' })),
          )
          .execute();
      }
    },
    /** Adds people in a role (those already in it stay once). */
    async addPeople(
      formId: string,
      userIds: readonly string[],
      role: Exclude<FormPersonRole, 'handler'>,
    ): Promise<void> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return;
      const existing = new Set(
        (
          await db
            .selectFrom('form_people')
            .select('user_id')
            .where('form_id', '=', formId)
            .where('role', '=', role)
            .where('user_id', 'in', ids)
            .execute()
        ).map((row) => row.user_id),
      );
      const fresh = ids.filter((id) => !existing.has(id));
      if (fresh.length === 0) return;
      await db
        .insertInto('form_people')
        .values(fresh.map((userId) => ({ form_id: formId, user_id: userId, role })))
        .execute();
    },
  };
}
export type FormsRepository = ReturnType<typeof createFormsRepository>;
