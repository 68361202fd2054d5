import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Language } from '@lintel/contracts';
import { idSchema } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDiskFull } from '../../db/errors';
import { newId } from '../../db/ids';
import { AppError } from '../../plugins/app-error';
import { errorBody } from '../../plugins/errors';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import { sanitizeFilename } from '../files/http';
import type { ModelsBase } from './models.context';
import { checkHead, type ModelUploads, notIfc, tooLarge } from './models.uploads';

/** Where tus uploads are mounted (the web's tus-js-client endpoint). */
export const TUS_PATH = '/api/v1/model-service/uploads';
/** An upload not finished within a day of its creation is removed (the app's leftovers sweep, hourly). */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** The metadata key that records the uploader; whatever a client sends under it is overwritten. */
const OWNER_KEY = 'lintelUserId';

interface Caller {
  user: User;
  language: Language;
}

/** `key base64,key2 base64` (tus Upload-Metadata) → its values; a key without value is ''. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    values[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return values;
}

/** A JSON error answer the way the app writes them, for the tus server to send. */
function problem(error: unknown, language: Language) {
  const appError =
    error instanceof AppError
      ? error
      : isDiskFull(error)
        ? new AppError(507, 'common.diskFull', { cause: error })
        : new AppError(500, 'models.uploadFailed', { cause: error });
  return {
    status_code: appError.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(
      errorBody(
        {
          status: appError.status,
          key: appError.key,
          code: appError.code,
          params: appError.params,
          ...(appError.details ? { details: appError.details } : {}),
        },
        language,
      ),
    ),
  };
}

/**
 * Resumable model uploads over tus (@tus/server with a file store under DATA_DIR). Our session and origin
 * rules apply as on every write; the creator of an upload is the only one who may see, continue or end it.
 * Creation checks the project, the `upload` right and Upload-Length; the finished file is checked by
 * content and becomes a model version exactly like a multipart upload, the final PATCH answering
 * `{created, model}`.
 */
export function createTusUploads(base: ModelsBase, uploads: ModelUploads, directory: string) {
  const callers = new WeakMap<IncomingMessage, Caller>();
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });

  function callerOf(request: { runtime?: { node?: { req?: unknown } } }): Caller {
    const raw = request.runtime?.node?.req;
    const caller = raw ? callers.get(raw as IncomingMessage) : undefined;
    if (!caller) throw new AppError(401, 'common.unauthenticated');
    return caller;
  }

  async function finish(caller: Caller, upload: Upload) {
    const metadata = upload.metadata ?? {};
    const projectId = metadata.projectId ?? '';
    const path = join(directory, upload.id);
    try {
      const handle = await open(path, 'r');
      const head = Buffer.alloc(4096);
      let read = 0;
      try {
        ({ bytesRead: read } = await handle.read(head, 0, head.length, 0));
      } finally {
        await handle.close();
      }
      if (!checkHead(head.subarray(0, read))) throw notIfc();
      await uploads.requireUpload(caller.user, projectId);
      const received = await uploads.receive(createReadStream(path));
      const result = await uploads.accept(
        caller.user,
        projectId,
        received,
        {
          fileName: sanitizeFilename(metadata.filename ?? '') || 'model.ifc',
          name: metadata.name ?? undefined,
        },
        caller.language,
      );
      return {
        // 200 whether created or not (the body says which): tus clients expect a plain success here.
        status_code: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(result),
      };
    } catch (error) {
      if (!(error instanceof AppError))
        base.log.error({ err: error }, 'a tus model upload could not be stored');
      return problem(error, caller.language);
    } finally {
      // Done either way: the bytes are in storage now, or refused.
      await store.remove(upload.id).catch(() => undefined);
    }
  }

  const server = new Server({
    path: TUS_PATH,
    datastore: store,
    relativeLocation: true,
    // Same-origin only: no CORS headers at all.
    allowedOrigins: [],
    maxSize: uploads.maxBytes,
    namingFunction: () => newId(),
    onUploadCreate: async (request, upload) => {
      const { user } = callerOf(request);
      return { metadata: { ...upload.metadata, [OWNER_KEY]: user._id } };
    },
    onUploadFinish: async (request, upload) => finish(callerOf(request), upload),
  });

  /**
   * The checks before tus sees a request: creation needs the project's upload right, a file name and a size
   * within the limit; every other request an upload of the caller's own.
   */
  async function admit(request: FastifyRequest, uploadId: string | null): Promise<void> {
    const user = request.user!;
    if (uploadId === null) {
      const metadata = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
      const projectId = metadata.projectId ?? '';
      if (!idSchema.safeParse(projectId).success || !metadata.filename) {
        throw new AppError(400, 'models.uploadMetadata');
      }
      await uploads.requireUpload(user, projectId);
      const length = Number(request.headers['upload-length']);
      if (Number.isFinite(length) && length > uploads.maxBytes) throw tooLarge(uploads.maxBytes);
      if (Number.isFinite(length) && length === 0) throw notIfc();
      return;
    }
    const upload = await store.getUpload(uploadId).catch(() => null);
    if (!upload || upload.metadata?.[OWNER_KEY] !== user._id)
      throw new AppError(404, 'models.uploadNotFound');
  }

  async function handle(request: FastifyRequest, reply: FastifyReply, uploadId: string | null) {
    await admit(request, uploadId);
    callers.set(request.raw, { user: request.user!, language: request.language });
    reply.hijack();
    await server.handle(request.raw, reply.raw);
  }

  return {
    handle,
    maxBytes: uploads.maxBytes,
    /**
     * Removes the uploads created more than the expiry (24 h) before `now`: unfinished ones, and finished
     * ones whose process died before storing them (the store's own deleteExpired reads the wall clock and
     * keeps those). Answers how many.
     */
    async sweep(now: Date): Promise<number> {
      await mkdir(directory, { recursive: true });
      // The uploads with both their bytes and their record (`<id>` and `<id>.json`).
      const ids = (await store.configstore.list?.()) ?? [];
      let removed = 0;
      for (const id of ids) {
        const info = await store.configstore.get(id);
        const created = info?.creation_date ? Date.parse(info.creation_date) : Number.NaN;
        if (!(created + UPLOAD_EXPIRY_MS < now.getTime())) continue;
        // Gone meanwhile (finished, or terminated by its owner): nothing to count.
        if (
          await store.remove(id).then(
            () => true,
            () => false,
          )
        )
          removed++;
      }
      return removed;
    },
  };
}
export type TusUploads = ReturnType<typeof createTusUploads>;

const uploadParams = z.strictObject({ uploadId: idSchema });
const tusBody = z.unknown().describe('The upload bytes (application/offset+octet-stream)').nullish();
const tusAnswer = { default: z.unknown().describe('The tus protocol answer') };

/** The tus routes: POST create, HEAD offset, PATCH bytes, DELETE terminate, OPTIONS capabilities. */
export const tusRoutes: FastifyPluginAsyncZod<{ tus: TusUploads }> = async (app, { tus }) => {
  // The bytes are the tus server's to read from the raw request: Fastify leaves them alone.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const schema = (summary: string, withId: boolean, withBody = true) => ({
    tags: ['models'],
    summary,
    ...(withId ? { params: uploadParams } : {}),
    querystring: noQuerySchema,
    ...(withBody ? { body: tusBody } : {}),
    response: tusAnswer,
  });

  app.post(
    '/uploads',
    {
      onRequest: requireUser,
      schema: {
        ...schema(
          'Create a resumable model upload (tus; metadata projectId, filename, name?; upload right)',
          false,
        ),
        description:
          '404 outside the project, 403 without the upload right, 413 models.tooLarge when Upload-Length ' +
          'exceeds MODEL_UPLOAD_MAX_BYTES. The final PATCH answers {created, model} (400 models.notIfc ' +
          'when the file is not an IFC).',
      },
    },
    async (request, reply) => tus.handle(request, reply, null),
  );
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/uploads/:uploadId',
      onRequest: requireUser,
      schema: schema(`tus ${method} of one's own upload`, true, method === 'PATCH'),
      handler: async (request, reply) =>
        tus.handle(request, reply, (request.params as { uploadId: string }).uploadId),
    });
  }
  for (const url of ['/uploads', '/uploads/:uploadId']) {
    app.route({
      method: 'OPTIONS',
      url,
      schema: {
        ...schema('tus capabilities', url.includes(':'), false),
        ...(url.includes(':') ? { params: z.object({ uploadId: z.string() }) } : {}),
      },
      handler: async (_request, reply) =>
        reply
          .code(204)
          .header('tus-resumable', '1.0.0')
          .header('tus-version', '1.0.0')
          .header('tus-extension', 'creation,creation-with-upload,termination,expiration')
          .header('tus-max-size', String(tus.maxBytes))
          .send(),
    });
  }
};
