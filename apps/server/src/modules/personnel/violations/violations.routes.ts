import { countSchema, idSchema } from '@lintel/contracts';
import {
  VIOLATION_PHOTOS_MAX,
  violationRecordCreateSchema,
  violationRecordSchema,
  violationRecordsQuerySchema,
  violationRecordUpdateSchema,
  violationStatisticsQuerySchema,
  violationStatisticsSchema,
} from '@lintel/contracts/personnel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../plugins/error-responses';
import { noQuerySchema } from '../../../plugins/route-schemas';
import { requireUser } from '../../../plugins/session';
import { sendXlsx } from '../../files/http';
import { beijingDay } from '../attendance/days';
import { violationStatisticsWorkbook, violationsFileName, violationsWorkbook } from './violations.export';
import { VIOLATION_EXPORT_MAX_ROWS, type ViolationsService } from './violations.service';

const TAGS = ['personnel-violations'];
const idParams = z.strictObject({ id: idSchema });
const done = z.strictObject({});

/** personnel-service violation records (spec 001 §7: `GET violationRecords/{id}`), their list and statistics. */
export const violationsRoutes: FastifyPluginAsyncZod<{ violations: ViolationsService }> = async (
  app,
  { violations },
) => {
  app.addHook('onRequest', requireUser);

  app.post(
    '/violationRecords',
    {
      schema: {
        tags: TAGS,
        summary: 'Record a violation of a worker (create right)',
        description:
          `The item must be of the type; photos: at most ${VIOLATION_PHOTOS_MAX} image files of the project; ` +
          'the recorder is the caller unless recorderId names another member.',
        querystring: noQuerySchema,
        body: violationRecordCreateSchema,
        response: { 200: violationRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => violations.create(request.user!, request.body),
  );

  app.get(
    '/violationRecords/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One violation record',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: violationRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => violations.detail(request.user!, request.params.id),
  );

  app.put(
    '/violationRecords/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a violation record (edit right)',
        params: idParams,
        querystring: noQuerySchema,
        body: violationRecordUpdateSchema,
        response: { 200: violationRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => violations.update(request.user!, request.params.id, request.body),
  );

  app.delete(
    '/violationRecords/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a violation record (delete right)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await violations.remove(request.user!, request.params.id);
      return {};
    },
  );

  app.get(
    '/projects/:id/violationRecords',
    {
      schema: {
        tags: TAGS,
        summary: "A project's violation records, newest date first",
        description:
          'Filters: personId, unitId (with the units below it), typeId, itemId, from/to (dates, inclusive), ' +
          'keyword (the person’s name; an ID number or phone whole or by its last 4). only_count=true answers {count}; ' +
          `export=true answers an .xlsx of the whole filtered list (export right; at most ${VIOLATION_EXPORT_MAX_ROWS}).`,
        params: idParams,
        querystring: violationRecordsQuerySchema,
        response: {
          200: z.union([z.array(violationRecordSchema), countSchema]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply): Promise<never> => {
      const answer = await violations.list(request.user!, request.params.id, request.query);
      if (!request.query.export || !Array.isArray(answer)) return reply.send(answer) as never;
      const today = beijingDay(request.server.clock.now());
      const bytes = await violationsWorkbook(answer, request.language);
      return sendXlsx(reply, bytes, violationsFileName('records', today, request.language));
    },
  );

  app.get(
    '/projects/:id/violationRecords/statistics',
    {
      schema: {
        tags: TAGS,
        summary: 'Violation counts by type, by unit and by month',
        description:
          'Range: from/to (dates) or fromMonth/toMonth (YYYY-MM), inclusive. export=true: an .xlsx.',
        params: idParams,
        querystring: violationStatisticsQuerySchema,
        response: { 200: violationStatisticsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply): Promise<never> => {
      const stats = await violations.statistics(request.user!, request.params.id, request.query);
      if (!request.query.export) return reply.send(stats) as never;
      const today = beijingDay(request.server.clock.now());
      const bytes = await violationStatisticsWorkbook(stats, request.language);
      return sendXlsx(reply, bytes, violationsFileName('statistics', today, request.language));
    },
  );
};
