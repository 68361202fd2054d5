import multipart from '@fastify/multipart';
import { idSchema } from '@lintel/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../plugins/app-error';
import { errorResponses } from '../../../plugins/error-responses';
import { requireUser } from '../../../plugins/session';
import { contentDisposition } from '../../files/http';
import { PRINT_TEMPLATE_MAX_BYTES, type PrintService } from './print.service';

const TAG = 'form-service: printing';
const idParams = z.strictObject({ id: idSchema });
const noQuery = z.strictObject({});
const uploadSchema = z
  .object({
    file: z.string().optional().describe('The Word file (.docx), told by its bytes, never by its name'),
  })
  // Multipart bodies are read as a stream by the handler: Fastify's body stays empty.
  .nullish();

const infoSchema = z.object({
  templateId: idSchema,
  fileName: z.string(),
  size: z.number().int(),
  uploadedBy: idSchema.nullable(),
  uploadedAt: z.string(),
});
type PlaceholderOut = {
  key: string;
  title: string;
  kind: string;
  usage: string;
  columns?: PlaceholderOut[];
};
const placeholderSchema: z.ZodType<PlaceholderOut> = z.lazy(() =>
  z.object({
    key: z.string(),
    title: z.string(),
    kind: z.string(),
    usage: z.string(),
    columns: z.array(placeholderSchema).optional(),
  }),
);

/**
 * form-service printing routes (issue 18). Multipart parsing is registered inside this plugin only, for
 * the print template's upload; every other route of the app keeps answering a multipart body with 415.
 */
export const printRoutes: FastifyPluginAsyncZod<{ print: PrintService }> = async (app, { print }) => {
  await app.register(multipart, {
    // One byte over the limit reaches the handler, which answers 413 with its text.
    limits: { fileSize: PRINT_TEMPLATE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6, headerPairs: 20 },
  });
  app.addHook('onRequest', requireUser);

  app.put(
    '/form-templates/:id/print-template',
    {
      schema: {
        tags: [TAG],
        summary: "Import (or replace) a form template's Word print template (project admins)",
        description:
          'multipart/form-data with one file part. Checked by its bytes: a .docx (a zip with ' +
          'word/document.xml); anything else (.xlsx, .doc, .pdf, macro-enabled .docm) is 400 ' +
          'forms.wordFileRequired. A template whose placeholders cannot be read (a loop never closed, ' +
          '`{{`) is 400 forms.printTemplateBroken. Larger than 10 MB: 413.',
        consumes: ['multipart/form-data'],
        body: uploadSchema,
        params: idParams,
        querystring: noQuery,
        response: { 200: infoSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(400, 'forms.wordFileRequired');
      const file = await request.file();
      if (!file) throw new AppError(400, 'forms.wordFileRequired');
      const bytes = await file.toBuffer().catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 413) {
          throw new AppError(413, 'files.tooLarge', { params: { limit: '10 MB' } });
        }
        throw error;
      });
      if (bytes.length > PRINT_TEMPLATE_MAX_BYTES) {
        throw new AppError(413, 'files.tooLarge', { params: { limit: '10 MB' } });
      }
      return print.put(request.user!, request.params.id, file.filename, bytes);
    },
  );

  app.get(
    '/form-templates/:id/print-template',
    {
      schema: {
        tags: [TAG],
        summary: "The form template's print template: its name, size and who imported it (project admins)",
        description: '404 forms.printTemplateMissing when none was imported.',
        params: idParams,
        querystring: noQuery,
        response: { 200: infoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => print.info(request.user!, request.params.id),
  );

  app.delete(
    '/form-templates/:id/print-template',
    {
      schema: {
        tags: [TAG],
        summary: "Remove the form template's print template (project admins)",
        params: idParams,
        querystring: noQuery,
        response: { 200: z.strictObject({}), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await print.remove(request.user!, request.params.id);
      return {};
    },
  );

  app.get(
    '/form-templates/:id/print-template/placeholders',
    {
      schema: {
        tags: [TAG],
        summary: 'The placeholders a print template of this form template can use (project admins)',
        description:
          '`{key}` a value as people read it, `{#key}…{/key}` a sub-list (a row each; its columns inside), ' +
          '`{@key}` the pictures of an image or signature field, `{#log}…{/log}` the approval log, `{_name}` ' +
          'and the other `_` keys the form itself.',
        params: idParams,
        querystring: noQuery,
        response: { 200: z.array(placeholderSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => print.placeholders(request.user!, request.params.id, request.language),
  );

  app.get(
    '/forms/:id/print',
    {
      schema: {
        tags: [TAG],
        summary:
          'The form filled into its template’s print template, as .docx or PDF (whoever reads the form)',
        description:
          'Only the fields the caller may see are printed. 404 for a form the caller cannot read, and ' +
          'forms.printTemplateMissing when the template has none; PDF: 503 ' +
          'forms.printConversionUnavailable without LibreOffice, 502 forms.printConversionFailed.',
        params: idParams,
        querystring: z.strictObject({ format: z.enum(['docx', 'pdf']).default('docx') }),
        response: {
          200: z.any().describe('The .docx or PDF bytes'),
          ...errorResponses(400, 401, 404, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const out = await print.print(request.user!, request.params.id, request.query.format, request.language);
      return reply
        .header('content-type', out.contentType)
        .header(
          'content-disposition',
          contentDisposition('attachment', out.fileName, `form.${request.query.format}`),
        )
        .header('cache-control', 'private, no-store')
        .send(out.bytes);
    },
  );
};
