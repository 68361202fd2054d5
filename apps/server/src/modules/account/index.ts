import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { ProfileDefaults } from '../../config';
import type { Engine } from '../../db/engine';
import type { Database } from '../../db/schema';
import type { TableWrites } from '../../db/table-writes';
import type { SessionCookies } from '../../plugins/session';
import type { AuditLog } from '../audit/index';
import type { Notify } from '../notifications/index';
import type { UserPlacesLookup } from '../org/user-places.lookup';
import {
  createSmsModule,
  createSmsProvider,
  type PhoneDirectory,
  type SmsConfig,
  smsPlugin,
  throttleHeaders,
} from '../sms/index';
import { accountRoutes } from './account.routes';
import { createAccountService } from './account.service';
import { adminRoutes } from './admin.routes';
import { createAdminUsersService } from './admin-users.service';
import { clausesRoutes } from './clauses.routes';
import { createClausesService } from './clauses.service';
import { createCredentialsService } from './credentials.service';
import { createLockoutService } from './lockout.service';
import { createReauth } from './reauth';
import { registrationRoutes } from './registration.routes';
import { createRegistrationService } from './registration.service';
import { createSecurityNotices } from './security-notices';
import { createSessionService } from './session.service';
import { systemProfileRoutes } from './system-profile.routes';
import { createSystemProfileService } from './system-profile.service';
import { createUserRepository } from './user.repository';
import { createUserService } from './user.service';
import { createUserProfileService } from './user-profile.service';
import { usersRoutes } from './users.routes';

export const ACCOUNT_PREFIX = '/api/v1/account-service';

export interface AccountDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  profileDefaults: ProfileDefaults;
  /** The SMS settings of the configuration (provider, test numbers, limits). */
  sms: SmsConfig;
  log: FastifyBaseLogger;
  /** In-process caches (sessions, profile) listen here for writes to what they hold. */
  tableWrites: TableWrites;
  /** SESSION_MAX_AGE: the absolute lifetime of a session (default 7 days). */
  sessionMaxAgeMs?: number;
  /** The audit log (sign-ins, sign-outs, password changes, users administration). */
  audit: AuditLog;
  /** Where a user belongs (the org module answers): the user detail of users administration. */
  places: UserPlacesLookup;
}

/** The account module's services, built once per app and shared with the session plugin. */
export function createAccountModule({
  db,
  engine,
  clock,
  profileDefaults,
  sms: smsConfig,
  log,
  tableWrites,
  sessionMaxAgeMs,
  audit,
  places,
}: AccountDeps) {
  const profile = createSystemProfileService({ db, clock, defaults: profileDefaults, tableWrites });
  const sessions = createSessionService({
    db,
    clock,
    idleMinutes: () => profile.logoutTime(),
    tableWrites,
    ...(sessionMaxAgeMs === undefined ? {} : { maxAgeMs: sessionMaxAgeMs }),
  });
  // The SMS module asks who owns a phone through this, never through the users table.
  const directory: PhoneDirectory = {
    async findUserIdByPhone(phoneNumber, countryCode) {
      const [user] = await createUserRepository(db).findByPhone(phoneNumber, countryCode);
      return user?.id ?? null;
    },
  };
  const lockout = createLockoutService({ db, clock });
  const sms = createSmsModule({ db, clock, config: smsConfig, directory, guard: lockout.guard, log });
  const account = createAccountService({ db, sessions, sms, lockout });
  // The user agreement and privacy policy, and the consent registration records (issue 17, PIPL).
  const clauses = createClausesService({ db, clock, profile, audit });
  const registration = createRegistrationService({
    db,
    users: createUserService({ db, clock }),
    account,
    sms,
    lockout,
    clauses,
  });
  const credentials = createCredentialsService({ db, clock, sessions, sms, account, lockout, audit });
  const reauth = createReauth({ sms, attempts: lockout });
  const profiles = createUserProfileService({ db, engine, clock, sms, reauth });
  // Security notices (issue 14) go through the configured SMS provider: the console outbox by default.
  const noticeSms = createSmsProvider(smsConfig, clock, log);
  const adminUsers = createAdminUsersService({ db, engine, clock, sessions, audit, places });
  return {
    profile,
    sessions,
    account,
    sms,
    lockout,
    registration,
    credentials,
    profiles,
    reauth,
    noticeSms,
    audit,
    adminUsers,
    clauses,
  };
}
export type AccountModule = ReturnType<typeof createAccountModule>;

/** Expired sessions and stale sign-in failures are swept this often (they are refused when used anyway). */
const SESSION_SWEEP_MS = 60 * 60 * 1000;

export const accountPlugin: FastifyPluginAsyncZod<{
  module: AccountModule;
  cookies: SessionCookies;
  /** The notifications module's producer: security notices are kept in the user's notifications. */
  notify: Notify;
}> = async (app, { module, cookies, notify }) => {
  const notices = createSecurityNotices({ sms: module.noticeSms, notify, log: app.log });
  // A refusal of the sign-in defenses carries Retry-After or a challenge (issue 14).
  app.addHook('onError', throttleHeaders);
  await app.register(accountRoutes, { account: module.account, cookies, audit: module.audit });
  await app.register(systemProfileRoutes, { profile: module.profile });
  await app.register(clausesRoutes, { clauses: module.clauses });
  await app.register(smsPlugin, { sms: module.sms });
  await app.register(registrationRoutes, { registration: module.registration, cookies });
  await app.register(usersRoutes, {
    profiles: module.profiles,
    credentials: module.credentials,
    cookies,
    notices,
  });
  await app.register(adminRoutes, { users: module.adminUsers });

  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    Promise.all([module.sessions.deleteExpired(), module.lockout.deleteOld()]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'session sweep failed'),
    );
  app.addHook('onReady', async () => {
    await sweep();
    sweeper = setInterval(sweep, SESSION_SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
};
