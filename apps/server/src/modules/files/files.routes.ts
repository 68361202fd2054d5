import { idSchema } from '@lintel/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import type { FileService } from './files.service';
import { formatBytes, inlineDisposition } from './http';

/** Multipart framing (boundaries, part headers) on top of the file bytes themselves. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Files never change under an id, but read rights may: browsers keep them a day, shared caches never. */
export const FILE_CACHE_CONTROL = 'private, max-age=86400';

const uploadFormSchema = z
  .object({
    file: z.string().optional().describe('An image (JPEG, PNG, GIF or WebP); its URL comes back in `files`'),
    picture: z.string().optional().describe('An image; its URL comes back in `pictures`'),
  })
  // Multipart bodies are read as streams by the handler: Fastify's body stays empty.
  .nullish();

const uploadResultSchema = z.strictObject({
  files: z.array(z.string()).optional(),
  pictures: z.array(z.string()).optional(),
});

const fileBytesSchema = z.unknown().describe('The file bytes, with the stored Content-Type');

export interface FilesRoutesOptions {
  files: FileService;
  maxImageBytes: number;
}

export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (
  app,
  { files, maxImageBytes },
) => {
  const tooLarge = () =>
    new AppError(413, 'files.tooLarge', { params: { limit: formatBytes(maxImageBytes) } });

  /** A body announced larger than the limit is refused before a byte of it is read. */
  async function refuseOversizeBody(request: FastifyRequest): Promise<void> {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > maxImageBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  }

  /**
   * A refused upload may still be on its way (unread, or read half-way): the connection is closed after the
   * answer, so the client stops sending instead of the server reading the rest only to discard it.
   */
  async function closeAfterRefusal(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (reply.statusCode >= 400) reply.header('connection', 'close');
    return payload;
  }

  app.post(
    '/files',
    {
      onRequest: [requireUser, refuseOversizeBody],
      onSend: closeAfterRefusal,
      schema: {
        tags: ['files'],
        summary: 'Upload images (form fields `file` or `picture`); answers their URLs',
        consumes: ['multipart/form-data'],
        querystring: noQuerySchema,
        body: uploadFormSchema,
        response: { 200: uploadResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => files.upload(request.user!._id, request.parts()),
  );

  app.get(
    '/files/:id',
    {
      onRequest: requireUser,
      // Images are compressed already; and a compressed 206 would not be the range asked for.
      compress: false,
      schema: {
        tags: ['files'],
        summary: 'A stored file (signed-in users), with Range support',
        params: z.strictObject({ id: idSchema }),
        querystring: noQuerySchema,
        response: {
          200: fileBytesSchema,
          206: fileBytesSchema,
          304: z.null().describe('Not modified (If-None-Match)'),
          ...errorResponses(400, 401, 404, 416),
        },
      },
    },
    async (request, reply) => {
      const etag = `"${request.params.id}"`;
      const download = await files.open(request.params.id, request.user, request.headers.range);
      const { file } = download;
      reply
        .header('cache-control', FILE_CACHE_CONTROL)
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff');
      if (download.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.size}`);
        throw new AppError(416, 'files.rangeNotSatisfiable');
      }
      if (request.headers['if-none-match'] === etag) {
        download.stream.destroy();
        return reply.code(304).send(null);
      }
      reply
        .header('content-type', file.content_type)
        .header('content-disposition', inlineDisposition(file.original_name));
      if (download.range) {
        const { start, end } = download.range;
        reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${file.size}`)
          .header('content-length', end - start + 1);
      } else {
        reply.code(200).header('content-length', file.size);
      }
      return reply.send(download.stream);
    },
  );
};
