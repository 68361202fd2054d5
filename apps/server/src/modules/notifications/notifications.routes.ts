import { countSchema, idSchema } from '@lintel/contracts';
import {
  notificationReadSchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationsReadResultSchema,
  notificationsReadSchema,
} from '@lintel/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import type { LiveStreams } from './live';
import type { NotificationsService } from './notifications.service';

const TAGS = ['notifications'];
const idParams = z.strictObject({ id: idSchema });
const done = z.strictObject({});
const eventStreamSchema = z.unknown().describe('text/event-stream: events unread, notification and todos');

/**
 * base-service notifications (spec 001 §7). Thin: every call is the signed-in user's own, so the service
 * takes the user and finds only their rows; another user's id answers 404.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  live: LiveStreams;
}> = async (app, { notifications, live }) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/notifications',
    {
      schema: {
        tags: TAGS,
        summary: "The signed-in user's notifications, newest first",
        description:
          'where: module, read, projectId, recordId, senderId, title, content ($regex for a keyword), ' +
          'createdAt. order: createdAt (default -createdAt), _id. only_count=true answers {count}.',
        querystring: notificationsQuerySchema,
        response: {
          200: z.union([z.array(notificationSchema), countSchema]),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => notifications.list(request.user!, request.query, request.language),
  );

  app.get(
    '/notifications/stream',
    {
      // A compressed event stream would sit in the compressor's buffer instead of reaching the browser.
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'Live notifications of the signed-in user (server-sent events)',
        description:
          'Starts with `unread` {unread} and `todos` {count}; then `notification` {notification, unread} for ' +
          'each new one, `unread` when the count changes otherwise, `todos` when the open to-dos change. ' +
          'A `: ping` comment every 25 s. 429 past 20 open streams of one user on one server.',
        querystring: noQuerySchema,
        produces: ['text/event-stream'],
        response: { 200: eventStreamSchema, ...errorResponses(401, 429, 503) },
      },
    },
    async (request, reply) => {
      const stream = await live.open(request.user!._id, request.language);
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        // nginx would otherwise buffer the stream.
        .header('x-accel-buffering', 'no')
        // The connection serves this stream only: when the stream ends (app shutdown) it is closed rather
        // than kept alive idle, so the server's close is not left waiting for it.
        .header('connection', 'close');
      return reply.send(stream.body);
    },
  );

  app.put(
    '/notifications/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Mark one notification read (or unread again)',
        params: idParams,
        querystring: noQuerySchema,
        body: notificationReadSchema,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      notifications.setRead(request.user!, request.params.id, request.body.read, request.language),
  );

  app.put(
    '/notifications',
    {
      schema: {
        tags: TAGS,
        summary: 'Mark several notifications, or all of them (ids: "all"), read or unread',
        description: "Ids that are not the caller's are skipped; `updated` counts the changed ones.",
        querystring: noQuerySchema,
        body: notificationsReadSchema,
        response: { 200: notificationsReadResultSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => notifications.setReadMany(request.user!, request.body),
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete one notification',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await notifications.remove(request.user!, request.params.id);
      return {};
    },
  );
};
