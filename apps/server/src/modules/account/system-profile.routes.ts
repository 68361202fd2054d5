import {
  countryCodeSchema,
  systemLogoSchema,
  systemProfilePatchSchema,
  systemProfileSchema,
} from '@lintel/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error';
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
        summary: 'Override profile fields (system administrators); audited',
        description:
          'Lengths, the ICP number (system.badIcp) and links (http(s) or a path of this site: system.badUrl) ' +
          'are checked; a change applies at once in this process and within a second in the others.',
        querystring: noQuerySchema,
        body: systemProfilePatchSchema,
        response: { 200: systemProfileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      profile.update({ user: request.user!, ip: request.ip, audit: app.audit }, request.body),
  );

  app.get(
    '/system/profile/logo',
    {
      schema: {
        tags: ['system'],
        summary: 'The uploaded logo (to anyone: the sign-in page shows it); 404 when none is set',
        querystring: z.strictObject({ v: z.string().max(64).optional() }),
        response: {
          200: z.any().describe('The image bytes'),
          304: z.null().describe('Not modified (If-None-Match)'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const logo = await profile.logo();
      if (!logo) throw new AppError(404, 'common.notFound');
      const etag = `"${logo.etag}"`;
      // Versioned addresses (?v=<hash>, as logoUrl gives them) never change; others are checked each time.
      reply
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header(
          'cache-control',
          request.query.v === logo.etag ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.type(logo.type).send(logo.bytes);
    },
  );

  app.put(
    '/system/profile/logo',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: ['system'],
        summary: 'Set the logo: a JPEG, PNG, GIF or WebP image as base64 (system administrators); audited',
        description:
          'Told by its bytes, whatever the client says: 415 system.logoNotImage; over 256 KB 400 ' +
          'system.logoTooLarge. The profile answered has logoUrl pointing at GET system/profile/logo.',
        querystring: noQuerySchema,
        body: systemLogoSchema,
        response: { 200: systemProfileSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request) =>
      profile.setLogo({ user: request.user!, ip: request.ip, audit: app.audit }, request.body.data),
  );

  app.delete(
    '/system/profile/logo',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: ['system'],
        summary: 'Remove the uploaded logo: back to the configured one (system administrators); audited',
        querystring: noQuerySchema,
        response: { 200: systemProfileSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => profile.removeLogo({ user: request.user!, ip: request.ip, audit: app.audit }),
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
