import type {
  WorkflowGraph,
  WorkflowGroup,
  WorkflowTemplate,
  WorkflowTemplateStatus,
  WorkflowVersion,
  WorkflowVersionSummary,
} from '@lintel/contracts/workflow';
import { fromJson } from '../../db/json';
import type { GroupRow, TemplateRow, VersionRow } from './workflow.repository';

/** Row → answer, field by field, so that no column leaks. */
export function presentGroup(row: GroupRow, templateCount: number): WorkflowGroup {
  return {
    _id: row.id,
    projectId: row.project_id,
    parentId: row.parent_id,
    name: row.name,
    templateCount,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentVersionSummary(row: Omit<VersionRow, 'graph'>): WorkflowVersionSummary {
  return {
    templateId: row.template_id,
    version: row.version,
    name: row.name,
    publishedBy: row.published_by,
    publishedAt: row.published_at,
  };
}

export function presentVersion(row: VersionRow): WorkflowVersion {
  return { ...presentVersionSummary(row), graph: fromJson<WorkflowGraph>(row.graph, emptyGraph()) };
}

function emptyGraph(): WorkflowGraph {
  return {
    nodes: [],
    edges: [],
    controls: { allowChangePersonnel: false, allowRecall: false, showLog: false },
  };
}

/**
 * A template. `detail`: the draft graph (administrators) and/or the published version (GET one); lists
 * answer neither.
 */
export function presentTemplate(
  row: TemplateRow,
  detail: { draft?: boolean; published?: VersionRow | null } = {},
): WorkflowTemplate {
  return {
    _id: row.id,
    projectId: row.project_id,
    groupId: row.group_id,
    name: row.name,
    description: row.description,
    status: row.status as WorkflowTemplateStatus,
    revision: row.revision,
    publishedVersion: row.published_version > 0 ? row.published_version : null,
    hasUnpublishedChanges: row.draft_changed === 1,
    ...(detail.draft ? { graph: fromJson<WorkflowGraph>(row.graph, emptyGraph()) } : {}),
    ...(detail.published !== undefined
      ? { published: detail.published ? presentVersion(detail.published) : null }
      : {}),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
