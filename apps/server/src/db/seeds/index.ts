import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { generatePassword } from '../../modules/account/password';
import { createUserService } from '../../modules/account/user.service';
import { isUniqueViolation } from '../errors';
import type { Database } from '../schema';
import { DEMO_USERS, demoAdminPhone, seedDemo, seedDemoGateMonth } from './demo';

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
  /**
   * Told the generated administrator password, once, when this call created the administrator without
   * ADMIN_PASSWORD: the start prints it as a notice for the operator. It never goes to the log (issue 17).
   */
  onGeneratedAdminPassword?: (account: { name: string; password: string }) => void;
  /**
   * With the demo, every demo account (admin included) gets one of the demo's test numbers (default true).
   * false: only what the accounts had before issue 17 (admin and, without SMS_TEST_NUMBERS, zhangsan have
   * none): the server tests' world, where many tests need an account without a phone.
   */
  demoPhones?: boolean;
  /** With the demo: its last month of gate events (default true; the test helper leaves it out). */
  demoAttendance?: boolean;
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
  onGeneratedAdminPassword,
  demoPhones = true,
  demoAttendance = true,
}: SeedOptions): Promise<boolean> {
  const users = createUserService({ db, clock });
  if ((await users.countUsers()) > 0) return false;
  const password = adminPassword ?? generatePassword();
  let seeded: { projectId: string; adminId: string } | null = null;
  try {
    await db.transaction().execute(async (trx) => {
      await users.createUser(
        {
          name: ADMIN_NAME,
          nickName: '系统管理员',
          password,
          isSystemAdmin: true,
          // The operator's own ADMIN_PASSWORD is chosen; a generated one was seen by whoever saw the start.
          mustChangePassword: adminPassword === null,
          // With the demo the administrator gets a test number too, so that no /bindTel stands in the way.
          phoneNumber: demo && demoPhones ? demoAdminPhone(smsTestNumbers) : null,
        },
        trx,
      );
      if (demo) {
        const now = clock.now().toISOString();
        seeded = await seedDemo(trx, users, smsTestNumbers, now, log, demoModel, demoPhones);
      }
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
    // The password itself goes to the start's notice, never to the log: logs are shipped and kept.
    log.warn(
      `created the system administrator "${ADMIN_NAME}" with a generated password, shown once in the ` +
        'notice at the end of this start; it must be changed at the first sign-in',
    );
    onGeneratedAdminPassword?.({ name: ADMIN_NAME, password });
  }
  if (seeded && demoAttendance) await seedDemoGateMonth(db, seeded, clock, log);
  if (demo)
    log.info(
      `seeded the demo data (users ${DEMO_USERS.map((user) => user.name).join(', ')}); set DEMO=0 on a fresh database to skip it`,
    );
  return true;
}
