import { countSchema, listQuerySchema } from '@lintel/contracts';
import { userSchema } from '@lintel/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { requireSystemAdmin } from '../../plugins/session';
import type { UserProfileService } from './user-profile.service';

export const adminRoutes: FastifyPluginAsyncZod<{ profiles: UserProfileService }> = async (
  app,
  { profiles },
) => {
  app.get(
    '/admin/users',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: ['account'],
        summary: 'Search users (system administrators): where over name, nickName, phoneNumber, email',
        querystring: listQuerySchema.strict(),
        response: { 200: z.union([z.array(userSchema), countSchema]), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => profiles.list(request.query),
  );
};
