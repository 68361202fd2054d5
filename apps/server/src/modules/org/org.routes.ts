import { afterCursorSchema, countSchema, idSchema, listQuerySchema } from '@lintel/contracts';
import {
  circleCreateSchema,
  circleSchema,
  circleUpdateSchema,
  enterpriseCreateSchema,
  enterpriseSchema,
  enterpriseUpdateSchema,
  projectCreateSchema,
  projectSchema,
  projectUpdateSchema,
  type ScopeType,
} from '@lintel/contracts/org';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withNextCursor } from '../../db/paging';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import type { OrgService } from './org.service';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const idParams = z.strictObject({ id: idSchema });
const listQuery = listQuerySchema.strict();
/** The project lists also page by cursor (after=; the answer's x-next-after: db/paging.ts). */
const projectsQuery = listQuerySchema.extend({ after: afterCursorSchema.optional() }).strict();
const TAGS = ['org'];
/** No body, or an empty object (Fastify hands a missing body over as null). */
const noBodySchema = z.strictObject({}).nullish();

/**
 * account-service: enterprises, circles and projects (spec 000 §7, spec 001 §7). Thin: parse, call the
 * service (which authorizes through access.ts), answer. Another tenant's id answers 404.
 */
export const orgRoutes: FastifyPluginAsyncZod<{ org: OrgService }> = async (app, { org }) => {
  app.addHook('onRequest', requireUser);

  // ── create ──

  app.post(
    '/enterprises',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an enterprise; you become its admin',
        querystring: noQuerySchema,
        body: enterpriseCreateSchema,
        response: { 200: enterpriseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => org.createEnterprise(request.user!, request.body),
  );

  app.post(
    '/circles',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a circle (branch) of an enterprise, optionally under a top-level circle (admins)',
        description: 'Groups allow two levels: a parent that has a parent itself is 400 org.circleTooDeep.',
        querystring: noQuerySchema,
        body: circleCreateSchema,
        response: { 200: circleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => org.createCircle(request.user!, request.body),
  );

  app.post(
    '/projects',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a project of an enterprise (admins); you become its admin',
        description:
          '?initial=true also writes the default set-up: the settings display, board and statistics.',
        querystring: z.strictObject({ initial: flag.optional() }),
        body: projectCreateSchema,
        response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => org.createProject(request.user!, request.body, request.query.initial === true),
  );

  // ── the caller's lists ──

  app.get(
    '/enterprises',
    {
      schema: {
        tags: TAGS,
        summary:
          'Your enterprises (all for system administrators); where: name, shortName, isTrial, paidPlan',
        querystring: listQuery,
        response: { 200: z.union([z.array(enterpriseSchema), countSchema]), ...errorResponses(400, 401) },
      },
    },
    async (request) => org.listEnterprises(request.user!, request.query),
  );

  app.get(
    '/circles',
    {
      schema: {
        tags: TAGS,
        summary:
          'Circles you are in or administer through their enterprise; where: name, enterpriseId, parentId',
        querystring: listQuery,
        response: { 200: z.union([z.array(circleSchema), countSchema]), ...errorResponses(400, 401) },
      },
    },
    async (request) => org.listCircles(request.user!, request.query),
  );

  app.get(
    '/projects',
    {
      schema: {
        tags: TAGS,
        summary:
          'Projects you are a member of or administer through their circle or enterprise (all for system ' +
          'administrators); where: name, shortName, status, projectType, isTrial, enterpriseId, circleId',
        querystring: projectsQuery,
        response: { 200: z.union([z.array(projectSchema), countSchema]), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => withNextCursor(reply, await org.listProjects(request.user!, request.query)),
  );

  app.get(
    '/enterprises/:id/projects',
    {
      schema: {
        tags: TAGS,
        summary: 'The projects of an enterprise that you can see',
        params: idParams,
        querystring: projectsQuery,
        response: { 200: z.union([z.array(projectSchema), countSchema]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      withNextCursor(
        reply,
        await org.listProjects(request.user!, request.query, { type: 'enterprise', id: request.params.id }),
      ),
  );

  app.get(
    '/enterprises/:id/circles',
    {
      schema: {
        tags: TAGS,
        summary: 'The circles of an enterprise that you can see',
        params: idParams,
        querystring: listQuery,
        response: { 200: z.union([z.array(circleSchema), countSchema]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => org.listCircles(request.user!, request.query, request.params.id),
  );

  app.get(
    '/circles/:id/projects',
    {
      schema: {
        tags: TAGS,
        summary: 'The projects of a circle and its sub-circles that you can see',
        params: idParams,
        querystring: projectsQuery,
        response: { 200: z.union([z.array(projectSchema), countSchema]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      withNextCursor(
        reply,
        await org.listProjects(request.user!, request.query, { type: 'circle', id: request.params.id }),
      ),
  );

  // ── one record ──

  app.get(
    '/enterprises/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'An enterprise you are a member of',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: enterpriseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => org.getEnterprise(request.user!, request.params.id),
  );

  app.get(
    '/circles/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A circle you are a member of, or administer through its parent or enterprise',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: circleSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => org.getCircle(request.user!, request.params.id),
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A project (its information) you are a member of, or administer through an enclosing scope',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: projectSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => org.getProject(request.user!, request.params.id),
  );

  app.put(
    '/enterprises/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename an enterprise (its admins)',
        params: idParams,
        querystring: noQuerySchema,
        body: enterpriseUpdateSchema,
        response: { 200: enterpriseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => org.updateEnterprise(request.user!, request.params.id, request.body),
  );

  app.put(
    '/circles/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename or reorder a circle (admins of it or of its enterprise)',
        params: idParams,
        querystring: noQuerySchema,
        body: circleUpdateSchema,
        response: { 200: circleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => org.updateCircle(request.user!, request.params.id, request.body),
  );

  app.put(
    '/projects/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change the project information (admins of the project or an enclosing scope)',
        description:
          'Any project-information field; null clears an optional one; circleId moves the project.',
        params: idParams,
        querystring: noQuerySchema,
        body: projectUpdateSchema,
        response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => org.updateProject(request.user!, request.params.id, request.body),
  );

  // ── entering ──

  const enterRoute = (type: ScopeType, path: string) =>
    app.put(
      `/${path}/:id/enter`,
      {
        schema: {
          tags: TAGS,
          summary: `Enter a ${type}: remembered as your current place`,
          params: idParams,
          querystring: noQuerySchema,
          body: noBodySchema,
          response: { 200: z.strictObject({}), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => org.enter(request.user!, { type, id: request.params.id }),
    );
  enterRoute('enterprise', 'enterprises');
  enterRoute('circle', 'circles');
  enterRoute('project', 'projects');
};
