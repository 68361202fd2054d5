import { countSchema } from '@lintel/contracts';
import {
  QUERY_PARAM_MAX_BYTES,
  queryParamCreatedSchema,
  queryParamCreateSchema,
  todoSchema,
  todosQuerySchema,
} from '@lintel/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import type { TodosService } from './todos.service';

const TAGS = ['todos'];

/** base-service to-dos and stored queries (spec 001 §7). */
export const todosRoutes: FastifyPluginAsyncZod<{ todos: TodosService }> = async (app, { todos }) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/todos',
    {
      schema: {
        tags: TAGS,
        summary: 'The items waiting for the signed-in user across modules',
        description:
          'where: module, projectId, recordId, senderId, title, dueDate, createdAt. queryParam: a stored ' +
          'query whose `where` and `delay` apply too (404 notifications.queryParamNotFound; 400 ' +
          'notifications.queryParamInvalid when it does not fit). delay: overdue, 1-7, 8-30, over30 (days ' +
          'past the due date). order: createdAt (default -createdAt), dueDate, _id. only_count=true: {count}.',
        querystring: todosQuerySchema,
        response: {
          200: z.union([z.array(todoSchema), countSchema]),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => todos.list(request.user!, request.query),
  );

  app.post(
    '/queryParams',
    {
      schema: {
        tags: TAGS,
        summary: 'Store a query so that a to-do or a link can carry it by id',
        description: `data: a JSON object of at most ${QUERY_PARAM_MAX_BYTES} bytes (413 beyond). The same data answers the same _id.`,
        querystring: noQuerySchema,
        body: queryParamCreateSchema,
        response: { 200: queryParamCreatedSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => todos.createQueryParam(request.user!, request.body.data),
  );
};
