import { z } from 'zod';
import { attachmentRefSchema } from '../announcements/schemas';
import { idSchema } from '../common/ids';
import { afterCursorSchema, listQuerySchema } from '../common/paging';
import type { WhereFields } from '../common/where';
import {
  TOPIC_CATEGORIES,
  TOPIC_DELAY_BUCKETS,
  TOPIC_DELAY_FILTERS,
  TOPIC_DISPLAY_STATES,
  TOPIC_PRIORITIES,
  TOPIC_STATUSES,
} from './options';

// ── limits ───────────────────────────────────────────────────────────────────────────────────────────────

export const TOPIC_NAME_MAX_LENGTH = 100;
export const TOPIC_CONTENT_MAX_LENGTH = 5000;
/** Images per topic (spec 001 §5, §9). */
export const TOPIC_IMAGES_MAX = 9;
/** At least one mentioned person (spec 001 §5). */
export const TOPIC_MENTIONS_MIN = 1;
export const TOPIC_MENTIONS_MAX = 200;
export const TOPIC_PARTICIPANTS_MAX = 200;
export const TOPIC_LINKS_MAX = 50;
export const TOPIC_RESPONSE_MAX_LENGTH = 2000;
export const TOPIC_RESPONSE_IMAGES_MAX = 9;
/** An IFC GlobalId is 22 characters; other model formats use longer GUIDs. */
export const TOPIC_GLOBAL_ID_MAX_LENGTH = 64;
/** `modelIds` of the list: at most this many. */
export const TOPIC_MODEL_IDS_MAX = 50;
/** The export answers at most this many rows; a larger filtered list is refused (400 topics.exportTooLarge). */
export const TOPIC_EXPORT_MAX_ROWS = 50_000;
/** Category (类别) and subcontract names (settings). */
export const TOPIC_SETTING_NAME_MAX_LENGTH = 30;

// ── shared pieces ────────────────────────────────────────────────────────────────────────────────────────

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar date the user picks, `YYYY-MM-DD` (a real date: 2026-02-30 is refused). */
export const topicDateSchema = z.string().refine((value) => {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}, 'validation.invalidFormat');

/** A list of user ids, duplicates dropped (order kept). */
const userIds = (max: number) =>
  z
    .array(idSchema)
    .max(max)
    .transform((ids) => [...new Set(ids)]);

/**
 * A link of a topic: a model element (`modelId` and the element's IFC GlobalId), a file of the project
 * (`id`, or the URL the upload answered), or another record of the project (`module` names its kind, e.g.
 * `contactSheet`, `checklist`; `id` its id).
 */
export const topicLinkSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('element'),
    modelId: idSchema,
    globalId: z.string().trim().min(1).max(TOPIC_GLOBAL_ID_MAX_LENGTH),
  }),
  z.strictObject({ type: z.literal('file'), id: attachmentRefSchema }),
  z.strictObject({
    type: z.literal('record'),
    module: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/),
    id: idSchema,
  }),
]);
export type TopicLink = z.infer<typeof topicLinkSchema>;

const topicName = z.string().trim().min(1).max(TOPIC_NAME_MAX_LENGTH);
const topicContent = z.string().max(TOPIC_CONTENT_MAX_LENGTH);
const images = z.array(attachmentRefSchema).max(TOPIC_IMAGES_MAX);
const mentions = userIds(TOPIC_MENTIONS_MAX).pipe(z.array(idSchema).min(TOPIC_MENTIONS_MIN));
const links = z.array(topicLinkSchema).max(TOPIC_LINKS_MAX);
/**
 * The topic's viewpoint (issue 16): a viewport of the project (model-service viewports) saved when it was
 * raised from the viewer — camera, section, visibility and a snapshot — which "view in model" restores.
 * It must show the models of the topic's element links. null clears it.
 */
const viewportIdSchema = idSchema.nullable().optional();

// ── requests ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST topics. Minimal: `{projectId, name, mentions: [userId, …]}` (mentioned people must be members of
 * the project). Optional: content (plain text), domainId (a discipline: one of the project's domains,
 * GET account-service/projects/{id}/domains), speciesId and subcontractId (the topic settings), images
 * (image files of the project, by id or upload URL; ≤ 9), participants (members), priority (default
 * normal), deadline (`YYYY-MM-DD`), links, viewportId (the viewpoint).
 */
export const topicCreateSchema = z.strictObject({
  projectId: idSchema,
  name: topicName,
  mentions,
  content: topicContent.optional(),
  domainId: idSchema.nullable().optional(),
  speciesId: idSchema.nullable().optional(),
  subcontractId: idSchema.nullable().optional(),
  images: images.optional(),
  participants: userIds(TOPIC_PARTICIPANTS_MAX).optional(),
  priority: z.enum(TOPIC_PRIORITIES).optional(),
  deadline: topicDateSchema.nullable().optional(),
  links: links.optional(),
  viewportId: viewportIdSchema,
});
export type TopicCreate = z.input<typeof topicCreateSchema>;

/**
 * PUT topics/{id}: any of the create fields but projectId (null clears an optional one; a list replaces the
 * old one), and `status` to close (`completed`) or reopen (`processing`) — the creator or a project admin.
 * A completed topic refuses every other change until reopened (409 topics.completed).
 */
export const topicUpdateSchema = z.strictObject({
  name: topicName.optional(),
  mentions: mentions.optional(),
  content: topicContent.optional(),
  domainId: idSchema.nullable().optional(),
  speciesId: idSchema.nullable().optional(),
  subcontractId: idSchema.nullable().optional(),
  images: images.optional(),
  participants: userIds(TOPIC_PARTICIPANTS_MAX).optional(),
  priority: z.enum(TOPIC_PRIORITIES).optional(),
  deadline: topicDateSchema.nullable().optional(),
  links: links.optional(),
  viewportId: viewportIdSchema,
  status: z.enum(TOPIC_STATUSES).optional(),
});
export type TopicUpdate = z.input<typeof topicUpdateSchema>;

const queryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The fields `where` takes on the topic list. */
export const TOPIC_WHERE_FIELDS = {
  name: 'string',
  status: 'string',
  priority: 'string',
  domainId: 'string',
  speciesId: 'string',
  subcontractId: 'string',
  creatorId: 'string',
  number: 'number',
  createdAt: 'date',
  deadline: 'date',
} as const satisfies WhereFields;

/** The fields `order` takes (with `-` for descending); ties break by `_id`. */
export const TOPIC_ORDER_FIELDS = ['createdAt', 'updatedAt', 'number', 'deadline', 'name'] as const;
export const DEFAULT_TOPIC_ORDER = '-createdAt';

/** `modelIds=a,b,c`: topics linked to an element of any of these models. */
const modelIdsSchema = z
  .string()
  .max(TOPIC_MODEL_IDS_MAX * 25)
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  )
  .pipe(z.array(idSchema).max(TOPIC_MODEL_IDS_MAX));

/**
 * GET projects/{id}/topics. `category` (all|mine|created|following; default all), `mine=true` (the same as
 * category=mine, for clients of spec 000), `delay` (a bucket or `delayed`), `unRead=true` (only those the
 * caller has not read), `where` over TOPIC_WHERE_FIELDS (name takes `$regex`), `modelIds` (comma list),
 * `order` (TOPIC_ORDER_FIELDS; default -createdAt), `only_count=true` ({count} for the same filter),
 * `expand=true` (users, discipline, species and subcontract embedded), `export=true` (an .xlsx of the whole
 * filtered list, no paging; the export right).
 */
export const topicsQuerySchema = listQuerySchema
  .extend({
    mine: queryFlag.optional(),
    category: z.enum(TOPIC_CATEGORIES).optional(),
    delay: z.enum(TOPIC_DELAY_FILTERS).optional(),
    unRead: queryFlag.optional(),
    export: queryFlag.optional(),
    modelIds: modelIdsSchema.optional(),
    /** The cursor of the previous page (its NEXT_CURSOR_HEADER): the rows after it. */
    after: afterCursorSchema.optional(),
    /** The export's language (else Accept-Language). */
    lang: z.string().max(16).optional(),
  })
  .strict();
export type TopicsQuery = z.input<typeof topicsQuerySchema>;

/** GET topics/{id}: `expand=true` embeds the users, discipline, species and subcontract. */
export const topicQuerySchema = z.strictObject({ expand: queryFlag.optional() });

/** GET projects/{id}/entities/{globalId}/topics: `modelId` narrows to one model's element. */
export const entityTopicsQuerySchema = z.strictObject({
  modelId: idSchema.optional(),
  expand: queryFlag.optional(),
});
export const entityTopicsParamsSchema = z.strictObject({
  id: idSchema,
  entityId: z.string().trim().min(1).max(TOPIC_GLOBAL_ID_MAX_LENGTH),
});

/** POST topics/{id}/responses: text and/or images (at least one of them). */
export const topicResponseCreateSchema = z
  .strictObject({
    content: z.string().trim().max(TOPIC_RESPONSE_MAX_LENGTH).optional(),
    images: z.array(attachmentRefSchema).max(TOPIC_RESPONSE_IMAGES_MAX).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.content && !value.images?.length) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'validation.required' });
    }
  });
export type TopicResponseCreate = z.input<typeof topicResponseCreateSchema>;

/** GET topics/{id}/responses: oldest first; `expand=true` embeds the authors. */
export const topicResponsesQuerySchema = listQuerySchema
  .pick({ skip: true, limit: true, only_count: true, expand: true })
  .strict();

/** DELETE topics/{id}/responses?responseId=… (or DELETE topics/{id}/responses/{responseId}). */
export const topicResponseDeleteQuerySchema = z.strictObject({ responseId: idSchema });

// ── settings: species and subcontracts (disciplines are the project's domains) ───────────────────────────

const settingName = z.string().trim().min(1).max(TOPIC_SETTING_NAME_MAX_LENGTH);
/** POST projects/{id}/species, POST projects/{id}/subcontracts. A duplicate name in the project is a 409. */
export const topicSettingCreateSchema = z.strictObject({
  name: settingName,
  order: z.number().int().min(0).max(1_000_000).optional(),
});
/** PUT species/{id}, PUT subcontracts/{id}. */
export const topicSettingUpdateSchema = topicSettingCreateSchema.partial();
export type TopicSettingCreate = z.infer<typeof topicSettingCreateSchema>;
export type TopicSettingUpdate = z.infer<typeof topicSettingUpdateSchema>;

export const topicSettingSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  order: z.number().int(),
  /** How many topics of the project use it (a used one cannot be deleted: 409 with the count). */
  usage: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TopicSetting = z.infer<typeof topicSettingSchema>;

// ── answers ──────────────────────────────────────────────────────────────────────────────────────────────

export const topicUserSchema = z.object({
  _id: idSchema,
  name: z.string(),
  nickName: z.string(),
  avatar: z.string(),
});
export type TopicUser = z.infer<typeof topicUserSchema>;

export const topicImageSchema = z.object({
  _id: idSchema,
  name: z.string(),
  size: z.number().int().min(0),
  contentType: z.string(),
  /** Where it downloads (base-service files; the project's members may read it). */
  url: z.string(),
});
export type TopicImage = z.infer<typeof topicImageSchema>;

/** A link as answered: what was given, and for a file its name and URL when it still exists. */
export const topicLinkAnswerSchema = z.union([
  z.object({ type: z.literal('element'), modelId: idSchema, globalId: z.string() }),
  z.object({
    type: z.literal('file'),
    id: idSchema,
    name: z.string().nullable(),
    url: z.string().nullable(),
  }),
  z.object({ type: z.literal('record'), module: z.string(), id: idSchema }),
]);
export type TopicLinkAnswer = z.infer<typeof topicLinkAnswerSchema>;

const namedRef = z.object({ _id: idSchema, name: z.string() });

/** What the caller may do with the topic (so that screens show only the buttons that work). */
export const topicAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  /** Close or reopen: the creator or a project admin. */
  close: z.boolean(),
  respond: z.boolean(),
});
export type TopicAbilities = z.infer<typeof topicAbilitiesSchema>;

const topicFields = {
  _id: idSchema,
  projectId: idSchema,
  /** Per project: 1, 2, 3 … in creation order, never reused. */
  number: z.number().int().min(1),
  name: z.string(),
  status: z.enum(TOPIC_STATUSES),
  /** Derived: processing, processingDelayed ("handling delayed"), completed. */
  state: z.enum(TOPIC_DISPLAY_STATES),
  priority: z.enum(TOPIC_PRIORITIES),
  deadline: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Whole days late (see topicDelayDays) and the bucket. */
  delayDays: z.number().int().min(0),
  delay: z.enum(TOPIC_DELAY_BUCKETS),
  domainId: idSchema.nullable(),
  speciesId: idSchema.nullable(),
  subcontractId: idSchema.nullable(),
  creatorId: idSchema.nullable(),
  mentions: z.array(idSchema),
  participants: z.array(idSchema),
  imageCount: z.number().int().min(0),
  linkCount: z.number().int().min(0),
  responseCount: z.number().int().min(0),
  /** The caller has read it since its last change by someone else. */
  readByMe: z.boolean(),
  unRead: z.boolean(),
  following: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** With expand=true. */
  creator: topicUserSchema.nullable().optional(),
  mentionedUsers: z.array(topicUserSchema).optional(),
  participantUsers: z.array(topicUserSchema).optional(),
  domain: z.object({ _id: idSchema, name: z.string(), nameEn: z.string() }).nullable().optional(),
  species: namedRef.nullable().optional(),
  subcontract: namedRef.nullable().optional(),
};

/** One topic of a list (no content, images or links). */
export const topicSummarySchema = z.object(topicFields);
export type TopicSummary = z.infer<typeof topicSummarySchema>;

/** One topic: content, images, links, followers and what the caller may do. */
export const topicSchema = z.object({
  ...topicFields,
  content: z.string(),
  images: z.array(topicImageSchema),
  links: z.array(topicLinkAnswerSchema),
  /** The viewpoint (a viewport id; null when none, or when its viewport was deleted). */
  viewportId: idSchema.nullable(),
  followers: z.array(idSchema),
  abilities: topicAbilitiesSchema,
});
export type Topic = z.infer<typeof topicSchema>;

/** PUT topics/{id}/read, /follow, /unfollow. */
export const topicStateSchema = z.object({
  _id: idSchema,
  readByMe: z.boolean(),
  unRead: z.boolean(),
  following: z.boolean(),
});
export type TopicState = z.infer<typeof topicStateSchema>;

export const topicResponseSchema = z.object({
  _id: idSchema,
  topicId: idSchema,
  authorId: idSchema.nullable(),
  /** With expand=true. */
  author: topicUserSchema.nullable().optional(),
  content: z.string(),
  images: z.array(topicImageSchema),
  /** The caller may delete it (its author or a project admin). */
  deletable: z.boolean(),
  createdAt: z.string(),
});
export type TopicResponse = z.infer<typeof topicResponseSchema>;
