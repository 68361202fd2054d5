import { idSchema } from '@lintel/contracts';
import {
  adminEnterpriseConflictSchema,
  adminEnterpriseCreateSchema,
  adminEnterpriseSchema,
  adminEnterpriseUpdateSchema,
} from '@lintel/contracts/enterprise-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { errorBody } from '../../plugins/errors';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireSystemAdmin } from '../../plugins/session';
import { type EnterpriseAdminService, EnterpriseChangedError } from './enterprise-admin.service';

const TAGS = ['enterprises'];
const idParams = z.strictObject({ id: idSchema });

/** The system administrator's enterprises, under account-service beside GET admin/enterprises. */
export const enterpriseAdminRoutes: FastifyPluginAsyncZod<{ enterprises: EnterpriseAdminService }> = async (
  app,
  { enterprises },
) => {
  app.get(
    '/admin/enterprises/:id',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary: 'An enterprise with its usage of its quotas and its administrators (system administrators)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: adminEnterpriseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => enterprises.get(request.params.id),
  );

  app.post(
    '/admin/enterprises',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary: 'Create an enterprise with its plan, quotas and first administrator (system administrators)',
        description:
          'Quotas null: unlimited (plan enterprise only). 400 enterpriseAdmin.<quota>.tooLow | tooHigh | ' +
          'overPlan | unlimitedNotInPlan; 400 enterpriseAdmin.adminNotFound when no enabled account has ' +
          'that name or phone, adminIsSystemAdmin for a system administrator.',
        querystring: noQuerySchema,
        body: adminEnterpriseCreateSchema,
        response: { 200: adminEnterpriseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      enterprises.create({ user: request.user!, ip: request.ip, audit: app.audit }, request.body),
  );

  app.put(
    '/admin/enterprises/:id',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary: "Edit an enterprise's name, plan and quotas (system administrators)",
        description:
          'Send the updatedAt you read: when the enterprise changed since, 409 enterpriseAdmin.changed ' +
          'with `current`. A quota below current use: 400 enterpriseAdmin.<quota>.belowUsage.',
        params: idParams,
        querystring: noQuerySchema,
        body: adminEnterpriseUpdateSchema,
        response: {
          200: adminEnterpriseSchema,
          409: adminEnterpriseConflictSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      try {
        return await enterprises.update(
          { user: request.user!, ip: request.ip, audit: app.audit },
          request.params.id,
          request.body,
        );
      } catch (error) {
        if (!(error instanceof EnterpriseChangedError)) throw error;
        const body = errorBody(
          { status: 409, key: error.key, code: error.code, params: error.params },
          request.language,
        );
        return reply.code(409).send({ ...body, current: error.current });
      }
    },
  );
};
