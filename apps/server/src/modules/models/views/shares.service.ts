import { randomBytes } from 'node:crypto';
import type { User } from '@lintel/contracts/account';
import type {
  AttributeDisplay,
  ElementDiscipline,
  ElementShare,
  ElementShareListItem,
  ElementSharePage,
  ModelElement,
  PropertySet,
} from '@lintel/contracts/models';
import { fromJson } from '../../../db/json';
import { AppError } from '../../../plugins/app-error';
import { attributeDisplayOf } from './settings.service';
import type { ViewsContext } from './views.context';
import { presentShare, presentShareListItem } from './views.presenter';

/**
 * Making a QR code publishes an element's attributes to anyone holding the link: that is an export of the
 * model's data, so sharing and revoking need the model viewer's `export` right (admins always).
 */
const SHARE_RIGHT = 'export';

/** 24 random bytes, base64url (32 characters): unguessable, and URL-safe as it is. */
export const newShareToken = () => randomBytes(24).toString('base64url');

/** The element's basic attributes and property sets, as the project's attribute display allows. */
export function filterByDisplay(
  element: ModelElement,
  propertySets: readonly PropertySet[],
  display: AttributeDisplay,
): Pick<ElementSharePage, 'attributes' | 'propertySets'> {
  const attributes = display.basic.map((key) => ({ key, value: element[key] }));
  if (display.propertySets === null) return { attributes, propertySets: [...propertySets] };
  const shown: PropertySet[] = [];
  for (const wanted of display.propertySets) {
    const set = propertySets.find((candidate) => candidate.name === wanted.name);
    if (!set) continue;
    const properties =
      wanted.properties === null
        ? set.properties
        : wanted.properties.flatMap((name) => set.properties.filter((p) => p.name === name));
    shown.push({ name: set.name, properties });
  }
  return { attributes, propertySets: shown };
}

/**
 * Component QR codes (spec 001 §2 "entity QR code", "share page of a component"): one share per element
 * (asking again answers the same token), a list per project, revocation, and the public page: project and
 * model names, the element's attributes and property sets filtered by the attribute display, and its open
 * topics. The page names no member (no phone, no user id).
 */
export function createShares(context: ViewsContext) {
  const { repository } = context;

  return {
    async share(user: User, modelId: string, globalId: string): Promise<ElementShare> {
      const model = await repository.findModel(modelId);
      if (!model || model.deleted_at !== null) throw new AppError(404, 'common.notFound');
      await context.require(user, model.project_id, SHARE_RIGHT);
      if (!(await repository.elementOf(modelId, globalId))) throw new AppError(404, 'models.elementNotFound');
      const existing = await repository.findShareOf(modelId, globalId);
      if (existing) return presentShare(existing);
      await repository.insertShare({
        token: newShareToken(),
        project_id: model.project_id,
        model_id: modelId,
        global_id: globalId,
        created_by: user._id,
        created_at: context.now(),
      });
      // Two requests at once: the one that lost the insert reads the winner's token.
      return presentShare((await repository.findShareOf(modelId, globalId))!);
    },

    /** The tokens are the shares themselves: listed only to those who may make and revoke them. */
    async list(user: User, projectId: string): Promise<ElementShareListItem[]> {
      await context.require(user, projectId, SHARE_RIGHT);
      return (await repository.listShares(projectId)).map(presentShareListItem);
    },

    async revoke(user: User, token: string): Promise<void> {
      const share = await repository.findShare(token);
      if (!share) throw new AppError(404, 'models.shareNotFound');
      await context.require(user, share.project_id, SHARE_RIGHT);
      await repository.deleteShare(token);
    },

    /** The public page (no session). */
    async page(token: string): Promise<ElementSharePage> {
      const share = await repository.findShare(token);
      if (!share) throw new AppError(404, 'models.shareNotFound');
      const model = await repository.findModel(share.model_id);
      if (!model) throw new AppError(404, 'models.shareNotFound');
      if (model.deleted_at !== null) throw new AppError(410, 'models.deleted');
      const row = await repository.elementOf(share.model_id, share.global_id);
      if (!row) throw new AppError(404, 'models.elementNotFound');
      const element: ModelElement = {
        globalId: row.global_id,
        localId: Number(row.local_id),
        ifcClass: row.ifc_class,
        name: row.name,
        type: row.type,
        storey: row.storey,
        discipline: row.discipline as ElementDiscipline,
      };
      const display = await attributeDisplayOf(repository, share.project_id);
      const topics = await repository.openTopicsOf(share.project_id, share.model_id, share.global_id);
      return {
        projectName: (await repository.projectName(share.project_id)) ?? '',
        modelName: model.name,
        element,
        ...filterByDisplay(element, fromJson<PropertySet[]>(row.property_sets, []), display),
        openTopics: topics.map((topic) => ({
          number: Number(topic.number),
          name: topic.name,
          status: topic.status,
          deadline: topic.deadline,
        })),
      };
    },
  };
}
export type Shares = ReturnType<typeof createShares>;
