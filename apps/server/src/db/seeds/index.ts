import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { generatePassword } from '../../modules/account/password';
import { createUserService } from '../../modules/account/user.service';
import { isUniqueViolation } from '../errors';
import type { Database } from '../schema';
import { seedDemo } from './demo';

export const ADMIN_NAME = 'admin';

export interface SeedOptions {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  adminPassword: string | null;
  demo: boolean;
  /** With the demo: the sample model of the demo project (queued for conversion). Default true. */
  demoModel?: boolean;
  /** SMS_TEST_NUMBERS: the demo users get these phones (see demoPhoneNumbers). */
  smsTestNumbers?: ReadonlyMap<string, string>;
}

/**
 * First start (no users yet): the system administrator `admin`, plus the demo data when DEMO=1. A database
 * that has users is left alone. When two processes start together on one PostgreSQL, one of them wins the
 * unique index on users.name and the other skips.
 */
export async function seedDatabase({
  db,
  clock,
  log,
  adminPassword,
  demo,
  demoModel = true,
  smsTestNumbers,
}: SeedOptions): Promise<boolean> {
  const users = createUserService({ db, clock });
  if ((await users.countUsers()) > 0) return false;
  const password = adminPassword ?? generatePassword();
  try {
    await db.transaction().execute(async (trx) => {
      await users.createUser(
        { name: ADMIN_NAME, nickName: '系统管理员', password, isSystemAdmin: true },
        trx,
      );
      if (demo) await seedDemo(trx, users, smsTestNumbers, clock.now().toISOString(), log, demoModel);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      log.info('the database was seeded by another process meanwhile');
      return false;
    }
    throw error;
  }
  if (adminPassword) {
    log.info(`created the system administrator "${ADMIN_NAME}" with the password from ADMIN_PASSWORD`);
  } else {
    // The only secret we ever log, on purpose: without it the operator could not sign in at all.
    log.warn(
      `created the system administrator "${ADMIN_NAME}" with the generated password ${password} ` +
        '(shown only this once: sign in and change it, or set ADMIN_PASSWORD before the first start)',
    );
  }
  if (demo)
    log.info('seeded the demo data (users demo and zhangsan); set DEMO=0 on a fresh database to skip it');
  return true;
}
