import { countSchema, idSchema } from '@lintel/contracts';
import {
  elementShareListItemSchema,
  elementSharePageSchema,
  elementShareSchema,
  GLOBAL_ID_MAX_LENGTH,
  selectionSetCreateSchema,
  selectionSetSchema,
  selectionSetsQuerySchema,
  selectionSetUpdateSchema,
  shareTokenSchema,
  viewportCreateSchema,
  viewportSchema,
  viewportsQuerySchema,
  viewportUpdateSchema,
} from '@lintel/contracts/models';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../plugins/error-responses';
import { emptyBodySchema, noQuerySchema } from '../../../plugins/route-schemas';
import { requireUser } from '../../../plugins/session';
import type { SelectionSets } from './selection-sets.service';
import type { Shares } from './shares.service';
import type { Viewports } from './viewports.service';

export const VIEWPORTS_TAG = 'viewports';
export const SELECTION_SETS_TAG = 'selection-sets';
export const SHARES_TAG = 'model-shares';
const idParams = z.strictObject({ id: idSchema });
const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409);
const done = z.strictObject({});

/** Viewports and selection sets of a project. Thin: parse, call the service (which authorizes), answer. */
export const viewportRoutes: FastifyPluginAsyncZod<{ viewports: Viewports; sets: SelectionSets }> = async (
  app,
  { viewports, sets },
) => {
  app.addHook('onRequest', requireUser);

  // ── viewports ──
  app.get(
    '/projects/:id/viewports',
    {
      schema: {
        tags: [VIEWPORTS_TAG],
        summary: "The project's viewports",
        description:
          'modelId: viewports showing that model; tagId: carrying that viewport tag. where: name, createdBy, ' +
          'createdAt. order: updatedAt (default -updatedAt), createdAt, name. only_count=true answers {count}. ' +
          'missingModelIds lists the models deleted since the viewport was saved.',
        params: idParams,
        querystring: viewportsQuerySchema,
        response: { 200: z.union([z.array(viewportSchema), countSchema]), ...READ },
      },
    },
    async (request) => viewports.list(request.user!, request.params.id, request.query),
  );
  app.post(
    '/projects/:id/viewports',
    {
      schema: {
        tags: [VIEWPORTS_TAG],
        summary:
          'Save a viewport (create right). Models: live models of the project (400 models.unknownModel); ' +
          'hidden/isolated elements of those models; tags: viewport tags of the project',
        params: idParams,
        querystring: noQuerySchema,
        body: viewportCreateSchema,
        response: { 200: viewportSchema, ...READ },
      },
    },
    async (request) => viewports.create(request.user!, request.params.id, request.body),
  );
  app.get(
    '/viewports/:id',
    {
      schema: {
        tags: [VIEWPORTS_TAG],
        summary: 'One viewport, exactly as saved',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: viewportSchema, ...READ },
      },
    },
    async (request) => viewports.get(request.user!, request.params.id),
  );
  app.put(
    '/viewports/:id',
    {
      schema: {
        tags: [VIEWPORTS_TAG],
        summary: 'Change a viewport (its author, or the edit right)',
        params: idParams,
        querystring: noQuerySchema,
        body: viewportUpdateSchema,
        response: { 200: viewportSchema, ...READ },
      },
    },
    async (request) => viewports.update(request.user!, request.params.id, request.body),
  );
  app.delete(
    '/viewports/:id',
    {
      schema: {
        tags: [VIEWPORTS_TAG],
        summary: 'Delete a viewport (its author, or the delete right)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...READ },
      },
    },
    async (request) => {
      await viewports.remove(request.user!, request.params.id);
      return {};
    },
  );

  // ── selection sets ──
  app.get(
    '/projects/:id/selection-sets',
    {
      schema: {
        tags: [SELECTION_SETS_TAG],
        summary: "The project's selection sets",
        description:
          'modelId: sets holding elements of that model. where: name, groupId, createdBy. order: updatedAt ' +
          '(default -updatedAt), createdAt, name. only_count=true answers {count}.',
        params: idParams,
        querystring: selectionSetsQuerySchema,
        response: { 200: z.union([z.array(selectionSetSchema), countSchema]), ...READ },
      },
    },
    async (request) => sets.list(request.user!, request.params.id, request.query),
  );
  app.post(
    '/projects/:id/selection-sets',
    {
      schema: {
        tags: [SELECTION_SETS_TAG],
        summary:
          'Save a selection set (create right). Names unique within the group (409 ' +
          'models.selectionSetDuplicate); refused when none of its elements exists (400 models.emptySelection)',
        params: idParams,
        querystring: noQuerySchema,
        body: selectionSetCreateSchema,
        response: { 200: selectionSetSchema, ...WRITE },
      },
    },
    async (request) => sets.create(request.user!, request.params.id, request.body),
  );
  app.get(
    '/selection-sets/:id',
    {
      schema: {
        tags: [SELECTION_SETS_TAG],
        summary: 'One selection set, with missingCount: its GlobalIds absent from their current versions',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: selectionSetSchema, ...READ },
      },
    },
    async (request) => sets.get(request.user!, request.params.id),
  );
  app.put(
    '/selection-sets/:id',
    {
      schema: {
        tags: [SELECTION_SETS_TAG],
        summary: 'Change a selection set (its author, or the edit right)',
        params: idParams,
        querystring: noQuerySchema,
        body: selectionSetUpdateSchema,
        response: { 200: selectionSetSchema, ...WRITE },
      },
    },
    async (request) => sets.update(request.user!, request.params.id, request.body),
  );
  app.delete(
    '/selection-sets/:id',
    {
      schema: {
        tags: [SELECTION_SETS_TAG],
        summary: 'Delete a selection set (its author, or the delete right)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...READ },
      },
    },
    async (request) => {
      await sets.remove(request.user!, request.params.id);
      return {};
    },
  );
};

const elementParams = z.strictObject({
  id: idSchema,
  globalId: z.string().min(1).max(GLOBAL_ID_MAX_LENGTH),
});
const tokenParams = z.strictObject({ token: shareTokenSchema });

/** Component QR shares: made, listed and revoked by signed-in members (the page: publicShareRoutes). */
export const shareRoutes: FastifyPluginAsyncZod<{ shares: Shares }> = async (signedIn, { shares }) => {
  signedIn.addHook('onRequest', requireUser);
  signedIn.post(
    '/models/:id/elements/:globalId/share',
    {
      schema: {
        tags: [SHARES_TAG],
        summary:
          "The element's QR share (export right): the same token each time until revoked. 404 " +
          'models.elementNotFound when the element is in no converted version',
        params: elementParams,
        querystring: noQuerySchema,
        body: emptyBodySchema,
        response: { 200: elementShareSchema, ...READ },
      },
    },
    async (request) => shares.share(request.user!, request.params.id, request.params.globalId),
  );
  signedIn.get(
    '/projects/:id/shares',
    {
      schema: {
        tags: [SHARES_TAG],
        summary: "The project's element QR shares (export right), newest first, with model and element names",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(elementShareListItemSchema), ...READ },
      },
    },
    async (request) => shares.list(request.user!, request.params.id),
  );
  signedIn.delete(
    '/shares/:token',
    {
      schema: {
        tags: [SHARES_TAG],
        summary: 'Revoke a share (export right): its page answers 404 from then on',
        params: tokenParams,
        querystring: noQuerySchema,
        response: { 200: done, ...READ },
      },
    },
    async (request) => {
      await shares.revoke(request.user!, request.params.token);
      return {};
    },
  );
};

/** The public page of a component's QR share: no session. */
export const publicShareRoutes: FastifyPluginAsyncZod<{ shares: Shares }> = async (app, { shares }) => {
  app.get(
    '/shares/:token',
    {
      schema: {
        tags: [SHARES_TAG],
        summary:
          'The public page of a shared element (no session): attributes as the attribute display allows, ' +
          'open topics. 404 models.shareNotFound, 410 models.deleted',
        params: tokenParams,
        querystring: noQuerySchema,
        response: { 200: elementSharePageSchema, ...errorResponses(400, 404, 410) },
      },
    },
    async (request) => shares.page(request.params.token),
  );
};
