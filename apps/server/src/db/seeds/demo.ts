import { isValidPhone, MAINLAND_COUNTRY_CODE } from '@lintel/contracts/account';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { UserService } from '../../modules/account/user.service';
import { seedDemoContactSheets } from '../../modules/contactsheets/contactsheets.seed';
import { seedDemoModel } from '../../modules/models/models.seed';
import { seedDemoOrg } from '../../modules/org/org.seed';
import { seedDemoAttendance } from '../../modules/personnel/attendance/attendance.seed';
import { seedDemoPersonnel } from '../../modules/personnel/personnel.seed';
import { seedDemoTopics } from '../../modules/topics/topics.seed';
import type { Database } from '../schema';

/** Country codes offered at sign-in and registration (the web falls back to 86 alone without them). */
export const DEMO_COUNTRY_CODES = [
  { code: '86', name: '中国', name_en: 'China' },
  { code: '852', name: '中国香港', name_en: 'Hong Kong, China' },
  { code: '853', name: '中国澳门', name_en: 'Macao, China' },
  { code: '886', name: '中国台湾', name_en: 'Taiwan, China' },
  { code: '1', name: '美国/加拿大', name_en: 'United States / Canada' },
  { code: '44', name: '英国', name_en: 'United Kingdom' },
  { code: '65', name: '新加坡', name_en: 'Singapore' },
  { code: '81', name: '日本', name_en: 'Japan' },
  { code: '82', name: '韩国', name_en: 'South Korea' },
  { code: '61', name: '澳大利亚', name_en: 'Australia' },
] as const;

export const DEMO_PASSWORD = 'Demo1234';

export const DEMO_USERS = [
  {
    name: 'demo',
    nickName: '演示用户',
    phoneNumber: '13800000001',
    countryCode: '86',
    email: 'demo@lintel.example',
    password: DEMO_PASSWORD,
  },
  {
    name: 'zhangsan',
    nickName: '张三',
    phoneNumber: '13800000002',
    countryCode: '86',
    email: '',
    password: DEMO_PASSWORD,
  },
] as const;

/** The system administrator's phone on a demo without SMS_TEST_NUMBERS (after the demo users' ones). */
export const DEMO_ADMIN_PHONE = '13800000000';

/**
 * The demo's test numbers, for demo, zhangsan and then admin: with SMS_TEST_NUMBERS set, its mainland
 * numbers in order (so that SMS sign-in works on the demo with the fixed codes; a user without a number when
 * they run out), otherwise the built-in ones (13800000001, 13800000002, 13800000000). Every demo account
 * has one, so that nobody is sent to /bindTel right after signing in (issue 17).
 */
function demoTestNumbers(testNumbers: ReadonlyMap<string, string>): Array<string | null> {
  if (testNumbers.size === 0) return [...DEMO_USERS.map((user) => user.phoneNumber), DEMO_ADMIN_PHONE];
  const mainland = [...testNumbers.keys()].filter((phone) => isValidPhone(phone, MAINLAND_COUNTRY_CODE));
  return [...DEMO_USERS, null].map((_, index) => mainland[index] ?? null);
}

/** The demo users' phones, in the order of DEMO_USERS. */
export function demoPhoneNumbers(testNumbers: ReadonlyMap<string, string>): Array<string | null> {
  return demoTestNumbers(testNumbers).slice(0, DEMO_USERS.length);
}

/** The system administrator's phone with the demo: the test number after the demo users' ones. */
export function demoAdminPhone(testNumbers: ReadonlyMap<string, string> = new Map()): string | null {
  return demoTestNumbers(testNumbers)[DEMO_USERS.length] ?? null;
}

/** The demo data of a fresh database (DEMO=1). Runs inside the seeding transaction. */
export async function seedDemo(
  trx: Kysely<Database>,
  users: UserService,
  testNumbers: ReadonlyMap<string, string> = new Map(),
  now: string = new Date().toISOString(),
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  withModel = true,
  everyPhone = true,
): Promise<{ projectId: string; adminId: string }> {
  await trx
    .insertInto('country_codes')
    .values(DEMO_COUNTRY_CODES.map((c, index) => ({ ...c, sort_order: index })))
    .execute();
  // everyPhone false (the server tests' world): zhangsan keeps no phone without SMS_TEST_NUMBERS, as before
  // issue 17, because many tests need an account without one.
  const phones = demoPhoneNumbers(testNumbers).map((phone, index) =>
    everyPhone || testNumbers.size > 0 || index === 0 ? phone : null,
  );
  const ids: string[] = [];
  for (const [index, user] of DEMO_USERS.entries()) {
    const row = await users.createUser(
      { ...user, phoneNumber: phones[index] ?? null, countryCode: MAINLAND_COUNTRY_CODE },
      trx,
    );
    ids.push(row.id);
  }
  // The demo organisation: demo administers the enterprise and the project, zhangsan is a project member.
  const org = await seedDemoOrg(trx, { adminId: ids[0] as string, memberId: ids[1] as string, now });
  // Problem topics of the demo project, mentioning zhangsan (modules/topics).
  await seedDemoTopics(trx, {
    projectId: org.projectId,
    adminId: ids[0] as string,
    memberId: ids[1] as string,
    now,
  });
  // Contact sheets of the demo project from demo to zhangsan, one replied, the others unread.
  await seedDemoContactSheets(trx, {
    projectId: org.projectId,
    senderId: ids[0] as string,
    receiverId: ids[1] as string,
    now,
  });
  // The demo project's labour force: units, crafts, rules, day-offs, violation types and 30 workers.
  await seedDemoPersonnel(trx, { projectId: org.projectId, now });
  // The demo project's model: a sample IFC queued for conversion, one topic linked to an element of it.
  if (withModel)
    await seedDemoModel(trx, {
      projectId: org.projectId,
      adminId: ids[0] as string,
      now,
      ...(log ? { log } : {}),
    });
  return { projectId: org.projectId, adminId: ids[0] as string };
}

/**
 * The demo's last month at the gate (issue 17), after the seeding transaction (the gates' ingest path opens a
 * transaction of its own). A failure leaves the demo without it, with a warning: never a failed start.
 */
export async function seedDemoGateMonth(
  db: Kysely<Database>,
  demo: { projectId: string; adminId: string },
  clock: Clock,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<void> {
  try {
    const { days, events } = await seedDemoAttendance(db, { ...demo, clock });
    log.info(`seeded the demo's attendance: ${events} gate events over its last ${days} working days`);
  } catch (error) {
    log.warn({ err: error }, "could not seed the demo's attendance");
  }
}
