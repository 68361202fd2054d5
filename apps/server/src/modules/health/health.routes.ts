import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DatabaseHandle, pingDatabase } from '../../db/open';
import { AppError } from '../../plugins/app-error';
import type { DiskSpace } from '../../plugins/disk-space';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.literal('ok'),
  disk: z.enum(['ok', 'low']),
});

/**
 * For load balancers and operators: 200 when a real query succeeds, 503 (an ErrorBody) when it does not.
 * A disk below MIN_FREE_DISK_MB is still 200 (`status: degraded`, `disk: low`): the process serves reads
 * and the deletes that free space; taking it out of the balancer would stop those too. Alert on `degraded`.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; diskSpace: DiskSpace }> = async (
  app,
  { database, diskSpace },
) => {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary: 'Liveness, database and free disk space check',
        querystring: noQuerySchema,
        response: { 200: healthSchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      try {
        await pingDatabase(database.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: the database does not answer');
        throw new AppError(503, 'common.databaseUnavailable');
      }
      const { low } = await diskSpace.state();
      return low
        ? { status: 'degraded' as const, database: 'ok' as const, disk: 'low' as const }
        : { status: 'ok' as const, database: 'ok' as const, disk: 'ok' as const };
    },
  );
};
