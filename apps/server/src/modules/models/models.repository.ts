import type { Insertable, Kysely, RawBuilder, Selectable, SqlBool, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { OrderBy } from '../../db/order';
import type { ModelDatabase, ModelElementsTable, ModelsTable, ModelVersionsTable } from './tables';

export type ModelRow = Selectable<ModelsTable>;
export type VersionRow = Selectable<ModelVersionsTable>;
export type ElementRow = Selectable<ModelElementsTable>;
/** An element as the element list shows it: without its property sets (the bulk of a row) and hashes. */
export type ListedElementRow = Pick<
  ElementRow,
  'global_id' | 'local_id' | 'ifc_class' | 'name' | 'type' | 'storey' | 'discipline'
>;
const LISTED_ELEMENT_COLUMNS = [
  'e.global_id',
  'e.local_id',
  'e.ifc_class',
  'e.name',
  'e.type',
  'e.storey',
  'e.discipline',
] as const;
export type ElementInsert = Insertable<ModelElementsTable>;
type Db = Kysely<ModelDatabase> | Transaction<ModelDatabase>;

/**
 * Rows per INSERT of the element index: 12 columns × 400 rows stays far below SQLite's and PostgreSQL's
 * bound-parameter limits (32 766 / 65 535) while keeping the statements few.
 */
const ELEMENT_BATCH = 400;

/** Versions whose conversion is still to come or under way: cancel and delete act on them. */
export const ACTIVE_STATUSES = ['queued', 'converting'] as const;

export interface ListFilter {
  where: RawBuilder<SqlBool> | null;
  order: OrderBy;
  skip: number;
  limit: number;
}

/** All SQL of models, versions and the element index (model-service). */
/** Conditions of the model list (table alias `m`) the service composes from a `where` and the tag scope. */
export const modelConditions = {
  /** The model carries the tag. Ids are 24 hex characters: anything else matches no tag and cannot act as a
   *  LIKE wildcard. */
  hasTag: (id: unknown): RawBuilder<SqlBool> =>
    sql<SqlBool>`m.tag_ids LIKE ${`%"${String(id).replace(/[^0-9a-f]/g, '')}"%`}`,
  not: (condition: RawBuilder<SqlBool>): RawBuilder<SqlBool> => sql<SqlBool>`NOT (${condition})`,
  /** AND / OR of the parts; no part: true for AND, false for OR. */
  combine: (kind: 'and' | 'or', parts: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
    parts.length === 0
      ? kind === 'and'
        ? sql<SqlBool>`1 = 1`
        : sql<SqlBool>`1 = 0`
      : sql<SqlBool>`(${sql.join([...parts], kind === 'and' ? sql` AND ` : sql` OR `)})`,
};

export function createModelsRepository(db: Kysely<ModelDatabase>) {
  return {
    db,

    findModel(id: string, trx: Db = db): Promise<ModelRow | undefined> {
      return trx.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The live (not deleted) model of that name in the project. */
    findModelByName(projectId: string, name: string, trx: Db = db): Promise<ModelRow | undefined> {
      return trx
        .selectFrom('models')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('name', '=', name)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    insertModel(row: Insertable<ModelsTable>, trx: Db = db) {
      return trx.insertInto('models').values(row).execute();
    },

    updateModel(id: string, values: Partial<Omit<ModelRow, 'id'>>, trx: Db = db) {
      return trx.updateTable('models').set(values).where('id', '=', id).execute();
    },

    /** The project's live models (`m`) with their current version (`v`), filtered and ordered. */
    async listModels(projectId: string, filter: ListFilter): Promise<ModelRow[]> {
      let query = db
        .selectFrom('models as m')
        .leftJoin('model_versions as v', 'v.id', 'm.current_version_id')
        .selectAll('m')
        .where('m.project_id', '=', projectId)
        .where('m.deleted_at', 'is', null);
      if (filter.where) query = query.where(filter.where);
      return query
        .orderBy(sql.ref(filter.order.column), filter.order.direction)
        .orderBy('m.id', filter.order.direction)
        .offset(filter.skip)
        .limit(filter.limit)
        .execute();
    },

    async countModels(projectId: string, where: RawBuilder<SqlBool> | null): Promise<number> {
      let query = db
        .selectFrom('models as m')
        .leftJoin('model_versions as v', 'v.id', 'm.current_version_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('m.project_id', '=', projectId)
        .where('m.deleted_at', 'is', null);
      if (where) query = query.where(where);
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Does any model (live or deleted) exist in the project? (the demo seeds its model once). */
    async anyModel(projectId: string): Promise<boolean> {
      const row = await db
        .selectFrom('models')
        .select('id')
        .where('project_id', '=', projectId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    findVersion(id: string, trx: Db = db): Promise<VersionRow | undefined> {
      return trx.selectFrom('model_versions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    versionsOf(modelId: string, trx: Db = db): Promise<VersionRow[]> {
      return trx
        .selectFrom('model_versions')
        .selectAll()
        .where('model_id', '=', modelId)
        .orderBy('number', 'desc')
        .execute();
    },

    newestReadyVersion(modelId: string): Promise<VersionRow | undefined> {
      return db
        .selectFrom('model_versions')
        .selectAll()
        .where('model_id', '=', modelId)
        .where('status', '=', 'ready')
        .orderBy('number', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    versionsByIds(ids: readonly string[]): Promise<VersionRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('model_versions').selectAll().where('id', 'in', ids).execute();
    },

    async maxVersionNumber(modelId: string, trx: Db): Promise<number> {
      const row = await trx
        .selectFrom('model_versions')
        .select((eb) => eb.fn.max<number>('number').as('max'))
        .where('model_id', '=', modelId)
        .executeTakeFirst();
      return Number(row?.max ?? 0);
    },

    insertVersion(row: Insertable<ModelVersionsTable>, trx: Db = db) {
      return trx.insertInto('model_versions').values(row).execute();
    },

    deleteVersion(id: string, trx: Db = db) {
      return trx.deleteFrom('model_versions').where('id', '=', id).execute();
    },

    /**
     * Moves a version from one status to another only when it is still in one of `from`: the claim of a
     * queued job, a cancel racing a finish. Answers whether this call made the change.
     */
    async transition(
      id: string,
      from: readonly string[],
      values: Partial<Omit<VersionRow, 'id'>>,
      trx: Db = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('model_versions')
        .set(values)
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    setIfcKey(id: string, key: string) {
      return db.updateTable('model_versions').set({ ifc_key: key }).where('id', '=', id).execute();
    },

    /** A progress write only lands while the version is converting (a cancel wins over a late tick). */
    setProgress(id: string, progress: number) {
      return db
        .updateTable('model_versions')
        .set({ progress })
        .where('id', '=', id)
        .where('status', '=', 'converting')
        .execute();
    },

    versionIdsWithStatus(status: string): Promise<Array<{ id: string; started_at: string | null }>> {
      return db
        .selectFrom('model_versions')
        .select(['id', 'started_at'])
        .where('status', '=', status)
        .orderBy('created_at')
        .execute();
    },

    async insertElements(rows: readonly ElementInsert[], trx: Db) {
      for (let start = 0; start < rows.length; start += ELEMENT_BATCH) {
        await trx
          .insertInto('model_elements')
          .values(rows.slice(start, start + ELEMENT_BATCH))
          .execute();
      }
    },

    deleteElements(versionId: string, trx: Db = db) {
      return trx.deleteFrom('model_elements').where('version_id', '=', versionId).execute();
    },

    listElements(versionId: string, filter: ListFilter): Promise<ListedElementRow[]> {
      let query = db
        .selectFrom('model_elements as e')
        .select(LISTED_ELEMENT_COLUMNS)
        .where('e.version_id', '=', versionId);
      if (filter.where) query = query.where(filter.where);
      return query
        .orderBy(sql.ref(filter.order.column), filter.order.direction)
        .orderBy('e.global_id', filter.order.direction)
        .offset(filter.skip)
        .limit(filter.limit)
        .execute();
    },

    async countElements(versionId: string, where: RawBuilder<SqlBool> | null): Promise<number> {
      let query = db
        .selectFrom('model_elements as e')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('e.version_id', '=', versionId);
      if (where) query = query.where(where);
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findElement(versionId: string, globalId: string): Promise<ElementRow | undefined> {
      return db
        .selectFrom('model_elements')
        .selectAll()
        .where('version_id', '=', versionId)
        .where('global_id', '=', globalId)
        .executeTakeFirst();
    },

    /** The GlobalIds among `globalIds` that the version has. */
    async existingGlobalIds(versionId: string, globalIds: readonly string[]): Promise<ElementRow[]> {
      const found: ElementRow[] = [];
      for (let start = 0; start < globalIds.length; start += 1000) {
        const slice = globalIds.slice(start, start + 1000);
        found.push(
          ...(await db
            .selectFrom('model_elements')
            .selectAll()
            .where('version_id', '=', versionId)
            .where('global_id', 'in', slice)
            .execute()),
        );
      }
      return found;
    },

    categories(versionId: string) {
      return db
        .selectFrom('model_elements')
        .select(['ifc_class', 'discipline', (eb) => eb.fn.countAll<number>().as('count')])
        .where('version_id', '=', versionId)
        .groupBy(['ifc_class', 'discipline'])
        .orderBy('ifc_class')
        .execute();
    },

    /**
     * Version compare by GlobalId: removed (in `from` only), added (in `to` only) and changed (in both,
     * with another geometry or properties hash), and how many are the same.
     */
    async compare(fromId: string, toId: string) {
      const removed = await db
        .selectFrom('model_elements as f')
        .leftJoin('model_elements as t', (join) =>
          join.onRef('t.global_id', '=', 'f.global_id').on('t.version_id', '=', toId),
        )
        .select(['f.global_id', 'f.ifc_class', 'f.name', 'f.local_id'])
        .where('f.version_id', '=', fromId)
        .where('t.global_id', 'is', null)
        .orderBy('f.global_id')
        .execute();
      const added = await db
        .selectFrom('model_elements as t')
        .leftJoin('model_elements as f', (join) =>
          join.onRef('f.global_id', '=', 't.global_id').on('f.version_id', '=', fromId),
        )
        .select(['t.global_id', 't.ifc_class', 't.name', 't.local_id'])
        .where('t.version_id', '=', toId)
        .where('f.global_id', 'is', null)
        .orderBy('t.global_id')
        .execute();
      const both = await db
        .selectFrom('model_elements as t')
        .innerJoin('model_elements as f', (join) =>
          join.onRef('f.global_id', '=', 't.global_id').on('f.version_id', '=', fromId),
        )
        .select([
          't.global_id',
          't.ifc_class',
          't.name',
          't.local_id as to_local_id',
          'f.local_id as from_local_id',
          sql<number>`case when t.geometry_hash <> f.geometry_hash then 1 else 0 end`.as('geometry_changed'),
          sql<number>`case when t.properties_hash <> f.properties_hash then 1 else 0 end`.as(
            'properties_changed',
          ),
        ])
        .where('t.version_id', '=', toId)
        .where((eb) =>
          eb.or([
            eb('t.geometry_hash', '<>', eb.ref('f.geometry_hash')),
            eb('t.properties_hash', '<>', eb.ref('f.properties_hash')),
          ]),
        )
        .orderBy('t.global_id')
        .execute();
      const common = await db
        .selectFrom('model_elements as t')
        .innerJoin('model_elements as f', (join) =>
          join.onRef('f.global_id', '=', 't.global_id').on('f.version_id', '=', fromId),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('t.version_id', '=', toId)
        .executeTakeFirstOrThrow();
      return { removed, added, changed: both, common: Number(common.count) };
    },
  };
}
export type ModelsRepository = ReturnType<typeof createModelsRepository>;
