import { idSchema } from '@lintel/contracts';
import {
  type ScopeType,
  structureCreateSchema,
  structureSchema,
  structuresQuerySchema,
  structureUpdateSchema,
} from '@lintel/contracts/org';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../plugins/error-responses';
import { noQuerySchema } from '../../../plugins/route-schemas';
import { requireUser } from '../../../plugins/session';
import type { StructuresService } from './structures.service';

const TAGS = ['structures'];
const idParams = z.strictObject({ id: idSchema });
const done = z.strictObject({});
const SCOPES: ReadonlyArray<[ScopeType, string]> = [
  ['enterprise', 'enterprises'],
  ['circle', 'circles'],
  ['project', 'projects'],
];

/** account-service: the organisation structure of enterprises, circles and projects (spec 000 §7). */
export const structuresRoutes: FastifyPluginAsyncZod<{ structures: StructuresService }> = async (
  app,
  { structures },
) => {
  app.addHook('onRequest', requireUser);

  for (const [type, path] of SCOPES) {
    app.get(
      `/${path}/:id/structures`,
      {
        schema: {
          tags: TAGS,
          summary: `The organisation structure of a ${type}: every node, flat (parentId), in order`,
          description: 'order: order (default), name, createdAt; "-" in front for descending.',
          params: idParams,
          querystring: structuresQuerySchema,
          response: { 200: z.array(structureSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => structures.list(request.user!, { type, id: request.params.id }, request.query.order),
    );

    app.post(
      `/${path}/:id/structures`,
      {
        schema: {
          tags: TAGS,
          summary: `Add a group (department) or a function to the structure of a ${type} (admins)`,
          description:
            'Groups nest two levels, a function sits under a group (three levels): 400 org.structureTooDeep, ' +
            '400 org.structureIntoFunction; 409 org.structureNameExists for a sibling of the same name; ' +
            '404 org.structureNotFound for a parent not of this scope.',
          params: idParams,
          querystring: noQuerySchema,
          body: structureCreateSchema,
          response: { 200: structureSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => structures.create(request.user!, { type, id: request.params.id }, request.body),
    );
  }

  app.put(
    '/structures/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename, move (parentId; null: top level) or reorder a structure (admins of its scope)',
        description:
          '400 org.structureCycle (into its own subtree), org.structureIntoFunction, org.structureTooDeep; ' +
          '409 org.structureNameExists; 404 org.structureNotFound for a parent not of this scope.',
        params: idParams,
        querystring: noQuerySchema,
        body: structureUpdateSchema,
        response: { 200: structureSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => structures.update(request.user!, request.params.id, request.body),
  );

  app.delete(
    '/structures/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a structure with everything below it (admins); its members lose that department',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await structures.remove(request.user!, request.params.id);
      return {};
    },
  );
};
