import { securitiesBodySchema, sendCodeResultSchema } from '@lintel/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { SmsService } from './sms.service';
import { sourceOf } from './throttle';

const flag = z.enum(['true', 'false']);

export const smsRoutes: FastifyPluginAsyncZod<{ sms: SmsService }> = async (app, { sms }) => {
  app.post(
    '/securities',
    {
      schema: {
        tags: ['account'],
        summary: 'Send an SMS code (register, login, reset, bind), or with ?verify=true check one',
        description:
          'Errors: 502 invalid phone, 503 sent too often or a limit reached (HTTP 429), 501 send failed ' +
          '(HTTP 502), 409 phone already registered / bound, 404 phone not registered, 106 wrong code. ' +
          'A verified reset code answers the account id. 429 with Retry-After or a challenge: see POST login.',
        querystring: z.strictObject({ verify: flag.optional() }),
        body: securitiesBodySchema,
        response: { 200: sendCodeResultSchema, ...errorResponses(400, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const { phoneNumber, countryCode, type, code } = request.body;
      if (request.query.verify === 'true') {
        return sms.verify({ phoneNumber, countryCode, purpose: type, code, source: sourceOf(request) });
      }
      return sms.send({ phoneNumber, countryCode, purpose: type, ip: request.ip });
    },
  );
};
