import { countSchema, errorBodySchema, idSchema } from '@lintel/contracts';
import {
  formActionSchema,
  formChartSchema,
  formCreateSchema,
  formDetailSchema,
  formGroupCountsSchema,
  formGroupCreateSchema,
  formGroupDeleteQuerySchema,
  formGroupSchema,
  formGroupUpdateSchema,
  formListItemSchema,
  formLogSchema,
  formStaleAnswerSchema,
  formsQuerySchema,
  formTemplateCopySchema,
  formTemplateCreateSchema,
  formTemplateSchema,
  formTemplateStaleAnswerSchema,
  formTemplateStatusSchema,
  formTemplateSummarySchema,
  formTemplatesQuerySchema,
  formTemplateUpdateSchema,
  formUpdateSchema,
} from '@lintel/contracts/forms';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { errorBody } from '../../plugins/errors';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import { FormsConflict, type FormTemplatesService } from './form-templates.service';
import type { FormsService } from './forms.service';

export const FORM_GROUPS_TAG = 'form-template-groups';
export const FORM_TEMPLATES_TAG = 'form-templates';
export const FORMS_TAG = 'forms';
const idParams = z.strictObject({ id: idSchema });
const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409);
const done = z.strictObject({});
const TEMPLATE_STALE = {
  ...errorResponses(400, 401, 403, 404),
  409: z.union([formTemplateStaleAnswerSchema, errorBodySchema]),
};
/** A refused edit or action: 409 (429 for a reminder too soon) with the form as it is now. */
const FORM_STALE = {
  ...errorResponses(400, 401, 403, 404),
  409: z.union([formStaleAnswerSchema, errorBodySchema]),
  429: z.union([formStaleAnswerSchema.extend({ nextAt: z.string().nullable() }), errorBodySchema]),
};

/** Sends a refusal that carries more than the error body (the current record, the counts). */
async function answering<T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof FormsConflict)) throw error;
    const body = errorBody(
      { status: error.status, key: error.key, code: error.code, params: error.params },
      request.language,
    );
    return reply.code(error.status).send({ ...body, ...error.extra });
  }
}

/**
 * form-service (issue 18): form template groups, form templates and forms with their approval actions.
 * Thin: parse, call the services (which authorize), answer.
 */
export const formsRoutes: FastifyPluginAsyncZod<{
  templates: FormTemplatesService;
  forms: FormsService;
}> = async (app, { templates, forms }) => {
  app.addHook('onRequest', requireUser);

  // ── groups ──
  app.get(
    '/projects/:id/form-template-groups',
    {
      schema: {
        tags: [FORM_GROUPS_TAG],
        summary: "The project's form template groups (members), two levels, in their order",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(formGroupSchema), ...READ },
      },
    },
    async (request) => templates.listGroups(request.user!, request.params.id),
  );
  app.post(
    '/projects/:id/form-template-groups',
    {
      schema: {
        tags: [FORM_GROUPS_TAG],
        summary: 'Create a form template group (project admins)',
        description: 'parentId: a top-level group of the project. A name taken among siblings: 409.',
        params: idParams,
        querystring: noQuerySchema,
        body: formGroupCreateSchema,
        response: { 200: formGroupSchema, ...WRITE },
      },
    },
    async (request) => templates.createGroup(request.user!, request.params.id, request.body),
  );
  app.put(
    '/form-template-groups/:id',
    {
      schema: {
        tags: [FORM_GROUPS_TAG],
        summary: 'Rename or move a form template group (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        body: formGroupUpdateSchema,
        response: { 200: formGroupSchema, ...WRITE },
      },
    },
    async (request) => templates.updateGroup(request.user!, request.params.id, request.body),
  );
  app.delete(
    '/form-template-groups/:id',
    {
      schema: {
        tags: [FORM_GROUPS_TAG],
        summary: 'Delete a form template group with its subgroups and templates (project admins)',
        description:
          'A group holding subgroups or templates needs confirm=<the number of templates>; otherwise 409 ' +
          'forms.groupDeleteConfirm with counts. Templates that have forms: 409 forms.templateInUse.',
        params: idParams,
        querystring: formGroupDeleteQuerySchema,
        response: {
          200: done,
          ...errorResponses(400, 401, 403, 404),
          409: z.union([errorBodySchema.extend({ counts: formGroupCountsSchema }), errorBodySchema]),
        },
      },
    },
    async (request, reply) =>
      answering(request, reply, async () => {
        await templates.removeGroup(request.user!, request.params.id, request.query.confirm);
        return {};
      }),
  );

  // ── templates ──
  app.get(
    '/projects/:id/form-templates',
    {
      schema: {
        tags: [FORM_TEMPLATES_TAG],
        summary: "The project's form templates, last changed first",
        description:
          'Admins see all, members the enabled ones. groupId (none: without a group), status, kind, name ' +
          '(a substring), skip, limit, only_count=true answers {count}.',
        params: idParams,
        querystring: formTemplatesQuerySchema,
        response: { 200: z.union([z.array(formTemplateSummarySchema), countSchema]), ...READ },
      },
    },
    async (request) => templates.listTemplates(request.user!, request.params.id, request.query),
  );
  app.post(
    '/projects/:id/form-templates',
    {
      schema: {
        tags: [FORM_TEMPLATES_TAG],
        summary: 'Create a form template (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        body: formTemplateCreateSchema,
        response: { 200: formTemplateSchema, ...WRITE },
      },
    },
    async (request) => templates.createTemplate(request.user!, request.params.id, request.body),
  );
  app.get(
    '/form-templates/:id',
    {
      schema: {
        tags: [FORM_TEMPLATES_TAG],
        summary: 'A form template with its fields (members: enabled ones)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: formTemplateSchema, ...READ },
      },
    },
    async (request) => templates.getTemplate(request.user!, request.params.id),
  );
  app.put(
    '/form-templates/:id',
    {
      schema: {
        tags: [FORM_TEMPLATES_TAG],
        summary: 'Change a form template (project admins); a stale revision is 409 with current',
        params: idParams,
        querystring: noQuerySchema,
        body: formTemplateUpdateSchema,
        response: { 200: formTemplateSchema, ...TEMPLATE_STALE },
      },
    },
    async (request, reply) =>
      answering(request, reply, () =>
        templates.updateTemplate(request.user!, request.params.id, request.body),
      ),
  );
  app.put(
    '/form-templates/:id/status',
    {
      schema: {
        tags: [FORM_TEMPLATES_TAG],
        summary: 'Enable or disable a form template (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        body: formTemplateStatusSchema,
        response: { 200: formTemplateSchema, ...WRITE },
      },
    },
    async (request) => templates.setStatus(request.user!, request.params.id, request.body.status),
  );
  app.delete(
    '/form-templates/:id',
    {
      schema: {
        tags: [FORM_TEMPLATES_TAG],
        summary: 'Delete a form template without forms (project admins); with forms: 409',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...WRITE },
      },
    },
    async (request) => {
      await templates.removeTemplate(request.user!, request.params.id);
      return {};
    },
  );
  app.post(
    '/form-templates/:id/copy',
    {
      schema: {
        tags: [FORM_TEMPLATES_TAG],
        summary: 'Copy a form template (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        body: formTemplateCopySchema,
        response: { 200: formTemplateSchema, ...WRITE },
      },
    },
    async (request) =>
      templates.copyTemplate(request.user!, request.params.id, request.body?.name, request.language),
  );

  // ── forms ──
  app.post(
    '/forms',
    {
      schema: {
        tags: [FORMS_TAG],
        summary: 'Save a draft or submit a form (project members)',
        description:
          'Values are checked against the template fields; a value that does not fit is 400 naming ' +
          'values.<path>. submit=true starts the approval (or records a form without workflow).',
        querystring: noQuerySchema,
        body: formCreateSchema,
        response: { 200: formDetailSchema, ...WRITE },
      },
    },
    async (request) => forms.create(request.user!, request.body),
  );
  app.get(
    '/projects/:id/forms',
    {
      schema: {
        tags: [FORMS_TAG],
        summary: 'The forms the caller may read, last changed first',
        description:
          'filter: mine | todo | processed | cc | created | all; state, templateId, name, skip, limit, ' +
          'only_count=true answers {count}. Drafts are their initiator’s alone.',
        params: idParams,
        querystring: formsQuerySchema,
        response: { 200: z.union([z.array(formListItemSchema), countSchema]), ...READ },
      },
    },
    async (request) => forms.list(request.user!, request.params.id, request.query),
  );
  app.get(
    '/forms/:id',
    {
      schema: {
        tags: [FORMS_TAG],
        summary: 'A form for the caller: visible fields and values, access per field, allowed actions',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: formDetailSchema, ...READ },
      },
    },
    async (request) => forms.get(request.user!, request.params.id),
  );
  app.put(
    '/forms/:id',
    {
      schema: {
        tags: [FORMS_TAG],
        summary: 'The initiator edits (and may submit) a draft, recalled or rejected form',
        params: idParams,
        querystring: noQuerySchema,
        body: formUpdateSchema,
        response: { 200: formDetailSchema, ...FORM_STALE },
      },
    },
    async (request, reply) =>
      answering(request, reply, () => forms.update(request.user!, request.params.id, request.body)),
  );
  app.delete(
    '/forms/:id',
    {
      schema: {
        tags: [FORMS_TAG],
        summary: 'Delete a form: the initiator a draft, project admins any',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...READ },
      },
    },
    async (request) => {
      await forms.remove(request.user!, request.params.id);
      return {};
    },
  );
  app.post(
    '/forms/:id/actions',
    {
      schema: {
        tags: [FORMS_TAG],
        summary: 'An approval action on a form (pass, reject, forward, addSigner, recall, resubmit, …)',
        description:
          'Someone acted first or the form is no longer where the caller saw it: 409 with current; a ' +
          'reminder within the hour: 429 with nextAt.',
        params: idParams,
        querystring: noQuerySchema,
        body: formActionSchema,
        response: { 200: formDetailSchema, ...FORM_STALE },
      },
    },
    async (request, reply) =>
      answering(request, reply, () => forms.act(request.user!, request.params.id, request.body)),
  );
  app.get(
    '/forms/:id/log',
    {
      schema: {
        tags: [FORMS_TAG],
        summary: "The form's approval log, oldest first",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: formLogSchema, ...READ },
      },
    },
    async (request) => forms.log(request.user!, request.params.id),
  );
  app.get(
    '/forms/:id/chart',
    {
      schema: {
        tags: [FORMS_TAG],
        summary: "The form's workflow chart: nodes with state and approvers, edges taken",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: formChartSchema, ...READ },
      },
    },
    async (request) => forms.chart(request.user!, request.params.id),
  );
};
