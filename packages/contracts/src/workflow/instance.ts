import { z } from 'zod';
import { idSchema } from '../common/ids';
import { TOPIC_DELAY_BUCKETS, type TopicDelayBucket } from '../topics/options';
import { topicDelayBucket } from '../topics/rules';
import { APPROVAL_MODES, nodeIdSchema, WORKFLOW_NODE_KINDS } from './schemas';

/**
 * A running workflow instance (issue 18, the engine): its states, the actions on it and its delay. The
 * engine runs on the server; the web reads these to show the action bar, the log and the chart.
 */

/** Engine states; a module maps them onto its own (a form's "init" is a draft the engine never sees). */
export const WORKFLOW_INSTANCE_STATES = ['processing', 'reject', 'recall', 'completed', 'closed'] as const;
export type WorkflowInstanceState = (typeof WORKFLOW_INSTANCE_STATES)[number];

export const WORKFLOW_OPINION_TEXT_MAX_LENGTH = 2000;
export const WORKFLOW_OPINION_MAX_FILES = 20;

/** What an approver gives with an action: each part checked against the node's opinion settings. */
export const workflowOpinionSchema = z.strictObject({
  text: z.string().trim().max(WORKFLOW_OPINION_TEXT_MAX_LENGTH).optional(),
  imageIds: z.array(idSchema).max(WORKFLOW_OPINION_MAX_FILES).optional(),
  fileIds: z.array(idSchema).max(WORKFLOW_OPINION_MAX_FILES).optional(),
  /** Mail addresses the opinion is sent to. */
  mail: z.array(z.email().max(254)).max(WORKFLOW_OPINION_MAX_FILES).optional(),
  signatureFileId: idSchema.optional(),
});
export type WorkflowOpinion = z.infer<typeof workflowOpinionSchema>;

const picksSchema = z.record(nodeIdSchema, z.array(idSchema).max(100));

/**
 * An action on an instance. `revision`: the instance as the actor saw it; when given and stale, 409 with
 * the current instance (without it, a decision someone else took first is also a 409).
 */
export const workflowActionSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('pass'),
    opinion: workflowOpinionSchema.optional(),
    pickedApprovers: picksSchema.optional(),
    revision: z.number().int().optional(),
  }),
  z.strictObject({
    action: z.literal('reject'),
    /** 'start' (to the initiator), 'previous' or an earlier node id of the instance's route. */
    target: z.union([z.literal('start'), z.literal('previous'), nodeIdSchema]),
    opinion: workflowOpinionSchema.optional(),
    revision: z.number().int().optional(),
  }),
  z.strictObject({
    action: z.literal('forward'),
    userId: idSchema,
    opinion: workflowOpinionSchema.optional(),
    revision: z.number().int().optional(),
  }),
  z.strictObject({
    action: z.literal('addSigner'),
    userId: idSchema,
    position: z.enum(['before', 'after']),
    opinion: workflowOpinionSchema.optional(),
    revision: z.number().int().optional(),
  }),
  z.strictObject({ action: z.literal('recall'), revision: z.number().int().optional() }),
  z.strictObject({
    action: z.literal('resubmit'),
    values: z.record(z.string(), z.unknown()).optional(),
    pickedApprovers: picksSchema.optional(),
    revision: z.number().int().optional(),
  }),
  z.strictObject({ action: z.literal('comment'), opinion: workflowOpinionSchema }),
  z.strictObject({ action: z.literal('urge') }),
  z.strictObject({
    action: z.literal('close'),
    opinion: workflowOpinionSchema.optional(),
    revision: z.number().int().optional(),
  }),
]);
export type WorkflowAction = z.infer<typeof workflowActionSchema>;
export type WorkflowActionName = WorkflowAction['action'];

export const WORKFLOW_LOG_ACTIONS = [
  'submit',
  'pass',
  'reject',
  'forward',
  'addSigner',
  'recall',
  'resubmit',
  'comment',
  'urge',
  'close',
  'complete',
] as const;
export type WorkflowLogAction = (typeof WORKFLOW_LOG_ACTIONS)[number];

/** At most one reminder per instance in this window (spec: "urge, at most once an hour"). */
export const WORKFLOW_URGE_INTERVAL_MS = 3_600_000;

/** The delay bands of spec 001 §4 (on schedule, 1–7, 8–30, over 30 days): the topics' buckets, shared. */
export const WORKFLOW_DELAY_BANDS = TOPIC_DELAY_BUCKETS;
export type WorkflowDelayBand = TopicDelayBucket;

/**
 * How late the current node is, in days begun: a node due in hours is one day late from its first late
 * minute (spec 001 §4 "1-7 days" is the first band of lateness), 0 without a deadline or before it. A
 * finished instance's delay is frozen at its finish.
 */
export function workflowDelayDays(dueAt: string | null, now: Date, finishedAt: string | null = null): number {
  if (!dueAt) return 0;
  const late = new Date(finishedAt ?? now).getTime() - new Date(dueAt).getTime();
  return late <= 0 ? 0 : Math.ceil(late / 86_400_000);
}

export function workflowDelayBand(days: number): WorkflowDelayBand {
  return topicDelayBucket(days);
}

// ── what the engine answers (the owning modules' routes use these as response schemas) ──

export const workflowApproverSchema = z.object({
  userId: idSchema,
  position: z.number().int(),
  /** null while waiting; pass | reject; forwarded | removed for people who no longer count. */
  decision: z.enum(['pass', 'reject', 'forwarded', 'removed']).nullable(),
  decidedAt: z.string().nullable(),
  /** null: resolved at node entry; forward | signBefore | signAfter: who put them there. */
  addedBy: z.enum(['forward', 'signBefore', 'signAfter']).nullable(),
});
export type WorkflowApprover = z.infer<typeof workflowApproverSchema>;

export const workflowInstanceSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  templateId: idSchema,
  templateVersion: z.number().int(),
  subject: z.object({ module: z.string(), id: z.string(), title: z.string() }),
  initiatorId: idSchema,
  state: z.enum(WORKFLOW_INSTANCE_STATES),
  currentNode: z.object({ id: nodeIdSchema, name: z.string(), kind: z.enum(WORKFLOW_NODE_KINDS) }).nullable(),
  mode: z.enum(APPROVAL_MODES).nullable(),
  round: z.number().int(),
  /** Send it back with an action: a stale one is refused (409 with the current instance). */
  revision: z.number().int(),
  handlers: z.array(idSchema),
  approvers: z.array(workflowApproverSchema),
  /** The node ids passed since the last submit, the current one last (reject targets are among them). */
  route: z.array(nodeIdSchema),
  dueAt: z.string().nullable(),
  delayDays: z.number().int(),
  delayBand: z.enum(WORKFLOW_DELAY_BANDS),
  submittedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the initiator may urge again (null: now). */
  nextUrgeAt: z.string().nullable(),
});
export type WorkflowInstance = z.infer<typeof workflowInstanceSchema>;

export const workflowLogEntrySchema = z.object({
  _id: idSchema,
  seq: z.number().int(),
  /** null for the engine itself (complete). */
  actorId: idSchema.nullable(),
  action: z.enum(WORKFLOW_LOG_ACTIONS),
  nodeId: nodeIdSchema.nullable(),
  nodeName: z.string().nullable(),
  round: z.number().int(),
  opinion: workflowOpinionSchema,
  targetNode: nodeIdSchema.nullable(),
  targetUser: idSchema.nullable(),
  at: z.string(),
});
export type WorkflowLogEntry = z.infer<typeof workflowLogEntrySchema>;

export const workflowChartSchema = z.object({
  nodes: z.array(
    z.object({
      id: nodeIdSchema,
      name: z.string(),
      kind: z.enum(WORKFLOW_NODE_KINDS),
      /** done: passed on this submission's route; current; ahead: where the values lead; off: elsewhere. */
      state: z.enum(['done', 'current', 'ahead', 'off']),
      approvers: z.array(workflowApproverSchema),
    }),
  ),
  edges: z.array(z.object({ id: nodeIdSchema, from: nodeIdSchema, to: nodeIdSchema, taken: z.boolean() })),
});
export type WorkflowChart = z.infer<typeof workflowChartSchema>;
