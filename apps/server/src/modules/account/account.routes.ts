import { loginBodySchema, userSchema } from '@lintel/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireUser, type SessionCookies } from '../../plugins/session';
import type { AccountService } from './account.service';

const flag = z.enum(['true', 'false']);
/** `?code=true` (SMS code) and `?double=true` (password plus code) arrive with SMS support. */
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
        summary: 'Sign in with an account name or phone number and a password',
        querystring: loginQuerySchema,
        body: loginBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      if (request.query.code === 'true' || request.query.double === 'true') {
        throw new AppError(400, 'account.codeLoginUnavailable');
      }
      const { name, password, countryCode, rememberMe } = request.body;
      const result = await account.loginWithPassword({
        name,
        password,
        countryCode,
        rememberMe,
        previousToken: cookies.read(request),
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

  app.get(
    '/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'End the session (also when there is none)',
        querystring: noQuerySchema,
        response: { 200: z.strictObject({}) },
      },
    },
    async (request, reply) => {
      await account.logout(cookies.read(request));
      cookies.clear(request, reply);
      return {};
    },
  );
};
