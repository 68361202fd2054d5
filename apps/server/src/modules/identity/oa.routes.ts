import { userSchema } from '@lintel/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import type { OaService } from './oa.service';

const oaName = z.string().trim().min(1).max(64);

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
        summary: 'Bind an OA account name to the signed-in account (bimName must be its name)',
        querystring: noQuerySchema,
        body: oaBindBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 409) },
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
        response: { 200: z.union([userSchema, z.strictObject({})]), ...errorResponses(400, 401) },
      },
    },
    async (request) => (await oa.findUser(request.params.oaName)) ?? {},
  );
};
