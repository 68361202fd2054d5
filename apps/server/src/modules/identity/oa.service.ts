import type { User } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { createUserRepository } from '../account/user.repository';
import type { AccountPort } from './account-port';
import { createIdentityRepository } from './identity.repository';
import type { IdentityService } from './identity.service';

export interface OaServiceDeps {
  db: Kysely<Database>;
  accounts: AccountPort;
  identities: IdentityService;
}

/**
 * Office-automation binding: an OA account name ↔ one product account, both ways one to one. An account
 * that binds a new OA name gives up its previous one. The OA system vouches for nobody here (no signed
 * assertion reaches us), so only system administrators bind: first come, first served let anyone take
 * `alice.oa` for themselves (issue 14).
 */
export function createOaService({ db, accounts, identities }: OaServiceDeps) {
  return {
    /** A system administrator binds `oaName` to the account named `bimName` (403 for anyone else). */
    async bind(caller: User, oaName: string, bimName: string): Promise<User> {
      if (!caller.isSystemAdmin) throw new AppError(403, 'identity.systemAdminOnly');
      const row = await createUserRepository(db).findByName(bimName);
      if (!row) throw new AppError(404, 'identity.userNotFound');
      await db.transaction().execute(async (trx) => {
        await identities.bind({ provider: 'oa', subject: oaName, displayName: oaName, userId: row.id }, trx);
        await createIdentityRepository(trx).deleteOtherIdentities(row.id, 'oa', oaName);
      });
      const account = await accounts.findUser(row.id);
      if (!account) throw new AppError(404, 'identity.userNotFound');
      return account.user;
    },

    /** The account bound to an OA name, or null (also for a disabled account). */
    async findUser(oaName: string): Promise<User | null> {
      const userId = await identities.boundUserId('oa', oaName);
      if (!userId) return null;
      const account = await accounts.findUser(userId);
      return account && !account.disabled ? account.user : null;
    },
  };
}
export type OaService = ReturnType<typeof createOaService>;
