import type {
  FormDetail,
  FormField,
  FormFieldAccess,
  FormGroup,
  FormListItem,
  FormState,
  FormTemplate,
  FormTemplateKind,
  FormTemplateScope,
  FormTemplateStatus,
  FormTemplateSummary,
} from '@lintel/contracts/forms';
import { workflowDelayBand, workflowDelayDays } from '@lintel/contracts/workflow';
import { fromJson } from '../../db/json';
import type { FormGroupRow, FormRow, FormTemplateRow } from './forms.repository';
import { accessFor, actionsFor, NO_NODE_RULES, type NodeRules, type Viewer } from './forms.rules';

/** Row → answer, field by field, so that no column leaks. */
export function presentGroup(row: FormGroupRow, templateCount: number): FormGroup {
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

export function presentTemplateSummary(row: FormTemplateRow): FormTemplateSummary {
  return {
    _id: row.id,
    projectId: row.project_id,
    groupId: row.group_id,
    name: row.name,
    description: row.description,
    kind: row.kind as FormTemplateKind,
    scope: row.scope as FormTemplateScope,
    status: row.status as FormTemplateStatus,
    workflowTemplateId: row.workflow_template_id,
    revision: row.revision,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentTemplate(row: FormTemplateRow): FormTemplate {
  return {
    ...presentTemplateSummary(row),
    fields: fromJson<FormField[]>(row.fields, []),
    settlers: fromJson<string[]>(row.settlers, []),
    fieldAccess: fromJson<FormFieldAccess>(row.field_access, {}),
  };
}

export interface TemplateInfo {
  name: string;
  groupId: string | null;
  scope: string;
}

export function presentListItem(
  row: FormRow,
  template: TemplateInfo,
  handlers: readonly string[],
  now: Date,
): FormListItem {
  const delayDays = row.state === 'processing' ? workflowDelayDays(row.due_at, now, row.finished_at) : 0;
  return {
    _id: row.id,
    projectId: row.project_id,
    templateId: row.template_id,
    templateName: template.name,
    groupId: template.groupId,
    name: row.name,
    kind: row.kind as FormTemplateKind,
    scope: template.scope as FormTemplateScope,
    state: row.state as FormState,
    initiatorId: row.initiator_id,
    currentNode:
      row.state === 'processing' && row.current_node_id
        ? { id: row.current_node_id, name: row.current_node_name ?? '' }
        : null,
    handlers: [...handlers],
    delayDays,
    delayBand: workflowDelayBand(delayDays),
    revision: row.revision,
    submittedAt: row.submitted_at,
    finishedAt: row.finished_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The detail for one viewer: the fields and values they may see (hidden ones left out), their access per
 * field and the actions they may take.
 */
export function presentDetail(
  row: FormRow,
  template: TemplateInfo,
  handlers: readonly string[],
  viewer: Viewer,
  instance: FormDetail['instance'],
  now: Date,
): FormDetail {
  const state = row.state as FormState;
  const fields = fromJson<FormField[]>(row.fields, []);
  const nodeAccess = row.current_node_id
    ? (fromJson<FormFieldAccess>(row.field_access, {})[row.current_node_id] ?? {})
    : null;
  const access = accessFor(fields, state, viewer, nodeAccess);
  const stored = fromJson<Record<string, unknown>>(row.form_values, {});
  const visible = fields.filter((field) => access[field.key] !== 'hidden');
  const values: Record<string, unknown> = {};
  const shownAccess: FormDetail['access'] = {};
  for (const field of visible) {
    shownAccess[field.key] = access[field.key]!;
    if (Object.hasOwn(stored, field.key)) values[field.key] = stored[field.key];
  }
  const rules = fromJson<NodeRules>(row.node_rules, NO_NODE_RULES);
  return {
    ...presentListItem(row, template, handlers, now),
    fields: visible,
    values,
    access: shownAccess,
    actions: actionsFor(state, viewer, rules, row.current_node_id, row.instance_id !== null),
    settlers: fromJson<string[]>(row.settlers, []),
    settledBy: row.settled_by,
    settledAt: row.settled_at,
    instance,
  };
}
