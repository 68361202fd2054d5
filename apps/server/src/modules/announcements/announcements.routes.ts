import { countSchema, idSchema } from '@lintel/contracts';
import {
  announcementActionQuerySchema,
  announcementAuthQuerySchema,
  announcementCreateSchema,
  announcementQuerySchema,
  announcementSchema,
  announcementSummarySchema,
  announcementsDeletedSchema,
  announcementsDeleteQuerySchema,
  announcementsQuerySchema,
} from '@lintel/contracts/announcements';
import { authValueSchema } from '@lintel/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { emptyBodySchema, noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import { auditRequest } from '../audit/request';
import type { AnnouncementsService } from './announcements.service';

const TAGS = ['announcements'];
const idParams = z.strictObject({ id: idSchema });
const done = z.strictObject({});

/**
 * announcement-service (spec 001 §7). Thin: parse, call the service (which authorizes), answer.
 * Recall, which the specification names without a path, is `PUT announcements/{id}?recall=true`; deleting
 * all of a project's announcements by type is `DELETE projects/{id}/announcements?type=posted|received`.
 */
export const announcementsRoutes: FastifyPluginAsyncZod<{ announcements: AnnouncementsService }> = async (
  app,
  { announcements },
) => {
  app.addHook('onRequest', requireUser);

  app.post(
    '/announcements',
    {
      schema: {
        tags: TAGS,
        summary: 'Publish an announcement to members, departments or everyone of a project (create right)',
        description:
          'receivers: "all" or member user ids; departments: structure ids of the project (their members ' +
          'and those below). content: HTML, kept to a formatting whitelist. attachments: files of the ' +
          'project. The receivers get an announcement notification.',
        querystring: noQuerySchema,
        body: announcementCreateSchema,
        response: { 200: announcementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => announcements.create(request.user!, request.body),
  );

  app.get(
    '/projects/:id/announcements',
    {
      schema: {
        tags: TAGS,
        summary: "The caller's sent or received announcements of a project, pinned first",
        description:
          'type: send|sent|posted or receive|received. where: title, senderId, createdAt, stick, and read ' +
          '(received) or recalled (sent). order: createdAt (default -createdAt), title, _id. ' +
          'only_count=true answers {count}; expand=true embeds the sender.',
        params: idParams,
        querystring: announcementsQuerySchema,
        response: {
          200: z.union([z.array(announcementSummarySchema), countSchema]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => announcements.list(request.user!, request.params.id, request.query),
  );

  app.delete(
    '/projects/:id/announcements',
    {
      schema: {
        tags: TAGS,
        summary: "Delete every announcement of the caller's box in a project (delete right)",
        description:
          'type=posted (also send, sent): the ones the caller sent, for everyone. type=received (receive): ' +
          "out of the caller's received list. Answers {count}.",
        params: idParams,
        querystring: announcementsDeleteQuerySchema,
        response: { 200: announcementsDeletedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const answer = await announcements.removeAll(request.user!, request.params.id, request.query.type);
      await auditRequest(request, {
        action: 'announcement.deleted',
        projectId: request.params.id,
        targetType: 'announcement',
        detail: { all: true, box: request.query.type ?? null, count: answer.count },
      });
      return answer;
    },
  );

  app.get(
    '/projects/:id/auth',
    {
      schema: {
        tags: TAGS,
        summary: 'Your announcement right in a project: {value}',
        description:
          'key: create or delete; category: default. A value that is missing or the text false means no ' +
          'right (spec 001 §6). The same answer as account-service projects/{id}/auth?moduleKey=announcements.',
        params: idParams,
        querystring: announcementAuthQuerySchema,
        response: { 200: authValueSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => announcements.authValue(request.user!, request.params.id, request.query.key),
  );

  app.get(
    '/announcements/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One announcement (its sender, its receivers, project admins)',
        description:
          'expand=true embeds the sender, the departments and — for the sender and admins — every receiver ' +
          'with their read state. A recalled one answers its receivers 404 announcements.recalled.',
        params: idParams,
        querystring: announcementQuerySchema,
        response: { 200: announcementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => announcements.detail(request.user!, request.params.id, request.query.expand === true),
  );

  app.put(
    '/announcements/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Mark read, pin or unpin, or recall an announcement',
        description:
          'Exactly one of: read=true|false (its receivers), stick=true|false (its sender with the create ' +
          'right, project admins), recall=true (the same; 409 announcements.alreadyRecalled the second time).',
        params: idParams,
        querystring: announcementActionQuerySchema,
        body: emptyBodySchema,
        response: { 200: announcementSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { read, stick } = request.query;
      const user = request.user!;
      if (read !== undefined) return announcements.setRead(user, request.params.id, read);
      if (stick !== undefined) return announcements.setStick(user, request.params.id, stick);
      return announcements.recall(user, request.params.id);
    },
  );

  app.delete(
    '/announcements/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete an announcement (delete right)',
        description:
          'A receiver deletes it from their own list; its sender, or a project admin, deletes it for everyone.',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await announcements.remove(request.user!, request.params.id);
      await auditRequest(request, {
        action: 'announcement.deleted',
        targetType: 'announcement',
        targetId: request.params.id,
      });
      return {};
    },
  );
};
