import { loginBodySchema, userSchema } from '@lintel/contracts/account';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error';
import { errorResponses } from '../../plugins/error-responses';
import { emptyBodySchema, noQuerySchema } from '../../plugins/route-schemas';
import { sameSiteOnly } from '../../plugins/same-site';
import { requireUser, type SessionCookies } from '../../plugins/session';
import type { AuditLog } from '../audit/index';
import { sourceOf } from '../sms/index';
import type { AccountService } from './account.service';

const flag = z.enum(['true', 'false']);
/** `?code=true`: phone + SMS code; `?double=true`: phone + password + SMS code. */
const loginQuerySchema = z.strictObject({ code: flag.optional(), double: flag.optional() });

export interface AccountRoutesOptions {
  account: AccountService;
  cookies: SessionCookies;
  audit: AuditLog;
}

/**
 * The refusals of a sign-in the audit log keeps (issue 17): a wrong account, password or code, a disabled or
 * locked account, an address made to wait. Not a form error (nothing tried) nor a proof-of-work request.
 */
const AUDITED_FAILURES = new Set([
  'account.usernameNotFound',
  'account.passwordError',
  'account.codeError',
  'account.disabled',
  'account.locked',
  'account.tooManyAttempts',
]);

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { account, cookies, audit },
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
      const method = double === 'true' ? 'double' : code === 'true' ? 'code' : 'password';
      let result: Awaited<ReturnType<AccountService['loginWithPassword']>>;
      try {
        result =
          method === 'password'
            ? await account.loginWithPassword({ ...request.body, previousToken, source })
            : await account.loginWithCode({ ...request.body, previousToken, source }, method === 'double');
      } catch (error) {
        if (error instanceof AppError && AUDITED_FAILURES.has(error.key)) {
          // The account name tried, never the password or the code.
          const tried = request.body.name || request.body.phoneNumber || '';
          await audit.record({
            action: 'auth.signInFailed',
            actorId: null,
            ip: request.ip,
            detail: { account: tried.slice(0, 64), method, reason: error.key },
          });
        }
        throw error;
      }
      await audit.record({
        action: 'auth.signIn',
        actorId: result.user._id,
        ip: request.ip,
        targetType: 'user',
        targetId: result.user._id,
        detail: { method },
      });
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
    if (request.user) {
      await audit.record({ action: 'auth.signOut', actorId: request.user._id, ip: request.ip });
    }
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
