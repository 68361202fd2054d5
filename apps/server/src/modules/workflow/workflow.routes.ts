import { countSchema, errorBodySchema, idSchema } from '@lintel/contracts';
import type { AuditAction } from '@lintel/contracts/system';
import {
  workflowGroupCountsSchema,
  workflowGroupCreateSchema,
  workflowGroupDeleteQuerySchema,
  workflowGroupSchema,
  workflowGroupUpdateSchema,
  workflowStaleAnswerSchema,
  workflowTemplateCopySchema,
  workflowTemplateCreateSchema,
  workflowTemplatePublishSchema,
  workflowTemplateSchema,
  workflowTemplateStatusSchema,
  workflowTemplatesQuerySchema,
  workflowTemplateUpdateSchema,
  workflowVersionSchema,
  workflowVersionSummarySchema,
} from '@lintel/contracts/workflow';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { errorBody } from '../../plugins/errors';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import { auditRequest } from '../audit/request';
import { WorkflowConflict, type WorkflowService } from './workflow.service';

export const WORKFLOW_GROUPS_TAG = 'workflow-groups';
export const WORKFLOW_TEMPLATES_TAG = 'workflow-templates';
const idParams = z.strictObject({ id: idSchema });
const versionParams = z.strictObject({
  id: idSchema,
  n: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});
const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409);
/** 409 on a stale revision: the error body and the template as it is now. */
const STALE = {
  ...errorResponses(400, 401, 403, 404),
  409: z.union([workflowStaleAnswerSchema, errorBodySchema]),
};
const done = z.strictObject({});

/** Sends a conflict that carries more than the error body (the current template, the counts). */
async function answering<T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof WorkflowConflict)) throw error;
    const body = errorBody(
      { status: 409, key: error.key, code: error.code, params: error.params },
      request.language,
    );
    return reply.code(409).send({ ...body, ...error.extra });
  }
}

/** What an audit entry of this service names: the group or template, its project and its name. */
interface AuditedRecord {
  _id: string;
  projectId: string;
  name: string;
}

/**
 * The administrators' changes in the audit log (issue 17), recorded at the edge once the service has
 * committed them (see docs/decisions.md, workflow routes): the record's name and any `detail` beside it.
 */
function audit(
  request: FastifyRequest,
  action: AuditAction,
  targetType: 'workflowGroup' | 'workflowTemplate',
  record: AuditedRecord,
  detail: Record<string, string | number | null> = {},
): Promise<void> {
  return auditRequest(request, {
    action,
    projectId: record.projectId,
    targetType,
    targetId: record._id,
    detail: { name: record.name, ...detail },
  });
}

/**
 * workflow-service: groups and templates of a project's approval workflows (issue 18). Thin: parse, call the
 * service (which authorizes), audit the administrators' changes, answer.
 */
export const workflowRoutes: FastifyPluginAsyncZod<{ workflow: WorkflowService }> = async (
  app,
  { workflow },
) => {
  app.addHook('onRequest', requireUser);

  // ── groups ──
  app.get(
    '/projects/:id/workflow-groups',
    {
      schema: {
        tags: [WORKFLOW_GROUPS_TAG],
        summary: "The project's workflow groups (members), two levels, in their order",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(workflowGroupSchema), ...READ },
      },
    },
    async (request) => workflow.listGroups(request.user!, request.params.id),
  );
  app.post(
    '/projects/:id/workflow-groups',
    {
      schema: {
        tags: [WORKFLOW_GROUPS_TAG],
        summary: 'Create a workflow group (project admins)',
        description:
          'parentId: a top-level group of the project (400 workflow.groupNotFound, workflow.groupTooDeep). ' +
          'A name taken among the siblings is 409 workflow.groupNameTaken.',
        params: idParams,
        querystring: noQuerySchema,
        body: workflowGroupCreateSchema,
        response: { 200: workflowGroupSchema, ...WRITE },
      },
    },
    async (request) => {
      const group = await workflow.createGroup(request.user!, request.params.id, request.body);
      await audit(request, 'workflow.groupCreated', 'workflowGroup', group);
      return group;
    },
  );
  app.put(
    '/workflow-groups/:id',
    {
      schema: {
        tags: [WORKFLOW_GROUPS_TAG],
        summary: 'Rename or move a workflow group (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        body: workflowGroupUpdateSchema,
        response: { 200: workflowGroupSchema, ...WRITE },
      },
    },
    async (request) => {
      const group = await workflow.updateGroup(request.user!, request.params.id, request.body);
      await audit(request, 'workflow.groupUpdated', 'workflowGroup', group);
      return group;
    },
  );
  app.delete(
    '/workflow-groups/:id',
    {
      schema: {
        tags: [WORKFLOW_GROUPS_TAG],
        summary: 'Delete a workflow group with its subgroups and templates (project admins)',
        description:
          'A group holding subgroups or templates needs confirm=<the number of templates>; without it, or ' +
          'with another number, 409 workflow.groupDeleteConfirm answering counts {subgroups, templates}.',
        params: idParams,
        querystring: workflowGroupDeleteQuerySchema,
        response: {
          200: done,
          ...errorResponses(400, 401, 403, 404),
          409: z.union([errorBodySchema.extend({ counts: workflowGroupCountsSchema }), errorBodySchema]),
        },
      },
    },
    async (request, reply) =>
      answering(request, reply, async () => {
        const removed = await workflow.removeGroup(request.user!, request.params.id, request.query.confirm);
        await audit(
          request,
          'workflow.groupDeleted',
          'workflowGroup',
          { ...removed, _id: request.params.id },
          { count: removed.counts.templates },
        );
        return {};
      }),
  );

  // ── templates ──
  app.get(
    '/projects/:id/workflow-templates',
    {
      schema: {
        tags: [WORKFLOW_TEMPLATES_TAG],
        summary: "The project's workflow templates, last changed first",
        description:
          'Admins see all of them, members the enabled ones with a published version. groupId (none: ' +
          'without a group), status, name (a substring), skip, limit, only_count=true answers {count}.',
        params: idParams,
        querystring: workflowTemplatesQuerySchema,
        response: { 200: z.union([z.array(workflowTemplateSchema), countSchema]), ...READ },
      },
    },
    async (request) => workflow.listTemplates(request.user!, request.params.id, request.query),
  );
  app.post(
    '/projects/:id/workflow-templates',
    {
      schema: {
        tags: [WORKFLOW_TEMPLATES_TAG],
        summary: 'Create a workflow template (project admins)',
        description:
          'Without a graph the draft is start → one approval node → end. Approver sources must be the ' +
          "project's members, departments and permission templates (400 naming the node). A taken name is " +
          '409 workflow.templateNameTaken.',
        params: idParams,
        querystring: noQuerySchema,
        body: workflowTemplateCreateSchema,
        response: { 200: workflowTemplateSchema, ...WRITE },
      },
    },
    async (request) => {
      const template = await workflow.createTemplate(
        request.user!,
        request.params.id,
        request.body,
        request.language,
      );
      await audit(request, 'workflow.templateCreated', 'workflowTemplate', template);
      return template;
    },
  );
  app.get(
    '/workflow-templates/:id',
    {
      schema: {
        tags: [WORKFLOW_TEMPLATES_TAG],
        summary:
          'One workflow template: the draft and latest version (admins), the published version (members)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: workflowTemplateSchema, ...READ },
      },
    },
    async (request) => workflow.getTemplate(request.user!, request.params.id),
  );
  app.put(
    '/workflow-templates/:id',
    {
      schema: {
        tags: [WORKFLOW_TEMPLATES_TAG],
        summary: 'Change a workflow template and its draft (project admins)',
        description:
          'revision: the one read. A stale revision is 409 workflow.staleTemplate answering `current`, the ' +
          'template as it is now. The draft is not checked for structure until it is published.',
        params: idParams,
        querystring: noQuerySchema,
        body: workflowTemplateUpdateSchema,
        response: { 200: workflowTemplateSchema, ...STALE },
      },
    },
    async (request, reply) =>
      answering(request, reply, async () => {
        const template = await workflow.updateTemplate(request.user!, request.params.id, request.body);
        await audit(request, 'workflow.templateUpdated', 'workflowTemplate', template);
        return template;
      }),
  );
  app.delete(
    '/workflow-templates/:id',
    {
      schema: {
        tags: [WORKFLOW_TEMPLATES_TAG],
        summary: 'Delete a workflow template and its versions (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...READ },
      },
    },
    async (request) => {
      const removed = await workflow.removeTemplate(request.user!, request.params.id);
      await audit(request, 'workflow.templateDeleted', 'workflowTemplate', {
        ...removed,
        _id: request.params.id,
      });
      return {};
    },
  );
  app.put(
    '/workflow-templates/:id/status',
    {
      schema: {
        tags: [WORKFLOW_TEMPLATES_TAG],
        summary: 'Enable or disable a workflow template (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        body: workflowTemplateStatusSchema,
        response: { 200: workflowTemplateSchema, ...READ },
      },
    },
    async (request) => {
      const template = await workflow.setStatus(request.user!, request.params.id, request.body.status);
      await audit(request, 'workflow.templateUpdated', 'workflowTemplate', template, {
        status: template.status,
      });
      return template;
    },
  );
  app.post(
    '/workflow-templates/:id/copy',
    {
      schema: {
        tags: [WORKFLOW_TEMPLATES_TAG],
        summary: 'Copy a workflow template: its draft, group, description and status (project admins)',
        description: "name: the copy's (default: the source's with a copy suffix). 409 when taken.",
        params: idParams,
        querystring: noQuerySchema,
        body: workflowTemplateCopySchema,
        response: { 200: workflowTemplateSchema, ...WRITE },
      },
    },
    async (request) => {
      const template = await workflow.copyTemplate(
        request.user!,
        request.params.id,
        request.body?.name,
        request.language,
      );
      await audit(request, 'workflow.templateCreated', 'workflowTemplate', template, {
        templateId: request.params.id,
      });
      return template;
    },
  );
  app.post(
    '/workflow-templates/:id/publish',
    {
      schema: {
        tags: [WORKFLOW_TEMPLATES_TAG],
        summary: 'Publish the draft as the next frozen version (project admins)',
        description:
          "The draft's structure is checked: 400 with the first problem's workflow.* key and every problem " +
          'in details (path nodes.<id>, edges.<id> or graph). revision (optional): the draft read; stale is ' +
          '409 with `current`. An unchanged draft publishes nothing new.',
        params: idParams,
        querystring: noQuerySchema,
        body: workflowTemplatePublishSchema,
        response: { 200: workflowTemplateSchema, ...STALE },
      },
    },
    async (request, reply) =>
      answering(request, reply, async () => {
        const before = request.body?.revision;
        const { template, frozen } = await workflow.publish(request.user!, request.params.id, before);
        if (!frozen) return template;
        await audit(request, 'workflow.templatePublished', 'workflowTemplate', template, {
          version: template.publishedVersion,
        });
        return template;
      }),
  );
  app.get(
    '/workflow-templates/:id/versions',
    {
      schema: {
        tags: [WORKFLOW_TEMPLATES_TAG],
        summary: 'The published versions of a workflow template, newest first (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(workflowVersionSummarySchema), ...READ },
      },
    },
    async (request) => workflow.versions(request.user!, request.params.id),
  );
  app.get(
    '/workflow-templates/:id/versions/:n',
    {
      schema: {
        tags: [WORKFLOW_TEMPLATES_TAG],
        summary: 'One published version, exactly as frozen (project admins)',
        params: versionParams,
        querystring: noQuerySchema,
        response: { 200: workflowVersionSchema, ...READ },
      },
    },
    async (request) => workflow.version(request.user!, request.params.id, request.params.n),
  );
};
