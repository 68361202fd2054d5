import type { EnterpriseUsage } from '@lintel/contracts/enterprise-admin';
import { type Kysely, sql } from 'kysely';
import type { Database, Timestamp } from '../../db/schema';
import { createOrgRepository, type EnterpriseRow } from './org.repository';

export interface EnterpriseQuotaChanges {
  name: string;
  short_name: string;
  paid_plan: string;
  is_trial: 0 | 1;
  account_capacity: number | null;
  project_limit: number | null;
  space_capacity: number | null;
}

/** The SQL of the system administrator's enterprise management (enterprises, members, projects, users). */
export function createEnterpriseAdminRepository(db: Kysely<Database>) {
  return {
    /** A live enterprise: the org repository's own query. */
    find(id: string): Promise<EnterpriseRow | undefined> {
      return createOrgRepository(db).findEnterprise(id);
    },

    async usage(enterpriseId: string): Promise<EnterpriseUsage> {
      const [accounts, projects, space] = await Promise.all([
        db
          .selectFrom('members')
          .select(sql<number>`count(distinct members.user_id)`.as('count'))
          .where('enterprise_id', '=', enterpriseId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('projects')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('enterprise_id', '=', enterpriseId)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow(),
        db.selectFrom('enterprises').select('space_used').where('id', '=', enterpriseId).executeTakeFirst(),
      ]);
      return {
        accounts: Number(accounts.count),
        projects: Number(projects.count),
        spaceUsed: Math.max(0, Number(space?.space_used ?? 0)),
      };
    },

    /** The enterprise's administrators (members of the enterprise itself with the admin role). */
    admins(enterpriseId: string): Promise<{ id: string; name: string; nick_name: string }[]> {
      return db
        .selectFrom('members')
        .innerJoin('users', 'users.id', 'members.user_id')
        .select(['users.id', 'users.name', 'users.nick_name'])
        .where('members.scope_type', '=', 'enterprise')
        .where('members.scope_id', '=', enterpriseId)
        .where('members.role', '=', 'admin')
        .orderBy('members.created_at')
        .orderBy('users.id')
        .execute();
    },

    /** An enabled account by its name or its phone number (any country code). */
    findAccount(
      nameOrPhone: string,
    ): Promise<{ id: string; disabled: number; is_system_admin: number } | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'disabled', 'is_system_admin'])
        .where((eb) => eb.or([eb('name', '=', nameOrPhone), eb('phone_number', '=', nameOrPhone)]))
        .orderBy('id')
        .executeTakeFirst();
    },

    /**
     * Writes the changes when the row is still at `expectedUpdatedAt`; false when someone changed it
     * meanwhile (the 409 of a concurrent edit).
     */
    async update(
      id: string,
      expectedUpdatedAt: string,
      changes: EnterpriseQuotaChanges,
      updatedAt: Timestamp,
    ): Promise<boolean> {
      const result = await db
        .updateTable('enterprises')
        .set({ ...changes, updated_at: updatedAt })
        .where('id', '=', id)
        .where('updated_at', '=', expectedUpdatedAt)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
