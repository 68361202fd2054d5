import { countryCodeSchema, systemProfilePatchSchema, systemProfileSchema } from '@lintel/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireSystemAdmin } from '../../plugins/session';
import type { SystemProfileService } from './system-profile.service';

export const systemProfileRoutes: FastifyPluginAsyncZod<{ profile: SystemProfileService }> = async (
  app,
  { profile },
) => {
  app.get(
    '/system/profile',
    {
      schema: {
        tags: ['system'],
        summary: 'The OEM profile: product name, switches, version',
        querystring: noQuerySchema,
        response: { 200: systemProfileSchema },
      },
    },
    async () => profile.get(),
  );

  app.post(
    '/system/profile',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: ['system'],
        summary: 'Override profile fields (system administrators)',
        querystring: noQuerySchema,
        body: systemProfilePatchSchema,
        response: { 200: systemProfileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => profile.update(request.body),
  );

  app.get(
    '/system/profile/countryCodes',
    {
      schema: {
        tags: ['system'],
        summary: 'Country calling codes for phone fields',
        querystring: noQuerySchema,
        response: { 200: z.array(countryCodeSchema) },
      },
    },
    async () => profile.countryCodes(),
  );
};
