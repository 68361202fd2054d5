import type { User } from '@lintel/contracts/account';
import {
  type ScopeType,
  STRUCTURES_MAX,
  type Structure,
  type StructureCreate,
  type StructureKind,
  type StructureNode,
  type StructureUpdate,
  structurePlacementError,
  structureSubtree,
} from '@lintel/contracts/org';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import { newId } from '../../../db/ids';
import { parseOrder } from '../../../db/order';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import type { OrgAccess, ScopeRef } from '../access';
import {
  createStructuresRepository,
  type StructureChanges,
  type StructureRow,
} from './structures.repository';

const STRUCTURE_ORDER = { order: 'sort_order', name: 'name', createdAt: 'created_at' } as const;

export function presentStructure(row: StructureRow): Structure {
  return {
    _id: row.id,
    scopeType: row.scope_type as ScopeType,
    scopeId: row.scope_id,
    parentId: row.parent_id,
    name: row.name,
    kind: row.kind as StructureKind,
    order: Number(row.sort_order),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function node(row: StructureRow): StructureNode {
  return { _id: row.id, parentId: row.parent_id, kind: row.kind as StructureKind };
}

export interface StructuresServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
  /** Members whose department is one of these (deleted) structures lose it (members.service). */
  clearDepartments(trx: Kysely<Database>, scope: ScopeRef, structureIds: readonly string[]): Promise<void>;
}

/**
 * The organisation structure of each enterprise, circle and project (spec 000 §3, spec 001 §5): reading for
 * its members, changes for its admins. Groups nest two levels, a function sits under a group (three levels)
 * and holds nothing; no cycles; sibling names are unique. Deleting a structure deletes its subtree.
 */
export function createStructuresService({ db, clock, access, clearDepartments }: StructuresServiceDeps) {
  const repository = createStructuresRepository(db);
  const now = () => clock.now().toISOString();

  function checkPlacement(
    rows: StructureRow[],
    placing: { id: string | null; kind: StructureKind; parentId: string | null },
  ) {
    const error = structurePlacementError(rows.map(node), placing);
    if (error === 'org.structureTooDeep') throw new AppError(400, error, { params: { max: 2 } });
    if (error) throw new AppError(400, error);
  }

  async function structureWithAccess(user: User, id: string) {
    const row = await repository.findStructure(id);
    if (!row) throw new AppError(404, 'common.notFound');
    const scope = { type: row.scope_type as ScopeType, id: row.scope_id };
    await access.requireScopeRole(user, scope, 'admin');
    return { row, scope };
  }

  return {
    async list(user: User, scope: ScopeRef, order: string | undefined): Promise<Structure[]> {
      await access.requireScopeRole(user, scope, 'read');
      const parsed = parseOrder(order, STRUCTURE_ORDER, { column: 'sort_order', direction: 'asc' });
      return (await repository.listStructures(scope, parsed)).map(presentStructure);
    },

    async create(user: User, scope: ScopeRef, body: StructureCreate): Promise<Structure> {
      const granted = await access.requireScopeRole(user, scope, 'admin');
      const parentId = body.parentId ?? null;
      const kind = body.kind ?? 'department';
      const id = newId();
      await db.transaction().execute(async (trx) => {
        const repo = createStructuresRepository(trx);
        if (parentId !== null && !(await repo.findInScope(scope, parentId))) {
          throw new AppError(404, 'org.structureNotFound');
        }
        if ((await repo.countInScope(scope)) >= STRUCTURES_MAX) {
          throw new AppError(400, 'org.structuresTooMany', { params: { max: STRUCTURES_MAX } });
        }
        const rows = await repo.listStructures(scope, { column: 'id', direction: 'asc' });
        checkPlacement(rows, { id: null, kind, parentId });
        if (await repo.nameTaken(scope, parentId, body.name, null)) {
          throw new AppError(409, 'org.structureNameExists');
        }
        const at = now();
        await repo.insertStructure({
          id,
          scope_type: scope.type,
          scope_id: scope.id,
          enterprise_id: granted.enterpriseId,
          parent_id: parentId,
          name: body.name,
          kind,
          sort_order: body.order ?? 0,
          created_at: at,
          updated_at: at,
        });
      });
      return presentStructure((await repository.findStructure(id))!);
    },

    async update(user: User, id: string, body: StructureUpdate): Promise<Structure> {
      const { scope } = await structureWithAccess(user, id);
      await db.transaction().execute(async (trx) => {
        const repo = createStructuresRepository(trx);
        const row = await repo.findStructure(id);
        if (!row) throw new AppError(404, 'common.notFound');
        const parentId = body.parentId === undefined ? row.parent_id : body.parentId;
        if (body.parentId !== undefined && body.parentId !== row.parent_id) {
          if (parentId !== null && !(await repo.findInScope(scope, parentId))) {
            throw new AppError(404, 'org.structureNotFound');
          }
          const rows = await repo.listStructures(scope, { column: 'id', direction: 'asc' });
          checkPlacement(rows, { id, kind: row.kind as StructureKind, parentId });
        }
        const name = body.name ?? row.name;
        if (
          (name !== row.name || parentId !== row.parent_id) &&
          (await repo.nameTaken(scope, parentId, name, id))
        ) {
          throw new AppError(409, 'org.structureNameExists');
        }
        const changes: StructureChanges = {};
        if (body.name !== undefined) changes.name = body.name;
        if (body.parentId !== undefined) changes.parent_id = body.parentId;
        if (body.order !== undefined) changes.sort_order = body.order;
        if (Object.keys(changes).length > 0) await repo.updateStructure(id, changes, now());
      });
      return presentStructure((await repository.findStructure(id))!);
    },

    /** Deletes the structure with everything below it; members in any of them lose their department. */
    async remove(user: User, id: string): Promise<void> {
      const { scope } = await structureWithAccess(user, id);
      await db.transaction().execute(async (trx) => {
        const repo = createStructuresRepository(trx);
        const rows = await repo.listStructures(scope, { column: 'id', direction: 'asc' });
        const ids = structureSubtree(rows.map(node), id);
        await clearDepartments(trx, scope, ids);
        await repo.deleteStructures(ids);
      });
    },
  };
}
export type StructuresService = ReturnType<typeof createStructuresService>;
