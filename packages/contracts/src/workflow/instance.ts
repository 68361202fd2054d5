import { z } from 'zod';
import { idSchema } from '../common/ids';
import { TOPIC_DELAY_BUCKETS, type TopicDelayBucket } from '../topics/options';
import { topicDelayBucket } from '../topics/rules';
import { nodeIdSchema } from './schemas';

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
