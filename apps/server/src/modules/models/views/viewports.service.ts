import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import type {
  ModelElementsRef,
  Viewport,
  viewportCreateSchema,
  viewportsQuerySchema,
  viewportUpdateSchema,
} from '@lintel/contracts/models';
import type { z } from 'zod';
import { fromJson, toJson } from '../../../db/json';
import { parseOrder } from '../../../db/order';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../../db/where';
import { AppError } from '../../../plugins/app-error';
import type { Directory } from '../../directory/index';
import { type FileOwnerPort, type FileReadCheck, opensAny } from '../../files/attachments';
import { invalid, type ViewsContext } from './views.context';
import { presentViewport } from './views.presenter';
import { type ListFilter, VIEWPORT_FILES, type ViewportRow } from './views.repository';

type CreateBody = z.output<typeof viewportCreateSchema>;
type UpdateBody = z.output<typeof viewportUpdateSchema>;
type ListQuery = z.output<typeof viewportsQuerySchema>;

/** contracts VIEWPORT_WHERE_FIELDS with the columns they read. */
const VIEWPORT_FILTERS: FilterSpec = {
  name: { type: 'string', column: 'v.name' },
  createdBy: { type: 'string', column: 'v.created_by' },
  createdAt: { type: 'date', column: 'v.created_at' },
};
const ORDER = { name: 'v.name', createdAt: 'v.created_at', updatedAt: 'v.updated_at' } as const;

/**
 * Every element reference must be of one of the listed models (the viewer opens exactly those), at
 * `path.i.modelId`.
 */
export function assertRefsWithin(
  refs: readonly ModelElementsRef[] | null | undefined,
  modelIds: readonly string[],
  path: string,
): void {
  if (!refs) return;
  const index = refs.findIndex((ref) => !modelIds.includes(ref.modelId));
  if (index >= 0) throw invalid('models.elementModelNotListed', `${path}.${index}.modelId`);
}

/**
 * Viewports (spec 001 §1): a saved view of one or several models — camera, section planes and box,
 * hidden and isolated elements (by GlobalId, stable across versions), tags. Saved and answered exactly
 * as given. Creating needs `create`; changing and deleting the author, or `edit` / `delete`. A viewport
 * whose model was deleted still lists, with that model in `missingModelIds`.
 */
export function createViewports(context: ViewsContext, directory: Directory, readableFiles?: FileReadCheck) {
  const { repository, now } = context;

  async function present(rows: ViewportRow[], projectId: string): Promise<Viewport[]> {
    const ids = rows.flatMap((row) => fromJson<string[]>(row.model_ids, []));
    const missing = await context.deletedModelIds(projectId, ids);
    return rows.map((row) => presentViewport(row, missing));
  }

  async function one(id: string): Promise<Viewport> {
    const row = (await repository.findViewport(id))!;
    return (await present([row], row.project_id))[0]!;
  }

  async function opened(user: User, id: string, permission: 'view' | 'edit' | 'delete') {
    const row = await repository.findViewport(id);
    if (!row) throw new AppError(404, 'common.notFound');
    if (permission === 'view') await context.require(user, row.project_id, 'view');
    else await context.requireOwnOr(user, row, permission);
    return row;
  }

  async function assertTags(projectId: string, tagIds: readonly string[]) {
    const known = await repository.namedIdsOf('viewport_tags', projectId, tagIds);
    const index = tagIds.findIndex((id) => !known.has(id));
    if (index >= 0) throw invalid('models.unknownViewportTag', `tagIds.${index}`);
  }

  /** An image of the project that `user` may read (issue 14: nobody attaches a file they cannot see). */
  async function assertThumbnail(projectId: string, fileId: string | null | undefined, user: User) {
    if (!fileId) return;
    const [file] = await directory.files([fileId]);
    if (
      !file ||
      file.project_id !== projectId ||
      !file.content_type.startsWith('image/') ||
      (readableFiles !== undefined && !(await readableFiles(user, [fileId])))
    ) {
      throw invalid('models.thumbnailNotFound', 'thumbnailFileId');
    }
  }

  async function filterOf(query: ListQuery): Promise<ListFilter> {
    const node = parseWhereQuery(query.where, VIEWPORT_FILTERS);
    return {
      ...(query.modelId ? { modelId: query.modelId } : {}),
      ...(query.tagId ? { tagId: query.tagId } : {}),
      conditions: node ? [compileWhere(node, VIEWPORT_FILTERS, context.engine)] : [],
    };
  }

  return {
    /** The files module's question (issue 14): may the user see one of these viewports (their thumbnails)? */
    fileOwner: {
      owner: VIEWPORT_FILES,
      canRead: (user: User, ids: readonly string[]) => opensAny(ids, (id) => opened(user, id, 'view')),
    } satisfies FileOwnerPort,

    async list(user: User, projectId: string, query: ListQuery): Promise<Viewport[] | CountResult> {
      await context.require(user, projectId, 'view');
      const filter = await filterOf(query);
      if (query.only_count) return { count: await repository.countViewports(projectId, filter) };
      const order = parseOrder(query.order, ORDER, { column: ORDER.updatedAt, direction: 'desc' });
      const rows = await repository.listViewports(projectId, filter, {
        order,
        skip: query.skip,
        limit: query.limit,
      });
      return present(rows, projectId);
    },

    async get(user: User, id: string): Promise<Viewport> {
      await opened(user, id, 'view');
      return one(id);
    },

    async create(user: User, projectId: string, body: CreateBody): Promise<Viewport> {
      await context.require(user, projectId, 'create');
      await context.assertLiveModels(projectId, body.modelIds, 'modelIds');
      assertRefsWithin(body.hidden, body.modelIds, 'hidden');
      assertRefsWithin(body.isolated, body.modelIds, 'isolated');
      await assertTags(projectId, body.tagIds);
      await assertThumbnail(projectId, body.thumbnailFileId, user);
      const at = now();
      const id = context.newId();
      await context.inTransaction((repo) =>
        repo.insertViewport(
          {
            id,
            project_id: projectId,
            name: body.name,
            remark: body.remark,
            model_ids: toJson(body.modelIds),
            camera: toJson(body.camera),
            clipping_planes: toJson(body.clippingPlanes),
            section_box: body.sectionBox === null ? null : toJson(body.sectionBox),
            hidden: toJson(body.hidden),
            isolated: body.isolated === null ? null : toJson(body.isolated),
            tag_ids: toJson(body.tagIds),
            thumbnail_file_id: body.thumbnailFileId,
            created_by: user._id,
            created_at: at,
            updated_at: at,
          },
          body.modelIds,
          body.tagIds,
        ),
      );
      return one(id);
    },

    /**
     * Any of the fields; the element sets are checked against the models the viewport has after the
     * change (a new `modelIds` must still cover the hidden and isolated elements kept). Models already
     * deleted may stay listed; newly added ones must be live.
     */
    async update(user: User, id: string, body: UpdateBody): Promise<Viewport> {
      const row = await opened(user, id, 'edit');
      const projectId = row.project_id;
      const oldModels = fromJson<string[]>(row.model_ids, []);
      const modelIds = body.modelIds ?? oldModels;
      if (body.modelIds) {
        const added = body.modelIds.filter((model) => !oldModels.includes(model));
        const rows = await repository.modelsOf(projectId, body.modelIds);
        const known = new Map(rows.map((model) => [model.id, model.deleted_at]));
        const index = body.modelIds.findIndex(
          (model) => !known.has(model) || (added.includes(model) && known.get(model) !== null),
        );
        if (index >= 0) throw invalid('models.unknownModel', `modelIds.${index}`);
      }
      const hidden = body.hidden ?? fromJson<ModelElementsRef[]>(row.hidden, []);
      const isolated =
        body.isolated === undefined ? fromJson<ModelElementsRef[] | null>(row.isolated, null) : body.isolated;
      assertRefsWithin(hidden, modelIds, 'hidden');
      assertRefsWithin(isolated, modelIds, 'isolated');
      const tagIds = body.tagIds ? [...new Set(body.tagIds)] : undefined;
      if (tagIds) await assertTags(projectId, tagIds);
      if (body.thumbnailFileId !== undefined) await assertThumbnail(projectId, body.thumbnailFileId, user);
      await context.inTransaction(async (repo) => {
        await repo.updateViewport(id, {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.remark === undefined ? {} : { remark: body.remark }),
          ...(body.modelIds === undefined ? {} : { model_ids: toJson(body.modelIds) }),
          ...(body.camera === undefined ? {} : { camera: toJson(body.camera) }),
          ...(body.clippingPlanes === undefined ? {} : { clipping_planes: toJson(body.clippingPlanes) }),
          ...(body.sectionBox === undefined
            ? {}
            : { section_box: body.sectionBox === null ? null : toJson(body.sectionBox) }),
          ...(body.hidden === undefined ? {} : { hidden: toJson(body.hidden) }),
          ...(body.isolated === undefined
            ? {}
            : { isolated: body.isolated === null ? null : toJson(body.isolated) }),
          ...(tagIds === undefined ? {} : { tag_ids: toJson(tagIds) }),
          ...(body.thumbnailFileId === undefined ? {} : { thumbnail_file_id: body.thumbnailFileId }),
          updated_at: now(),
        });
        await repo.linkViewport(id, body.modelIds, tagIds);
      });
      return one(id);
    },

    async remove(user: User, id: string): Promise<void> {
      await opened(user, id, 'delete');
      await repository.deleteViewport(id);
    },
  };
}
export type Viewports = ReturnType<typeof createViewports>;
