import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Bytes a project may still store, and its enterprise; null: unlimited. */
export interface StorageLeft {
  enterpriseId: string;
  project: number | null;
  enterprise: number | null;
}

/**
 * The storage figures of spec 001 §8: a project's allocation and use, its enterprise's space capacity and
 * use. The files module keeps them current inside the transaction that adds or removes the file rows;
 * adding is one conditional UPDATE, so two uploads at once can never pass a capacity together.
 */
export function createStorageFigures(db: Kysely<Database>) {
  return {
    async left(projectId: string): Promise<StorageLeft | undefined> {
      const row = await db
        .selectFrom('projects')
        .innerJoin('enterprises', 'enterprises.id', 'projects.enterprise_id')
        .select([
          'projects.enterprise_id',
          'projects.storage_allocated',
          'projects.storage_used',
          'projects.storage_unlimited',
          'enterprises.space_capacity',
          'enterprises.space_used',
        ])
        .where('projects.id', '=', projectId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        enterpriseId: row.enterprise_id,
        project:
          row.storage_unlimited === 1 ? null : Number(row.storage_allocated) - Number(row.storage_used),
        enterprise: row.space_capacity === null ? null : Number(row.space_capacity) - Number(row.space_used),
      };
    },

    /** Adds to the project's used storage unless that would pass its allocation; false: it would. */
    async addToProject(projectId: string, bytes: number): Promise<boolean> {
      const result = await db
        .updateTable('projects')
        .set((eb) => ({ storage_used: eb('storage_used', '+', bytes) }))
        .where('id', '=', projectId)
        .where((eb) =>
          eb.or([
            eb('storage_unlimited', '=', 1),
            eb(eb('storage_used', '+', bytes), '<=', eb.ref('storage_allocated')),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Adds to the enterprise's used space unless that would pass its capacity; false: it would. */
    async addToEnterprise(enterpriseId: string, bytes: number): Promise<boolean> {
      const result = await db
        .updateTable('enterprises')
        .set((eb) => ({ space_used: eb('space_used', '+', bytes) }))
        .where('id', '=', enterpriseId)
        .where((eb) =>
          eb.or([
            eb('space_capacity', 'is', null),
            eb(eb('space_used', '+', bytes), '<=', eb.ref('space_capacity')),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives back what deleted files used, to the project and its enterprise (never below zero). */
    async release(projectId: string, bytes: number): Promise<void> {
      const project = await db
        .selectFrom('projects')
        .select('enterprise_id')
        .where('id', '=', projectId)
        .executeTakeFirst();
      if (!project) return;
      await db
        .updateTable('projects')
        .set((eb) => ({
          storage_used: eb
            .case()
            .when('storage_used', '>', bytes)
            .then(eb('storage_used', '-', bytes))
            .else(0)
            .end(),
        }))
        .where('id', '=', projectId)
        .execute();
      await db
        .updateTable('enterprises')
        .set((eb) => ({
          space_used: eb
            .case()
            .when('space_used', '>', bytes)
            .then(eb('space_used', '-', bytes))
            .else(0)
            .end(),
        }))
        .where('id', '=', project.enterprise_id)
        .execute();
    },
  };
}
export type StorageFigures = ReturnType<typeof createStorageFigures>;
