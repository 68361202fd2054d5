import { auditEntrySchema, auditExportQuerySchema, auditQuerySchema } from '@lintel/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withNextCursor } from '../../db/paging';
import { errorResponses } from '../../plugins/error-responses';
import { requireSystemAdmin } from '../../plugins/session';
import { contentDisposition } from '../files/http';
import { auditCsv, auditFileName, auditWorkbook } from './audit.export';
import type { AuditService } from './audit.service';
import type { AuditLog } from './index';

const TAGS = ['audit'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The audit log, for system administrators only (403 for everyone else). Read-only: no write route. */
export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService; log: AuditLog }> = async (
  app,
  { service, log },
) => {
  app.get(
    '/entries',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary:
          'The audit log, newest first (system administrators). Filters: actor, q (text), action (comma list), ' +
          'from/to (dates, UTC, inclusive), projectId; a full page answers x-next-after for `after`.',
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => withNextCursor(reply, await service.list(request.query)),
  );

  app.get(
    '/entries/export',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary:
          'The filtered audit log as .xlsx or CSV (system administrators); the export is itself audited.',
        querystring: auditExportQuerySchema,
        response: { ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply): Promise<never> => {
      const { format, ...filter } = request.query;
      const { entries, truncated } = await service.all(filter);
      const language = request.language;
      const bytes = format === 'csv' ? auditCsv(entries, language) : await auditWorkbook(entries, language);
      const filterDetail = Object.fromEntries(
        Object.entries(filter).map(([key, value]) => [
          key,
          Array.isArray(value) ? value.join(',') : (value ?? null),
        ]),
      );
      await log.record({
        action: 'data.exported',
        actorId: request.user!._id,
        ip: request.ip,
        targetType: 'audit',
        detail: { kind: 'audit', format, rows: entries.length, truncated, ...filterDetail },
      });
      const today = request.server.clock.now().toISOString().slice(0, 10);
      const name = auditFileName(format, today, language);
      return reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX)
        .header('content-disposition', contentDisposition('attachment', name.utf8, name.ascii))
        .send(bytes as never) as never;
    },
  );
};
