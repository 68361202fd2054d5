import type { Readable } from 'node:stream';
import type { CountResult, Language, WhereNode } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  type CategoryCount,
  type CompareResult,
  DEFAULT_MODEL_ORDER,
  type ElementChange,
  type elementsQuerySchema,
  type Model,
  type ModelElement,
  type ModelElementDetail,
  type ModelVersion,
  type modelsQuerySchema,
  type modelUpdateSchema,
  type SpatialNode,
} from '@lintel/contracts/models';
import type { PermissionType } from '@lintel/contracts/permissions';
import type { RawBuilder, SqlBool } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { toJson } from '../../db/json';
import { parseOrder } from '../../db/order';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../db/where';
import { AppError } from '../../plugins/app-error';
import { readAll } from '../../storage/read-all';
import { type ModelsBase, need, projectScope, versionKeys } from './models.context';
import type { ConversionRunner } from './models.converter';
import {
  presentCategory,
  presentElement,
  presentElementDetail,
  presentModel,
  presentVersion,
} from './models.presenter';
import { ACTIVE_STATUSES, type ModelRow, modelConditions, type VersionRow } from './models.repository';
import { assertModelTags } from './views/tags.lookup';

type ModelsQuery = z.output<typeof modelsQuerySchema>;
type ElementsQuery = z.output<typeof elementsQuerySchema>;
type UpdateBody = z.output<typeof modelUpdateSchema>;

/** The `where` of the model list (contracts MODEL_WHERE_FIELDS); `tagId` is handled on its own. */
const MODEL_FILTERS: FilterSpec = {
  name: { type: 'string', column: 'm.name' },
  status: { type: 'string', column: 'v.status' },
  tagId: { type: 'string', column: 'm.tag_ids' },
  createdBy: { type: 'string', column: 'm.created_by' },
  createdAt: { type: 'date', column: 'm.created_at' },
  updatedAt: { type: 'date', column: 'm.updated_at' },
};
const MODEL_ORDER = { name: 'm.name', createdAt: 'm.created_at', updatedAt: 'm.updated_at' } as const;
/** contracts ELEMENT_WHERE_FIELDS */
const ELEMENT_FILTERS: FilterSpec = {
  globalId: { type: 'string', column: 'e.global_id' },
  ifcClass: { type: 'string', column: 'e.ifc_class' },
  name: { type: 'string', column: 'e.name' },
  storey: { type: 'string', column: 'e.storey' },
  discipline: { type: 'string', column: 'e.discipline' },
  type: { type: 'string', column: 'e.type' },
};
const ELEMENT_ORDER = {
  name: 'e.name',
  ifcClass: 'e.ifc_class',
  storey: 'e.storey',
  globalId: 'e.global_id',
} as const;

/** Models of a project, their versions, element index, tree, categories, compare and bytes. */
export function createModelsService(base: ModelsBase, runner: ConversionRunner) {
  const { repository, storage, access, engine, db } = base;

  async function presentRows(rows: readonly ModelRow[], language: Language): Promise<Model[]> {
    const versions = await repository.versionsByIds(
      rows.flatMap((row) => (row.current_version_id ? [row.current_version_id] : [])),
    );
    const byId = new Map(versions.map((version) => [version.id, version]));
    return rows.flatMap((row) => {
      const current = row.current_version_id ? byId.get(row.current_version_id) : undefined;
      return current ? [presentModel(row, current, language)] : [];
    });
  }

  async function present(model: ModelRow, language: Language): Promise<Model> {
    const [presented] = await presentRows([model], language);
    if (!presented) throw new AppError(404, 'common.notFound');
    return presented;
  }

  /** The model list's `where`, with `tagId` matched inside the JSON array of tag ids. */
  function modelWhere(json: string | undefined) {
    const parsed = parseWhereQuery(json, MODEL_FILTERS);
    return parsed ? compileModelWhere(parsed) : null;
  }
  function compileModelWhere(node: WhereNode): RawBuilder<SqlBool> {
    if (node.kind === 'and' || node.kind === 'or') {
      return modelConditions.combine(node.kind, node.items.map(compileModelWhere));
    }
    if (node.field !== 'tagId') return compileWhere(node, MODEL_FILTERS, engine);
    if (node.kind === 'compare' && node.op === 'eq' && node.value !== null) {
      return modelConditions.hasTag(node.value);
    }
    if (node.kind === 'compare' && node.op === 'ne' && node.value !== null) {
      return modelConditions.not(modelConditions.hasTag(node.value));
    }
    if (node.kind === 'in') {
      const any = modelConditions.combine('or', node.values.map(modelConditions.hasTag));
      return node.negated ? modelConditions.not(any) : any;
    }
    if (node.kind === 'contains') return modelConditions.hasTag(node.value);
    throw new AppError(400, 'common.validation', {
      details: [{ path: 'query.where', key: 'common.validation' }],
    });
  }

  async function list(
    user: User,
    projectId: string,
    query: ModelsQuery,
    language: Language,
  ): Promise<Model[] | CountResult> {
    const scope = await access.requireScopeRole(user, projectScope(projectId), need('view'));
    // A template narrowing the module to some model tags shows only the models carrying one of them.
    const tags = base.tagScope ? await base.tagScope(user, projectId, scope.role) : null;
    const asked = modelWhere(query.where);
    const scoped = tags
      ? compileModelWhere({ kind: 'in', field: 'tagId', type: 'string', negated: false, values: [...tags] })
      : null;
    const where = asked && scoped ? modelConditions.combine('and', [asked, scoped]) : (asked ?? scoped);
    if (query.only_count) return { count: await repository.countModels(projectId, where) };
    const fallback = parseOrder(DEFAULT_MODEL_ORDER, MODEL_ORDER, {
      column: 'm.updated_at',
      direction: 'desc',
    });
    const rows = await repository.listModels(projectId, {
      where,
      order: parseOrder(query.order, MODEL_ORDER, fallback),
      skip: query.skip,
      limit: query.limit,
    });
    return presentRows(rows, language);
  }

  async function detail(user: User, id: string, language: Language): Promise<Model> {
    const { model } = await base.openModel(user, id, 'view');
    return present(model, language);
  }

  async function update(user: User, id: string, body: UpdateBody, language: Language): Promise<Model> {
    const { model } = await base.openModel(user, id, 'edit');
    if (body.tagIds) await assertModelTags(db, model.project_id, body.tagIds);
    if (body.name !== undefined && body.name !== model.name) {
      const other = await repository.findModelByName(model.project_id, body.name);
      if (other && other.id !== model.id) throw duplicateName();
    }
    await repository
      .updateModel(model.id, {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.remark === undefined ? {} : { remark: body.remark }),
        ...(body.tagIds === undefined ? {} : { tag_ids: toJson(body.tagIds) }),
        updated_at: base.now(),
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw duplicateName(error);
        throw error;
      });
    return present((await repository.findModel(model.id))!, language);
  }

  /** The bytes of a version (upload, fragments, tree); missing ones are gone for good. */
  async function removeBytes(version: VersionRow): Promise<void> {
    const keys = versionKeys(version.id);
    await Promise.all([storage.delete(keys.ifc), storage.delete(keys.fragments), storage.delete(keys.tree)]);
  }

  /**
   * Soft delete: the row stays (links answer `models.deleted`), the conversions are cancelled first, the
   * element index and every stored byte go.
   */
  async function remove(user: User, id: string): Promise<void> {
    const { model } = await base.openModel(user, id, 'delete');
    const versions = await repository.versionsOf(model.id);
    for (const version of versions) {
      if ((ACTIVE_STATUSES as readonly string[]).includes(version.status)) await runner.cancel(version);
    }
    const now = base.now();
    await repository.db.transaction().execute(async (trx) => {
      await repository.updateModel(model.id, { deleted_at: now, updated_at: now }, trx);
      for (const version of versions) await repository.deleteElements(version.id, trx);
    });
    for (const version of versions) await removeBytes(version);
  }

  async function versions(user: User, id: string, language: Language): Promise<ModelVersion[]> {
    const { model } = await base.openModel(user, id, 'view');
    return (await repository.versionsOf(model.id)).map((row) => presentVersion(row, language));
  }

  /** Deletes one version (409 for the only one); the previous becomes current when it was current. */
  async function removeVersion(user: User, id: string, versionId: string): Promise<void> {
    const { model } = await base.openModel(user, id, 'delete');
    const version = await base.versionOf(model, versionId);
    if (model.version_count <= 1) throw new AppError(409, 'models.lastVersion');
    if ((ACTIVE_STATUSES as readonly string[]).includes(version.status)) await runner.cancel(version);
    await repository.db.transaction().execute(async (trx) => {
      await repository.deleteElements(version.id, trx);
      await repository.deleteVersion(version.id, trx);
      const rest = await repository.versionsOf(model.id, trx);
      await repository.updateModel(
        model.id,
        {
          version_count: rest.length,
          current_version_id:
            model.current_version_id === version.id ? (rest[0]?.id ?? null) : model.current_version_id,
          updated_at: base.now(),
        },
        trx,
      );
    });
    await removeBytes(version);
  }

  /** A version with its model, for the version routes: the caller must see the model's project. */
  async function openVersion(user: User, versionId: string) {
    const version = await repository.findVersion(versionId);
    if (!version) throw new AppError(404, 'common.notFound');
    const { model, scope } = await base.openModel(user, version.model_id, 'view');
    // The uploader may cancel and retry their own upload; anyone else needs the edit right.
    if (version.created_by !== user._id && scope.role !== 'admin') {
      await access.requireScopeRole(user, projectScope(model.project_id), need('edit'));
    }
    return { model, version };
  }

  async function cancel(user: User, versionId: string, language: Language): Promise<ModelVersion> {
    const { version } = await openVersion(user, versionId);
    if (!(await runner.cancel(version))) throw new AppError(409, 'models.notCancellable');
    base.announce(version, 'failed');
    return presentVersion((await repository.findVersion(version.id))!, language);
  }

  async function retry(user: User, versionId: string, language: Language): Promise<ModelVersion> {
    const { version } = await openVersion(user, versionId);
    const queued = await repository.transition(version.id, ['failed'], {
      status: 'queued',
      progress: 0,
      error_key: null,
      error_detail: null,
      started_at: null,
    });
    if (!queued) throw new AppError(409, 'models.notRetryable');
    await runner.enqueue(version.id);
    base.announce(version, 'queued');
    return presentVersion((await repository.findVersion(version.id))!, language);
  }

  /** The .frag bytes of a ready version (view right). */
  async function fragments(
    user: User,
    id: string,
    versionId: string | undefined,
  ): Promise<{ version: VersionRow; body: Readable }> {
    const { model } = await base.openModel(user, id, 'view');
    const version = await base.readyVersionOf(model, versionId);
    return { version, body: await storage.get(version.fragments_key!) };
  }

  /** The uploaded file (download right). */
  async function file(
    user: User,
    id: string,
    versionId: string | undefined,
  ): Promise<{ model: ModelRow; version: VersionRow; body: Readable; size: number | null }> {
    const { model } = await base.openModel(user, id, 'download');
    const version = await base.versionOf(model, versionId);
    const stat = await storage.stat(version.ifc_key);
    if (!stat) throw new AppError(404, 'common.notFound');
    return { model, version, body: await storage.get(version.ifc_key), size: stat.size };
  }

  async function elements(
    user: User,
    id: string,
    query: ElementsQuery,
  ): Promise<ModelElement[] | CountResult> {
    const { model } = await base.openModel(user, id, 'view');
    const version = await base.readyVersionOf(model, query.versionId);
    const parsed = parseWhereQuery(query.where, ELEMENT_FILTERS);
    const where = parsed ? compileWhere(parsed, ELEMENT_FILTERS, engine) : null;
    if (query.only_count) return { count: await repository.countElements(version.id, where) };
    const rows = await repository.listElements(version.id, {
      where,
      order: parseOrder(query.order, ELEMENT_ORDER, { column: 'e.global_id', direction: 'asc' }),
      skip: query.skip,
      limit: query.limit,
    });
    return rows.map(presentElement);
  }

  async function element(
    user: User,
    id: string,
    globalId: string,
    versionId: string | undefined,
  ): Promise<ModelElementDetail> {
    const { model } = await base.openModel(user, id, 'view');
    const version = await base.readyVersionOf(model, versionId);
    const row = await repository.findElement(version.id, globalId);
    if (!row) throw new AppError(404, 'models.elementNotFound');
    return presentElementDetail(row, model.id);
  }

  async function tree(user: User, id: string, versionId: string | undefined): Promise<SpatialNode> {
    const { model } = await base.openModel(user, id, 'view');
    const version = await base.readyVersionOf(model, versionId);
    const bytes = await readAll(await storage.get(version.tree_key!));
    return JSON.parse(bytes.toString('utf8')) as SpatialNode;
  }

  async function categories(user: User, id: string, versionId: string | undefined): Promise<CategoryCount[]> {
    const { model } = await base.openModel(user, id, 'view');
    const version = await base.readyVersionOf(model, versionId);
    return (await repository.categories(version.id)).map(presentCategory);
  }

  async function compare(user: User, id: string, fromId: string, toId: string): Promise<CompareResult> {
    const { model } = await base.openModel(user, id, 'view');
    const [from, to] = [await base.readyVersionOf(model, fromId), await base.readyVersionOf(model, toId)];
    const result = await repository.compare(from.id, to.id);
    const changes: ElementChange[] = [
      ...result.added.map((row) => ({
        kind: 'added' as const,
        globalId: row.global_id,
        ifcClass: row.ifc_class,
        name: row.name,
        fromLocalId: null,
        toLocalId: row.local_id,
        geometryChanged: false,
        propertiesChanged: false,
      })),
      ...result.removed.map((row) => ({
        kind: 'removed' as const,
        globalId: row.global_id,
        ifcClass: row.ifc_class,
        name: row.name,
        fromLocalId: row.local_id,
        toLocalId: null,
        geometryChanged: false,
        propertiesChanged: false,
      })),
      ...result.changed.map((row) => ({
        kind: 'changed' as const,
        globalId: row.global_id,
        ifcClass: row.ifc_class,
        name: row.name,
        fromLocalId: row.from_local_id,
        toLocalId: row.to_local_id,
        geometryChanged: Number(row.geometry_changed) === 1,
        propertiesChanged: Number(row.properties_changed) === 1,
      })),
    ];
    return {
      from: from.id,
      to: to.id,
      counts: {
        added: result.added.length,
        removed: result.removed.length,
        changed: result.changed.length,
        unchanged: result.common - result.changed.length,
      },
      changes,
    };
  }

  /** The caller may do `permission` with this live model (404, 403, 410 otherwise). */
  async function requireModel(user: User, id: string, permission: PermissionType): Promise<void> {
    await base.openModel(user, id, permission);
  }

  return {
    requireModel,
    list,
    detail,
    update,
    remove,
    versions,
    removeVersion,
    cancel,
    retry,
    fragments,
    file,
    elements,
    element,
    tree,
    categories,
    compare,
  };
}
export type ModelsService = ReturnType<typeof createModelsService>;

function duplicateName(cause?: unknown): AppError {
  return new AppError(409, 'models.duplicateName', {
    details: [{ path: 'name', key: 'models.duplicateName' }],
    ...(cause === undefined ? {} : { cause }),
  });
}
