import type { User } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { type AccountMapRow, createAccountMapRepository } from './account-maps.repository';
import type { AccountPort } from './account-port';

/** The partner services whose account maps we keep, by the service name of their path. */
export type PartnerService = 'hongwa' | 'zyf' | 'thirdparty-oauth';

export interface NewAccountMap {
  service: PartnerService;
  /** The product user mapped; the caller unless a system administrator names another. */
  userId: string;
  vendor: string;
  account: string;
  relationId: string;
}

export interface AccountMapServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  accounts: AccountPort;
}

/**
 * Maps of outside accounts (a partner's user or relation id) to product users, made by system
 * administrators. One outside account maps to one user; posting the same map again answers the existing one.
 */
export function createAccountMapService({ db, clock, accounts }: AccountMapServiceDeps) {
  const maps = createAccountMapRepository(db);

  function conflictOrSame(existing: AccountMapRow, userId: string): AccountMapRow {
    if (existing.user_id !== userId) throw new AppError(409, 'identity.mapConflict');
    return existing;
  }

  return {
    /**
     * System administrators only (issue 14): the partner vouches for nobody here, so a map made by the
     * mapped user themselves was first come, first served — anyone could claim a partner's account.
     */
    async create(caller: User, input: NewAccountMap): Promise<AccountMapRow> {
      if (!caller.isSystemAdmin) throw new AppError(403, 'identity.systemAdminOnly');
      if (input.userId !== caller._id && !(await accounts.findUser(input.userId))) {
        throw new AppError(404, 'identity.userNotFound');
      }
      const external = {
        service: input.service,
        vendor: input.vendor,
        account: input.account,
        relationId: input.relationId,
      };
      const existing = await maps.findByExternal(external);
      if (existing) return conflictOrSame(existing, input.userId);
      const now = clock.now();
      const row: AccountMapRow = {
        id: newId(now.getTime()),
        service: input.service,
        user_id: input.userId,
        vendor: input.vendor,
        account: input.account,
        relation_id: input.relationId,
        created_by: caller._id,
        created_at: now.toISOString(),
      };
      try {
        await maps.insert(row);
      } catch (error) {
        // Two posts raced: the unique index let one in.
        const winner = isUniqueViolation(error) ? await maps.findByExternal(external) : undefined;
        if (!winner) throw error;
        return conflictOrSame(winner, input.userId);
      }
      return row;
    },
  };
}
export type AccountMapService = ReturnType<typeof createAccountMapService>;
