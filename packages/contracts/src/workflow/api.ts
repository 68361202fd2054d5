import { z } from 'zod';
import { idSchema } from '../common/ids';
import { DEFAULT_PAGE_SIZE, MAX_LIMIT } from '../common/paging';
import {
  DEFAULT_OPINIONS,
  WORKFLOW_DESCRIPTION_MAX_LENGTH,
  WORKFLOW_NAME_MAX_LENGTH,
  type WorkflowGraph,
  workflowGraphSchema,
} from './schemas';
import type { WorkflowStructureProblem } from './structure';

/**
 * The workflow-service API of workflow groups and templates (issue 18): what the server answers and takes,
 * shared with the web's template list and designer.
 */

/** Groups nest at most two levels: a top-level group and its subgroups. */
export const WORKFLOW_GROUP_MAX_DEPTH = 2;
export const WORKFLOW_GROUP_NAME_MAX_LENGTH = 30;

export const WORKFLOW_TEMPLATE_STATUSES = ['enabled', 'disabled'] as const;
export type WorkflowTemplateStatus = (typeof WORKFLOW_TEMPLATE_STATUSES)[number];

// ── groups ──────────────────────────────────────────────────────────────────────────────────────────────

export const workflowGroupSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  /** null: a top-level group. */
  parentId: idSchema.nullable(),
  name: z.string(),
  /** Templates directly in this group (not its subgroups'). */
  templateCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkflowGroup = z.infer<typeof workflowGroupSchema>;

const groupName = z.string().trim().min(1).max(WORKFLOW_GROUP_NAME_MAX_LENGTH);

/** POST workflow-service/projects/{id}/workflow-groups; names are unique among siblings (409). */
export const workflowGroupCreateSchema = z.strictObject({
  name: groupName,
  parentId: idSchema.nullable().default(null),
});
export type WorkflowGroupCreate = z.input<typeof workflowGroupCreateSchema>;

/** PUT workflow-service/workflow-groups/{id}: rename and/or move (a group with subgroups stays on top). */
export const workflowGroupUpdateSchema = z
  .strictObject({ name: groupName.optional(), parentId: idSchema.nullable().optional() })
  .refine((value) => Object.keys(value).length > 0, 'validation.emptyUpdate');
export type WorkflowGroupUpdate = z.input<typeof workflowGroupUpdateSchema>;

/**
 * DELETE workflow-service/workflow-groups/{id}?confirm=<templates>: a group holding subgroups or templates
 * is deleted with them only when `confirm` equals the number of templates the server counts (in the group
 * and its subgroups); otherwise 409 `workflow.groupDeleteConfirm` with the counts, for the confirmation.
 */
export const workflowGroupDeleteQuerySchema = z.strictObject({
  confirm: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional(),
});
export const workflowGroupCountsSchema = z.object({
  subgroups: z.number().int().min(0),
  templates: z.number().int().min(0),
});
export type WorkflowGroupCounts = z.infer<typeof workflowGroupCountsSchema>;

// ── templates ───────────────────────────────────────────────────────────────────────────────────────────

/** A published version: frozen, never changed; a running instance keeps the version it started with. */
export const workflowVersionSchema = z.object({
  templateId: idSchema,
  version: z.number().int().min(1),
  /** The template's name when the version was published. */
  name: z.string(),
  graph: workflowGraphSchema,
  publishedBy: idSchema.nullable(),
  publishedAt: z.string(),
});
export type WorkflowVersion = z.infer<typeof workflowVersionSchema>;

export const workflowVersionSummarySchema = workflowVersionSchema.omit({ graph: true });
export type WorkflowVersionSummary = z.infer<typeof workflowVersionSummarySchema>;

export const workflowTemplateSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  groupId: idSchema.nullable(),
  name: z.string(),
  description: z.string(),
  status: z.enum(WORKFLOW_TEMPLATE_STATUSES),
  /** Grows with every change of name, group, description or draft: a PUT sends the one it read. */
  revision: z.number().int().min(1),
  /** The latest published version; null: never published. */
  publishedVersion: z.number().int().min(1).nullable(),
  /** The draft has changes not yet published (or was never published). */
  hasUnpublishedChanges: z.boolean(),
  /** The draft graph, freely edited: administrators only (GET one; lists leave it out). */
  graph: workflowGraphSchema.optional(),
  /** GET one: the latest published version (members read only this). */
  published: workflowVersionSchema.nullable().optional(),
  createdBy: idSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkflowTemplate = z.infer<typeof workflowTemplateSchema>;

const templateName = z.string().trim().min(1).max(WORKFLOW_NAME_MAX_LENGTH);
const templateDescription = z.string().trim().max(WORKFLOW_DESCRIPTION_MAX_LENGTH);

/** POST workflow-service/projects/{id}/workflow-templates. Without a graph the draft is start → approval → end. */
export const workflowTemplateCreateSchema = z.strictObject({
  name: templateName,
  groupId: idSchema.nullable().default(null),
  description: templateDescription.default(''),
  status: z.enum(WORKFLOW_TEMPLATE_STATUSES).default('enabled'),
  graph: workflowGraphSchema.optional(),
});
export type WorkflowTemplateCreate = z.input<typeof workflowTemplateCreateSchema>;

/** PUT workflow-service/workflow-templates/{id}: `revision` as read; a stale one is 409 with the current. */
export const workflowTemplateUpdateSchema = z.strictObject({
  revision: z.number().int().min(1),
  name: templateName.optional(),
  groupId: idSchema.nullable().optional(),
  description: templateDescription.optional(),
  graph: workflowGraphSchema.optional(),
});
export type WorkflowTemplateUpdate = z.input<typeof workflowTemplateUpdateSchema>;

export const workflowTemplateStatusSchema = z.strictObject({ status: z.enum(WORKFLOW_TEMPLATE_STATUSES) });

/** POST workflow-templates/{id}/copy: the copy's name (default: the source's with a copy suffix). */
export const workflowTemplateCopySchema = z.strictObject({ name: templateName.optional() }).nullish();

/** POST workflow-templates/{id}/publish: `revision` (optional) refuses to publish a draft changed since read. */
export const workflowTemplatePublishSchema = z
  .strictObject({ revision: z.number().int().min(1).optional() })
  .nullish();

const queryInteger = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);

/**
 * GET workflow-service/projects/{id}/workflow-templates: `groupId` (that group's templates; `none`: those
 * without a group), `status`, `name` (a plain substring, case-insensitive), skip/limit, only_count.
 * Members see the enabled, published templates only.
 */
export const workflowTemplatesQuerySchema = z.strictObject({
  groupId: z.union([idSchema, z.literal('none')]).optional(),
  status: z.enum(WORKFLOW_TEMPLATE_STATUSES).optional(),
  name: z.string().trim().max(64).optional(),
  skip: queryInteger.optional().transform((v) => v ?? 0),
  limit: queryInteger
    .optional()
    .transform((v) => v ?? DEFAULT_PAGE_SIZE)
    .pipe(z.number().int().min(1).max(MAX_LIMIT)),
  only_count: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

/** A stale PUT: the 409 answer carries the template as it is now. */
export const workflowStaleAnswerSchema = z.object({
  code: z.number().int(),
  key: z.string(),
  message: z.string(),
  current: workflowTemplateSchema,
});

// ── helpers shared by the designer and the server ──────────────────────────────────────────────────────

/** The draft of a new template: start → one approval node (the initiator picks) → end. */
export function defaultWorkflowGraph(names: { start: string; approval: string; end: string }): WorkflowGraph {
  return {
    nodes: [
      { id: 'start', kind: 'start', name: names.start },
      {
        id: 'approval-1',
        kind: 'approval',
        name: names.approval,
        approvers: [{ kind: 'initiatorPicks' }],
        cc: [],
        keyNode: false,
        mode: 'any',
        permissions: { reject: true, forward: true, edit: false, export: false, close: false },
        opinions: { ...DEFAULT_OPINIONS },
        multipleEdit: false,
        fieldAccess: {},
        deadlineHours: null,
      },
      { id: 'end', kind: 'end', name: names.end },
    ],
    edges: [
      { id: 'e-start', from: 'start', to: 'approval-1', priority: 0, isDefault: false, conditions: [] },
      { id: 'e-end', from: 'approval-1', to: 'end', priority: 0, isDefault: false, conditions: [] },
    ],
    controls: { allowChangePersonnel: false, allowRecall: true, showLog: true },
  };
}

/**
 * Where a structure problem is shown, as the `path` of the error detail the server answers: `nodes.<id>`,
 * `edges.<id>`, or `graph` for whole-graph rules. `workflowProblemTarget` reads it back on the web.
 */
export function workflowProblemPath(problem: Pick<WorkflowStructureProblem, 'nodeId' | 'edgeId'>): string {
  if (problem.nodeId !== undefined) return `nodes.${problem.nodeId}`;
  if (problem.edgeId !== undefined) return `edges.${problem.edgeId}`;
  return 'graph';
}

export function workflowProblemTarget(path: string): { nodeId?: string; edgeId?: string } {
  if (path.startsWith('nodes.')) return { nodeId: path.slice('nodes.'.length) };
  if (path.startsWith('edges.')) return { edgeId: path.slice('edges.'.length) };
  return {};
}
