import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { OrderBy } from '../../../db/order';
import { fileAttachments } from '../../files/attachments';
import type { TopicLinksTable, TopicsTable } from '../../topics/tables';
import type {
  ModelElementSharesTable,
  ModelTagsTable,
  NamedSettingTable,
  SelectionSetsTable,
  ViewportsTable,
  ViewsDatabase,
} from './tables';

export type NamedTable = 'model_tags' | 'viewport_tags' | 'selection_set_groups';
export type NamedRow = Selectable<NamedSettingTable> & { type?: string };
export type ModelTagRow = Selectable<ModelTagsTable>;
export type ViewportRow = Selectable<ViewportsTable>;
export type SelectionSetRow = Selectable<SelectionSetsTable>;
export type ShareRow = Selectable<ModelElementSharesTable>;

/** What a list asks of the repository: conditions already compiled, the order and the page. */
export interface ListFilter {
  modelId?: string;
  tagId?: string;
  conditions: RawBuilder<SqlBool>[];
}
export interface Page {
  order: OrderBy;
  skip: number;
  limit: number;
}

/** `IN (…)` lists are cut to this size: element sets hold up to 20 000 GlobalIds. */
const CHUNK = 500;
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

type TopicTables = { topics: TopicsTable; topic_links: TopicLinksTable };

/** All SQL of model-service's views and settings. */
/** The owner key of viewport thumbnails in the files module. */
export const VIEWPORT_FILES = 'viewports';

export function createViewsRepository(db: Kysely<ViewsDatabase>) {
  function viewportsFiltered(projectId: string, filter: ListFilter) {
    let query = db.selectFrom('viewports as v').where('v.project_id', '=', projectId);
    if (filter.modelId) {
      const modelId = filter.modelId;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('viewport_models as vm')
            .select('vm.model_id')
            .whereRef('vm.viewport_id', '=', 'v.id')
            .where('vm.model_id', '=', modelId),
        ),
      );
    }
    if (filter.tagId) {
      const tagId = filter.tagId;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('viewport_tag_links as vt')
            .select('vt.tag_id')
            .whereRef('vt.viewport_id', '=', 'v.id')
            .where('vt.tag_id', '=', tagId),
        ),
      );
    }
    for (const condition of filter.conditions) query = query.where(condition);
    return query;
  }

  function setsFiltered(projectId: string, filter: ListFilter) {
    let query = db.selectFrom('selection_sets as s').where('s.project_id', '=', projectId);
    if (filter.modelId) {
      const modelId = filter.modelId;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('selection_set_models as sm')
            .select('sm.model_id')
            .whereRef('sm.set_id', '=', 's.id')
            .where('sm.model_id', '=', modelId),
        ),
      );
    }
    for (const condition of filter.conditions) query = query.where(condition);
    return query;
  }

  /** Replaces the viewport's model and tag link rows (either list when given). */
  async function linkViewport(id: string, modelIds?: readonly string[], tagIds?: readonly string[]) {
    if (modelIds) {
      await db.deleteFrom('viewport_models').where('viewport_id', '=', id).execute();
      if (modelIds.length > 0) {
        await db
          .insertInto('viewport_models')
          .values(modelIds.map((model_id) => ({ viewport_id: id, model_id })))
          .execute();
      }
    }
    if (tagIds) {
      await db.deleteFrom('viewport_tag_links').where('viewport_id', '=', id).execute();
      if (tagIds.length > 0) {
        await db
          .insertInto('viewport_tag_links')
          .values(tagIds.map((tag_id) => ({ viewport_id: id, tag_id })))
          .execute();
      }
    }
  }

  async function linkSet(id: string, modelIds: readonly string[]) {
    await db.deleteFrom('selection_set_models').where('set_id', '=', id).execute();
    if (modelIds.length > 0) {
      await db
        .insertInto('selection_set_models')
        .values(modelIds.map((model_id) => ({ set_id: id, model_id })))
        .execute();
    }
  }

  return {
    // ── named settings: model tags, viewport tags, selection-set groups ──

    listNamed(table: NamedTable, projectId: string): Promise<NamedRow[]> {
      return db
        .selectFrom(table)
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },
    findNamed(table: NamedTable, id: string): Promise<NamedRow | undefined> {
      return db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The project's next position (after the last). Call in the inserting transaction. */
    async nextOrder(table: NamedTable, projectId: string): Promise<number> {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.max('sort_order').as('last'))
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
    },
    async insertNamed(table: NamedTable, row: NamedRow): Promise<void> {
      if (table === 'model_tags') {
        await db
          .insertInto('model_tags')
          .values({ ...row, type: row.type ?? 'other' })
          .execute();
        return;
      }
      const { type: _type, ...plain } = row;
      await db.insertInto(table).values(plain).execute();
    },
    async updateNamed(
      table: NamedTable,
      id: string,
      patch: { name?: string; type?: string; updated_at: string },
    ): Promise<void> {
      if (table === 'model_tags') {
        await db.updateTable('model_tags').set(patch).where('id', '=', id).execute();
        return;
      }
      const { type: _type, ...plain } = patch;
      await db.updateTable(table).set(plain).where('id', '=', id).execute();
    },
    async deleteNamed(table: NamedTable, id: string): Promise<void> {
      await db.deleteFrom(table).where('id', '=', id).execute();
    },
    /** Of these ids, those naming a setting of the project. */
    async namedIdsOf(table: NamedTable, projectId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom(table)
        .select('id')
        .where('project_id', '=', projectId)
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    // ── models (read, and their tag lists when a model tag goes) ──

    /** The project's models among these ids, deleted or not. */
    modelsOf(projectId: string, ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('models')
        .select(['id', 'name', 'deleted_at', 'current_version_id'])
        .where('project_id', '=', projectId)
        .where('id', 'in', [...ids])
        .execute();
    },
    findModel(id: string) {
      return db
        .selectFrom('models')
        .select(['id', 'project_id', 'name', 'deleted_at', 'current_version_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Models whose tag list may hold the tag (ids are hex, so the quoted id matches only itself). */
    modelsWithTag(projectId: string, tagId: string) {
      return db
        .selectFrom('models')
        .select(['id', 'tag_ids'])
        .where('project_id', '=', projectId)
        .where('tag_ids', 'like', `%"${tagId}"%`)
        .execute();
    },
    async setModelTagIds(id: string, tagIds: string): Promise<void> {
      await db.updateTable('models').set({ tag_ids: tagIds }).where('id', '=', id).execute();
    },

    // ── elements of a model's current version ──

    /** Of these GlobalIds, those in the model's current version. */
    async currentGlobalIds(modelId: string, globalIds: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const part of chunks(globalIds)) {
        const rows = await db
          .selectFrom('model_elements as e')
          .innerJoin('models as m', 'm.current_version_id', 'e.version_id')
          .select('e.global_id')
          .where('m.id', '=', modelId)
          .where('e.global_id', 'in', part)
          .execute();
        for (const row of rows) found.add(row.global_id);
      }
      return found;
    },
    /** The element in the model's latest ready version that holds it (a new version may be converting). */
    elementOf(modelId: string, globalId: string) {
      return db
        .selectFrom('model_elements as e')
        .innerJoin('model_versions as v', 'v.id', 'e.version_id')
        .selectAll('e')
        .where('v.model_id', '=', modelId)
        .where('v.status', '=', 'ready')
        .where('e.global_id', '=', globalId)
        .orderBy('v.number', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    async projectName(projectId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('projects')
        .select('name')
        .where('id', '=', projectId)
        .executeTakeFirst();
      return row?.name;
    },
    /** The open (processing) topics linked to the element, by number. Read-only on topic-service's tables. */
    openTopicsOf(projectId: string, modelId: string, globalId: string) {
      return db
        .withTables<TopicTables>()
        .selectFrom('topics as t')
        .select(['t.number', 't.name', 't.status', 't.deadline'])
        .where('t.project_id', '=', projectId)
        .where('t.status', '=', 'processing')
        .where((eb) =>
          eb(
            't.id',
            'in',
            eb
              .selectFrom('topic_links as l')
              .select('l.topic_id')
              .where('l.project_id', '=', projectId)
              .where('l.type', '=', 'element')
              .where('l.model_id', '=', modelId)
              .where('l.global_id', '=', globalId),
          ),
        )
        .orderBy('t.number')
        .execute();
    },

    // ── viewports ──

    findViewport(id: string): Promise<ViewportRow | undefined> {
      return db.selectFrom('viewports').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertViewport(row: ViewportRow, modelIds: readonly string[], tagIds: readonly string[]) {
      await db.insertInto('viewports').values(row).execute();
      await linkViewport(row.id, modelIds, tagIds);
      // The thumbnail is read through the viewport from now on (issue 14).
      await fileAttachments.set(
        db,
        VIEWPORT_FILES,
        row.id,
        row.thumbnail_file_id ? [row.thumbnail_file_id] : [],
      );
    },
    linkViewport,
    async updateViewport(id: string, patch: Partial<Omit<ViewportRow, 'id' | 'project_id'>>) {
      await db.updateTable('viewports').set(patch).where('id', '=', id).execute();
      if (patch.thumbnail_file_id !== undefined) {
        const thumbnail = patch.thumbnail_file_id;
        await fileAttachments.set(db, VIEWPORT_FILES, id, thumbnail ? [thumbnail] : []);
      }
    },
    async deleteViewport(id: string): Promise<void> {
      await db.deleteFrom('viewports').where('id', '=', id).execute();
    },
    /** Viewports carrying the tag (to drop it from their tag lists before the tag goes). */
    viewportsWithTag(tagId: string) {
      return db
        .selectFrom('viewports as v')
        .innerJoin('viewport_tag_links as vt', 'vt.viewport_id', 'v.id')
        .select(['v.id', 'v.tag_ids'])
        .where('vt.tag_id', '=', tagId)
        .execute();
    },
    async setViewportTagIds(id: string, tagIds: string): Promise<void> {
      await db.updateTable('viewports').set({ tag_ids: tagIds }).where('id', '=', id).execute();
    },
    async countViewports(projectId: string, filter: ListFilter): Promise<number> {
      const row = await viewportsFiltered(projectId, filter)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    listViewports(projectId: string, filter: ListFilter, page: Page): Promise<ViewportRow[]> {
      return viewportsFiltered(projectId, filter)
        .selectAll('v')
        .orderBy(sql.ref(page.order.column), page.order.direction)
        .orderBy('v.id', page.order.direction)
        .limit(page.limit)
        .offset(page.skip)
        .execute();
    },

    // ── selection sets ──

    findSet(id: string): Promise<SelectionSetRow | undefined> {
      return db.selectFrom('selection_sets').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertSet(row: SelectionSetRow, modelIds: readonly string[]) {
      await db.insertInto('selection_sets').values(row).execute();
      await linkSet(row.id, modelIds);
    },
    linkSet,
    async updateSet(id: string, patch: Partial<Omit<SelectionSetRow, 'id' | 'project_id'>>) {
      await db.updateTable('selection_sets').set(patch).where('id', '=', id).execute();
    },
    async deleteSet(id: string): Promise<void> {
      await db.deleteFrom('selection_sets').where('id', '=', id).execute();
    },
    async countSetsInGroup(groupId: string): Promise<number> {
      const row = await db
        .selectFrom('selection_sets')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Moves a group's sets to another group (null: ungrouped); a name clash there fails on the index. */
    async moveSets(fromGroupId: string, toGroupId: string | null, at: string): Promise<void> {
      await db
        .updateTable('selection_sets')
        .set({ group_id: toGroupId, updated_at: at })
        .where('group_id', '=', fromGroupId)
        .execute();
    },
    async countSets(projectId: string, filter: ListFilter): Promise<number> {
      const row = await setsFiltered(projectId, filter)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    listSets(projectId: string, filter: ListFilter, page: Page): Promise<SelectionSetRow[]> {
      return setsFiltered(projectId, filter)
        .selectAll('s')
        .orderBy(sql.ref(page.order.column), page.order.direction)
        .orderBy('s.id', page.order.direction)
        .limit(page.limit)
        .offset(page.skip)
        .execute();
    },

    // ── attribute display ──

    async attributeDisplay(projectId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('model_settings')
        .select('attribute_display')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row?.attribute_display;
    },
    async saveAttributeDisplay(projectId: string, json: string, userId: string, at: string): Promise<void> {
      await db
        .insertInto('model_settings')
        .values({ project_id: projectId, attribute_display: json, updated_by: userId, updated_at: at })
        .onConflict((oc) =>
          oc
            .column('project_id')
            .doUpdateSet({ attribute_display: json, updated_by: userId, updated_at: at }),
        )
        .execute();
    },

    // ── component QR shares ──

    findShare(token: string): Promise<ShareRow | undefined> {
      return db.selectFrom('model_element_shares').selectAll().where('token', '=', token).executeTakeFirst();
    },
    findShareOf(modelId: string, globalId: string): Promise<ShareRow | undefined> {
      return db
        .selectFrom('model_element_shares')
        .selectAll()
        .where('model_id', '=', modelId)
        .where('global_id', '=', globalId)
        .executeTakeFirst();
    },
    /** Inserts unless the element has a share already (two requests at once make one). */
    async insertShare(row: ShareRow): Promise<void> {
      await db
        .insertInto('model_element_shares')
        .values(row)
        .onConflict((oc) => oc.columns(['model_id', 'global_id']).doNothing())
        .execute();
    },
    async deleteShare(token: string): Promise<void> {
      await db.deleteFrom('model_element_shares').where('token', '=', token).execute();
    },
    /** The project's shares, newest first, with the model and the element of its current version. */
    listShares(projectId: string) {
      return db
        .selectFrom('model_element_shares as s')
        .innerJoin('models as m', 'm.id', 's.model_id')
        .leftJoin('model_elements as e', (join) =>
          join.onRef('e.version_id', '=', 'm.current_version_id').onRef('e.global_id', '=', 's.global_id'),
        )
        .select([
          's.token',
          's.model_id',
          's.global_id',
          's.created_by',
          's.created_at',
          'm.name as model_name',
          'm.deleted_at as model_deleted_at',
          'e.name as element_name',
          'e.ifc_class',
        ])
        .where('s.project_id', '=', projectId)
        .orderBy('s.created_at', 'desc')
        .orderBy('s.token')
        .execute();
    },
  };
}
export type ViewsRepository = ReturnType<typeof createViewsRepository>;
