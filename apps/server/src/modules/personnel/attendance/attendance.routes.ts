import { countSchema, idSchema } from '@lintel/contracts';
import {
  ATTENDANCE_INGEST_MAX_EVENTS,
  attendanceCorrectionRecordSchema,
  attendanceCorrectionSchema,
  attendanceCorrectionsQuerySchema,
  attendanceDayBoardSchema,
  attendanceDayQuerySchema,
  attendanceDeviceCreatedSchema,
  attendanceDeviceCreateSchema,
  attendanceDeviceSchema,
  attendanceDeviceUpdateSchema,
  attendanceIngestResultSchema,
  attendanceIngestSchema,
  attendanceMonthSheetQuerySchema,
  attendanceMonthSheetSchema,
  attendanceStatisticsQuerySchema,
  attendanceStatisticsSchema,
  personAttendanceQuerySchema,
  personAttendanceSchema,
  personnelDateSchema,
} from '@lintel/contracts/personnel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../plugins/error-responses';
import { noQuerySchema } from '../../../plugins/route-schemas';
import { requireUser } from '../../../plugins/session';
import { sendXlsx } from '../../files/http';
import { attendanceFileName, monthSheetWorkbook, statisticsWorkbook } from './attendance.export';
import type { AttendanceService } from './attendance.service';

const TAGS = ['personnel-attendance'];
const idParams = z.strictObject({ id: idSchema });
const done = z.strictObject({});
const signedIn = { onRequest: requireUser };

/**
 * personnel-service attendance: gate devices and their ingest (device token, no session), corrections, the
 * day board, one person's month, the month sheet and the statistics. Days are Beijing dates (UTC+8).
 */
export const attendanceRoutes: FastifyPluginAsyncZod<{ attendance: AttendanceService }> = async (
  app,
  { attendance },
) => {
  app.post(
    '/attendanceDevices',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Register a site gate device of a project (project admins); its token is shown once',
        description:
          'The answer carries `token`: the gate sends it as `Authorization: Bearer <token>` to ' +
          'attendance/events. Only its hash is stored; a lost token means a new device.',
        querystring: noQuerySchema,
        body: attendanceDeviceCreateSchema,
        response: { 200: attendanceDeviceCreatedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => attendance.createDevice(request.user!, request.body),
  );

  app.get(
    '/projects/:id/attendanceDevices',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: "A project's gate devices that are not revoked (project admins)",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(attendanceDeviceSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => attendance.listDevices(request.user!, request.params.id),
  );

  app.put(
    '/attendanceDevices/:id',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Rename a gate device (project admins)',
        params: idParams,
        querystring: noQuerySchema,
        body: attendanceDeviceUpdateSchema,
        response: { 200: attendanceDeviceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => attendance.renameDevice(request.user!, request.params.id, request.body.name),
  );

  app.delete(
    '/attendanceDevices/:id',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Revoke a gate device (project admins): its token stops working; its events stay',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await attendance.revokeDevice(request.user!, request.params.id);
      return {};
    },
  );

  app.post(
    '/attendance/events',
    {
      schema: {
        tags: TAGS,
        summary: 'Gate events of a device: `Authorization: Bearer <device token>`, no session',
        description:
          `At most ${ATTENDANCE_INGEST_MAX_EVENTS} events. Idempotent per device by eventId: a replayed ` +
          'event counts in `duplicates`, not in `accepted`. Events of people not in the device’s project ' +
          '(unknownPerson), exited before that day (personExited), more than 5 minutes ahead (future) or ' +
          'repeated in the batch (duplicateInBatch) are rejected one by one; the rest are kept. 401 ' +
          'attendance.deviceUnauthorized without a live token.',
        querystring: noQuerySchema,
        body: attendanceIngestSchema,
        response: { 200: attendanceIngestResultSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => attendance.ingest(request.headers.authorization, request.body),
  );

  app.post(
    '/attendanceCorrections',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: "Correct a person's day with a reason (project admins); the latest correction wins",
        description:
          'in/out: HH:mm Beijing time of that date (null clears it); status: sets the day outright. ' +
          '400 attendance.futureDay for a day to come, attendance.notOnRoll when the person was not on site.',
        querystring: noQuerySchema,
        body: attendanceCorrectionSchema,
        response: { 200: attendanceCorrectionRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => attendance.correct(request.user!, request.body),
  );

  app.get(
    '/projects/:id/attendanceCorrections',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: "A project's attendance corrections, newest first (who, when, why)",
        params: idParams,
        querystring: attendanceCorrectionsQuerySchema,
        response: {
          200: z.union([z.array(attendanceCorrectionRecordSchema), countSchema]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => attendance.corrections(request.user!, request.params.id, request.query),
  );

  const dayBoardSchema = {
    tags: TAGS,
    summary: 'The day board: everyone on the books that day with their status, first in, last out, hours',
    description:
      'Filters: unitId (with the units below it), craftId, status, keyword; skip/limit page the rows. ' +
      '`totals` counts each status over the filter (without the status filter) — the summary. ' +
      'only_count=true answers {count}.',
    response: {
      200: z.union([attendanceDayBoardSchema, countSchema]),
      ...errorResponses(400, 401, 403, 404),
    },
  };
  app.get(
    '/projects/:id/attendance/days',
    { ...signedIn, schema: { ...dayBoardSchema, params: idParams, querystring: attendanceDayQuerySchema } },
    async (request) => attendance.dayBoard(request.user!, request.params.id, request.query),
  );
  app.get(
    '/projects/:id/attendance/days/:date',
    {
      ...signedIn,
      schema: {
        ...dayBoardSchema,
        params: z.strictObject({ id: idSchema, date: personnelDateSchema }),
        querystring: attendanceDayQuerySchema.omit({ date: true }),
      },
    },
    async (request) =>
      attendance.dayBoard(request.user!, request.params.id, { ...request.query, date: request.params.date }),
  );

  app.get(
    '/personnel/:id/attendance',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: "One person's month: each day on the books up to today, and the gate events",
        params: idParams,
        querystring: personAttendanceQuerySchema,
        response: { 200: personAttendanceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => attendance.personMonth(request.user!, request.params.id, request.query.month),
  );

  app.get(
    '/projects/:id/attendance/monthSheet',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'The month sheet: every person on the books that month, one status per day',
        description:
          'Filters as the day board; skip/limit page the people. export=true answers an .xlsx of the ' +
          'whole sheet (export right).',
        params: idParams,
        querystring: attendanceMonthSheetQuerySchema,
        response: { 200: attendanceMonthSheetSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply): Promise<never> => {
      const { query } = request;
      const sheet = await attendance.monthSheet(
        request.user!,
        request.params.id,
        query,
        query.export === true,
      );
      if (!query.export) return reply.send(sheet) as never;
      const bytes = await monthSheetWorkbook(sheet, request.language);
      return sendXlsx(reply, bytes, attendanceFileName('monthSheet', query.month, request.language));
    },
  );

  app.get(
    '/projects/:id/attendance/statistics',
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Attendance statistics of a day, week (Monday to Sunday) or month, per unit or craft',
        description:
          'period=day|week with date, period=month with month (YYYY-MM); groupBy=unit (default)|craft. ' +
          'Per group: people on the books, person-days per status (present = normal + abnormal), hours; ' +
          'per day: the counts over everyone. Days still to come count nothing. export=true: an .xlsx.',
        params: idParams,
        querystring: attendanceStatisticsQuerySchema,
        response: { 200: attendanceStatisticsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply): Promise<never> => {
      const stats = await attendance.statistics(request.user!, request.params.id, request.query);
      if (!request.query.export) return reply.send(stats) as never;
      const bytes = await statisticsWorkbook(stats, request.language);
      const label = request.query.period === 'month' ? stats.from.slice(0, 7) : `${stats.from}_${stats.to}`;
      return sendXlsx(reply, bytes, attendanceFileName('statistics', label, request.language));
    },
  );
};
