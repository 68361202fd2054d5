import { idSchema } from '@lintel/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import type { PreviewService } from './files.preview';
import type { FileService, UploadLimits } from './files.service';
import { tooLarge } from './files.service';
import { contentDisposition } from './http';
import type { FileDownload } from './served-file';
import { THUMBNAIL_TYPE } from './thumbnails';

/** Multipart framing (boundaries, part headers) on top of the file bytes themselves. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Files never change under an id, but read rights may: browsers keep them a day, shared caches never. */
export const FILE_CACHE_CONTROL = 'private, max-age=86400';

const uploadFormSchema = z
  .object({
    file: z
      .string()
      .optional()
      .describe(
        'A file of any accepted kind — images, PDF, Word/Excel/PowerPoint (legacy and OOXML), OpenDocument, ' +
          'plain UTF-8 text, ZIP/7z/RAR, DWG/DXF, IFC, video (MP4, WebM, Ogg), audio — told by its bytes, ' +
          'never by its name; its URL comes back in `files`',
      ),
    picture: z
      .string()
      .optional()
      .describe('An image (JPEG, PNG, GIF or WebP); its URL comes back in `pictures`'),
  })
  // Multipart bodies are read as streams by the handler: Fastify's body stays empty.
  .nullish();

const uploadQuerySchema = z.strictObject({
  projectId: idSchema
    .optional()
    .describe(
      "The project the files belong to: its members may read them, and they count against the project's " +
        "storage and its enterprise's space capacity. A query parameter (not a form field) so that rights " +
        'and capacity are checked before the body is read. Without it the files are the uploader’s own ' +
        '(pictures without a project, such as avatars, are shown to every signed-in user).',
    ),
});

const uploadResultSchema = z.strictObject({
  files: z.array(z.string()).optional(),
  pictures: z.array(z.string()).optional(),
});

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const downloadQuerySchema = z
  .strictObject({
    thumbnail: flag
      .optional()
      .describe(
        'true: a WebP thumbnail that fits in 320×320 (pictures only; made on the first request, then stored); ' +
          '404 files.noThumbnail for other files',
      ),
    download: flag
      .optional()
      .describe('true: `Content-Disposition: attachment` (a download) even for a file shown inline'),
    meta: flag
      .optional()
      .describe(
        'true: the file as JSON (name, size, type, how it is previewed) instead of its bytes; for an office ' +
          'document this starts its conversion to PDF when there is none yet (poll until `conversion` is ' +
          '`ready`)',
      ),
    preview: flag
      .optional()
      .describe(
        'true: the bytes a preview shows: the file itself (images, PDF, video, audio, text) or the PDF an ' +
          'office document was converted to. 415 files.notPreviewable (.xls, archives, drawings…), 409 ' +
          'files.converting, 422 files.previewConversionFailed, 503 files.previewConversionUnavailable ' +
          '(LibreOffice is not installed on the server)',
      ),
  })
  .refine((query) => [query.thumbnail, query.meta, query.preview].filter(Boolean).length <= 1, {
    message: 'thumbnail, meta and preview exclude each other',
    path: ['meta'],
  });

const fileMetaSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    size: z.number().int(),
    contentType: z.string(),
    createdAt: z.string(),
    kind: z
      .enum(['image', 'pdf', 'video', 'audio', 'text', 'office', 'none'])
      .describe('How the file is previewed; `none`: it is not (download it)'),
    previewable: z.boolean(),
    conversion: z
      .enum(['ready', 'converting', 'failed', 'unavailable'])
      .nullable()
      .describe(
        'Office documents: their PDF is ready, being made, could not be made, or cannot be made here ' +
          '(LibreOffice is not installed); null for other kinds',
      ),
  })
  .describe('With `meta=true`');

const fileBytesSchema = z.unknown().describe('The file bytes, with the stored Content-Type');
const fileAnswerSchema = z.union([fileMetaSchema, fileBytesSchema]);
const done = z.strictObject({});

export interface FilesRoutesOptions {
  files: FileService;
  previews: PreviewService;
  limits: UploadLimits;
}

export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (
  app,
  { files, previews, limits },
) => {
  const largest = Math.max(limits.image, limits.file);

  /** A body announced larger than any file may be is refused before a byte of it is read. */
  async function refuseOversizeBody(request: FastifyRequest): Promise<void> {
    const length = announcedLength(request);
    if (length !== null && length > largest + MULTIPART_OVERHEAD_BYTES) throw tooLarge(largest);
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
        summary: 'Upload files (form field `file`) or images (field `picture`); answers their URLs',
        description:
          '413 files.tooLarge beyond UPLOAD_IMAGE_MAX_BYTES (images) or UPLOAD_FILE_MAX_BYTES (other files, ' +
          'and one request together), before the body is read when Content-Length says so; 415 ' +
          'files.unsupportedType for HTML, SVG, XML, scripts, executables and unknown kinds, whatever their ' +
          'name, and for names with such an extension; 415 files.typeNotAllowed for a `picture` that is not ' +
          'an image; 400 files.storageCapacityReached (the project) / files.spaceCapacityFull (the ' +
          'enterprise); 404 for a project the caller is not a member of.',
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        body: uploadFormSchema,
        response: { 200: uploadResultSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const length = announcedLength(request);
      const announcedFiles = length === null ? 0 : Math.max(0, length - MULTIPART_OVERHEAD_BYTES);
      const target = await files.prepareUpload(request.user!, request.query.projectId, announcedFiles);
      return files.upload(target, request.parts());
    },
  );

  app.get(
    '/files/:id',
    {
      onRequest: requireUser,
      // Most files are compressed already; and a compressed 206 would not be the range asked for.
      compress: false,
      schema: {
        tags: ['files'],
        summary:
          'A stored file, with Range support; its thumbnail (`thumbnail=true`), its preview (`preview=true`) ' +
          'or what it is (`meta=true`)',
        description:
          'Readable by the uploader, the members of the file’s project and system administrators (a ' +
          'picture of no project: every signed-in user); 404 for anyone else, whichever the parameters. ' +
          'Bytes always come with `X-Content-Type-Options: nosniff` and the original name in ' +
          '`Content-Disposition` (RFC 8187).',
        params: z.strictObject({ id: idSchema }),
        querystring: downloadQuerySchema,
        response: {
          200: fileAnswerSchema,
          206: fileBytesSchema,
          304: z.null().describe('Not modified (If-None-Match)'),
          ...errorResponses(400, 401, 404, 409, 415, 416, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { thumbnail = false, download = false, meta = false, preview = false } = request.query;

      if (meta) {
        // Where a conversion stands changes: never from a cache.
        reply.header('cache-control', 'no-store');
        return previews.meta(id, request.user!);
      }

      reply.header('x-content-type-options', 'nosniff');
      if (thumbnail) {
        const etag = `"${id}-thumb"`;
        const { file, bytes } = await files.thumbnail(id, request.user!);
        reply.header('cache-control', FILE_CACHE_CONTROL).header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
        return reply
          .header('content-type', THUMBNAIL_TYPE)
          .header('content-disposition', contentDisposition('inline', thumbnailName(file.original_name)))
          .header('content-length', bytes.length)
          .send(bytes);
      }

      // Refusals are not cached: "converting" must not outlive the conversion.
      const opened = preview
        ? await previews.open(id, request.user!, request.headers.range)
        : await files.open(id, request.user!, request.headers.range);
      reply.header('cache-control', FILE_CACHE_CONTROL);
      return sendDownload(request, reply, opened, download);
    },
  );

  app.delete(
    '/files/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['files'],
        summary: "Delete a file (its uploader, or an admin of its project); frees the project's storage",
        description: '403 for a reader who may not delete it; 404 for anyone who may not even read it.',
        params: z.strictObject({ id: idSchema }),
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await files.remove(request.params.id, request.user!);
      return {};
    },
  );
};

/** Sends stored bytes (whole, or the range asked for) with their validators and disposition. */
function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  opened: FileDownload,
  asAttachment: boolean,
): FastifyReply {
  reply.header('etag', opened.etag).header('accept-ranges', 'bytes');
  if (opened.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${opened.size}`);
    throw new AppError(416, 'files.rangeNotSatisfiable');
  }
  if (request.headers['if-none-match'] === opened.etag) {
    opened.stream.destroy();
    return reply.code(304).send(null);
  }
  const inline = !asAttachment && opened.inline;
  reply
    .header('content-type', opened.contentType)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', opened.name));
  if (opened.range) {
    const { start, end } = opened.range;
    reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${opened.size}`)
      .header('content-length', end - start + 1);
  } else {
    reply.code(200).header('content-length', opened.size);
  }
  return reply.send(opened.stream);
}

/** Content-Length as a number; null when absent or not a number (chunked bodies). */
function announcedLength(request: FastifyRequest): number | null {
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) && request.headers['content-length'] !== undefined ? length : null;
}

/** `photo.jpg` → `photo.webp`: the thumbnail's name says what it is. */
function thumbnailName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.webp`;
}
