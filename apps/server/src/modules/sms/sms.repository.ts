import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SmsCodesTable, Timestamp } from '../../db/schema';

export type SmsCodeRow = Selectable<SmsCodesTable>;

export type SmsCodeState = 'sending' | 'active' | 'verified' | 'consumed' | 'void' | 'failed';
const USABLE: SmsCodeState[] = ['active', 'verified'];

export interface SendCounts {
  /** Same phone and purpose since `purposeSince` (sent or being sent). */
  samePurpose: number;
  /** Same phone, any purpose, since `daySince`. */
  phoneDaily: number;
  /** From this IP since `hourSince`, failed sends included. */
  ipHourly: number;
  /** Everything since `daySince`. */
  globalDaily: number;
}

export function createSmsRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<SmsCodesTable>): Promise<void> {
      await db.insertInto('sms_codes').values(row).execute();
    },

    /**
     * The counters of the send limits, from the rows themselves (so every process shares them). Rows of test
     * numbers never count; failed sends count for the IP only (a broken gateway must not eat the quotas).
     */
    async counts(input: {
      phoneNumber: string;
      countryCode: string;
      purpose: string;
      ip: string;
      purposeSince: Timestamp;
      hourSince: Timestamp;
      daySince: Timestamp;
    }): Promise<SendCounts> {
      const real = db.selectFrom('sms_codes').where('test', '=', 0);
      const count = (eb: typeof real) =>
        eb
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n));
      const phone = real
        .where('phone_number', '=', input.phoneNumber)
        .where('country_code', '=', input.countryCode)
        .where('state', '<>', 'failed');
      const [samePurpose, phoneDaily, ipHourly, globalDaily] = await Promise.all([
        count(phone.where('purpose', '=', input.purpose).where('created_at', '>', input.purposeSince)),
        count(phone.where('created_at', '>', input.daySince)),
        count(real.where('ip', '=', input.ip).where('created_at', '>', input.hourSince)),
        count(real.where('state', '<>', 'failed').where('created_at', '>', input.daySince)),
      ]);
      return { samePurpose, phoneDaily, ipHourly, globalDaily };
    },

    /**
     * The codes that can still be entered for this phone and purpose, newest first: the newest active one
     * and verified ones (a newer send voids only active codes, never a verified one's grant).
     */
    usable(phoneNumber: string, countryCode: string, purpose: string): Promise<SmsCodeRow[]> {
      return db
        .selectFrom('sms_codes')
        .selectAll()
        .where('phone_number', '=', phoneNumber)
        .where('country_code', '=', countryCode)
        .where('purpose', '=', purpose)
        .where('state', 'in', USABLE)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(4)
        .execute();
    },

    async setState(id: string, state: SmsCodeState): Promise<void> {
      await db.updateTable('sms_codes').set({ state }).where('id', '=', id).execute();
    },

    /** sending → active once the provider took the message (unless a newer send voided it meanwhile). */
    async activate(id: string): Promise<void> {
      await db
        .updateTable('sms_codes')
        .set({ state: 'active' })
        .where('id', '=', id)
        .where('state', '=', 'sending')
        .execute();
    },

    async deleteById(id: string): Promise<void> {
      await db.deleteFrom('sms_codes').where('id', '=', id).execute();
    },

    /**
     * A newer code replaces the older active ones of the same phone and purpose. A verified code keeps its
     * grant (issue 14): an anonymous send must not void the owner's verified reset code.
     */
    async voidOthers(
      phoneNumber: string,
      countryCode: string,
      purpose: string,
      keepId: string,
    ): Promise<void> {
      await db
        .updateTable('sms_codes')
        .set({ state: 'void' })
        .where('phone_number', '=', phoneNumber)
        .where('country_code', '=', countryCode)
        .where('purpose', '=', purpose)
        .where('state', 'in', ['active', 'sending'])
        .where('id', '<>', keepId)
        .execute();
    },

    /** One wrong code more, atomically; the row turns void at `maxAttempts`. */
    async recordWrongAttempt(id: string, maxAttempts: number): Promise<void> {
      await db
        .updateTable('sms_codes')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          state: eb
            .case()
            .when('attempts', '>=', maxAttempts - 1)
            .then('void')
            .else(eb.ref('state'))
            .end(),
        }))
        .where('id', '=', id)
        .where('state', 'in', USABLE)
        .execute();
    },

    /** active → verified with a grant; false when the row was used or voided meanwhile. */
    async markVerified(id: string, grantExpiresAt: Timestamp): Promise<boolean> {
      const result = await db
        .updateTable('sms_codes')
        .set({ state: 'verified', grant_expires_at: grantExpiresAt })
        .where('id', '=', id)
        .where('state', '=', 'active')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Single use: exactly one caller, in any process, turns a usable row into a consumed one. */
    async consume(id: string): Promise<boolean> {
      const result = await db
        .updateTable('sms_codes')
        .set({ state: 'consumed' })
        .where('id', '=', id)
        .where('state', 'in', USABLE)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Housekeeping: the limits look back one day at most. */
    async deleteCreatedBefore(before: Timestamp): Promise<void> {
      await db.deleteFrom('sms_codes').where('created_at', '<', before).execute();
    },
  };
}
export type SmsRepository = ReturnType<typeof createSmsRepository>;
