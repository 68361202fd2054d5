import multipart from '@fastify/multipart';
import { countSchema, idSchema } from '@lintel/contracts';
import {
  categoryCountSchema,
  compareQuerySchema,
  compareResultSchema,
  elementDetailSchema,
  elementSchema,
  elementsQuerySchema,
  GLOBAL_ID_MAX_LENGTH,
  modelSchema,
  modelsQuerySchema,
  modelUpdateSchema,
  modelUploadResultSchema,
  modelVersionSchema,
  spatialNodeSchema,
  versionQuerySchema,
} from '@lintel/contracts/models';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error';
import { errorResponses } from '../../plugins/error-responses';
import { emptyBodySchema, noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import { auditRequest } from '../audit/request';
import { MULTIPART_OVERHEAD_BYTES } from '../files/files.routes';
import { contentDisposition, sanitizeFilename } from '../files/http';
import type { ModelsService } from './models.service';
import { type ModelUploads, type ReceivedIfc, tooLarge, type UploadFields } from './models.uploads';

const TAGS = ['models'];
const idParams = z.strictObject({ id: idSchema });
const versionParams = z.strictObject({ id: idSchema, versionId: idSchema });
const elementParams = z.strictObject({ id: idSchema, globalId: z.string().min(1).max(GLOBAL_ID_MAX_LENGTH) });
const bytesSchema = z.unknown().describe('The bytes');
const done = z.strictObject({});
/** Fragments never change for a version id: the browser keeps them for good. */
const IMMUTABLE = 'private, max-age=31536000, immutable';

function announcedLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  const length = header === undefined ? Number.NaN : Number(header);
  return Number.isFinite(length) ? length : null;
}

/** A refused upload may still be streaming in: close the connection after the answer. */
async function closeAfterRefusal(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode >= 400) reply.header('connection', 'close');
  return payload;
}

/**
 * The multipart body of an upload: the `file` part streams into storage as it arrives (never held in
 * memory); `name`, `remark` and `tagIds` (a comma list) may come before or after it.
 */
async function readUpload(
  request: FastifyRequest,
  uploads: ModelUploads,
): Promise<{ received: ReceivedIfc; fields: UploadFields }> {
  let received: ReceivedIfc | null = null;
  let fileName = '';
  const values: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          throw new AppError(400, 'files.unknownField', { params: { field: part.fieldname } });
        }
        fileName = sanitizeFilename(part.filename) || 'model.ifc';
        received = await uploads.receive(part.file);
      } else if (['name', 'remark', 'tagIds'].includes(part.fieldname)) {
        values[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if (received) await uploads.discard(received);
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'files.multipartRequired');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(uploads.maxBytes);
    throw new AppError(400, 'files.malformed', { cause: error });
  }
  if (!received)
    throw new AppError(400, 'models.noFile', { details: [{ path: 'file', key: 'models.noFile' }] });
  const tagIds = values.tagIds?.trim()
    ? values.tagIds
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
    : undefined;
  return { received, fields: { fileName, name: values.name, remark: values.remark, tagIds } };
}

/** model-service: models, versions, the element index, the tree and compare (issue 8). */
export const modelsRoutes: FastifyPluginAsyncZod<{ models: ModelsService; uploads: ModelUploads }> = async (
  app,
  { models, uploads },
) => {
  app.addHook('onRequest', requireUser);

  // Multipart is parsed in this scope only, for the two upload routes.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte over the limit reaches our own count, which answers 413 with its text.
      limits: {
        fileSize: uploads.maxBytes + 1,
        files: 1,
        fields: 5,
        fieldSize: 4096,
        parts: 6,
        headerPairs: 20,
      },
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const refuseOversize = async (request: FastifyRequest) => {
      const length = announcedLength(request);
      if (length !== null && length > uploads.maxBytes + MULTIPART_OVERHEAD_BYTES)
        throw tooLarge(uploads.maxBytes);
    };

    routes.post(
      '/projects/:id/models',
      {
        onSend: closeAfterRefusal,
        schema: {
          tags: TAGS,
          summary: 'Upload an IFC model (multipart: file, optional name, remark, tagIds); upload right',
          description:
            'The name defaults to the file name without its extension. A live model of that name gets the ' +
            'upload as its next version (200, created: false); otherwise a new model (201, created: true). ' +
            '400 models.notIfc unless the file starts with ISO-10303-21; (or is an .ifczip); 413 ' +
            'models.tooLarge beyond MODEL_UPLOAD_MAX_BYTES. The conversion is queued at once.',
          consumes: ['multipart/form-data'],
          params: idParams,
          querystring: noQuerySchema,
          body: z.unknown().describe('multipart/form-data: file, name?, remark?, tagIds?').nullish(),
          response: {
            200: modelUploadResultSchema,
            201: modelUploadResultSchema,
            ...errorResponses(400, 401, 403, 404, 409, 413, 415),
          },
        },
      },
      async (request, reply) => {
        await uploads.requireUpload(request.user!, request.params.id);
        await refuseOversize(request);
        const { received, fields } = await readUpload(request, uploads);
        const result = await uploads.accept(
          request.user!,
          request.params.id,
          received,
          fields,
          request.language,
        );
        return reply.code(result.created ? 201 : 200).send(result);
      },
    );

    routes.post(
      '/models/:id/versions',
      {
        onSend: closeAfterRefusal,
        schema: {
          tags: TAGS,
          summary: 'Upload a new version of this model (multipart: file); upload right',
          consumes: ['multipart/form-data'],
          params: idParams,
          querystring: noQuerySchema,
          body: z.unknown().describe('multipart/form-data: file').nullish(),
          response: { 200: modelUploadResultSchema, ...errorResponses(400, 401, 403, 404, 410, 413, 415) },
        },
      },
      async (request) => {
        await models.requireModel(request.user!, request.params.id, 'upload');
        await refuseOversize(request);
        const { received, fields } = await readUpload(request, uploads);
        return uploads.acceptVersion(
          request.user!,
          request.params.id,
          received,
          fields.fileName,
          request.language,
        );
      },
    );
  });

  app.get(
    '/projects/:id/models',
    {
      schema: {
        tags: TAGS,
        summary: "The project's models with their current version (view right)",
        description:
          'where: name, status (of the current version), tagId, createdBy, createdAt, updatedAt. order: name, ' +
          'createdAt, updatedAt (default -updatedAt). only_count=true answers {count}.',
        params: idParams,
        querystring: modelsQuerySchema,
        response: {
          200: z.union([z.array(modelSchema), countSchema]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => models.list(request.user!, request.params.id, request.query, request.language),
  );

  app.get(
    '/models/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One model (view right); 410 models.deleted once deleted',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: modelSchema, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      // The status moves while converting: never from a cache.
      reply.header('cache-control', 'no-store');
      return models.detail(request.user!, request.params.id, request.language);
    },
  );

  app.put(
    '/models/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename a model, change its remark or tags (edit right); 409 models.duplicateName',
        params: idParams,
        querystring: noQuerySchema,
        body: modelUpdateSchema,
        response: { 200: modelSchema, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => models.update(request.user!, request.params.id, request.body, request.language),
  );

  app.delete(
    '/models/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Delete a model (delete right): conversions cancelled, element index and stored bytes removed',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request) => {
      await models.remove(request.user!, request.params.id);
      await auditRequest(request, {
        action: 'model.deleted',
        targetType: 'model',
        targetId: request.params.id,
      });
      return {};
    },
  );

  app.get(
    '/models/:id/versions',
    {
      schema: {
        tags: TAGS,
        summary: "The model's versions, newest first (view right)",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(modelVersionSchema), ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return models.versions(request.user!, request.params.id, request.language);
    },
  );

  app.delete(
    '/models/:id/versions/:versionId',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a version (delete right); 409 models.lastVersion for the only one',
        description: 'Deleting the current version makes the previous one current.',
        params: versionParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => {
      await models.removeVersion(request.user!, request.params.id, request.params.versionId);
      return {};
    },
  );

  app.put(
    '/versions/:id/cancel',
    {
      schema: {
        tags: TAGS,
        summary: 'Cancel a queued or converting version (its uploader, or edit right)',
        description:
          'It becomes failed with models.conversion.cancelled. 409 models.notCancellable otherwise.',
        params: idParams,
        querystring: noQuerySchema,
        body: emptyBodySchema,
        response: { 200: modelVersionSchema, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => models.cancel(request.user!, request.params.id, request.language),
  );

  app.put(
    '/versions/:id/retry',
    {
      schema: {
        tags: TAGS,
        summary: 'Convert a failed version again (its uploader, or edit right); 409 models.notRetryable',
        params: idParams,
        querystring: noQuerySchema,
        body: emptyBodySchema,
        response: { 200: modelVersionSchema, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => models.retry(request.user!, request.params.id, request.language),
  );

  app.get(
    '/models/:id/fragments',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'The converted fragments (.frag) of a version, default the current one (view right)',
        description:
          'ETag is the version id; immutable. Without versionId, while the current version converts (or ' +
          'failed), the newest ready version answers. 409 models.notReady when there is none.',
        params: idParams,
        querystring: versionQuerySchema,
        response: {
          200: bytesSchema,
          304: z.null().describe('Not modified'),
          ...errorResponses(400, 401, 403, 404, 409, 410),
        },
      },
    },
    async (request, reply) => {
      const { version, body } = await models.fragments(
        request.user!,
        request.params.id,
        request.query.versionId,
      );
      const etag = `"${version.id}"`;
      reply
        .header('etag', etag)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) {
        body.destroy();
        return reply.code(304).send(null);
      }
      if (version.fragments_size !== null) reply.header('content-length', Number(version.fragments_size));
      return reply.header('content-type', 'application/octet-stream').send(body);
    },
  );

  app.get(
    '/models/:id/file',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'The uploaded IFC of a version, default the current one (download right)',
        params: idParams,
        querystring: versionQuerySchema,
        response: { 200: bytesSchema, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const { version, body, size } = await models.file(
        request.user!,
        request.params.id,
        request.query.versionId,
      );
      if (size !== null) reply.header('content-length', size);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', contentDisposition('attachment', version.file_name))
        .send(body);
    },
  );

  app.get(
    '/models/:id/elements',
    {
      schema: {
        tags: TAGS,
        summary: 'The element index of a version (default the current one; view right)',
        description:
          'where: globalId, ifcClass, name, storey, discipline, type. order: name, ifcClass, storey, globalId ' +
          '(default globalId). only_count=true answers {count}. 409 models.notReady before the conversion.',
        params: idParams,
        querystring: elementsQuerySchema,
        response: {
          200: z.union([z.array(elementSchema), countSchema]),
          ...errorResponses(400, 401, 403, 404, 409, 410),
        },
      },
    },
    async (request) => models.elements(request.user!, request.params.id, request.query),
  );

  app.get(
    '/models/:id/elements/:globalId',
    {
      schema: {
        tags: TAGS,
        summary: 'One element with its property and quantity sets (view right)',
        description: '404 models.elementNotFound when the version has no element of that GlobalId.',
        params: elementParams,
        querystring: versionQuerySchema,
        response: { 200: elementDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) =>
      models.element(request.user!, request.params.id, request.params.globalId, request.query.versionId),
  );

  app.get(
    '/models/:id/tree',
    {
      schema: {
        tags: TAGS,
        summary: 'The spatial tree (project / site / building / storey / space / element) of a version',
        params: idParams,
        querystring: versionQuerySchema,
        response: { 200: spatialNodeSchema, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => models.tree(request.user!, request.params.id, request.query.versionId),
  );

  app.get(
    '/models/:id/categories',
    {
      schema: {
        tags: TAGS,
        summary: 'The IFC classes of a version with their element counts',
        params: idParams,
        querystring: versionQuerySchema,
        response: { 200: z.array(categoryCountSchema), ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => models.categories(request.user!, request.params.id, request.query.versionId),
  );

  app.get(
    '/models/:id/compare',
    {
      schema: {
        tags: TAGS,
        summary:
          'Elements added, removed and changed (geometry or properties) between two versions, by GlobalId',
        description: 'Both versions must be of this model (404 models.versionNotFound) and ready (409).',
        params: idParams,
        querystring: compareQuerySchema,
        response: { 200: compareResultSchema, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => models.compare(request.user!, request.params.id, request.query.from, request.query.to),
  );
};
