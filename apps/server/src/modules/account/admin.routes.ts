import { countSchema, errorBodySchema, idSchema, listQuerySchema } from '@lintel/contracts';
import {
  ADMIN_USER_ACTIONS,
  adminUserActionBodySchema,
  adminUserDetailSchema,
  adminUserSchema,
} from '@lintel/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { translate } from '../../plugins/messages';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireSystemAdmin } from '../../plugins/session';
import { type AdminUsersService, UserChangedError } from './admin-users.service';

const TAGS = ['account'];

/** Users administration (/system), for system administrators only: 403 for everyone else. */
export const adminRoutes: FastifyPluginAsyncZod<{ users: AdminUsersService }> = async (app, { users }) => {
  app.get(
    '/admin/users',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary: 'Search users (system administrators): where over name, nickName, phoneNumber, email',
        querystring: listQuerySchema.strict(),
        response: { 200: z.union([z.array(adminUserSchema), countSchema]), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => users.list(request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary: 'A user with their state and the enterprises, branches and projects they belong to',
        params: z.strictObject({ id: idSchema }),
        querystring: noQuerySchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => users.detail(request.params.id),
  );

  app.post(
    '/admin/users/:id/:action',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary: 'disable | enable | unlock | requirePasswordChange (audited)',
        description:
          'disable ends every session of the user (not yourself: 400 account.cannotDisableSelf); ' +
          'requirePasswordChange ends them too and makes the next sign-in choose a new password. ' +
          '`updatedAt`: the version you saw; 409 account.userChanged when the user changed meanwhile.',
        params: z.strictObject({ id: idSchema, action: z.enum(ADMIN_USER_ACTIONS) }),
        querystring: noQuerySchema,
        body: adminUserActionBodySchema,
        response: {
          200: adminUserSchema,
          409: errorBodySchema.extend({ current: adminUserSchema }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      try {
        return await users.act(
          { userId: request.user!._id, ip: request.ip },
          request.params.id,
          request.params.action,
          request.body.updatedAt,
        );
      } catch (error) {
        // A concurrent change: the refusal carries the user as they are now.
        if (!(error instanceof UserChangedError)) throw error;
        return reply.code(409).send({
          code: 409,
          key: error.key,
          message: translate(request.language, error.key),
          current: error.current,
        });
      }
    },
  );
};
