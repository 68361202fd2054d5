import { idSchema } from '@lintel/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import { presentAccountMap, presentHongwaUserMap } from './account-maps.presenter';
import type { AccountMapService, PartnerService } from './account-maps.service';

/** POST hongwa-service/usermaps (spec 000 §7): the product user, the partner's relation id and vendor. */
export const hongwaUserMapBodySchema = z.strictObject({
  yzUserId: idSchema,
  relationId: z.string().trim().min(1).max(256),
  vendor: z.string().trim().min(1).max(64),
});

/**
 * POST zyf-service/accountmaps and thirdparty-oauth-service/accountmaps. The specification does not show
 * their bodies; ours: the partner's `account` (required), optionally its `vendor` and `relationId`, and
 * the product `userId` (the caller when absent).
 */
export const accountMapBodySchema = z.strictObject({
  userId: idSchema.optional(),
  account: z.string().trim().min(1).max(256),
  vendor: z.string().trim().max(64).optional(),
  relationId: z.string().trim().max(256).optional(),
});

const hongwaUserMapSchema = z.strictObject({
  _id: idSchema,
  yzUserId: idSchema,
  relationId: z.string(),
  vendor: z.string(),
  createdAt: z.string(),
});

const accountMapSchema = z.strictObject({
  _id: idSchema,
  userId: idSchema,
  account: z.string(),
  vendor: z.string(),
  relationId: z.string(),
  createdAt: z.string(),
});

const ERRORS = errorResponses(400, 401, 403, 404, 409);

export const accountMapsRoutes: FastifyPluginAsyncZod<{ maps: AccountMapService }> = async (
  app,
  { maps },
) => {
  app.post(
    '/hongwa-service/usermaps',
    {
      onRequest: requireUser,
      schema: {
        tags: ['identity'],
        summary: 'Map a hongwa relation id to a product user (system administrators only)',
        querystring: noQuerySchema,
        body: hongwaUserMapBodySchema,
        response: { 200: hongwaUserMapSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { yzUserId, relationId, vendor } = request.body;
      const row = await maps.create(request.user!, {
        service: 'hongwa',
        userId: yzUserId,
        vendor,
        account: '',
        relationId,
      });
      return presentHongwaUserMap(row);
    },
  );

  const accountMapRoute = (path: string, service: PartnerService) =>
    app.post(
      path,
      {
        onRequest: requireUser,
        schema: {
          tags: ['identity'],
          summary: `Map a ${service} account to a product user (system administrators only)`,
          querystring: noQuerySchema,
          body: accountMapBodySchema,
          response: { 200: accountMapSchema, ...ERRORS },
        },
      },
      async (request) => {
        const { userId, account, vendor, relationId } = request.body;
        const row = await maps.create(request.user!, {
          service,
          userId: userId ?? request.user!._id,
          vendor: vendor ?? '',
          account,
          relationId: relationId ?? '',
        });
        return presentAccountMap(row);
      },
    );
  accountMapRoute('/zyf-service/accountmaps', 'zyf');
  accountMapRoute('/thirdparty-oauth-service/accountmaps', 'thirdparty-oauth');
};
