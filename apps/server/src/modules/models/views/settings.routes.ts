import { idSchema } from '@lintel/contracts';
import {
  attributeDisplaySchema,
  groupDeleteQuerySchema,
  modelTagCreateSchema,
  modelTagSchema,
  modelTagUpdateSchema,
  namedSettingCreateSchema,
  namedSettingSchema,
} from '@lintel/contracts/models';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../plugins/error-responses';
import { noQuerySchema } from '../../../plugins/route-schemas';
import { requireUser } from '../../../plugins/session';
import type { ViewSettings } from './settings.service';

export const SETTINGS_TAG = 'model-settings';
const TAGS = [SETTINGS_TAG];
const idParams = z.strictObject({ id: idSchema });
const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409);
const done = z.strictObject({});

/**
 * Model tags, viewport tags, selection-set groups and the attribute display of a project. Reading needs
 * the model viewer's view right; changing: a project admin or the `edit` right. Thin: parse, call, answer.
 */
export const viewSettingsRoutes: FastifyPluginAsyncZod<{ settings: ViewSettings }> = async (
  app,
  { settings },
) => {
  app.addHook('onRequest', requireUser);

  // ── model tags ──
  app.get(
    '/projects/:id/model-tags',
    {
      schema: {
        tags: TAGS,
        summary: "The project's model tags, in their order",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(modelTagSchema), ...READ },
      },
    },
    async (request) =>
      (await settings.list(request.user!, 'model_tags', request.params.id)).map(settings.presentModelTag),
  );
  app.post(
    '/projects/:id/model-tags',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a model tag (name, type). 409 models.tagDuplicate',
        params: idParams,
        querystring: noQuerySchema,
        body: modelTagCreateSchema,
        response: { 200: modelTagSchema, ...WRITE },
      },
    },
    async (request) =>
      settings.presentModelTag(
        await settings.create(request.user!, 'model_tags', request.params.id, request.body),
      ),
  );
  app.put(
    '/model-tags/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename a model tag or change its type. 409 models.tagDuplicate',
        params: idParams,
        querystring: noQuerySchema,
        body: modelTagUpdateSchema,
        response: { 200: modelTagSchema, ...WRITE },
      },
    },
    async (request) =>
      settings.presentModelTag(
        await settings.update(request.user!, 'model_tags', request.params.id, request.body),
      ),
  );
  app.delete(
    '/model-tags/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a model tag; the models carrying it lose it',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...READ },
      },
    },
    async (request) => {
      await settings.remove(request.user!, 'model_tags', request.params.id);
      return {};
    },
  );

  // ── viewport tags and selection-set groups: plain named settings ──
  for (const [plural, table, summary] of [
    ['viewport-tags', 'viewport_tags', 'viewport tag'],
    ['selection-set-groups', 'selection_set_groups', 'selection-set group'],
  ] as const) {
    const duplicate = table === 'viewport_tags' ? 'models.viewportTagDuplicate' : 'models.groupDuplicate';
    app.get(
      `/projects/:id/${plural}`,
      {
        schema: {
          tags: TAGS,
          summary: `The project's ${summary}s, in their order`,
          params: idParams,
          querystring: noQuerySchema,
          response: { 200: z.array(namedSettingSchema), ...READ },
        },
      },
      async (request) =>
        (await settings.list(request.user!, table, request.params.id)).map(settings.presentNamed),
    );
    app.post(
      `/projects/:id/${plural}`,
      {
        schema: {
          tags: TAGS,
          summary: `Add a ${summary}. 409 ${duplicate}`,
          params: idParams,
          querystring: noQuerySchema,
          body: namedSettingCreateSchema,
          response: { 200: namedSettingSchema, ...WRITE },
        },
      },
      async (request) =>
        settings.presentNamed(await settings.create(request.user!, table, request.params.id, request.body)),
    );
    app.put(
      `/${plural}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: `Rename a ${summary}. 409 ${duplicate}`,
          params: idParams,
          querystring: noQuerySchema,
          body: namedSettingCreateSchema,
          response: { 200: namedSettingSchema, ...WRITE },
        },
      },
      async (request) =>
        settings.presentNamed(await settings.update(request.user!, table, request.params.id, request.body)),
    );
  }
  app.delete(
    '/viewport-tags/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a viewport tag; the viewports carrying it lose it',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...READ },
      },
    },
    async (request) => {
      await settings.remove(request.user!, 'viewport_tags', request.params.id);
      return {};
    },
  );
  app.delete(
    '/selection-set-groups/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Delete a selection-set group. With sets in it: 409 models.groupInUse (params.count) unless ' +
          '?moveTo= names another group of the project (or `none`: ungrouped) to move them to first',
        params: idParams,
        querystring: groupDeleteQuerySchema,
        response: { 200: done, ...WRITE },
      },
    },
    async (request) => {
      await settings.removeGroup(request.user!, request.params.id, request.query.moveTo);
      return {};
    },
  );

  // ── component attribute display ──
  app.get(
    '/projects/:id/attribute-display',
    {
      schema: {
        tags: TAGS,
        summary:
          'Which attributes and property sets the properties panel and the QR page show (the default when never saved)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: attributeDisplaySchema, ...READ },
      },
    },
    async (request) => settings.attributeDisplay(request.user!, request.params.id),
  );
  app.put(
    '/projects/:id/attribute-display',
    {
      schema: {
        tags: TAGS,
        summary: 'Save the attribute display (the whole of it)',
        params: idParams,
        querystring: noQuerySchema,
        body: attributeDisplaySchema,
        response: { 200: attributeDisplaySchema, ...READ },
      },
    },
    async (request) => settings.saveAttributeDisplay(request.user!, request.params.id, request.body),
  );
};
