import { userSchema } from '@lintel/contracts/account';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser, type SessionCookies } from '../../plugins/session';
import { sourceOf, throttleHeaders } from '../sms/index';
import type { OauthCookies } from './oauth-cookie';
import type { PassportFailure, PassportService } from './passport.service';

/** POST passport_login: the third-party login payload (spec 000 §3) plus the ticket of the callback. */
export const passportLoginBodySchema = z.strictObject({
  /** The platform the identity comes from; informative (the ticket names the provider). */
  platform: z.string().max(64).optional(),
  /** The product account: an account name or a phone number. */
  yzAccount: z.string().max(64).optional(),
  yzPassword: z.string().max(128).optional(),
  /** The read-only name the bind page shows; informative (the ticket names the identity). */
  thirdpartyAccount: z.string().max(256).optional(),
  /** From the bind page's `thirdparty` query; without it the browser's latest pending identity is used. */
  ticket: z.string().max(128).optional(),
});

/** PUT associate: the identity binding payload (spec 000 §3). */
export const associateBodySchema = z.strictObject({
  openId: z.string().trim().min(1).max(256),
  accessToken: z.string().min(1).max(4096),
});

export const passportInfoSchema = z.strictObject({
  /** Whether PASSPORT_* is configured (the profile's passportLogin only decides whether the link shows). */
  enabled: z.boolean(),
  name: z.string().nullable(),
});

/** The provider may add parameters of its own (session_state, iss, …): unknown ones are ignored here. */
const callbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

const redirectSchema = z.null().describe('A redirect: see the Location header');

export interface PassportRoutesOptions {
  passport: PassportService;
  cookies: SessionCookies;
  oauthCookies: OauthCookies;
  publicUrl: string | null;
}

export const passportRoutes: FastifyPluginAsyncZod<PassportRoutesOptions> = async (
  app,
  { passport, cookies, oauthCookies, publicUrl },
) => {
  const originOf = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

  function redirect(reply: FastifyReply, location: string) {
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  }

  function failed(request: FastifyRequest, reply: FastifyReply, reason: PassportFailure) {
    oauthCookies.clear(request, reply);
    return redirect(reply, `/login?oauthError=${reason}`);
  }

  app.get(
    '/passport/info',
    {
      schema: {
        tags: ['identity'],
        summary: 'Whether passport sign-in is configured, and the provider name to show',
        querystring: noQuerySchema,
        response: { 200: passportInfoSchema },
      },
    },
    async () => passport.info(),
  );

  app.get(
    '/passport/authorize',
    {
      schema: {
        tags: ['identity'],
        summary: 'Start passport sign-in: redirects to the provider (authorization code + PKCE S256)',
        querystring: noQuerySchema,
        response: { 302: redirectSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { location, binding } = await passport.begin(originOf(request));
      oauthCookies.set(request, reply, binding);
      return redirect(reply, location);
    },
  );

  app.get(
    '/passport/callback',
    {
      schema: {
        tags: ['identity'],
        summary:
          'The provider redirects here: signs in and goes to /home, or to /bind/account, or /login?oauthError=',
        querystring: callbackQuerySchema,
        response: { 302: redirectSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const outcome = await passport.complete({
        code: request.query.code,
        state: request.query.state,
        error: request.query.error,
        binding: oauthCookies.read(request),
        previousToken: cookies.read(request),
      });
      switch (outcome.kind) {
        case 'failed':
          if (outcome.error)
            request.log.warn({ err: outcome.error }, 'passport sign-in failed at the provider');
          return failed(request, reply, outcome.reason);
        case 'signedIn':
          await request.server.audit.record({
            action: 'auth.signIn',
            actorId: outcome.login.user._id,
            ip: request.ip,
            targetType: 'user',
            targetId: outcome.login.user._id,
            detail: { method: 'passport' },
          });
          cookies.set(request, reply, outcome.login.token, outcome.login.maxAgeSeconds);
          oauthCookies.clear(request, reply);
          return redirect(reply, '/home');
        case 'pending': {
          // The oauth cookie stays: passport_login checks the ticket against it.
          const thirdparty = JSON.stringify({
            thirdpartyAccount: outcome.thirdpartyAccount,
            ticket: outcome.ticket,
          });
          return redirect(reply, `/bind/account?thirdparty=${encodeURIComponent(thirdparty)}`);
        }
      }
    },
  );

  app.post(
    '/passport_login',
    {
      schema: {
        tags: ['identity'],
        summary: 'Bind the pending passport identity to a product account (its password) and sign in',
        querystring: noQuerySchema,
        body: passportLoginBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 403, 404, 409, 429) },
      },
      // The sign-in defenses' refusals carry Retry-After or a challenge (issue 14).
      onError: throttleHeaders,
    },
    async (request, reply) => {
      const login = await passport.loginAndBind({
        account: request.body.yzAccount,
        password: request.body.yzPassword,
        ticket: request.body.ticket,
        binding: oauthCookies.read(request),
        previousToken: cookies.read(request),
        source: sourceOf(request),
      });
      await request.server.audit.record({
        action: 'auth.signIn',
        actorId: login.user._id,
        ip: request.ip,
        targetType: 'user',
        targetId: login.user._id,
        detail: { method: 'passportBind' },
      });
      cookies.set(request, reply, login.token, login.maxAgeSeconds);
      oauthCookies.clear(request, reply);
      return login.user;
    },
  );

  app.put(
    '/associate',
    {
      onRequest: requireUser,
      schema: {
        tags: ['identity'],
        summary: "Bind a passport identity to the signed-in account (the provider confirms the token's sub)",
        querystring: noQuerySchema,
        body: associateBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request) => passport.associate(request.user!, request.body.openId, request.body.accessToken),
  );
};
