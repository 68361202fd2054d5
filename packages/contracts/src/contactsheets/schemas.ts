import { z } from 'zod';
import { idSchema } from '../common/ids';
import { listQuerySchema } from '../common/paging';
import {
  CONTACT_SHEET_ATTACHMENTS_MAX,
  CONTACT_SHEET_CONTENT_MAX_LENGTH,
  CONTACT_SHEET_LINK_MAX_LENGTH,
  CONTACT_SHEET_PEOPLE_MAX,
  CONTACT_SHEET_REMARK_MAX_LENGTH,
  CONTACT_SHEET_REPLY_MAX_LENGTH,
  CONTACT_SHEET_SENDER_UNIT_MAX_LENGTH,
  CONTACT_SHEET_TITLE_MAX_LENGTH,
  CONTACT_SHEET_TYPES,
  DEFAULT_CONTACT_SHEET_TYPE,
  hasIllegalTitleCharacters,
} from './rules';

// ── pieces ───────────────────────────────────────────────────────────────────────────────────────────────

export const contactSheetTypeSchema = z.enum(CONTACT_SHEET_TYPES);

/** Title: required, ≤ 100 characters, no control characters and none of \ / : * ? " < > | (spec 001 §5). */
export const contactSheetTitleSchema = z
  .string()
  .trim()
  .min(1)
  .max(CONTACT_SHEET_TITLE_MAX_LENGTH)
  .refine((title) => !hasIllegalTitleCharacters(title), { message: 'contactsheets.illegalCharacters' });

/** Plain text; at least one visible character. */
const contentSchema = z
  .string()
  .max(CONTACT_SHEET_CONTENT_MAX_LENGTH)
  .refine((text) => text.trim() !== '', { message: 'validation.required' });

/** What the files call answers for an upload (`/api/v1/base-service/files/<id>`), or the bare id. */
const FILE_URL = /^\/api\/v1\/base-service\/files\/([0-9a-f]{24})$/;
export const contactSheetAttachmentRefSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (FILE_URL.exec(value)?.[1] ?? value) : value),
  idSchema,
);
const attachmentsSchema = z.array(contactSheetAttachmentRefSchema).max(CONTACT_SHEET_ATTACHMENTS_MAX);

/** User ids of project members; repeats are dropped. */
const peopleSchema = z
  .array(idSchema)
  .max(CONTACT_SHEET_PEOPLE_MAX)
  .transform((ids) => [...new Set(ids)]);
const linkSchema = z.string().trim().max(CONTACT_SHEET_LINK_MAX_LENGTH).nullish();
const senderUnitSchema = z.string().trim().max(CONTACT_SHEET_SENDER_UNIT_MAX_LENGTH).nullish();
const queryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const queryTrue = z.enum(['true', '1']).transform(() => true as const);

type Ctx = z.RefinementCtx;

/** Receivers and cc must not share anyone (spec 001 §5 "must differ"). */
function checkDisjoint(value: { receivers?: string[]; cc?: string[] | null }, ctx: Ctx): void {
  if (!value.receivers || !value.cc) return;
  const receivers = new Set(value.receivers);
  if (value.cc.some((id) => receivers.has(id))) {
    ctx.addIssue({ code: 'custom', path: ['cc'], message: 'contactsheets.ccOverlapsReceivers' });
  }
}

/** `name` (the specification's minimal payload) and `title` are the same field; both given must agree. */
function checkTitle(value: { title?: string; name?: string }, ctx: Ctx, required: boolean): void {
  if (value.title !== undefined && value.name !== undefined && value.title !== value.name) {
    ctx.addIssue({ code: 'custom', path: ['name'], message: 'contactsheets.nameTitleDiffer' });
  }
  if (required && value.title === undefined && value.name === undefined) {
    ctx.addIssue({ code: 'custom', path: ['title'], message: 'validation.required' });
  }
}

/** A reply deadline only goes with replyNeeded true. */
function checkDeadline(value: { replyNeeded?: boolean; replyDeadline?: string | null }, ctx: Ctx): void {
  if (value.replyDeadline && value.replyNeeded === false) {
    ctx.addIssue({ code: 'custom', path: ['replyDeadline'], message: 'contactsheets.deadlineWithoutReply' });
  }
}

const editableFields = {
  /** Same as `name`. */
  title: contactSheetTitleSchema.optional(),
  /** The specification's spelling of the title (POST contactsheets {projectId, name, content, …}). */
  name: contactSheetTitleSchema.optional(),
  content: contentSchema,
  receivers: peopleSchema.pipe(z.array(idSchema).min(1)),
  cc: peopleSchema.optional(),
  /** Shown as 发送单位; blank or absent: the sender's department in the project, else their company. */
  senderUnit: senderUnitSchema,
  replyNeeded: z.boolean().optional(),
  /** YYYY-MM-DD; the receivers' to-dos are late from the next day on. Only with replyNeeded true. */
  replyDeadline: z.iso.date().nullish(),
  /** The linked model, viewport and selection set (the model module fills them). */
  modelId: linkSchema,
  viewportId: linkSchema,
  selectionSetId: linkSchema,
  /** Files of the project (POST base-service/files?projectId=…), by id or by the URL the upload answered. */
  attachments: attachmentsSchema.optional(),
};

// ── requests ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST contactsheets: creates and sends a sheet, numbered at once. Minimal payload (spec 000 §7 / issue):
 * `{projectId, name, content, receivers: [userId, …], cc: [userId, …]}`; `title` may stand for `name`.
 * Receivers are required (≥ 1); cc is optional but shares no one with receivers (the specification says
 * both required and different: we require receivers only). Neither may hold the sender. `type` defaults
 * to `contact` (工作联系单).
 */
export const contactSheetCreateSchema = z
  .strictObject({ projectId: idSchema, type: contactSheetTypeSchema.optional(), ...editableFields })
  .superRefine((value, ctx) => {
    checkTitle(value, ctx, true);
    checkDisjoint(value, ctx);
    checkDeadline(value, ctx);
  })
  .transform(({ name, title, ...rest }) => ({
    ...rest,
    type: rest.type ?? DEFAULT_CONTACT_SHEET_TYPE,
    title: (title ?? name) as string,
    cc: rest.cc ?? [],
    replyNeeded: rest.replyNeeded ?? false,
  }));
export type ContactSheetCreate = z.input<typeof contactSheetCreateSchema>;
export type ContactSheetCreateParsed = z.output<typeof contactSheetCreateSchema>;

/**
 * PUT contactsheets/{id} body (an edit): any of the editable fields; the kind and number never change.
 * Allowed to the sender while no receiver has read it, or while it is recalled (a draft).
 */
export const contactSheetUpdateSchema = z
  .strictObject({
    ...editableFields,
    content: contentSchema.optional(),
    receivers: editableFields.receivers.optional(),
  })
  .superRefine((value, ctx) => {
    checkTitle(value, ctx, false);
    checkDisjoint(value, ctx);
    checkDeadline(value, ctx);
  })
  .transform(({ name, title, ...rest }) => {
    const merged = title ?? name;
    const edit: typeof rest & { title?: string } = merged === undefined ? rest : { ...rest, title: merged };
    return edit;
  });
export type ContactSheetUpdate = z.input<typeof contactSheetUpdateSchema>;
export type ContactSheetUpdateParsed = z.output<typeof contactSheetUpdateSchema>;

/**
 * PUT contactsheets/{id} query: `read=true` marks it read for the caller (a receiver or cc; the body is
 * ignored); `resend=true` sends a recalled sheet again (with the body's edits, if any: it keeps its
 * number). Neither: the body is an edit.
 */
export const contactSheetPutQuerySchema = z
  .strictObject({ read: queryTrue.optional(), resend: queryTrue.optional() })
  .superRefine((value, ctx) => {
    if (value.read && value.resend) {
      ctx.addIssue({ code: 'custom', path: ['resend'], message: 'validation.invalidValue' });
    }
  });

/** POST contactsheets/{id}/replies: by a receiver (closes their to-do). */
export const contactSheetReplyCreateSchema = z.strictObject({
  content: z
    .string()
    .max(CONTACT_SHEET_REPLY_MAX_LENGTH)
    .refine((text) => text.trim() !== '', { message: 'validation.required' }),
  attachments: attachmentsSchema.optional(),
});
export type ContactSheetReplyCreate = z.input<typeof contactSheetReplyCreateSchema>;

/**
 * POST contactsheets/{id}/forward: a receiver or the sender adds people (members of the project not yet on
 * the sheet, not the sender): new receivers get a to-do like the first ones, new cc a notification.
 */
export const contactSheetForwardSchema = z
  .strictObject({
    receivers: peopleSchema.pipe(z.array(idSchema).min(1)),
    cc: peopleSchema.optional(),
    remark: z.string().trim().max(CONTACT_SHEET_REMARK_MAX_LENGTH).optional(),
  })
  .superRefine(checkDisjoint);
export type ContactSheetForward = z.input<typeof contactSheetForwardSchema>;

/** The lists: what the caller sent, what they received (as receiver or cc), or both (default). */
export const CONTACT_SHEET_BOXES = ['received', 'sent', 'all'] as const;
export type ContactSheetBox = (typeof CONTACT_SHEET_BOXES)[number];

/**
 * GET projects/{id}/contactsheets: `skip`, `limit`, `order` (sentAt (default -sentAt), createdAt, number,
 * title, name, updatedAt), `only_count`, `type` (the kind), `unRead=true` (only the caller's unread),
 * `visible` (received | sent | all; `all` also holds every sheet of the project for admins and members
 * whose view scope is `all`), `where` over: name / title ($regex …), number, numberSeq, senderId, type,
 * status, createdAt, sentAt, replyNeeded, replied.
 */
export const contactSheetsQuerySchema = listQuerySchema
  .extend({
    type: contactSheetTypeSchema.optional(),
    unRead: queryFlag.optional(),
    visible: z.enum(CONTACT_SHEET_BOXES).default('all'),
  })
  .strict();
export type ContactSheetsQuery = z.input<typeof contactSheetsQuerySchema>;

/** The `where` fields of the list. */
export const CONTACT_SHEET_WHERE_FIELDS = [
  'name',
  'title',
  'number',
  'numberSeq',
  'senderId',
  'type',
  'status',
  'createdAt',
  'sentAt',
  'replyNeeded',
  'replied',
] as const;

/** GET projects/{id}/contactsheets/max-number?type= (default contact). */
export const contactSheetMaxNumberQuerySchema = z.strictObject({
  type: contactSheetTypeSchema.default(DEFAULT_CONTACT_SHEET_TYPE),
});

/**
 * GET contactsheets/{id}: the sheet as JSON; `download=true` answers its PDF as an attachment (needs the
 * export right), `preview=true` the same PDF inline. Labels in the request's language (zh-CN default).
 */
export const contactSheetGetQuerySchema = z.strictObject({
  download: queryFlag.optional(),
  preview: queryFlag.optional(),
  expand: queryFlag.optional(),
});

const idList = z
  .string()
  .max(25 * CONTACT_SHEET_PEOPLE_MAX)
  .transform((text) => text.split(',').map((part) => part.trim()))
  .pipe(z.array(idSchema).min(1).max(CONTACT_SHEET_PEOPLE_MAX));

/**
 * DELETE contactsheets?ids=a,b — all or nothing: each must be the caller's own (or they hold the delete
 * right in its project), else nothing is deleted. DELETE contactsheets?prjId= — every sheet of the project
 * the caller may delete (theirs, or all with the delete right). Soft deletes; numbers stay used.
 */
export const contactSheetsDeleteQuerySchema = z
  .strictObject({ ids: idList.optional(), prjId: idSchema.optional() })
  .superRefine((value, ctx) => {
    if ((value.ids === undefined) === (value.prjId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.required' });
    }
  });

// ── answers ──────────────────────────────────────────────────────────────────────────────────────────────

export const contactSheetUserSchema = z.object({
  _id: idSchema,
  name: z.string(),
  nickName: z.string(),
  avatar: z.string(),
});
export type ContactSheetUser = z.infer<typeof contactSheetUserSchema>;

export const contactSheetAttachmentSchema = z.object({
  _id: idSchema,
  name: z.string(),
  size: z.number().int().min(0),
  contentType: z.string(),
  /** Where it downloads (base-service files). */
  url: z.string(),
});
export type ContactSheetAttachment = z.infer<typeof contactSheetAttachmentSchema>;

export const CONTACT_SHEET_STATUSES = ['sent', 'recalled'] as const;
export type ContactSheetStatus = (typeof CONTACT_SHEET_STATUSES)[number];

/** How a person is on the sheet. Forwarded people are receivers or cc too, with `forwardedBy` set. */
export const CONTACT_SHEET_ROLES = ['receiver', 'cc'] as const;
export type ContactSheetRole = (typeof CONTACT_SHEET_ROLES)[number];

export const contactSheetParticipantSchema = z.object({
  user: contactSheetUserSchema,
  role: z.enum(CONTACT_SHEET_ROLES),
  read: z.boolean(),
  readAt: z.string().nullable(),
  /** Receivers only: they replied (at least once). */
  replied: z.boolean(),
  repliedAt: z.string().nullable(),
  /** Who forwarded it to them; null for the people it was sent to. */
  forwardedBy: idSchema.nullable(),
  addedAt: z.string(),
});
export type ContactSheetParticipant = z.infer<typeof contactSheetParticipantSchema>;

export const contactSheetReplySchema = z.object({
  _id: idSchema,
  user: contactSheetUserSchema,
  content: z.string(),
  attachments: z.array(contactSheetAttachmentSchema),
  createdAt: z.string(),
});
export type ContactSheetReply = z.infer<typeof contactSheetReplySchema>;

/** The circulation record: every send, read, reply, forward, recall, edit and resend, oldest first. */
export const CONTACT_SHEET_ACTIONS = [
  'send',
  'read',
  'reply',
  'forward',
  'recall',
  'edit',
  'resend',
] as const;
export type ContactSheetAction = (typeof CONTACT_SHEET_ACTIONS)[number];

export const contactSheetCirculationEntrySchema = z.object({
  _id: idSchema,
  action: z.enum(CONTACT_SHEET_ACTIONS),
  /** Who did it (null: a user since removed from the platform). */
  actor: contactSheetUserSchema.nullable(),
  at: z.string(),
  /** send / resend / forward: the people it went to. */
  users: z.array(contactSheetUserSchema),
  /** forward: the remark; reply: the reply's text. */
  remark: z.string().nullable(),
});
export type ContactSheetCirculationEntry = z.infer<typeof contactSheetCirculationEntrySchema>;

const summaryFields = {
  _id: idSchema,
  projectId: idSchema,
  type: contactSheetTypeSchema,
  /** Formatted, e.g. LXD-2026-0001. */
  number: z.string(),
  /** The sequence in the project and kind (1, 2, …). */
  numberSeq: z.number().int().min(1),
  title: z.string(),
  /** Same as title (the specification's field name). */
  name: z.string(),
  /** The content on one line, cut to CONTACT_SHEET_EXCERPT_LENGTH characters. */
  excerpt: z.string(),
  senderId: idSchema,
  sender: contactSheetUserSchema,
  senderUnit: z.string(),
  /** When it was (last) sent. */
  sentAt: z.string(),
  /** Every receiver, forwarded ones included. */
  receivers: z.array(idSchema),
  cc: z.array(idSchema),
  receiverUsers: z.array(contactSheetUserSchema),
  ccUsers: z.array(contactSheetUserSchema),
  replyNeeded: z.boolean(),
  replyDeadline: z.string().nullable(),
  status: z.enum(CONTACT_SHEET_STATUSES),
  recalledAt: z.string().nullable(),
  modelId: z.string().nullable(),
  viewportId: z.string().nullable(),
  selectionSetId: z.string().nullable(),
  attachmentCount: z.number().int().min(0),
  receiverCount: z.number().int().min(0),
  /** Receivers and cc who opened it. */
  readCount: z.number().int().min(0),
  replyCount: z.number().int().min(0),
  /** Someone replied. */
  replied: z.boolean(),
  /** The caller's place: they sent it, received it (receiver or cc), or neither (an admin looking). */
  box: z.enum(['sent', 'received']).nullable(),
  /** The caller's role when in the received box. */
  role: z.enum(CONTACT_SHEET_ROLES).nullable(),
  /** The caller's read state (true for anyone not on the sheet). */
  read: z.boolean(),
  /** The list flag: the caller is on the sheet and has not opened it. */
  unRead: z.boolean(),
  /** What the caller may do now (for the buttons). */
  canEdit: z.boolean(),
  canRecall: z.boolean(),
  canReply: z.boolean(),
  canForward: z.boolean(),
  canDelete: z.boolean(),
  /** GET contactsheets/{id}?download=true needs the export right; ?preview=true only needs to see it. */
  canDownload: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** One sheet of a list (no content). */
export const contactSheetSummarySchema = z.object(summaryFields);
export type ContactSheetSummary = z.infer<typeof contactSheetSummarySchema>;

/** One sheet with its content, attachments, people, replies and circulation record. */
export const contactSheetSchema = z.object({
  ...summaryFields,
  content: z.string(),
  attachments: z.array(contactSheetAttachmentSchema),
  participants: z.array(contactSheetParticipantSchema),
  replies: z.array(contactSheetReplySchema),
  circulation: z.array(contactSheetCirculationEntrySchema),
});
export type ContactSheet = z.infer<typeof contactSheetSchema>;

/** GET projects/{id}/contactsheets/max-number. */
export const contactSheetMaxNumberSchema = z.object({
  type: contactSheetTypeSchema,
  /** 0 when none was used yet. */
  lastSequence: z.number().int().min(0),
  lastNumber: z.string().nullable(),
  nextSequence: z.number().int().min(1),
  /** The next number with this year (the year of sending is fixed when it is sent). */
  nextNumber: z.string(),
  /**
   * The sending unit a sheet gets when the form leaves it empty: the caller's department in the project,
   * else the company on their profile; '' when neither is known (the PDF then prints "无" / "None").
   */
  senderUnit: z.string(),
});
export type ContactSheetMaxNumber = z.infer<typeof contactSheetMaxNumberSchema>;

export const contactSheetsDeletedSchema = z.object({ count: z.number().int().min(0) });
