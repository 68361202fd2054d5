import { idSchema } from '@lintel/contracts';
import {
  emailChangeSchema,
  passwordChangeSchema,
  phoneChangeSchema,
  settingKeySchema,
  settingValueSchema,
  userExpandedSchema,
  userSchema,
  userUpdateSchema,
} from '@lintel/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import type { SessionCookies } from '../../plugins/session';
import { sourceOf } from '../sms/index';
import { ownAccount, ownAccountOrAdmin } from './access';
import type { CredentialsService } from './credentials.service';
import type { SecurityNotices } from './security-notices';
import type { UserProfileService } from './user-profile.service';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const idParams = z.strictObject({ id: idSchema });
const settingParams = z.strictObject({ id: idSchema, key: settingKeySchema });

export interface UsersRoutesOptions {
  profiles: UserProfileService;
  credentials: CredentialsService;
  cookies: SessionCookies;
  /** SMS to the old phone and a notification after a phone, email or password change (issue 14). */
  notices: SecurityNotices;
}

/** users/{id}…: a user's own account. Someone else's id answers 404 (administrators may read). */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { profiles, credentials, cookies, notices },
) => {
  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'A user: yourself, or anyone for a system administrator; ?expand=true adds the profile',
        params: idParams,
        querystring: z.strictObject({ expand: flag.optional() }),
        response: { 200: z.union([userExpandedSchema, userSchema]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      ownAccountOrAdmin(request, request.params.id);
      return profiles.get(request.params.id, request.query.expand === true);
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Change your nickName, avatar or profile (sex, city, work, project, company, position)',
        params: idParams,
        querystring: noQuerySchema,
        body: userUpdateSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      ownAccount(request, request.params.id);
      return profiles.update(request.params.id, request.body);
    },
  );

  app.put(
    '/users/:id/password',
    {
      schema: {
        tags: ['account'],
        summary:
          'Change your password with the old one (?verify=true), or reset it with an SMS code (?code=true, ' +
          'no session needed; signs you in)',
        description:
          'Errors: 104 old password wrong, 106 code wrong, 400 password rules (key of the rule), 404 not yours, ' +
          '107 locked / 429 wait or challenge: old passwords and codes count like sign-ins (see POST login).',
        params: idParams,
        querystring: z.strictObject({ verify: flag.optional(), code: flag.optional() }),
        body: passwordChangeSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (request.query.code === true) {
        const result = await credentials.resetPassword(
          id,
          request.body,
          cookies.read(request),
          sourceOf(request),
        );
        cookies.set(request, reply, result.token, result.maxAgeSeconds);
        await notices.passwordChanged(id, await profiles.contact(id));
        return result.user;
      }
      ownAccount(request, id);
      const user = await credentials.changePassword(id, request.sessionId, request.body, sourceOf(request));
      await notices.passwordChanged(id, await profiles.contact(id));
      return user;
    },
  );

  app.put(
    '/users/:id/phoneNumber',
    {
      schema: {
        tags: ['account'],
        summary:
          'Bind or change your phone: a code of purpose bind sent to the new phone, and your current ' +
          'password (currentPassword) or a code of purpose verify sent to your current phone (currentPhoneCode)',
        description:
          'A session alone is refused (403 account.reauthRequired). Errors: 104 current password wrong, 106 a ' +
          'code wrong, 409 the phone is bound to another account. The old phone gets an SMS notice.',
        params: idParams,
        querystring: noQuerySchema,
        body: phoneChangeSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      ownAccount(request, request.params.id);
      const { user, before } = await profiles.changePhone(request.params.id, request.body, sourceOf(request));
      await notices.phoneChanged(user._id, before, user.phoneNumber);
      return user;
    },
  );

  app.put(
    '/users/:id/email',
    {
      schema: {
        tags: ['account'],
        summary:
          'Change your email with your current password (currentPassword) or a code of purpose verify sent ' +
          'to your current phone (currentPhoneCode)',
        description:
          'A session alone is refused (403 account.reauthRequired). Errors: 104 current password wrong, 106 ' +
          'code wrong. Your phone gets an SMS notice and your notifications keep the change.',
        params: idParams,
        querystring: noQuerySchema,
        body: emailChangeSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      ownAccount(request, request.params.id);
      const { user, before } = await profiles.changeEmail(request.params.id, request.body, sourceOf(request));
      if (before.email !== user.email) await notices.emailChanged(user._id, before, before.email, user.email);
      return user;
    },
  );

  const settingSchema = z.object({ value: z.unknown() });

  app.get(
    '/users/:id/settings/:key',
    {
      schema: {
        tags: ['account'],
        summary: 'One of your settings (value null when never set)',
        params: settingParams,
        querystring: noQuerySchema,
        response: { 200: settingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      ownAccount(request, request.params.id);
      return profiles.getSetting(request.params.id, request.params.key);
    },
  );

  app.put(
    '/users/:id/settings/:key',
    {
      schema: {
        tags: ['account'],
        summary: 'Store one of your settings: any JSON value up to 16 KB',
        params: settingParams,
        querystring: noQuerySchema,
        body: settingValueSchema,
        response: { 200: settingSchema, ...errorResponses(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      ownAccount(request, request.params.id);
      return profiles.putSetting(request.params.id, request.params.key, request.body.value);
    },
  );
};
