import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import type {
  ModelElementsRef,
  SelectionSet,
  selectionSetCreateSchema,
  selectionSetsQuerySchema,
  selectionSetUpdateSchema,
} from '@lintel/contracts/models';
import type { z } from 'zod';
import { fromJson, toJson } from '../../../db/json';
import { parseOrder } from '../../../db/order';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../../db/where';
import { AppError } from '../../../plugins/app-error';
import { conflictOn, invalid, type ViewsContext } from './views.context';
import { presentSelectionSet } from './views.presenter';
import type { ListFilter, SelectionSetRow } from './views.repository';

type CreateBody = z.output<typeof selectionSetCreateSchema>;
type UpdateBody = z.output<typeof selectionSetUpdateSchema>;
type ListQuery = z.output<typeof selectionSetsQuerySchema>;

/** contracts SELECTION_SET_WHERE_FIELDS with the columns they read. */
const SET_FILTERS: FilterSpec = {
  name: { type: 'string', column: 's.name' },
  groupId: { type: 'string', column: 's.group_id' },
  createdBy: { type: 'string', column: 's.created_by' },
};
const ORDER = { name: 's.name', createdAt: 's.created_at', updatedAt: 's.updated_at' } as const;

const duplicate = conflictOn('models.selectionSetDuplicate');

/** Items of the same model merged into one (a set names each model once), empty ones dropped. */
export function mergeItems(items: readonly ModelElementsRef[]): ModelElementsRef[] {
  const byModel = new Map<string, Set<string>>();
  for (const item of items) {
    const ids = byModel.get(item.modelId) ?? new Set<string>();
    for (const id of item.globalIds) ids.add(id);
    byModel.set(item.modelId, ids);
  }
  return [...byModel]
    .filter(([, ids]) => ids.size > 0)
    .map(([modelId, ids]) => ({ modelId, globalIds: [...ids] }));
}

const countOf = (items: readonly ModelElementsRef[]) =>
  items.reduce((sum, item) => sum + item.globalIds.length, 0);

/**
 * Selection sets (spec 001 §2): named element sets, in groups, names unique within a group. Elements are
 * kept by GlobalId; those absent from their model's current version are kept (elements come and go
 * between versions) and counted as `missingCount` in GET; a set none of whose elements exists is refused
 * (400 models.emptySelection). Creating needs `create`; changing and deleting the author, or `edit` /
 * `delete`.
 */
export function createSelectionSets(context: ViewsContext) {
  const { repository, now } = context;

  async function present(rows: SelectionSetRow[], projectId: string): Promise<SelectionSet[]> {
    const ids = rows.flatMap((row) =>
      fromJson<ModelElementsRef[]>(row.items, []).map((item) => item.modelId),
    );
    const missing = await context.deletedModelIds(projectId, ids);
    return rows.map((row) => presentSelectionSet(row, missing));
  }

  /** GlobalIds of the items not in their model's current version (all of a deleted model's). */
  async function missingCount(projectId: string, items: readonly ModelElementsRef[]): Promise<number> {
    const deleted = await context.deletedModelIds(
      projectId,
      items.map((item) => item.modelId),
    );
    let missing = 0;
    for (const item of items) {
      if (deleted.has(item.modelId)) {
        missing += item.globalIds.length;
        continue;
      }
      const found = await repository.currentGlobalIds(item.modelId, item.globalIds);
      missing += item.globalIds.length - found.size;
    }
    return missing;
  }

  async function one(id: string): Promise<SelectionSet> {
    const row = (await repository.findSet(id))!;
    const items = fromJson<ModelElementsRef[]>(row.items, []);
    const missing = await context.deletedModelIds(
      row.project_id,
      items.map((item) => item.modelId),
    );
    return presentSelectionSet(row, missing, await missingCount(row.project_id, items));
  }

  async function opened(user: User, id: string, permission: 'view' | 'edit' | 'delete') {
    const row = await repository.findSet(id);
    if (!row) throw new AppError(404, 'common.notFound');
    if (permission === 'view') await context.require(user, row.project_id, 'view');
    else await context.requireOwnOr(user, row, permission);
    return row;
  }

  async function assertGroup(projectId: string, groupId: string | null) {
    if (groupId === null) return;
    const group = await repository.findNamed('selection_set_groups', groupId);
    if (!group || group.project_id !== projectId) throw invalid('models.unknownGroup', 'groupId');
  }

  /**
   * The items' models must be the project's and live (those of `kept`, already in the set, may have been
   * deleted since), and at least one element must exist in its model's current version.
   */
  async function checkItems(projectId: string, items: ModelElementsRef[], kept: readonly string[] = []) {
    const rows = await repository.modelsOf(
      projectId,
      items.map((item) => item.modelId),
    );
    const known = new Map(rows.map((row) => [row.id, row.deleted_at]));
    const index = items.findIndex(
      (item) =>
        !known.has(item.modelId) || (known.get(item.modelId) !== null && !kept.includes(item.modelId)),
    );
    if (index >= 0) throw invalid('models.unknownModel', `items.${index}.modelId`);
    for (const item of items) {
      if (known.get(item.modelId) !== null) continue;
      if ((await repository.currentGlobalIds(item.modelId, item.globalIds)).size > 0) return;
    }
    throw invalid('models.emptySelection', 'items');
  }

  async function filterOf(query: ListQuery): Promise<ListFilter> {
    const node = parseWhereQuery(query.where, SET_FILTERS);
    return {
      ...(query.modelId ? { modelId: query.modelId } : {}),
      conditions: node ? [compileWhere(node, SET_FILTERS, context.engine)] : [],
    };
  }

  return {
    async list(user: User, projectId: string, query: ListQuery): Promise<SelectionSet[] | CountResult> {
      await context.require(user, projectId, 'view');
      const filter = await filterOf(query);
      if (query.only_count) return { count: await repository.countSets(projectId, filter) };
      const order = parseOrder(query.order, ORDER, { column: ORDER.updatedAt, direction: 'desc' });
      const rows = await repository.listSets(projectId, filter, {
        order,
        skip: query.skip,
        limit: query.limit,
      });
      return present(rows, projectId);
    },

    async get(user: User, id: string): Promise<SelectionSet> {
      await opened(user, id, 'view');
      return one(id);
    },

    async create(user: User, projectId: string, body: CreateBody): Promise<SelectionSet> {
      await context.require(user, projectId, 'create');
      await assertGroup(projectId, body.groupId);
      const items = mergeItems(body.items);
      await checkItems(projectId, items);
      const at = now();
      const id = context.newId();
      await context
        .inTransaction((repo) =>
          repo.insertSet(
            {
              id,
              project_id: projectId,
              group_id: body.groupId,
              name: body.name,
              remark: body.remark,
              items: toJson(items),
              element_count: countOf(items),
              created_by: user._id,
              created_at: at,
              updated_at: at,
            },
            items.map((item) => item.modelId),
          ),
        )
        .catch(duplicate);
      return one(id);
    },

    async update(user: User, id: string, body: UpdateBody): Promise<SelectionSet> {
      const row = await opened(user, id, 'edit');
      if (body.groupId !== undefined) await assertGroup(row.project_id, body.groupId);
      const items = body.items ? mergeItems(body.items) : undefined;
      if (items) {
        const kept = fromJson<ModelElementsRef[]>(row.items, []).map((item) => item.modelId);
        await checkItems(row.project_id, items, kept);
      }
      await context
        .inTransaction(async (repo) => {
          await repo.updateSet(id, {
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.remark === undefined ? {} : { remark: body.remark }),
            ...(body.groupId === undefined ? {} : { group_id: body.groupId }),
            ...(items === undefined ? {} : { items: toJson(items), element_count: countOf(items) }),
            updated_at: now(),
          });
          if (items) {
            await repo.linkSet(
              id,
              items.map((item) => item.modelId),
            );
          }
        })
        .catch(duplicate);
      return one(id);
    },

    async remove(user: User, id: string): Promise<void> {
      await opened(user, id, 'delete');
      await repository.deleteSet(id);
    },
  };
}
export type SelectionSets = ReturnType<typeof createSelectionSets>;
