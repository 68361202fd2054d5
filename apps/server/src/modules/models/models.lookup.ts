import type { ModelElement } from '@lintel/contracts/models';
import type { Kysely } from 'kysely';
import { fromJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { presentElement } from './models.presenter';
import { createModelsRepository, type ModelRow } from './models.repository';
import { withModelTables } from './tables';
import { withViewTables } from './views/tables';

/** A viewport as a record linking it sees it: its id and the models it opens. */
export interface ViewportModels {
  id: string;
  modelIds: string[];
}

/** An element link as topics, contact sheets, viewports and selection sets hold it. */
export interface ElementRef {
  modelId: string;
  globalId: string;
}

/**
 * What other modules may ask of models (viewports, selection sets, shares, topics' element links) without
 * touching the models tables: is this a live model of the project, which of these GlobalIds does it have.
 * Elements are those of the model's newest ready version (the current one once its conversion is done).
 */
export function createModelLookup(db: Kysely<Database>) {
  const models = withModelTables(db);
  const repository = createModelsRepository(models);

  /** The model of that project, live or deleted; undefined when there is none (or it is another project's). */
  async function findProjectModel(projectId: string, modelId: string): Promise<ModelRow | undefined> {
    const model = await repository.findModel(modelId);
    return model && model.project_id === projectId ? model : undefined;
  }

  /** 400 `models.unknownModel` unless the model is a live model of the project. */
  async function assertModelInProject(
    projectId: string,
    modelId: string,
    path = 'modelId',
  ): Promise<ModelRow> {
    const model = await findProjectModel(projectId, modelId);
    if (!model || model.deleted_at !== null) {
      throw new AppError(400, 'models.unknownModel', { details: [{ path, key: 'models.unknownModel' }] });
    }
    return model;
  }

  /** The id of the model's newest ready version (null before its first conversion succeeded). */
  async function readyVersionId(modelId: string): Promise<string | null> {
    const row = await models
      .selectFrom('model_versions')
      .select('id')
      .where('model_id', '=', modelId)
      .where('status', '=', 'ready')
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * The elements among `globalIds` of the model's newest ready version, by GlobalId. Empty for a model that
   * is not the project's, deleted, or not converted yet.
   */
  async function findReadyElements(
    projectId: string,
    modelId: string,
    globalIds: readonly string[],
  ): Promise<Map<string, ModelElement>> {
    const model = await findProjectModel(projectId, modelId);
    if (!model || model.deleted_at !== null || globalIds.length === 0) return new Map();
    const versionId = await readyVersionId(model.id);
    if (!versionId) return new Map();
    const rows = await repository.existingGlobalIds(versionId, [...new Set(globalIds)]);
    return new Map(rows.map((row) => [row.global_id, presentElement(row)]));
  }

  /**
   * Element links of a record of the project (a topic, a contact sheet): each model must be a live model
   * of the project (400 `models.unknownModel`) and each GlobalId an element of it (400
   * `models.elementNotFound`). `path` names the field in the 400's details.
   */
  async function assertElementLinks(projectId: string, refs: readonly ElementRef[], path = 'links') {
    const byModel = new Map<string, string[]>();
    for (const ref of refs) byModel.set(ref.modelId, [...(byModel.get(ref.modelId) ?? []), ref.globalId]);
    for (const [modelId, globalIds] of byModel) {
      await assertModelInProject(projectId, modelId, path);
      const found = await findReadyElements(projectId, modelId, globalIds);
      if (globalIds.some((globalId) => !found.has(globalId))) {
        throw new AppError(400, 'models.elementNotFound', {
          details: [{ path, key: 'models.elementNotFound' }],
        });
      }
    }
  }

  /**
   * A viewport of the project (a record's viewpoint, issue 16) with the models it shows; undefined when
   * there is none or it is another project's.
   */
  async function findViewport(projectId: string, viewportId: string): Promise<ViewportModels | undefined> {
    const row = await withViewTables(db)
      .selectFrom('viewports')
      .select(['id', 'model_ids'])
      .where('id', '=', viewportId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row ? { id: row.id, modelIds: fromJson<string[]>(row.model_ids, []) } : undefined;
  }

  /** Whether the selection set is one of the project's (a contact sheet's link, issue 16). */
  async function hasSelectionSet(projectId: string, setId: string): Promise<boolean> {
    const row = await withViewTables(db)
      .selectFrom('selection_sets')
      .select('id')
      .where('id', '=', setId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    findProjectModel,
    assertModelInProject,
    readyVersionId,
    findReadyElements,
    assertElementLinks,
    findViewport,
    hasSelectionSet,
  };
}
export type ModelLookup = ReturnType<typeof createModelLookup>;
