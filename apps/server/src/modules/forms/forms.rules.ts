import { defaultAccess, type FormField, type FormFieldAccess, type FormState } from '@lintel/contracts/forms';
import type { FieldAccess, WorkflowGraph } from '@lintel/contracts/workflow';

/**
 * The pure rules of form-service: what a caller sees of a form's fields and which actions the detail
 * offers. The engine decides again on every action; these only shape the answer.
 */

/** What each node of the pinned workflow version allows, copied at submit (the engine keeps the graph). */
export interface NodeRules {
  nodes: Record<string, { reject: boolean; forward: boolean; close: boolean }>;
  allowRecall: boolean;
  showLog: boolean;
}

export const NO_NODE_RULES: NodeRules = { nodes: {}, allowRecall: false, showLog: true };

export function nodeRulesOf(graph: WorkflowGraph): NodeRules {
  const nodes: NodeRules['nodes'] = {};
  for (const node of graph.nodes) {
    if (node.kind !== 'approval') continue;
    const { reject, forward, close } = node.permissions;
    nodes[node.id] = { reject, forward, close };
  }
  return { nodes, allowRecall: graph.controls.allowRecall, showLog: graph.controls.showLog };
}

/**
 * The field access per approval node: the form template's own authorisation over the workflow node's (the
 * form designer is where an administrator sees the fields), per field.
 */
export function effectiveFieldAccess(graph: WorkflowGraph | null, own: FormFieldAccess): FormFieldAccess {
  const merged: FormFieldAccess = {};
  for (const node of graph?.nodes ?? []) {
    if (node.kind === 'approval') merged[node.id] = { ...node.fieldAccess, ...(own[node.id] ?? {}) };
  }
  return merged;
}

export interface Viewer {
  userId: string;
  admin: boolean;
  initiator: boolean;
  handler: boolean;
  settler: boolean;
}

/** States in which the initiator edits the form. */
export const EDITABLE_STATES: ReadonlySet<FormState> = new Set(['init', 'recall', 'reject']);

/**
 * Per field, what the viewer may do now. The initiator editing: the template's own access. A current
 * handler: the node's authorisation, read-only where it says nothing. Everyone else reads, without the
 * fields the template hides from the initiator (administrators see everything).
 */
export function accessFor(
  fields: readonly FormField[],
  state: FormState,
  viewer: Viewer,
  nodeAccess: Readonly<Record<string, FieldAccess>> | null,
): Record<string, FieldAccess> {
  const access: Record<string, FieldAccess> = {};
  for (const field of fields) {
    const own = defaultAccess(field);
    if (viewer.initiator && EDITABLE_STATES.has(state)) access[field.key] = own;
    else if (viewer.handler && state === 'processing' && nodeAccess) {
      access[field.key] = nodeAccess[field.key] ?? (own === 'hidden' ? 'hidden' : 'readonly');
    } else access[field.key] = own === 'hidden' && !viewer.admin ? 'hidden' : 'readonly';
  }
  return access;
}

export type OfferedAction =
  | 'edit'
  | 'submit'
  | 'delete'
  | 'pass'
  | 'reject'
  | 'forward'
  | 'addSigner'
  | 'recall'
  | 'resubmit'
  | 'comment'
  | 'urge'
  | 'close'
  | 'settle';

/** The actions the detail offers the viewer (the engine and the service check each again). */
export function actionsFor(
  state: FormState,
  viewer: Viewer,
  rules: NodeRules,
  currentNode: string | null,
  hasWorkflow: boolean,
): OfferedAction[] {
  const actions: OfferedAction[] = [];
  const node = currentNode ? rules.nodes[currentNode] : undefined;
  if (state === 'init') {
    if (viewer.initiator) actions.push('edit', 'submit', 'delete');
    else if (viewer.admin) actions.push('delete');
    return actions;
  }
  if (viewer.initiator && (state === 'recall' || state === 'reject'))
    actions.push('edit', 'resubmit', 'close');
  if (state === 'processing') {
    if (viewer.handler) {
      actions.push('pass', 'addSigner');
      if (node?.reject) actions.push('reject');
      if (node?.forward) actions.push('forward');
      if (node?.close && !viewer.initiator) actions.push('close');
    }
    if (viewer.initiator) {
      if (rules.allowRecall) actions.push('recall');
      actions.push('urge', 'close');
    }
  }
  if ((state === 'completed' || state === 'executed') && viewer.settler) actions.push('settle');
  if (hasWorkflow) actions.push('comment');
  if (viewer.admin) actions.push('delete');
  return [...new Set(actions)];
}
