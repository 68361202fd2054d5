import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { ProfileDefaults } from '../../config';
import type { Database } from '../../db/schema';
import type { SessionCookies } from '../../plugins/session';
import { accountRoutes } from './account.routes';
import { createAccountService } from './account.service';
import { createSessionService } from './session.service';
import { systemProfileRoutes } from './system-profile.routes';
import { createSystemProfileService } from './system-profile.service';

export const ACCOUNT_PREFIX = '/api/v1/account-service';

export interface AccountDeps {
  db: Kysely<Database>;
  clock: Clock;
  profileDefaults: ProfileDefaults;
}

/** The account module's services, built once per app and shared with the session plugin. */
export function createAccountModule({ db, clock, profileDefaults }: AccountDeps) {
  const profile = createSystemProfileService({ db, clock, defaults: profileDefaults });
  const sessions = createSessionService({ db, clock, idleMinutes: () => profile.logoutTime() });
  const account = createAccountService({ db, sessions });
  return { profile, sessions, account };
}
export type AccountModule = ReturnType<typeof createAccountModule>;

/** Expired sessions are refused when used; this sweep removes the ones nobody comes back with. */
const SESSION_SWEEP_MS = 60 * 60 * 1000;

export const accountPlugin: FastifyPluginAsyncZod<{
  module: AccountModule;
  cookies: SessionCookies;
}> = async (app, { module, cookies }) => {
  await app.register(accountRoutes, { account: module.account, cookies });
  await app.register(systemProfileRoutes, { profile: module.profile });

  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    module.sessions
      .deleteExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  app.addHook('onReady', async () => {
    await sweep();
    sweeper = setInterval(sweep, SESSION_SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
};
