import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { createIdentityRepository } from './identity.repository';

/** The outside identities an account can have: a passport (OAuth) subject, an OA account name. */
export type IdentityProvider = 'passport' | 'oa';

export interface IdentityBinding {
  provider: IdentityProvider;
  subject: string;
  displayName: string;
  userId: string;
}

export interface IdentityServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export function createIdentityService({ db, clock }: IdentityServiceDeps) {
  return {
    /** The account an identity is bound to, or null. */
    async boundUserId(provider: IdentityProvider, subject: string): Promise<string | null> {
      const row = await createIdentityRepository(db).findIdentity(provider, subject);
      return row?.user_id ?? null;
    },

    /**
     * Binds an identity to an account. Binding it again to the same account changes nothing; an identity
     * of another account is a 409 (also when two binds race: the unique index decides).
     */
    async bind(binding: IdentityBinding, trx: Kysely<Database> = db): Promise<void> {
      const identities = createIdentityRepository(trx);
      const existing = await identities.findIdentity(binding.provider, binding.subject);
      if (existing) {
        if (existing.user_id === binding.userId) return;
        throw new AppError(409, 'identity.alreadyBound');
      }
      const now = clock.now();
      try {
        await identities.insertIdentity({
          id: newId(now.getTime()),
          user_id: binding.userId,
          provider: binding.provider,
          subject: binding.subject,
          display_name: binding.displayName,
          created_at: now.toISOString(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'identity.alreadyBound', { cause: error });
        throw error;
      }
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
