import { existsResultSchema, registerBodySchema, userSchema } from '@lintel/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { SessionCookies } from '../../plugins/session';
import { sourceOf } from '../sms/index';
import type { RegistrationService } from './registration.service';

const flag = z.enum(['true', 'false']);

export const registrationRoutes: FastifyPluginAsyncZod<{
  registration: RegistrationService;
  cookies: SessionCookies;
}> = async (app, { registration, cookies }) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['account'],
        summary: 'Register with a phone code and sign in; ?verify=true: is a name or phone taken?',
        description:
          'Business codes: 101 data empty, 102 username invalid, 103 username exists (HTTP 409), 104 password ' +
          'empty, 105 phone empty, 106 code error; other rules 400 with their key, phone taken 409. ' +
          '?verify=true is limited per address (30) and per name or phone (10) in 10 minutes: 429 + Retry-After.',
        querystring: z.strictObject({ verify: flag.optional() }),
        body: registerBodySchema,
        response: { 200: z.union([userSchema, existsResultSchema]), ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const source = sourceOf(request);
      if (request.query.verify === 'true') return registration.exists(request.body, source);
      const result = await registration.register(request.body, cookies.read(request), source);
      // A registration signs the new account in (issue 17: every sign-in is in the audit log).
      await request.server.audit.record({
        action: 'auth.signIn',
        actorId: result.user._id,
        ip: request.ip,
        targetType: 'user',
        targetId: result.user._id,
        detail: { method: 'register' },
      });
      cookies.set(request, reply, result.token, result.maxAgeSeconds);
      return result.user;
    },
  );
};
