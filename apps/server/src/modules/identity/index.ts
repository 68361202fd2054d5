import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { PassportConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { SessionCookies } from '../../plugins/session';
import type { AccountModule } from '../account/index';
import { accountMapsRoutes } from './account-maps.routes';
import { createAccountMapService } from './account-maps.service';
import { accountPortOf } from './account-port';
import { createIdentityService } from './identity.service';
import { oaRoutes } from './oa.routes';
import { createOaService } from './oa.service';
import { createOauthCookies } from './oauth-cookie';
import { passportRoutes } from './passport.routes';
import { createPassportService } from './passport.service';

/** Registered under /api/v1: its routes span account-service and the partner services' prefixes. */
export const IDENTITY_PREFIX = '/api/v1';

export interface IdentityDeps {
  db: Kysely<Database>;
  clock: Clock;
  passport: PassportConfig | null;
  account: AccountModule;
}

/** Third-party identities: passport (OAuth 2.0 + PKCE), OA binding, partner account maps. */
export function createIdentityModule({ db, clock, passport, account }: IdentityDeps) {
  const accounts = accountPortOf(account, db);
  const identities = createIdentityService({ db, clock });
  return {
    passport: createPassportService({ db, clock, passport, accounts, identities }),
    oa: createOaService({ db, accounts, identities }),
    maps: createAccountMapService({ db, clock, accounts }),
  };
}
export type IdentityModule = ReturnType<typeof createIdentityModule>;

export const identityPlugin: FastifyPluginAsyncZod<{
  module: IdentityModule;
  cookies: SessionCookies;
  publicUrl: string | null;
}> = async (app, { module, cookies, publicUrl }) => {
  const oauthCookies = createOauthCookies(publicUrl);
  await app.register(passportRoutes, {
    prefix: '/account-service',
    passport: module.passport,
    cookies,
    oauthCookies,
    publicUrl,
  });
  await app.register(oaRoutes, { prefix: '/account-service', oa: module.oa });
  await app.register(accountMapsRoutes, { maps: module.maps });
};
