import { idSchema } from '@lintel/contracts';
import { enterpriseSchema } from '@lintel/contracts/org';
import {
  authQuerySchema,
  authValueSchema,
  capacitySchema,
  domainCreateSchema,
  domainSchema,
  domainUpdateSchema,
  edit4dAllowanceSchema,
  edit4dAuthorizeSchema,
  edit4dStatusSchema,
  moduleGroupSchema,
  moduleGroups,
  moduleSchema,
  paymentSchema,
  projectAdministratorSchema,
  templateCreateSchema,
  templateSchema,
  templateUpdateSchema,
} from '@lintel/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { emptyBodySchema, noQuerySchema } from '../../plugins/route-schemas';
import { requireSystemAdmin, requireUser } from '../../plugins/session';
import { auditRequest } from '../audit/request';
import type { PermissionsService } from './permissions.service';

const TAGS = ['permissions'];
const idParams = z.strictObject({ id: idSchema });
const done = z.strictObject({});
const MODULE_GROUPS_WEB = moduleGroups();

/**
 * account-service: permission templates, the auth question of spec 000 §6, modules, disciplines, 4D
 * editors, capacity, payment and deletions. Thin: parse, call the service (which authorizes), answer.
 */
export const permissionsRoutes: FastifyPluginAsyncZod<{ permissions: PermissionsService }> = async (
  app,
  { permissions },
) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/projects/:id/administrators',
    {
      schema: {
        tags: TAGS,
        summary: 'Whom to ask for a missing right: the project administrators, names only (members)',
        description:
          "The project's administrators, else those of the nearest enclosing circle or enterprise " +
          '(at most 10, disabled accounts left out). Any member of the project may ask; others 404.',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(projectAdministratorSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => permissions.administrators(request.user!, request.params.id),
  );

  // ── templates ──

  app.get(
    '/projects/:id/templates',
    {
      schema: {
        tags: TAGS,
        summary: 'The permission templates of a project (project admins); the default one first',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(templateSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => permissions.listTemplates(request.user!, request.params.id),
  );

  app.post(
    '/projects/:id/templates',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a permission template (project admins)',
        description:
          'grants: {moduleKey: {permission: scope value | boolean}}; treeScopes: {moduleKey: {tags|folders|' +
          'units: ids}}. A taken name is 409 permissions.templateNameTaken.',
        params: idParams,
        querystring: noQuerySchema,
        body: templateCreateSchema,
        response: { 200: templateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const template = await permissions.createTemplate(request.user!, request.params.id, request.body);
      await auditRequest(request, {
        action: 'permissionTemplate.created',
        projectId: template.projectId,
        targetType: 'template',
        targetId: template._id,
        detail: { name: template.name },
      });
      return template;
    },
  );

  app.put(
    '/templates/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a permission template (admins of its project)',
        params: idParams,
        querystring: noQuerySchema,
        body: templateUpdateSchema,
        response: { 200: templateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const template = await permissions.updateTemplate(request.user!, request.params.id, request.body);
      await auditRequest(request, {
        action: 'permissionTemplate.updated',
        projectId: template.projectId,
        targetType: 'template',
        targetId: template._id,
        detail: { name: template.name },
      });
      return template;
    },
  );

  app.delete(
    '/templates/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a permission template (admins of its project)',
        description:
          '409 permissions.templateIsDefault for the default one, 409 permissions.templateInUse {count} ' +
          'while members use it.',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const answer = await permissions.deleteTemplate(request.user!, request.params.id);
      await auditRequest(request, {
        action: 'permissionTemplate.deleted',
        targetType: 'template',
        targetId: request.params.id,
      });
      return answer;
    },
  );

  // ── the auth question (spec 000 §6) ──

  app.get(
    '/projects/:id/auth',
    {
      schema: {
        tags: TAGS,
        summary: "Your permission value for a module's key: {value}",
        description:
          'key: read|create|delete|own or any permission type. Read is allowed unless the value is none; ' +
          'the others when truthy and not the string false. Admins: all / true.',
        params: idParams,
        querystring: authQuerySchema,
        response: { 200: authValueSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      permissions.authValue(request.user!, request.params.id, request.query.key, request.query.moduleKey),
  );

  // ── modules ──

  app.get(
    '/projects/:id/modules',
    {
      schema: {
        tags: TAGS,
        summary: 'The modules authorised for the project; without authorized=all only those you may view',
        params: idParams,
        querystring: z.strictObject({ authorized: z.string().max(20).optional() }),
        response: { 200: z.array(moduleSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      permissions.listProjectModules(request.user!, request.params.id, request.query.authorized === 'all'),
  );

  app.get(
    '/module_groups',
    {
      schema: {
        tags: TAGS,
        summary: 'The workbench groups with their modules',
        querystring: z.strictObject({ device: z.enum(['web', 'mobile', 'pc']).optional() }),
        response: { 200: z.array(moduleGroupSchema), ...errorResponses(400, 401) },
      },
    },
    async () => MODULE_GROUPS_WEB,
  );

  app.get(
    '/enterprises/:id/modules',
    {
      schema: {
        tags: TAGS,
        summary: "The enterprise's enabled modules (every module for now)",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(moduleSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => permissions.listEnterpriseModules(request.user!, request.params.id),
  );

  // ── domains ──

  app.get(
    '/projects/:id/domains',
    {
      schema: {
        tags: TAGS,
        summary: 'The disciplines (majors) of a project',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(domainSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => permissions.listDomains(request.user!, request.params.id),
  );

  app.post(
    '/projects/:id/domains',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a discipline (project admins); a taken name is 409 permissions.domainNameTaken',
        params: idParams,
        querystring: noQuerySchema,
        body: domainCreateSchema,
        response: { 200: domainSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => permissions.createDomain(request.user!, request.params.id, request.body),
  );

  app.put(
    '/domains/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename or reorder a discipline (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        body: domainUpdateSchema,
        response: { 200: domainSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => permissions.updateDomain(request.user!, request.params.id, request.body),
  );

  app.delete(
    '/domains/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a discipline (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => permissions.deleteDomain(request.user!, request.params.id),
  );

  // ── 4D editors ──

  app.get(
    '/projects/:id/edit4d',
    {
      schema: {
        tags: TAGS,
        summary: "The enterprise's 4D-editing allowance as seen from a project (project admins)",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: edit4dStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => permissions.getEdit4d(request.user!, request.params.id),
  );

  app.put(
    '/projects/:id/edit4d',
    {
      schema: {
        tags: TAGS,
        summary: 'Authorise members of the project for 4D editing (revoke: take it back) (project admins)',
        description:
          'permissions.edit4dExpired, edit4dNoneAvailable, edit4dLimitReached (400); ' +
          'edit4dAlreadyAuthorized (409); a user who is not a member: 404.',
        params: idParams,
        querystring: noQuerySchema,
        body: edit4dAuthorizeSchema,
        response: { 200: edit4dStatusSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => permissions.putEdit4d(request.user!, request.params.id, request.body),
  );

  app.put(
    '/admin/enterprises/:id/edit4d',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary: "Set an enterprise's 4D-editing allowance (system administrators)",
        description: 'A total below the authorised count is 400 permissions.edit4dTotalBelowAuthorized.',
        params: idParams,
        querystring: noQuerySchema,
        body: edit4dAllowanceSchema,
        response: { 200: edit4dStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => permissions.putEdit4dAllowance(request.params.id, request.body),
  );

  // ── capacity, plan, payment ──

  app.put(
    '/admin/enterprises/:id/capacity',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary:
          "Set an enterprise's account and space capacity, project limit and plan (system administrators)",
        params: idParams,
        querystring: noQuerySchema,
        body: capacitySchema,
        response: { 200: enterpriseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => permissions.putCapacity(request.params.id, request.body),
  );

  app.put(
    '/projects/:id/payment',
    {
      schema: {
        tags: TAGS,
        summary: 'Move a trial project into a paid enterprise (admin of both)',
        params: idParams,
        querystring: noQuerySchema,
        body: paymentSchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => permissions.pay(request.user!, request.params.id, request.body),
  );

  // ── deletions ──

  app.put(
    '/projects/:id/deleted',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a project (admins); it disappears from every list and answers 404',
        params: idParams,
        querystring: noQuerySchema,
        body: emptyBodySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const answer = await permissions.deleteProject(request.user!, request.params.id);
      await auditRequest(request, {
        action: 'project.deleted',
        projectId: request.params.id,
        targetType: 'project',
        targetId: request.params.id,
      });
      return answer;
    },
  );

  app.put(
    '/circles/:id/deleted',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete an empty circle (enterprise admins); recordId repeats the circle id',
        description: '409 permissions.circleNotEmpty {projects, circles} while it holds anything.',
        params: idParams,
        querystring: z.strictObject({ recordId: idSchema }),
        body: emptyBodySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const answer = await permissions.deleteCircle(request.user!, request.params.id, request.query.recordId);
      await auditRequest(request, {
        action: 'circle.deleted',
        targetType: 'circle',
        targetId: request.params.id,
      });
      return answer;
    },
  );
};
