import type {
  Camera,
  ElementShare,
  ElementShareListItem,
  ModelElementsRef,
  ModelTag,
  ModelTagType,
  NamedSetting,
  SelectionSet,
  Viewport,
} from '@lintel/contracts/models';
import { fromJson } from '../../../db/json';
import type { NamedRow, SelectionSetRow, ShareRow, ViewportRow } from './views.repository';

/** Row → answer, field by field, so that no column leaks. */

/** The web page of a component's share (contracts elementShareSchema.path). */
export const sharePath = (token: string) => `/share/element/${token}`;

export function presentNamed(row: NamedRow): NamedSetting {
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    order: Number(row.sort_order),
    createdAt: row.created_at,
  };
}

export function presentModelTag(row: NamedRow): ModelTag {
  return { ...presentNamed(row), type: (row.type ?? 'other') as ModelTagType };
}

type Vector3 = [number, number, number];

export function presentViewport(row: ViewportRow, missing: ReadonlySet<string>): Viewport {
  const modelIds = fromJson<string[]>(row.model_ids, []);
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    remark: row.remark,
    modelIds,
    camera: fromJson<Camera>(row.camera, {
      projection: 'perspective',
      position: [0, 0, 0],
      target: [0, 0, 0],
      zoom: 1,
    }),
    clippingPlanes: fromJson<Array<{ normal: Vector3; point: Vector3 }>>(row.clipping_planes, []),
    sectionBox: fromJson<{ min: Vector3; max: Vector3 } | null>(row.section_box, null),
    hidden: fromJson<ModelElementsRef[]>(row.hidden, []),
    isolated: fromJson<ModelElementsRef[] | null>(row.isolated, null),
    tagIds: fromJson<string[]>(row.tag_ids, []),
    thumbnailFileId: row.thumbnail_file_id,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    missingModelIds: modelIds.filter((id) => missing.has(id)),
  };
}

export function presentSelectionSet(
  row: SelectionSetRow,
  missing: ReadonlySet<string>,
  missingCount?: number,
): SelectionSet {
  const items = fromJson<ModelElementsRef[]>(row.items, []);
  return {
    _id: row.id,
    projectId: row.project_id,
    groupId: row.group_id,
    name: row.name,
    remark: row.remark,
    items,
    elementCount: Number(row.element_count),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    missingModelIds: items.map((item) => item.modelId).filter((id) => missing.has(id)),
    ...(missingCount === undefined ? {} : { missingCount }),
  };
}

export function presentShare(
  row: Pick<ShareRow, 'token' | 'model_id' | 'global_id' | 'created_at'>,
): ElementShare {
  return {
    token: row.token,
    path: sharePath(row.token),
    modelId: row.model_id,
    globalId: row.global_id,
    createdAt: row.created_at,
  };
}

export function presentShareListItem(row: {
  token: string;
  model_id: string;
  global_id: string;
  created_by: string;
  created_at: string;
  model_name: string;
  model_deleted_at: string | null;
  element_name: string | null;
  ifc_class: string | null;
}): ElementShareListItem {
  return {
    ...presentShare(row),
    modelName: row.model_name,
    elementName: row.element_name,
    ifcClass: row.ifc_class,
    modelDeleted: row.model_deleted_at !== null,
    createdBy: row.created_by,
  };
}
