import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CountryCodesTable, Database, JsonText, Timestamp } from '../../db/schema';

export type CountryCodeRow = Selectable<CountryCodesTable>;

export function createSystemRepository(db: Kysely<Database>) {
  return {
    async getSetting(key: string): Promise<JsonText | undefined> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    async putSetting(key: string, value: JsonText, now: Timestamp): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
        .execute();
    },

    listCountryCodes(): Promise<CountryCodeRow[]> {
      return db.selectFrom('country_codes').selectAll().orderBy('sort_order').orderBy('code').execute();
    },

    async insertCountryCodes(rows: Insertable<CountryCodesTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('country_codes')
        .values(rows)
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
