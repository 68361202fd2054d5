import { countSchema, idSchema, siteDate } from '@lintel/contracts';
import {
  entityTopicsParamsSchema,
  entityTopicsQuerySchema,
  TOPIC_EXPORT_MAX_ROWS,
  topicCreateSchema,
  topicQuerySchema,
  topicResponseCreateSchema,
  topicResponseDeleteQuerySchema,
  topicResponseSchema,
  topicResponsesQuerySchema,
  topicSchema,
  topicSettingCreateSchema,
  topicSettingSchema,
  topicSettingUpdateSchema,
  topicStateSchema,
  topicSummarySchema,
  topicsQuerySchema,
  topicUpdateSchema,
} from '@lintel/contracts/topics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withNextCursor } from '../../db/paging';
import { errorResponses } from '../../plugins/error-responses';
import { emptyBodySchema, noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import { auditRequest } from '../audit/request';
import { sendXlsx } from '../files/http';
import { exportFileName, topicsWorkbook } from './topics.export';
import type { TopicsService } from './topics.service';
import type { TopicSettingsService } from './topics.settings';

const TAGS = ['topics'];
const idParams = z.strictObject({ id: idSchema });
const responseParams = z.strictObject({ id: idSchema, responseId: idSchema });
const done = z.strictObject({});

/**
 * topic-service (spec 000 §7). Thin: parse, call the service (which authorizes), answer. The settings of
 * spec 001 §2 (species, subcontracts) are here too; disciplines are the project's domains
 * (account-service projects/{id}/domains).
 */
export const topicsRoutes: FastifyPluginAsyncZod<{
  topics: TopicsService;
  settings: TopicSettingsService;
}> = async (app, { topics, settings }) => {
  app.addHook('onRequest', requireUser);

  app.post(
    '/topics',
    {
      schema: {
        tags: TAGS,
        summary: 'Raise a problem topic (create right)',
        description:
          'Minimal: {projectId, name, mentions}. Mentioned people and participants must be members; ' +
          'domainId one of the project disciplines; images image files of the project (≤ 9). The mentioned ' +
          'and participants are notified; each mentioned person gets a to-do until it is completed.',
        querystring: noQuerySchema,
        body: topicCreateSchema,
        response: { 200: topicSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => topics.create(request.user!, request.body),
  );

  app.get(
    '/projects/:id/topics',
    {
      schema: {
        tags: TAGS,
        summary: 'The problem topics of a project the caller may see',
        description:
          'category: all|mine|created|following (mine=true: mine). delay: onTime|d1to7|d8to30|over30|delayed. ' +
          'unRead=true. where: name ($regex), status, priority, domainId, speciesId, subcontractId, creatorId, ' +
          'number, createdAt, deadline. modelIds: comma list. order: createdAt (default -createdAt), ' +
          'updatedAt, number, deadline, name. A full page answers the header x-next-after: send it back as ' +
          'after= (same filter and order) for the next page, as cheap however deep. ' +
          'only_count=true answers {count}; expand=true embeds users, ' +
          `discipline, species, subcontract; export=true answers an .xlsx of the whole list (export right; at most ${TOPIC_EXPORT_MAX_ROWS} rows).`,
        params: idParams,
        querystring: topicsQuerySchema,
        response: {
          200: z.union([z.array(topicSummarySchema), countSchema]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    // The export answers a stream (an .xlsx), which the JSON schema of the list does not describe.
    async (request, reply): Promise<never> => {
      const user = request.user!;
      if (!request.query.export) {
        const answer = await topics.list(user, request.params.id, request.query);
        return reply.send(withNextCursor(reply, answer)) as never;
      }
      const rows = await topics.exportRows(user, request.params.id, request.query, TOPIC_EXPORT_MAX_ROWS);
      await auditRequest(request, {
        action: 'data.exported',
        projectId: request.params.id,
        targetType: 'topic',
        detail: { kind: 'topics', format: 'xlsx', rows: rows.count },
      });
      const stream = await topicsWorkbook(rows.batches(), request.language);
      const name = exportFileName(request.language, siteDate(request.server.clock.now()));
      return sendXlsx(reply, stream, name) as never;
    },
  );

  app.get(
    '/projects/:id/entities/:entityId/topics',
    {
      schema: {
        tags: TAGS,
        summary: 'The topics linked to a model element (IFC GlobalId), newest first',
        description: 'modelId narrows to one model; expand=true embeds users and settings.',
        params: entityTopicsParamsSchema,
        querystring: entityTopicsQuerySchema,
        response: { 200: z.array(topicSummarySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      topics.ofEntity(
        request.user!,
        request.params.id,
        request.params.entityId,
        request.query.modelId ?? null,
        request.query.expand === true,
      ),
  );

  app.get(
    '/topics/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One topic; reading it marks it read for the caller',
        params: idParams,
        querystring: topicQuerySchema,
        response: { 200: topicSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => topics.detail(request.user!, request.params.id, request.query.expand === true),
  );

  app.put(
    '/topics/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a topic, or close / reopen it (status)',
        description:
          'The creator, or a member with the edit right, changes fields; the creator or a project admin ' +
          'sets status (completed closes, processing reopens). A completed topic refuses other changes ' +
          '(409 topics.completed) until reopened.',
        params: idParams,
        querystring: noQuerySchema,
        body: topicUpdateSchema,
        response: { 200: topicSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => topics.update(request.user!, request.params.id, request.body),
  );

  app.delete(
    '/topics/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a topic (its creator, or the delete right)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await topics.remove(request.user!, request.params.id);
      await auditRequest(request, {
        action: 'topic.deleted',
        targetType: 'topic',
        targetId: request.params.id,
      });
      return {};
    },
  );

  const states = {
    read: { summary: 'Mark a topic read', run: topics.read },
    follow: { summary: 'Follow a topic', run: (user, id) => topics.follow(user, id, true) },
    unfollow: { summary: 'Stop following a topic', run: (user, id) => topics.follow(user, id, false) },
  } satisfies Record<string, { summary: string; run: TopicsService['read'] }>;
  for (const [path, { summary, run }] of Object.entries(states)) {
    app.put(
      `/topics/:id/${path}`,
      {
        schema: {
          tags: TAGS,
          summary,
          params: idParams,
          querystring: noQuerySchema,
          body: emptyBodySchema,
          response: { 200: topicStateSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => run(request.user!, request.params.id),
    );
  }

  app.get(
    '/topics/:id/responses',
    {
      schema: {
        tags: TAGS,
        summary: 'The response thread of a topic, oldest first',
        description: 'only_count=true answers {count}; expand=true embeds the authors.',
        params: idParams,
        querystring: topicResponsesQuerySchema,
        response: {
          200: z.union([z.array(topicResponseSchema), countSchema]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => topics.responses(request.user!, request.params.id, request.query),
  );

  app.post(
    '/topics/:id/responses',
    {
      schema: {
        tags: TAGS,
        summary: 'Respond to a topic (its creator, mentioned people, participants, editors)',
        description:
          'Text and/or images (≤ 9). The creator, mentioned people, participants and followers are ' +
          'notified; it becomes unread for them. A completed topic refuses responses (409).',
        params: idParams,
        querystring: noQuerySchema,
        body: topicResponseCreateSchema,
        response: { 200: topicResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => topics.respond(request.user!, request.params.id, request.body),
  );

  app.delete(
    '/topics/:id/responses',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a response (?responseId=; its author or a project admin)',
        params: idParams,
        querystring: topicResponseDeleteQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await topics.removeResponse(request.user!, request.params.id, request.query.responseId);
      return {};
    },
  );

  app.delete(
    '/topics/:id/responses/:responseId',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a response (its author or a project admin)',
        params: responseParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await topics.removeResponse(request.user!, request.params.id, request.params.responseId);
      return {};
    },
  );

  // ── settings: species and subcontracts ──

  for (const [plural, kind] of [
    ['species', 'species'],
    ['subcontracts', 'subcontract'],
  ] as const) {
    const SETTINGS_TAGS = ['topic settings'];
    app.get(
      `/projects/:id/${plural}`,
      {
        schema: {
          tags: SETTINGS_TAGS,
          summary: `The ${plural} of a project's problem topics, with how many topics use each`,
          params: idParams,
          querystring: noQuerySchema,
          response: { 200: z.array(topicSettingSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => settings.list(request.user!, request.params.id, kind),
    );
    app.post(
      `/projects/:id/${plural}`,
      {
        schema: {
          tags: SETTINGS_TAGS,
          summary: `Add a ${kind} (project admins; a duplicate name is 409)`,
          params: idParams,
          querystring: noQuerySchema,
          body: topicSettingCreateSchema,
          response: { 200: topicSettingSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => settings.create(request.user!, request.params.id, kind, request.body),
    );
    app.put(
      `/${plural}/:id`,
      {
        schema: {
          tags: SETTINGS_TAGS,
          summary: `Rename or reorder a ${kind} (project admins)`,
          params: idParams,
          querystring: noQuerySchema,
          body: topicSettingUpdateSchema,
          response: { 200: topicSettingSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => settings.update(request.user!, request.params.id, kind, request.body),
    );
    app.delete(
      `/${plural}/:id`,
      {
        schema: {
          tags: SETTINGS_TAGS,
          summary: `Delete a ${kind} (project admins; one in use is 409 with the count)`,
          params: idParams,
          querystring: noQuerySchema,
          response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await settings.remove(request.user!, request.params.id, kind);
        return {};
      },
    );
  }
};
