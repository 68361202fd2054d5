import multipart from '@fastify/multipart';
import { countSchema, idSchema } from '@lintel/contracts';
import {
  PERSONNEL_EXPORT_MAX_ROWS,
  PERSONNEL_IMPORT_MAX_BYTES,
  PERSONNEL_IMPORT_MAX_ROWS,
  personnelCreateSchema,
  personnelExitSchema,
  personnelImportCommitSchema,
  personnelImportPreviewSchema,
  personnelImportQuerySchema,
  personnelPublicCardSchema,
  personnelQuerySchema,
  personnelReentrySchema,
  personnelShareSchema,
  personnelUpdateSchema,
  personSchema,
  personSensitiveSchema,
} from '@lintel/contracts/personnel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error';
import { errorResponses } from '../../plugins/error-responses';
import { emptyBodySchema, noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import type { Storage } from '../../storage/index';
import { sendXlsx } from '../files/http';
import type { PersonnelService } from './personnel.service';
import {
  exportFileName,
  looksLikeXlsx,
  personnelTemplate,
  personnelWorkbook,
  templateFileName,
} from './personnel.xlsx';
import { siteDate } from './rights';

const TAGS = ['personnel'];
const idParams = z.strictObject({ id: idSchema });
const tokenParams = z.strictObject({ token: z.string().min(1).max(200) });
const bytesSchema = z.unknown().describe('The .xlsx bytes');

/** personnel-service personnel records (spec 001 §7). Thin: parse, call the service (which authorizes). */
export const personnelRoutes: FastifyPluginAsyncZod<{ personnel: PersonnelService }> = async (
  app,
  { personnel },
) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/projects/:id/personnel',
    {
      schema: {
        tags: TAGS,
        summary: "The project's personnel",
        description:
          'unitId (with the units below it), craftId, ruleId (the rule in force), status entry|exit|abnormal, ' +
          'keyword (name, ID number, phones: in part with the viewSensitive right, else the whole value or ' +
          'its last 4 characters). ID numbers and phones are masked. where: name, team, status, sex, bloodType, entryDate, exitDate, ' +
          'unitId, craftId, ruleId. order: entryDate (default -entryDate), name, exitDate, createdAt, ' +
          'updatedAt, _id. only_count=true answers {count}. export=true answers an .xlsx of the whole ' +
          `filtered list (export right; at most ${PERSONNEL_EXPORT_MAX_ROWS}), masked, or with full=true in ` +
          'full (viewSensitive right too); every export is recorded in the audit log.',
        params: idParams,
        querystring: personnelQuerySchema,
        response: {
          200: z.union([z.array(personSchema), countSchema, bytesSchema]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      if (!request.query.export) return personnel.list(user, request.params.id, request.query);
      const people = await personnel.exportList({ user, ip: request.ip }, request.params.id, request.query);
      // An export (in full or masked) is never kept by a browser or proxy cache.
      reply.header('cache-control', 'no-store');
      const bytes = await personnelWorkbook(people, request.language);
      return sendXlsx(reply, bytes, exportFileName(request.language, siteDate(request.server.clock.now())));
    },
  );

  app.post(
    '/personnel',
    {
      schema: {
        tags: TAGS,
        summary: 'Register a person (create right)',
        description:
          'The ID number is checked (18 characters, a real birth date, the check character); sex and age ' +
          'follow from it. 409 personnel.idNumberTaken when it is already registered in the project.',
        querystring: noQuerySchema,
        body: personnelCreateSchema,
        response: { 200: personSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => personnel.create(request.user!, request.body),
  );

  app.get(
    '/personnel/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One person',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: personSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => personnel.detail(request.user!, request.params.id),
  );

  app.get(
    '/personnel/:id/sensitive',
    {
      schema: {
        tags: TAGS,
        summary: "One person's ID number and phones in full (viewSensitive right); recorded in the audit log",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: personSensitiveSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const values = await personnel.sensitive({ user: request.user!, ip: request.ip }, request.params.id);
      // Full personal data is never kept by a browser or proxy cache.
      reply.header('cache-control', 'no-store');
      return values;
    },
  );

  app.put(
    '/personnel/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a person (edit right); status entry|abnormal (abnormal needs a remark)',
        params: idParams,
        querystring: noQuerySchema,
        body: personnelUpdateSchema,
        response: { 200: personSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => personnel.update(request.user!, request.params.id, request.body),
  );

  app.put(
    '/personnel/:id/exit',
    {
      schema: {
        tags: TAGS,
        summary: 'A person exits the site: date and remark (required). 409 personnel.alreadyExited',
        params: idParams,
        querystring: noQuerySchema,
        body: personnelExitSchema,
        response: { 200: personSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => personnel.exit(request.user!, request.params.id, request.body),
  );

  app.put(
    '/personnel/:id/reentry',
    {
      schema: {
        tags: TAGS,
        summary: 'An exited person enters again from date. 409 personnel.notExited',
        params: idParams,
        querystring: noQuerySchema,
        body: personnelReentrySchema,
        response: { 200: personSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => personnel.reentry(request.user!, request.params.id, request.body),
  );

  app.get(
    '/personnel/:id/share',
    {
      schema: {
        tags: TAGS,
        summary:
          "The staff QR code (export right): the person's share token (made once, then the same until rotated " +
          'or revoked) and the page it opens. It dies when the person exits (409 personnel.shareExited after).',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: personnelShareSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => personnel.share(request.user!, request.params.id),
  );

  app.post(
    '/personnel/:id/share',
    {
      schema: {
        tags: TAGS,
        summary: "Rotate the staff QR code's share: a new token; the old page answers 404 (export right)",
        description:
          '409 personnel.shareExited for an exited person; 409 personnel.shareChanged when another request ' +
          'rotated or revoked it at the same time.',
        params: idParams,
        querystring: noQuerySchema,
        body: emptyBodySchema,
        response: { 200: personnelShareSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => personnel.rotateShare(request.user!, request.params.id),
  );

  app.delete(
    '/personnel/:id/share',
    {
      schema: {
        tags: TAGS,
        summary: "Revoke the staff QR code's share: its page answers 404 (export right)",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.strictObject({}), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await personnel.revokeShare(request.user!, request.params.id);
      return {};
    },
  );

  app.get(
    '/projects/:id/personnel/import-template',
    {
      schema: {
        tags: TAGS,
        summary: 'The .xlsx template of the personnel import, headers in the request language',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: bytesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await personnel.requireImport(request.user!, request.params.id);
      const bytes = await personnelTemplate(request.language, siteDate(request.server.clock.now()));
      return sendXlsx(reply, bytes, templateFileName(request.language));
    },
  );

  // The import reads a multipart body: the parser is registered for this route's scope only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PERSONNEL_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 20 },
    });
    scope.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().post(
      '/projects/:id/personnel/import',
      {
        schema: {
          tags: TAGS,
          summary: 'Import personnel from the .xlsx template (multipart, field `file`; create right)',
          description:
            'preview=true (default) answers every row with its errors and saves nothing. preview=false saves ' +
            'all rows in one transaction, or nothing: 400 personnel.importInvalid when any row has an error. ' +
            `At most ${PERSONNEL_IMPORT_MAX_ROWS} rows; 415 personnel.importNotXlsx for anything but an .xlsx.`,
          consumes: ['multipart/form-data'],
          params: idParams,
          querystring: personnelImportQuerySchema,
          body: z.unknown().describe('multipart/form-data with one file field `file`').nullish(),
          response: {
            200: z.union([personnelImportPreviewSchema, personnelImportCommitSchema]),
            ...errorResponses(400, 401, 403, 404, 409, 413, 415),
          },
        },
      },
      async (request) => {
        await personnel.requireImport(request.user!, request.params.id);
        const bytes = await readUpload(request);
        if (!looksLikeXlsx(bytes)) throw new AppError(415, 'personnel.importNotXlsx');
        const commit = request.query.preview === false;
        return personnel.importSheet(request.user!, request.params.id, bytes, commit, request.language);
      },
    );
  });
};

/** The one file of the import's multipart body. */
async function readUpload(request: import('fastify').FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part) throw new AppError(400, 'personnel.importNoFile');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'files.tooLarge', { params: { limit: '5 MB' }, cause: error });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'files.multipartRequired');
    throw new AppError(400, 'files.malformed', { cause: error });
  }
}

/** The staff QR code's public page: no session, only the public card (never the ID number or a phone). */
export const personnelShareRoutes: FastifyPluginAsyncZod<{
  personnel: PersonnelService;
  storage: Storage;
}> = async (app, { personnel, storage }) => {
  const avatarPath = (token: string) =>
    `/api/v1/personnel-service/share/personnel/${encodeURIComponent(token)}/avatar`;

  app.get(
    '/share/personnel/:token',
    {
      schema: {
        tags: TAGS,
        summary: 'The public card of a shared person (no session); 404 for an unknown token',
        params: tokenParams,
        querystring: noQuerySchema,
        response: { 200: personnelPublicCardSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => personnel.publicCard(request.params.token, avatarPath),
  );

  app.get(
    '/share/personnel/:token/avatar',
    {
      schema: {
        tags: TAGS,
        summary: 'The avatar of a shared person (no session)',
        params: tokenParams,
        querystring: noQuerySchema,
        response: { 200: z.unknown().describe('The image bytes'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const file = await personnel.publicAvatar(request.params.token);
      const stream = await storage.get(file.storage_key);
      return reply
        .header('content-type', file.content_type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(stream);
    },
  );
};
