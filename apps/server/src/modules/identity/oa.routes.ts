import { type User, userSchema } from '@lintel/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import type { OaService } from './oa.service';

const oaName = z.string().trim().min(1).max(64);

/** What anyone signed in may learn about the owner of an OA name: never their phone or email. */
const publicUserSchema = userSchema.pick({ _id: true, name: true, nickName: true, avatar: true });
type PublicUser = z.infer<typeof publicUserSchema>;

/** The OA binding payload (spec 000 §3): `appId` is always 'bim'. */
export const oaBindBodySchema = z.strictObject({
  oaName,
  bimName: z.string().trim().min(1).max(64),
  appId: z.literal('bim'),
});

export const oaRoutes: FastifyPluginAsyncZod<{ oa: OaService }> = async (app, { oa }) => {
  app.post(
    '/oa/bind',
    {
      onRequest: requireUser,
      schema: {
        tags: ['identity'],
        summary: 'Bind an OA account name to the account named bimName (system administrators only)',
        description:
          '403 identity.systemAdminOnly for anyone else (the OA system vouches for nobody here), ' +
          '404 identity.userNotFound, 409 identity.alreadyBound (the OA name is bound to another account).',
        querystring: noQuerySchema,
        body: oaBindBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => oa.bind(request.user!, request.body.oaName, request.body.bimName),
  );

  app.get(
    '/oa/users/:oaName',
    {
      onRequest: requireUser,
      schema: {
        tags: ['identity'],
        summary: 'The account bound to an OA account name, or {} when there is none',
        params: z.strictObject({ oaName }),
        querystring: noQuerySchema,
        // The full record only to its owner or a system administrator; the union tries it first.
        response: {
          200: z.union([userSchema, publicUserSchema, z.strictObject({})]),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request): Promise<User | PublicUser | Record<string, never>> => {
      const found = await oa.findUser(request.params.oaName);
      if (!found) return {};
      const caller = request.user!;
      if (found._id === caller._id || caller.isSystemAdmin) return found;
      return { _id: found._id, name: found.name, nickName: found.nickName, avatar: found.avatar };
    },
  );
};
