import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AccountMapsTable, Database } from '../../db/schema';

export type AccountMapRow = Selectable<AccountMapsTable>;

export interface ExternalAccount {
  service: string;
  vendor: string;
  account: string;
  relationId: string;
}

export function createAccountMapRepository(db: Kysely<Database>) {
  return {
    findByExternal(external: ExternalAccount): Promise<AccountMapRow | undefined> {
      return db
        .selectFrom('account_maps')
        .selectAll()
        .where('service', '=', external.service)
        .where('vendor', '=', external.vendor)
        .where('account', '=', external.account)
        .where('relation_id', '=', external.relationId)
        .executeTakeFirst();
    },

    async insert(row: Insertable<AccountMapsTable>): Promise<void> {
      await db.insertInto('account_maps').values(row).execute();
    },
  };
}
export type AccountMapRepository = ReturnType<typeof createAccountMapRepository>;
