import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DatabaseHandle, pingDatabase } from '../../db/open';
import { AppError } from '../../plugins/app-error';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** For load balancers and operators: 200 when a real query succeeds, 503 (an ErrorBody) when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
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
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
