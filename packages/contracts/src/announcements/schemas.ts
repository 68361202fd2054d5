import { z } from 'zod';
import { idSchema } from '../common/ids';
import { listQuerySchema } from '../common/paging';

// ── limits ───────────────────────────────────────────────────────────────────────────────────────────────

export const ANNOUNCEMENT_TITLE_MAX_LENGTH = 100;
/** The rich-text content as sent (HTML), before sanitising. */
export const ANNOUNCEMENT_CONTENT_MAX_LENGTH = 100_000;
/** Its text (tags removed) after sanitising; at least one visible character is required. */
export const ANNOUNCEMENT_TEXT_MAX_LENGTH = 20_000;
export const ANNOUNCEMENT_ATTACHMENTS_MAX = 20;
export const ANNOUNCEMENT_RECEIVERS_MAX = 5000;
export const ANNOUNCEMENT_DEPARTMENTS_MAX = 200;
/** Lists and notifications show this many characters of the content's text. */
export const ANNOUNCEMENT_EXCERPT_LENGTH = 140;

// ── boxes (the `type` of the lists and of the delete-all call) ──────────────────────────────────────────

/** The caller's two boxes of a project's announcements: what they sent and what they received. */
export const ANNOUNCEMENT_BOXES = ['send', 'receive'] as const;
export type AnnouncementBox = (typeof ANNOUNCEMENT_BOXES)[number];

/**
 * `type` as clients send it. The stored kinds are `send` and `receive`; `sent` and `received` name the
 * lists, and the delete-all call of spec 001 §7 says `posted`, which maps to `send`.
 */
const BOX_ALIASES: Readonly<Record<string, AnnouncementBox>> = {
  send: 'send',
  sent: 'send',
  posted: 'send',
  receive: 'receive',
  received: 'receive',
};
export const announcementBoxSchema = z
  .enum(['send', 'sent', 'posted', 'receive', 'received'])
  .transform((value) => BOX_ALIASES[value] as AnnouncementBox);

// ── requests ─────────────────────────────────────────────────────────────────────────────────────────────

/** What the files call answers for an upload (`/api/v1/base-service/files/<id>`), or the bare id. */
const FILE_URL = /^\/api\/v1\/base-service\/files\/([0-9a-f]{24})$/;
export const attachmentRefSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (FILE_URL.exec(value)?.[1] ?? value) : value),
  idSchema,
);

/**
 * POST announcements. Minimal: `{projectId, title, content, receivers}` where receivers is `"all"` (every
 * member of the project) or member user ids; `departments` adds the members of those structures of the
 * project (and of their sub-structures). Attachments are files of the project (POST base-service/files
 * ?projectId=…), by id or by the URL the upload answered. The content is rich text (HTML): the server
 * keeps only a safe formatting whitelist (ANNOUNCEMENT_ALLOWED_TAGS).
 */
export const announcementCreateSchema = z
  .strictObject({
    projectId: idSchema,
    title: z.string().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX_LENGTH),
    content: z.string().max(ANNOUNCEMENT_CONTENT_MAX_LENGTH),
    receivers: z.union([z.literal('all'), z.array(idSchema).max(ANNOUNCEMENT_RECEIVERS_MAX)]),
    departments: z.array(idSchema).max(ANNOUNCEMENT_DEPARTMENTS_MAX).optional(),
    attachments: z.array(attachmentRefSchema).max(ANNOUNCEMENT_ATTACHMENTS_MAX).optional(),
    /** Publish it pinned (the sender needs the create right anyway). */
    stick: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.receivers !== 'all' && value.receivers.length === 0 && !value.departments?.length) {
      ctx.addIssue({ code: 'custom', path: ['receivers'], message: 'validation.tooFewItems' });
    }
  });
export type AnnouncementCreate = z.input<typeof announcementCreateSchema>;

const queryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * GET projects/{id}/announcements: `type` (send|sent|posted, receive|received) and the usual list
 * parameters. Pinned ones come first, then `order` (createdAt (default -createdAt), title, _id).
 * `where`: title, senderId, createdAt, stick, plus read (received) or recalled (sent).
 * `expand=true` embeds the sender.
 */
export const announcementsQuerySchema = listQuerySchema.extend({ type: announcementBoxSchema }).strict();

/** GET announcements/{id}: `expand=true` embeds the sender, the departments and (for the sender and admins)
 * every receiver with their read state. */
export const announcementQuerySchema = z.strictObject({ expand: queryFlag.optional() });

/**
 * PUT announcements/{id}: exactly one of `read=true|false` (a receiver), `stick=true|false` (pin or unpin:
 * the sender or a project admin) or `recall=true` (the sender or a project admin).
 */
export const announcementActionQuerySchema = z
  .strictObject({
    read: queryFlag.optional(),
    stick: queryFlag.optional(),
    recall: z.enum(['true', '1']).optional(),
  })
  .superRefine((value, ctx) => {
    const given = [value.read, value.stick, value.recall].filter((v) => v !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['read'], message: 'validation.invalidValue' });
  });

/** DELETE projects/{id}/announcements?type=…: every announcement of the caller's box in the project. */
export const announcementsDeleteQuerySchema = z.strictObject({ type: announcementBoxSchema });

/** The permission keys of the announcement module (spec 001 §6); the category is always `default`. */
export const ANNOUNCEMENT_AUTH_KEYS = ['create', 'delete'] as const;
export type AnnouncementAuthKey = (typeof ANNOUNCEMENT_AUTH_KEYS)[number];
export const announcementAuthQuerySchema = z.strictObject({
  key: z.enum(ANNOUNCEMENT_AUTH_KEYS),
  category: z.literal('default').optional(),
});

// ── answers ──────────────────────────────────────────────────────────────────────────────────────────────

export const announcementUserSchema = z.object({
  _id: idSchema,
  name: z.string(),
  nickName: z.string(),
  avatar: z.string(),
});
export type AnnouncementUser = z.infer<typeof announcementUserSchema>;

export const announcementAttachmentSchema = z.object({
  _id: idSchema,
  name: z.string(),
  size: z.number().int().min(0),
  contentType: z.string(),
  /** Where it downloads (base-service files; the project's members may read it). */
  url: z.string(),
});
export type AnnouncementAttachment = z.infer<typeof announcementAttachmentSchema>;

export const announcementReceiverStateSchema = z.object({
  user: announcementUserSchema,
  read: z.boolean(),
  readAt: z.string().nullable(),
});
export type AnnouncementReceiverState = z.infer<typeof announcementReceiverStateSchema>;

/** The fields of spec 001 §3 every answer has, as the caller sees them. */
const announcementFields = {
  _id: idSchema,
  projectId: idSchema,
  title: z.string(),
  /** The content's text, cut to ANNOUNCEMENT_EXCERPT_LENGTH characters. */
  excerpt: z.string(),
  senderId: idSchema.nullable(),
  /** With expand=true. */
  sender: announcementUserSchema.nullable().optional(),
  /** The receivers as the sender chose them: everyone, or these users (departments aside). */
  receivers: z.union([z.literal('all'), z.array(idSchema)]),
  departments: z.array(idSchema),
  /** The people it went to (the departments' members and everyone resolved when it was sent). */
  receiverCount: z.number().int().min(0),
  readCount: z.number().int().min(0),
  attachmentCount: z.number().int().min(0),
  /** The caller's box: they sent it, they received it, or neither (an admin looking). */
  type: z.enum(ANNOUNCEMENT_BOXES).nullable(),
  /** The caller's read state: a receiver's own; true for anyone else. */
  read: z.boolean(),
  /** The list flag of spec 001 §3: the caller received it and has not read it. */
  unRead: z.boolean(),
  stick: z.boolean(),
  stickAt: z.string().nullable(),
  /** The send flag: published and not recalled. */
  send: z.boolean(),
  recalled: z.boolean(),
  recalledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** One announcement of a list (no content). */
export const announcementSummarySchema = z.object(announcementFields);
export type AnnouncementSummary = z.infer<typeof announcementSummarySchema>;

/** One announcement: the content (sanitised HTML) and attachments; with expand=true the rest. */
export const announcementSchema = z.object({
  ...announcementFields,
  content: z.string(),
  attachments: z.array(announcementAttachmentSchema),
  /** With expand=true: the departments chosen as receivers. */
  departmentList: z.array(z.object({ _id: idSchema, name: z.string() })).optional(),
  /** With expand=true, for the sender and project admins: every receiver and whether they read it. */
  receiverStates: z.array(announcementReceiverStateSchema).optional(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementsDeletedSchema = z.object({ count: z.number().int().min(0) });
