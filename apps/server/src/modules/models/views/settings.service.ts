import type { User } from '@lintel/contracts/account';
import {
  type AttributeDisplay,
  attributeDisplaySchema,
  type ModelTag,
  type ModelTagType,
  type NamedSetting,
} from '@lintel/contracts/models';
import { fromJson, toJson } from '../../../db/json';
import { AppError } from '../../../plugins/app-error';
import type { ErrorKey } from '../../../plugins/messages';
import { conflictOn, invalid, type ViewsContext } from './views.context';
import { presentModelTag, presentNamed } from './views.presenter';
import type { NamedRow, NamedTable, ViewsRepository } from './views.repository';

/** Settings are changed by project admins or whoever the template grants the model viewer's `edit`. */
const SETTINGS_RIGHT = 'edit';

const DUPLICATE: Record<NamedTable, ErrorKey> = {
  model_tags: 'models.tagDuplicate',
  viewport_tags: 'models.viewportTagDuplicate',
  selection_set_groups: 'models.groupDuplicate',
};

/** The default display: every basic attribute and every property set (contracts' defaults). */
export const DEFAULT_ATTRIBUTE_DISPLAY: AttributeDisplay = attributeDisplaySchema.parse({});

/**
 * The named settings of a project's model viewer (spec 001 §3): model tags (name, type), viewport tags and
 * selection-set groups. Names are unique per project (a unique index: 409, even for two requests at once).
 * Deleting a model tag drops it from the models carrying it, a viewport tag from its viewports, in the
 * same transaction; a group holding selection sets is refused (409 models.groupInUse with the count)
 * unless `moveTo` names where its sets go. And the component attribute display of the project.
 */
export function createViewSettings(context: ViewsContext) {
  const { repository, now } = context;

  async function opened(user: User, table: NamedTable, id: string, permission: 'view' | 'edit') {
    const row = await repository.findNamed(table, id);
    if (!row) throw new AppError(404, 'common.notFound');
    await context.require(user, row.project_id, permission);
    return row;
  }

  async function create(
    user: User,
    table: NamedTable,
    projectId: string,
    body: { name: string; type?: ModelTagType },
  ): Promise<NamedRow> {
    await context.require(user, projectId, SETTINGS_RIGHT);
    const at = now();
    const id = context.newId();
    await context
      .inTransaction(async (repo) => {
        const row: NamedRow = {
          id,
          project_id: projectId,
          name: body.name,
          sort_order: await repo.nextOrder(table, projectId),
          created_at: at,
          updated_at: at,
          ...(table === 'model_tags' ? { type: body.type ?? 'other' } : {}),
        };
        await repo.insertNamed(table, row);
      })
      .catch(conflictOn(DUPLICATE[table]));
    return (await repository.findNamed(table, id))!;
  }

  async function update(
    user: User,
    table: NamedTable,
    id: string,
    body: { name?: string; type?: ModelTagType },
  ): Promise<NamedRow> {
    await opened(user, table, id, SETTINGS_RIGHT);
    await repository
      .updateNamed(table, id, {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.type === undefined ? {} : { type: body.type }),
        updated_at: now(),
      })
      .catch(conflictOn(DUPLICATE[table]));
    return (await repository.findNamed(table, id))!;
  }

  /** Rewrites a JSON id list without one id. */
  const without = (json: string, id: string) => toJson(fromJson<string[]>(json, []).filter((x) => x !== id));

  async function removeTagEverywhere(repo: ViewsRepository, table: NamedTable, row: NamedRow) {
    if (table === 'model_tags') {
      for (const model of await repo.modelsWithTag(row.project_id, row.id)) {
        await repo.setModelTagIds(model.id, without(model.tag_ids, row.id));
      }
    }
    if (table === 'viewport_tags') {
      // The link rows go with the tag (foreign key cascade); the JSON list is rewritten here.
      for (const viewport of await repo.viewportsWithTag(row.id)) {
        await repo.setViewportTagIds(viewport.id, without(viewport.tag_ids, row.id));
      }
    }
  }

  return {
    async list(user: User, table: NamedTable, projectId: string): Promise<NamedRow[]> {
      await context.require(user, projectId, 'view');
      return repository.listNamed(table, projectId);
    },
    create,
    update,

    async remove(user: User, table: NamedTable, id: string): Promise<void> {
      const row = await opened(user, table, id, SETTINGS_RIGHT);
      await context.inTransaction(async (repo) => {
        await removeTagEverywhere(repo, table, row);
        await repo.deleteNamed(table, id);
      });
    },

    /**
     * A group is deleted when empty; with sets, `moveTo` (another group of the project, or 'none' for
     * ungrouped) moves them first, all in one transaction. A name clash in the target refuses it all (409).
     */
    async removeGroup(user: User, id: string, moveTo: string | undefined): Promise<void> {
      const row = await opened(user, 'selection_set_groups', id, SETTINGS_RIGHT);
      if (moveTo !== undefined && moveTo !== 'none') {
        const target = await repository.findNamed('selection_set_groups', moveTo);
        if (!target || target.project_id !== row.project_id || target.id === id) {
          throw invalid('models.unknownGroup', 'query.moveTo');
        }
      }
      const at = now();
      await context
        .inTransaction(async (repo) => {
          const count = await repo.countSetsInGroup(id);
          if (count > 0) {
            if (moveTo === undefined) throw new AppError(409, 'models.groupInUse', { params: { count } });
            await repo.moveSets(id, moveTo === 'none' ? null : moveTo, at);
          }
          await repo.deleteNamed('selection_set_groups', id);
        })
        .catch(conflictOn('models.selectionSetDuplicate'));
    },

    presentNamed: (row: NamedRow): NamedSetting => presentNamed(row),
    presentModelTag: (row: NamedRow): ModelTag => presentModelTag(row),

    async attributeDisplay(user: User, projectId: string): Promise<AttributeDisplay> {
      await context.require(user, projectId, 'view');
      return attributeDisplayOf(repository, projectId);
    },
    async saveAttributeDisplay(
      user: User,
      projectId: string,
      body: AttributeDisplay,
    ): Promise<AttributeDisplay> {
      await context.require(user, projectId, SETTINGS_RIGHT);
      await repository.saveAttributeDisplay(projectId, toJson(body), user._id, now());
      return attributeDisplayOf(repository, projectId);
    },
  };
}
export type ViewSettings = ReturnType<typeof createViewSettings>;

/** The project's saved display, or the default when never saved (or unreadable: then the default too). */
export async function attributeDisplayOf(
  repository: ViewsRepository,
  projectId: string,
): Promise<AttributeDisplay> {
  const text = await repository.attributeDisplay(projectId);
  if (text === undefined) return DEFAULT_ATTRIBUTE_DISPLAY;
  const parsed = attributeDisplaySchema.safeParse(fromJson<unknown>(text, {}));
  return parsed.success ? parsed.data : DEFAULT_ATTRIBUTE_DISPLAY;
}
