import type { Insertable, Kysely, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled';
import type { CountryCodesTable, Database, JsonText, Timestamp } from '../../db/schema';

export type CountryCodeRow = Selectable<CountryCodesTable>;

/** Read on every request that needs the profile (the profile itself, every session check). */
const selectSetting = compiledOnce(
  (db: Kysely<Database>, key: string) => db.selectFrom('settings').select('value').where('key', '=', key),
  [''],
);

export function createSystemRepository(db: Kysely<Database>) {
  return {
    async getSetting(key: string): Promise<JsonText | undefined> {
      const [row] = await selectSetting(db, key);
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
