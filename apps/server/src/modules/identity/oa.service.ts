import type { User } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
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
 * that binds a new OA name gives up its previous one.
 */
export function createOaService({ db, accounts, identities }: OaServiceDeps) {
  return {
    async bind(user: User, oaName: string, bimName: string): Promise<User> {
      // The bind screen names the BIM account; it can only be the one signed in.
      if (bimName !== user.name) throw new AppError(403, 'identity.oaNotOwnAccount');
      await db.transaction().execute(async (trx) => {
        await identities.bind(
          { provider: 'oa', subject: oaName, displayName: oaName, userId: user._id },
          trx,
        );
        await createIdentityRepository(trx).deleteOtherIdentities(user._id, 'oa', oaName);
      });
      return user;
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
