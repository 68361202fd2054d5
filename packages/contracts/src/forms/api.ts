import { z } from 'zod';
import { idSchema } from '../common/ids';
import { DEFAULT_PAGE_SIZE, MAX_LIMIT } from '../common/paging';
import {
  WORKFLOW_DELAY_BANDS,
  workflowActionSchema,
  workflowChartSchema,
  workflowLogEntrySchema,
  workflowOpinionSchema,
} from '../workflow/instance';
import { FIELD_ACCESS, nodeIdSchema } from '../workflow/schemas';
import { fieldKeySchema, formFieldsSchema } from './fields';

/**
 * The form-service API (issue 18): form template groups, form templates and form instances. Shared with
 * the web's template list, designer, form list, fill-in and detail pages.
 */

export const FORM_GROUP_MAX_DEPTH = 2;
export const FORM_GROUP_NAME_MAX_LENGTH = 30;
export const FORM_TEMPLATE_NAME_MAX_LENGTH = 50;
export const FORM_TEMPLATE_DESCRIPTION_MAX_LENGTH = 500;
export const FORM_NAME_MAX_LENGTH = 100;
export const FORM_SETTLERS_MAX = 50;

export const FORM_TEMPLATE_STATUSES = ['enabled', 'disabled'] as const;
export type FormTemplateStatus = (typeof FORM_TEMPLATE_STATUSES)[number];

/** With an approval workflow (a published workflow template of the project), or a plain record. */
export const FORM_TEMPLATE_KINDS = ['workflow', 'plain'] as const;
export type FormTemplateKind = (typeof FORM_TEMPLATE_KINDS)[number];

/** custom: this project's own; common: offered by the enterprise to all its projects (not yet served). */
export const FORM_TEMPLATE_SCOPES = ['custom', 'common'] as const;
export type FormTemplateScope = (typeof FORM_TEMPLATE_SCOPES)[number];

/**
 * A form's states (spec 001 §4 "form list states"). init: a draft never submitted; processing, reject,
 * recall, completed, closed: the engine's; executed: a form without workflow, submitted; settled: a
 * completed or executed form a settler settled. `pending` is in the specification's list but no form is
 * stored in it yet (see docs/decisions.md "Forms module").
 */
export const FORM_STATES = [
  'init',
  'recall',
  'reject',
  'processing',
  'pending',
  'executed',
  'completed',
  'closed',
  'settled',
] as const;
export type FormState = (typeof FORM_STATES)[number];

/** Node id → field key → access: what a handler on that node sees and may change. */
export const formFieldAccessSchema = z.record(nodeIdSchema, z.record(fieldKeySchema, z.enum(FIELD_ACCESS)));
export type FormFieldAccess = z.infer<typeof formFieldAccessSchema>;

const queryInteger = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
const onlyCount = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const paging = {
  skip: queryInteger.optional().transform((v) => v ?? 0),
  limit: queryInteger
    .optional()
    .transform((v) => v ?? DEFAULT_PAGE_SIZE)
    .pipe(z.number().int().min(1).max(MAX_LIMIT)),
  only_count: onlyCount,
};

// ── groups ──────────────────────────────────────────────────────────────────────────────────────────────

export const formGroupSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  /** null: a top-level group. */
  parentId: idSchema.nullable(),
  name: z.string(),
  /** Templates directly in this group (for members: the enabled ones). */
  templateCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormGroup = z.infer<typeof formGroupSchema>;

const groupName = z.string().trim().min(1).max(FORM_GROUP_NAME_MAX_LENGTH);

/** POST form-service/projects/{id}/form-template-groups; names unique among siblings (409). */
export const formGroupCreateSchema = z.strictObject({
  name: groupName,
  parentId: idSchema.nullable().default(null),
});
export type FormGroupCreate = z.input<typeof formGroupCreateSchema>;

/** PUT form-service/form-template-groups/{id}: rename and/or move. */
export const formGroupUpdateSchema = z
  .strictObject({ name: groupName.optional(), parentId: idSchema.nullable().optional() })
  .refine((value) => Object.keys(value).length > 0, 'validation.emptyUpdate');
export type FormGroupUpdate = z.input<typeof formGroupUpdateSchema>;

/**
 * DELETE form-service/form-template-groups/{id}?confirm=<templates>: a group holding subgroups or templates
 * is deleted with them only when `confirm` equals the number of templates in it and its subgroups; else
 * 409 `forms.groupDeleteConfirm` with `{ subgroups, templates }`. Templates that have forms cannot go
 * (409 `forms.templateInUse`).
 */
export const formGroupDeleteQuerySchema = z.strictObject({ confirm: queryInteger.optional() });
export const formGroupCountsSchema = z.object({
  subgroups: z.number().int().min(0),
  templates: z.number().int().min(0),
});

// ── templates ───────────────────────────────────────────────────────────────────────────────────────────

export const formTemplateSummarySchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  groupId: idSchema.nullable(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(FORM_TEMPLATE_KINDS),
  scope: z.enum(FORM_TEMPLATE_SCOPES),
  status: z.enum(FORM_TEMPLATE_STATUSES),
  /** kind workflow: the workflow template the forms run on (its latest published version at submit). */
  workflowTemplateId: idSchema.nullable(),
  /** Grows with every change except status: a PUT sends the one it read (409 when stale). */
  revision: z.number().int().min(1),
  createdBy: idSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormTemplateSummary = z.infer<typeof formTemplateSummarySchema>;

export const formTemplateSchema = formTemplateSummarySchema.extend({
  fields: formFieldsSchema,
  /** Who may settle a completed (or, without workflow, submitted) form. */
  settlers: z.array(idSchema),
  fieldAccess: formFieldAccessSchema,
});
export type FormTemplate = z.infer<typeof formTemplateSchema>;

const templateName = z.string().trim().min(1).max(FORM_TEMPLATE_NAME_MAX_LENGTH);
const templateDescription = z.string().trim().max(FORM_TEMPLATE_DESCRIPTION_MAX_LENGTH);
const settlers = z.array(idSchema).max(FORM_SETTLERS_MAX);

/**
 * POST form-service/projects/{id}/form-templates. Fields are checked by shape and by
 * `checkFieldDefinitions` (400 naming `fields.<path>`); kind workflow needs `workflowTemplateId`, an
 * enabled, published workflow template of the project (400 `forms.workflowNotPublished`); settlers must be
 * members; fieldAccess names nodes of that workflow and keys of the fields.
 */
export const formTemplateCreateSchema = z.strictObject({
  name: templateName,
  groupId: idSchema.nullable().default(null),
  description: templateDescription.default(''),
  kind: z.enum(FORM_TEMPLATE_KINDS).default('workflow'),
  /** Only `custom` is accepted for now. */
  scope: z.literal('custom').default('custom'),
  status: z.enum(FORM_TEMPLATE_STATUSES).default('enabled'),
  fields: formFieldsSchema.default([]),
  workflowTemplateId: idSchema.nullable().default(null),
  settlers: settlers.default([]),
  fieldAccess: formFieldAccessSchema.default({}),
});
export type FormTemplateCreate = z.input<typeof formTemplateCreateSchema>;

/** PUT form-service/form-templates/{id}: `revision` as read; stale: 409 with `current`. */
export const formTemplateUpdateSchema = z.strictObject({
  revision: z.number().int().min(1),
  name: templateName.optional(),
  groupId: idSchema.nullable().optional(),
  description: templateDescription.optional(),
  kind: z.enum(FORM_TEMPLATE_KINDS).optional(),
  fields: formFieldsSchema.optional(),
  workflowTemplateId: idSchema.nullable().optional(),
  settlers: settlers.optional(),
  fieldAccess: formFieldAccessSchema.optional(),
});
export type FormTemplateUpdate = z.input<typeof formTemplateUpdateSchema>;

export const formTemplateStatusSchema = z.strictObject({ status: z.enum(FORM_TEMPLATE_STATUSES) });

/** POST form-templates/{id}/copy: the copy's name (default: the source's with a copy suffix). */
export const formTemplateCopySchema = z.strictObject({ name: templateName.optional() }).nullish();

/**
 * GET form-service/projects/{id}/form-templates: `groupId` (`none`: without a group), `status`, `kind`,
 * `name` (plain substring), skip/limit, only_count. Members see enabled templates only.
 */
export const formTemplatesQuerySchema = z.strictObject({
  groupId: z.union([idSchema, z.literal('none')]).optional(),
  status: z.enum(FORM_TEMPLATE_STATUSES).optional(),
  kind: z.enum(FORM_TEMPLATE_KINDS).optional(),
  name: z.string().trim().max(64).optional(),
  ...paging,
});

export const formTemplateStaleAnswerSchema = z.object({
  code: z.number().int(),
  key: z.string(),
  message: z.string(),
  current: formTemplateSchema,
});

// ── forms (instances) ───────────────────────────────────────────────────────────────────────────────────

export type FormValuesInput = Record<string, unknown>;
const valuesSchema = z.record(z.string(), z.unknown());
const picksSchema = z.record(nodeIdSchema, z.array(idSchema).max(100));

/**
 * POST form-service/forms: a draft (`submit: false`, required fields may stay empty) or a submitted form.
 * Values are checked against the template's fields with `checkFormValues` (400 naming `values.<path>`).
 */
export const formCreateSchema = z.strictObject({
  templateId: idSchema,
  /** Defaults to the template's name. */
  name: z.string().trim().min(1).max(FORM_NAME_MAX_LENGTH).optional(),
  values: valuesSchema.default({}),
  submit: z.boolean().default(false),
  /** Node id → people, for approval nodes whose approvers the initiator picks. */
  pickedApprovers: picksSchema.optional(),
});
export type FormCreate = z.input<typeof formCreateSchema>;

/**
 * PUT form-service/forms/{id}: the initiator edits a draft (init) or a recalled or rejected-to-start form;
 * `submit: true` submits it (a recalled or rejected form is resubmitted). `revision` as read (409 stale).
 */
export const formUpdateSchema = z.strictObject({
  revision: z.number().int().min(1),
  name: z.string().trim().min(1).max(FORM_NAME_MAX_LENGTH).optional(),
  values: valuesSchema.optional(),
  submit: z.boolean().default(false),
  pickedApprovers: picksSchema.optional(),
});
export type FormUpdate = z.input<typeof formUpdateSchema>;

/**
 * POST form-service/forms/{id}/actions: the engine's actions (pass, reject, forward, addSigner, recall,
 * resubmit, comment, urge, close) and `settle` (a settler, on a completed or executed form). `revision` on
 * a settle is the form's; on the engine's actions the instance's (`instance.revision`).
 */
export const formActionSchema = z.union([
  workflowActionSchema,
  z.strictObject({
    action: z.literal('settle'),
    opinion: workflowOpinionSchema.optional(),
    revision: z.number().int().optional(),
  }),
]);
export type FormAction = z.infer<typeof formActionSchema>;
export type FormActionName = FormAction['action'];
export const FORM_ACTIONS = [
  'pass',
  'reject',
  'forward',
  'addSigner',
  'recall',
  'resubmit',
  'comment',
  'urge',
  'close',
  'settle',
] as const satisfies readonly FormActionName[];

/** The tabs of the form list: `mine` = created by me or waiting for me; `all` = everything I may read. */
export const FORM_LIST_FILTERS = ['mine', 'todo', 'processed', 'cc', 'created', 'all'] as const;
export type FormListFilter = (typeof FORM_LIST_FILTERS)[number];

/** GET form-service/projects/{id}/forms. */
export const formsQuerySchema = z.strictObject({
  filter: z.enum(FORM_LIST_FILTERS).default('all'),
  state: z.enum(FORM_STATES).optional(),
  templateId: idSchema.optional(),
  /** A plain substring of the form's name, case-insensitive. */
  name: z.string().trim().max(64).optional(),
  ...paging,
});

export const formListItemSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  templateId: idSchema,
  templateName: z.string(),
  groupId: idSchema.nullable(),
  name: z.string(),
  kind: z.enum(FORM_TEMPLATE_KINDS),
  scope: z.enum(FORM_TEMPLATE_SCOPES),
  state: z.enum(FORM_STATES),
  initiatorId: idSchema,
  /** The node being worked on (processing), else null. */
  currentNode: z.object({ id: nodeIdSchema, name: z.string() }).nullable(),
  handlers: z.array(idSchema),
  /** Days late on the current node and its band (spec 001 §4). */
  delayDays: z.number().int(),
  delayBand: z.enum(WORKFLOW_DELAY_BANDS),
  revision: z.number().int(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormListItem = z.infer<typeof formListItemSchema>;

export const formInstanceInfoSchema = z.object({
  _id: idSchema,
  templateVersion: z.number().int(),
  /** Send it back with an action: stale is 409 with the current form. */
  revision: z.number().int(),
  route: z.array(nodeIdSchema),
  dueAt: z.string().nullable(),
  nextUrgeAt: z.string().nullable(),
  showLog: z.boolean(),
});

export const formDetailSchema = formListItemSchema.extend({
  /** The fields pinned at the last save or submit, without the ones hidden from the caller. */
  fields: formFieldsSchema,
  /** Values of the visible fields only. */
  values: z.record(z.string(), z.unknown()),
  /** What the caller may do with each visible field now (hidden ones are left out). */
  access: z.record(z.string(), z.enum(FIELD_ACCESS)),
  /** The actions the caller may take now. */
  actions: z.array(z.enum(['edit', 'submit', 'delete', ...FORM_ACTIONS])),
  settlers: z.array(idSchema),
  settledBy: idSchema.nullable(),
  settledAt: z.string().nullable(),
  /** The engine's instance (null: a draft or a form without workflow). */
  instance: formInstanceInfoSchema.nullable(),
});
export type FormDetail = z.infer<typeof formDetailSchema>;

/** A refused action or stale edit: 409 with the form as it is now. */
export const formStaleAnswerSchema = z.object({
  code: z.number().int(),
  key: z.string(),
  message: z.string(),
  current: formDetailSchema,
});

export const formLogSchema = z.array(workflowLogEntrySchema);
export const formChartSchema = workflowChartSchema;
