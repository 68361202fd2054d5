import type { ScopeType } from '@lintel/contracts/org';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { OrderBy } from '../../../db/order';
import type { Database, StructuresTable, Timestamp } from '../../../db/schema';

export type StructureRow = Selectable<StructuresTable>;
export type StructureChanges = Pick<Updateable<StructuresTable>, 'name' | 'parent_id' | 'sort_order'>;

/** The organisation structures: all their SQL. */
export function createStructuresRepository(db: Kysely<Database>) {
  return {
    listStructures(scope: { type: ScopeType; id: string }, order: OrderBy): Promise<StructureRow[]> {
      return db
        .selectFrom('structures')
        .selectAll()
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .orderBy(sql.ref(order.column), order.direction)
        .orderBy('id')
        .execute();
    },

    findStructure(id: string): Promise<StructureRow | undefined> {
      return db.selectFrom('structures').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A structure of this scope (else undefined: another scope's id looks like a missing one). */
    findInScope(scope: { type: ScopeType; id: string }, id: string): Promise<StructureRow | undefined> {
      return db
        .selectFrom('structures')
        .selectAll()
        .where('id', '=', id)
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .executeTakeFirst();
    },

    /** A sibling with this name under the parent (another one than `exceptId`). */
    async nameTaken(
      scope: { type: ScopeType; id: string },
      parentId: string | null,
      name: string,
      exceptId: string | null,
    ): Promise<boolean> {
      let query = db
        .selectFrom('structures')
        .select('id')
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .where('name', '=', name);
      query =
        parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
      if (exceptId !== null) query = query.where('id', '<>', exceptId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },

    async countInScope(scope: { type: ScopeType; id: string }): Promise<number> {
      const { count } = await db
        .selectFrom('structures')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async insertStructure(row: Insertable<StructuresTable>): Promise<void> {
      await db.insertInto('structures').values(row).execute();
    },

    async updateStructure(id: string, changes: StructureChanges, now: Timestamp): Promise<void> {
      await db
        .updateTable('structures')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes these structures (a subtree: children first is not needed, all go in one statement). */
    async deleteStructures(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .deleteFrom('structures')
        .where('id', 'in', [...ids])
        .execute();
    },
  };
}
export type StructuresRepository = ReturnType<typeof createStructuresRepository>;
