import { z } from 'zod';
import { idSchema } from '../common/ids';

/**
 * A workflow template's graph (spec 001 §3 "Workflow template", §4 "Workflow structure"; DESIGN.md §2b).
 * The one approval engine of the workbench runs instances of these graphs for forms now and for tasks,
 * plans, programmes and document reviews later: the shape lives here so the designer on the web and the
 * engine on the server read the same thing.
 *
 * Only the shape is checked by zod; the structure (one start, one end, reachability, branch rules) is
 * checked by `checkWorkflowGraph` (structure.ts), which names the node and the rule that fail.
 */

export const WORKFLOW_NODE_KINDS = ['start', 'approval', 'end'] as const;
export type WorkflowNodeKind = (typeof WORKFLOW_NODE_KINDS)[number];

/** all: every approver signs; any: the first one to sign decides; sequential: one after another in order. */
export const APPROVAL_MODES = ['all', 'any', 'sequential'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export const OPINION_KINDS = ['text', 'image', 'file', 'mail', 'signature'] as const;
export type OpinionKind = (typeof OPINION_KINDS)[number];

/** Whether an approver may, must or may not give an opinion of a kind when acting on a node. */
export const OPINION_SETTINGS = ['off', 'optional', 'required'] as const;
export type OpinionSetting = (typeof OPINION_SETTINGS)[number];

/** Field authorisation of a node: what its approvers see and may change of each form field. */
export const FIELD_ACCESS = ['hidden', 'readonly', 'editable', 'required'] as const;
export type FieldAccess = (typeof FIELD_ACCESS)[number];

export const WORKFLOW_NAME_MAX_LENGTH = 50;
export const WORKFLOW_DESCRIPTION_MAX_LENGTH = 500;
export const WORKFLOW_NODE_NAME_MAX_LENGTH = 30;
/** Spec 001 §4: every node needs inputs and outputs, "but not too many". */
export const WORKFLOW_MAX_INPUTS = 10;
export const WORKFLOW_MAX_OUTPUTS = 10;
export const WORKFLOW_MAX_NODES = 200;
export const WORKFLOW_MAX_APPROVERS = 100;
export const WORKFLOW_MAX_CONDITIONS = 20;
export const WORKFLOW_MAX_CONDITION_VALUES = 100;

/** A node id inside one graph (chosen by the designer, kept across versions so logs stay readable). */
export const nodeIdSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * Who approves a node (or is told of it): named members, everybody of a structure department, the holders of
 * a permission template, or whoever the initiator names when submitting.
 */
export const approverSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('members'), userIds: z.array(idSchema).min(1).max(WORKFLOW_MAX_APPROVERS) }),
  z.object({ kind: z.literal('department'), departmentId: idSchema }),
  z.object({ kind: z.literal('template'), templateId: idSchema }),
  z.object({ kind: z.literal('initiatorPicks') }),
]);
export type ApproverSource = z.infer<typeof approverSourceSchema>;

const opinionSettingsSchema = z.object(
  Object.fromEntries(OPINION_KINDS.map((kind) => [kind, z.enum(OPINION_SETTINGS)])) as Record<
    OpinionKind,
    z.ZodEnum<{ off: 'off'; optional: 'optional'; required: 'required' }>
  >,
);
export type OpinionSettings = z.infer<typeof opinionSettingsSchema>;

export const DEFAULT_OPINIONS: OpinionSettings = {
  text: 'optional',
  image: 'optional',
  file: 'optional',
  mail: 'off',
  signature: 'off',
};

export const nodePermissionsSchema = z.object({
  reject: z.boolean(),
  forward: z.boolean(),
  edit: z.boolean(),
  export: z.boolean(),
  close: z.boolean(),
});
export type NodePermissions = z.infer<typeof nodePermissionsSchema>;

const nodeBase = {
  id: nodeIdSchema,
  name: z.string().trim().min(1).max(WORKFLOW_NODE_NAME_MAX_LENGTH),
};

export const startNodeSchema = z.object({ ...nodeBase, kind: z.literal('start') });
export const endNodeSchema = z.object({ ...nodeBase, kind: z.literal('end') });

export const approvalNodeSchema = z.object({
  ...nodeBase,
  kind: z.literal('approval'),
  approvers: z.array(approverSourceSchema).max(WORKFLOW_MAX_APPROVERS),
  cc: z.array(approverSourceSchema).max(WORKFLOW_MAX_APPROVERS),
  keyNode: z.boolean(),
  mode: z.enum(APPROVAL_MODES),
  permissions: nodePermissionsSchema,
  opinions: opinionSettingsSchema,
  /** Several approvers of the node may edit the form's editable fields one after another. */
  multipleEdit: z.boolean(),
  /** Form field key → access on this node; a field not named keeps the template's default (read-only). */
  fieldAccess: z.record(z.string().min(1).max(64), z.enum(FIELD_ACCESS)),
  /** Hours the node may take before the instance counts as late (none: no deadline). */
  deadlineHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .nullable(),
});
export type ApprovalNode = z.infer<typeof approvalNodeSchema>;

export const workflowNodeSchema = z.discriminatedUnion('kind', [
  startNodeSchema,
  approvalNodeSchema,
  endNodeSchema,
]);
export type WorkflowNode = z.infer<typeof workflowNodeSchema>;

/**
 * A circulation condition over one form field. Several conditions on one edge must all hold.
 * - eq / ne / gt / gte / lt / lte: compare (numbers as numbers, anything else as text);
 * - in / notIn: the value (or, for a multiple choice, any of its values) is one of `values`;
 * - empty / notEmpty: nothing entered (null, '', an empty list);
 * - between: an amount range, `min` ≤ value ≤ `max`, either end open when null.
 */
export const CONDITION_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'notIn',
  'empty',
  'notEmpty',
  'between',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

const conditionValueSchema = z.union([z.string().max(200), z.number().finite(), z.boolean()]);

const fieldKeySchema = z.string().min(1).max(64);

export const edgeConditionSchema = z.discriminatedUnion('op', [
  z.object({
    field: fieldKeySchema,
    op: z.enum(['eq', 'ne', 'gt', 'gte', 'lt', 'lte']),
    value: conditionValueSchema,
  }),
  z.object({
    field: fieldKeySchema,
    op: z.enum(['in', 'notIn']),
    values: z.array(conditionValueSchema).min(1).max(WORKFLOW_MAX_CONDITION_VALUES),
  }),
  z.object({ field: fieldKeySchema, op: z.enum(['empty', 'notEmpty']) }),
  z.object({
    field: fieldKeySchema,
    op: z.literal('between'),
    min: z.number().finite().nullable(),
    max: z.number().finite().nullable(),
  }),
]);
export type EdgeCondition = z.infer<typeof edgeConditionSchema>;

/**
 * A directed edge. Out of one node: a single edge is taken unconditionally; several edges are branches,
 * tried in ascending `priority`, the first whose conditions all hold wins, and exactly one of them is the
 * default (no conditions), taken when no other holds.
 */
export const workflowEdgeSchema = z.object({
  id: nodeIdSchema,
  from: nodeIdSchema,
  to: nodeIdSchema,
  priority: z.number().int().min(0).max(1000),
  isDefault: z.boolean(),
  conditions: z.array(edgeConditionSchema).max(WORKFLOW_MAX_CONDITIONS),
});
export type WorkflowEdge = z.infer<typeof workflowEdgeSchema>;

export const workflowControlsSchema = z.object({
  /** Approvers may be changed on a running instance; a node may then have an empty approver list. */
  allowChangePersonnel: z.boolean(),
  /** The initiator may recall a submitted instance while no approver has acted on it. */
  allowRecall: z.boolean(),
  /** Participants see the workflow log. */
  showLog: z.boolean(),
});
export type WorkflowControls = z.infer<typeof workflowControlsSchema>;

export const workflowGraphSchema = z.object({
  nodes: z.array(workflowNodeSchema).min(1).max(WORKFLOW_MAX_NODES),
  edges: z.array(workflowEdgeSchema).max(WORKFLOW_MAX_NODES * WORKFLOW_MAX_OUTPUTS),
  controls: workflowControlsSchema,
});
export type WorkflowGraph = z.infer<typeof workflowGraphSchema>;
