import { loginBodySchema, userSchema } from '@lintel/contracts/account';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { emptyBodySchema, noQuerySchema } from '../../plugins/route-schemas';
import { sameSiteOnly } from '../../plugins/same-site';
import { requireUser, type SessionCookies } from '../../plugins/session';
import { sourceOf } from '../sms/index';
import type { AccountService } from './account.service';

const flag = z.enum(['true', 'false']);
/** `?code=true`: phone + SMS code; `?double=true`: phone + password + SMS code. */
const loginQuerySchema = z.strictObject({ code: flag.optional(), double: flag.optional() });

export interface AccountRoutesOptions {
  account: AccountService;
  cookies: SessionCookies;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { account, cookies },
) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in: account name or phone + password; ?code=true phone + SMS code; ?double=true both',
        description:
          'Errors: 102 no such account, 104 wrong password, 106 wrong SMS code, 107 locked after 10 attempts ' +
          'in 10 minutes (HTTP 429, for 10 minutes), 403 account disabled. Per address: after 3 failures an ' +
          'HTTP 429 with `X-Challenge` and `X-Challenge-Difficulty` asks for a proof of work (resend with ' +
          '`X-Challenge-Solution: <challenge>/<nonce>` where sha256 of it starts with that many zero bits); ' +
          'after 5, each failure makes the address wait (HTTP 429 with Retry-After, doubling from 60 s).',
        querystring: loginQuerySchema,
        body: loginBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const previousToken = cookies.read(request);
      const source = sourceOf(request);
      const { code, double } = request.query;
      const result =
        code === 'true' || double === 'true'
          ? await account.loginWithCode({ ...request.body, previousToken, source }, double === 'true')
          : await account.loginWithPassword({ ...request.body, previousToken, source });
      cookies.set(request, reply, result.token, result.maxAgeSeconds);
      return result.user;
    },
  );

  app.get(
    '/logged',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        querystring: noQuerySchema,
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => request.user!,
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await account.logout(cookies.read(request));
    cookies.clear(request, reply);
    return {};
  };

  app.post(
    '/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'End the session (also when there is none); what the web app calls',
        querystring: noQuerySchema,
        body: emptyBodySchema,
        response: { 200: z.strictObject({}), ...errorResponses(403) },
      },
    },
    logout,
  );

  app.get(
    '/logout',
    {
      // The specification's path: a GET that changes state, so only from our own pages (issue 14).
      onRequest: sameSiteOnly,
      schema: {
        tags: ['account'],
        summary: "End the session (the specification's GET form): refused from another site, use POST",
        description: '403 common.foreignOrigin when Sec-Fetch-Site, Origin or Referer name another site.',
        querystring: noQuerySchema,
        response: { 200: z.strictObject({}), ...errorResponses(403) },
      },
    },
    logout,
  );
};
