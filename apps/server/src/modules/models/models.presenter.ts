import type { Language } from '@lintel/contracts';
import type {
  CategoryCount,
  ConversionError,
  ElementDiscipline,
  Model,
  ModelElement,
  ModelElementDetail,
  ModelStatus,
  ModelVersion,
  PropertySet,
} from '@lintel/contracts/models';
import { fromJson } from '../../db/json';
import { translate } from '../../plugins/messages';
import type { ElementRow, ListedElementRow, ModelRow, VersionRow } from './models.repository';

/** A failed version's reason in the reader's language; the parser's words stay as they were. */
export function presentError(row: VersionRow, language: Language): ConversionError | null {
  if (row.status !== 'failed' || !row.error_key) return null;
  return {
    key: row.error_key,
    message: translate(language, row.error_key),
    ...(row.error_detail ? { detail: row.error_detail } : {}),
  };
}

export function presentVersion(row: VersionRow, language: Language): ModelVersion {
  return {
    _id: row.id,
    modelId: row.model_id,
    number: row.number,
    fileName: row.file_name,
    size: Number(row.size),
    status: row.status as ModelStatus,
    progress: row.progress,
    error: presentError(row, language),
    schema: row.schema,
    elementCount: row.element_count,
    fragmentsSize: row.fragments_size === null ? null : Number(row.fragments_size),
    conversionMs: row.conversion_ms,
    createdBy: row.created_by,
    createdAt: row.created_at,
    convertedAt: row.converted_at,
  };
}

export function presentModel(row: ModelRow, current: VersionRow, language: Language): Model {
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    remark: row.remark,
    tagIds: fromJson<string[]>(row.tag_ids, []),
    currentVersion: presentVersion(current, language),
    versionCount: row.version_count,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentElement(row: ListedElementRow): ModelElement {
  return {
    globalId: row.global_id,
    localId: row.local_id,
    ifcClass: row.ifc_class,
    name: row.name,
    type: row.type,
    storey: row.storey,
    discipline: row.discipline as ElementDiscipline,
  };
}

export function presentElementDetail(row: ElementRow, modelId: string): ModelElementDetail {
  return {
    ...presentElement(row),
    modelId,
    versionId: row.version_id,
    propertySets: fromJson<PropertySet[]>(row.property_sets, []),
  };
}

export function presentCategory(row: {
  ifc_class: string;
  discipline: string;
  count: number;
}): CategoryCount {
  return {
    ifcClass: row.ifc_class,
    discipline: row.discipline as ElementDiscipline,
    count: Number(row.count),
  };
}
