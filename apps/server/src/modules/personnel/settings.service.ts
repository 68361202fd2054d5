import type { User } from '@lintel/contracts/account';
import {
  type Craft,
  type craftCreateSchema,
  type DayOff,
  type dayOffCreateSchema,
  type dayOffsQuerySchema,
  type dayOffUpdateSchema,
  INITIAL_RULE,
  type Rule,
  type ruleCreateSchema,
  type ruleUpdateSchema,
  type SettingDeleted,
  type Unit,
  type unitCreateSchema,
  type unitUpdateSchema,
  unitWithDescendants,
  type ViolationItem,
  type ViolationType,
  type violationItemCreateSchema,
  type violationItemUpdateSchema,
  type violationTypeCreateSchema,
} from '@lintel/contracts/personnel';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { OrgAccess } from '../org/access';
import {
  presentCraft,
  presentDayOff,
  presentRule,
  presentUnit,
  presentViolationItem,
  presentViolationType,
} from './personnel.presenter';
import {
  createPersonnelRepository,
  type NamedTable,
  type PersonnelRepository,
  type UnitRow,
} from './personnel.repository';
import { conflictOn, invalid, need, projectScope, siteDate } from './rights';
import { withPersonnelTables } from './tables';

type Out<S extends z.ZodType> = z.output<S>;

export interface PersonnelSettingsDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
}

const nameTaken = conflictOn('personnel.nameTaken');

/** Unit rows as the contracts' tree helpers take them. */
export function unitRefs(rows: readonly UnitRow[]): Array<{ _id: string; parentId: string | null }> {
  return rows.map((row) => ({ _id: row.id, parentId: row.parent_id }));
}

/**
 * The six settings collections of personnel-service (spec 001 §3, §4, §5, §7): units (a tree), crafts,
 * attendance rules, violation types and items, day-offs. Reading needs the personnel module's view right,
 * creating create, changing edit, deleting delete (non-members 404, without the right 403). Duplicate names
 * (and a repeated day-off date) are refused with 409 by unique indexes, so two requests at once cannot both
 * pass.
 */
export function createPersonnelSettings({ db, clock, access }: PersonnelSettingsDeps) {
  const repository = createPersonnelRepository(withPersonnelTables(db));
  const now = () => clock.now().toISOString();
  const inTransaction = <T>(run: (repo: PersonnelRepository) => Promise<T>) =>
    db.transaction().execute((trx) => run(createPersonnelRepository(withPersonnelTables(trx))));

  /** A record of the settings and the caller's right on its project; 404 for a missing or unseen one. */
  async function opened<R extends { project_id: string }>(
    user: User,
    row: R | undefined,
    permission: 'view' | 'edit' | 'delete',
  ): Promise<R> {
    if (!row) throw new AppError(404, 'common.notFound');
    await access.requireScopeRole(user, projectScope(row.project_id), need(permission));
    return row;
  }

  /**
   * Every project has at least one rule: the initial "标准考勤" (8 h, default), made by the first call that
   * needs the rules. Two first calls at once make it once (unique name; the loser's insert does nothing).
   */
  async function ensureRules(projectId: string): Promise<void> {
    if (await repository.hasRules(projectId)) return;
    const at = now();
    await repository.insertRuleIfAbsent({
      id: newId(clock.now().getTime()),
      project_id: projectId,
      name: INITIAL_RULE.name,
      minutes: INITIAL_RULE.hours * 60,
      cumulative: 0,
      is_default: 1,
      initial: 1,
      created_at: at,
      updated_at: at,
    });
  }

  // ── units ──

  async function unit(id: string): Promise<Unit> {
    const row = (await repository.findUnit(id))!;
    const counts = await repository.staffByUnit(row.project_id);
    return presentUnit(row, counts.get(row.id) ?? 0);
  }

  /** The parent must be a unit of the project not deleted; a move may not go under itself or below. */
  async function checkParent(projectId: string, parentId: string | null | undefined, movingId?: string) {
    if (!parentId) return;
    const parent = await repository.findUnit(parentId);
    if (!parent || parent.project_id !== projectId || parent.deleted_at !== null) {
      throw invalid('personnel.unitNotFound', 'parentId');
    }
    if (movingId) {
      const below = unitWithDescendants(unitRefs(await repository.units(projectId)), movingId);
      if (below.includes(parentId)) throw invalid('personnel.unitCycle', 'parentId');
    }
  }

  // ── named settings: crafts and violation types ──

  async function namedOne(table: NamedTable, id: string): Promise<Craft | ViolationType> {
    const row = (await repository.findNamed(table, id))!;
    if (table === 'personnel_crafts') {
      return presentCraft(row, (await repository.staffByCraft(row.project_id)).get(row.id) ?? 0);
    }
    return presentViolationType(row, (await repository.itemCounts(row.project_id)).get(row.id) ?? 0);
  }

  async function createNamed(user: User, table: NamedTable, body: { projectId: string; name: string }) {
    await access.requireScopeRole(user, projectScope(body.projectId), need('create'));
    const at = now();
    const id = newId(clock.now().getTime());
    await repository
      .insertNamed(table, { id, project_id: body.projectId, name: body.name, created_at: at, updated_at: at })
      .catch(nameTaken);
    return namedOne(table, id);
  }

  async function renameNamed(user: User, table: NamedTable, id: string, name: string) {
    await opened(user, await repository.findNamed(table, id), 'edit');
    await repository.renameNamed(table, id, name, now()).catch(nameTaken);
    return namedOne(table, id);
  }

  async function openNamed(
    user: User,
    table: NamedTable,
    id: string,
    permission: 'view' | 'edit' | 'delete',
  ) {
    return opened(user, await repository.findNamed(table, id), permission);
  }

  // ── rules ──

  async function ruleOne(id: string): Promise<Rule> {
    const row = (await repository.findRule(id))!;
    const counts = await repository.staffByRule(row.project_id);
    const own = counts.get(row.id) ?? 0;
    return presentRule(row, row.is_default === 1 ? own + (counts.get(null) ?? 0) : own);
  }

  async function item(id: string): Promise<ViolationItem> {
    return presentViolationItem((await repository.findItem(id))!);
  }

  async function checkType(projectId: string, typeId: string): Promise<void> {
    const type = await repository.findNamed('violation_types', typeId);
    if (!type || type.project_id !== projectId) throw invalid('personnel.violationTypeNotFound', 'typeId');
  }

  return {
    ensureRules,

    // ── units ──

    async listUnits(user: User, projectId: string): Promise<Unit[]> {
      await access.requireScopeRole(user, projectScope(projectId), need('view'));
      const [rows, counts] = await Promise.all([
        repository.units(projectId),
        repository.staffByUnit(projectId),
      ]);
      return rows.map((row) => presentUnit(row, counts.get(row.id) ?? 0));
    },
    async getUnit(user: User, id: string): Promise<Unit> {
      const row = await repository.findUnit(id);
      await opened(user, row?.deleted_at === null ? row : undefined, 'view');
      return unit(id);
    },
    async createUnit(user: User, body: Out<typeof unitCreateSchema>): Promise<Unit> {
      await access.requireScopeRole(user, projectScope(body.projectId), need('create'));
      await checkParent(body.projectId, body.parentId);
      const at = now();
      const id = newId(clock.now().getTime());
      await repository
        .insertUnit({
          id,
          project_id: body.projectId,
          name: body.name,
          parent_id: body.parentId ?? null,
          deleted_at: null,
          created_at: at,
          updated_at: at,
        })
        .catch(nameTaken);
      return unit(id);
    },
    async updateUnit(user: User, id: string, body: Out<typeof unitUpdateSchema>): Promise<Unit> {
      const found = await repository.findUnit(id);
      const row = await opened(user, found?.deleted_at === null ? found : undefined, 'edit');
      if (body.parentId !== undefined) await checkParent(row.project_id, body.parentId, id);
      await repository
        .updateUnit(id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.parentId !== undefined ? { parent_id: body.parentId } : {}),
          updated_at: now(),
        })
        .catch(nameTaken);
      return unit(id);
    },
    /**
     * PUT units/{id}/delete: the unit and every unit below it are deleted, and all their staff on the books
     * exit today (spec 001 §4). Deleted units stay named by their exited staff.
     */
    async deleteUnit(user: User, id: string): Promise<SettingDeleted> {
      const found = await repository.findUnit(id);
      const row = await opened(user, found?.deleted_at === null ? found : undefined, 'delete');
      const ids = unitWithDescendants(unitRefs(await repository.units(row.project_id)), id);
      const at = now();
      const today = siteDate(clock.now());
      return inTransaction(async (repo) => ({
        deleted: await repo.deleteUnits(ids, at),
        staffChanged: await repo.exitStaffOfUnits(ids, today, at),
      }));
    },

    // ── crafts ──

    async listCrafts(user: User, projectId: string): Promise<Craft[]> {
      await access.requireScopeRole(user, projectScope(projectId), need('view'));
      const [rows, counts] = await Promise.all([
        repository.named('personnel_crafts', projectId),
        repository.staffByCraft(projectId),
      ]);
      return rows.map((row) => presentCraft(row, counts.get(row.id) ?? 0));
    },
    async getCraft(user: User, id: string): Promise<Craft> {
      await openNamed(user, 'personnel_crafts', id, 'view');
      return namedOne('personnel_crafts', id) as Promise<Craft>;
    },
    createCraft(user: User, body: Out<typeof craftCreateSchema>): Promise<Craft> {
      return createNamed(user, 'personnel_crafts', body) as Promise<Craft>;
    },
    updateCraft(user: User, id: string, name: string): Promise<Craft> {
      return renameNamed(user, 'personnel_crafts', id, name) as Promise<Craft>;
    },
    /** PUT crafts/{id}/delete: its staff keep their records without a craft. */
    async deleteCraft(user: User, id: string): Promise<SettingDeleted> {
      await openNamed(user, 'personnel_crafts', id, 'delete');
      const at = now();
      return inTransaction(async (repo) => {
        const staffChanged = await repo.clearCraft(id, at);
        return { deleted: await repo.deleteNamed('personnel_crafts', id), staffChanged };
      });
    },

    // ── attendance rules ──

    async listRules(user: User, projectId: string): Promise<Rule[]> {
      await access.requireScopeRole(user, projectScope(projectId), need('view'));
      await ensureRules(projectId);
      const [rows, counts] = await Promise.all([
        repository.rules(projectId),
        repository.staffByRule(projectId),
      ]);
      return rows.map((row) =>
        presentRule(row, (counts.get(row.id) ?? 0) + (row.is_default === 1 ? (counts.get(null) ?? 0) : 0)),
      );
    },
    async getRule(user: User, id: string): Promise<Rule> {
      await opened(user, await repository.findRule(id), 'view');
      return ruleOne(id);
    },
    async createRule(user: User, body: Out<typeof ruleCreateSchema>): Promise<Rule> {
      await access.requireScopeRole(user, projectScope(body.projectId), need('create'));
      await ensureRules(body.projectId);
      const at = now();
      const id = newId(clock.now().getTime());
      await inTransaction(async (repo) => {
        await repo.insertRule({
          id,
          project_id: body.projectId,
          name: body.name,
          minutes: Math.round(body.hours * 60),
          cumulative: body.cumulativeHours ? 1 : 0,
          is_default: body.isDefault ? 1 : 0,
          initial: 0,
          created_at: at,
          updated_at: at,
        });
        if (body.isDefault) await repo.clearDefault(body.projectId, id, at);
      }).catch(nameTaken);
      return ruleOne(id);
    },
    /** Making a rule the default takes the flag from the previous one; the default cannot give it up. */
    async updateRule(user: User, id: string, body: Out<typeof ruleUpdateSchema>): Promise<Rule> {
      const row = await opened(user, await repository.findRule(id), 'edit');
      if (body.isDefault === false && row.is_default === 1) {
        throw invalid('personnel.defaultRuleRequired', 'isDefault');
      }
      const at = now();
      await inTransaction(async (repo) => {
        await repo.updateRule(id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.hours !== undefined ? { minutes: Math.round(body.hours * 60) } : {}),
          ...(body.cumulativeHours !== undefined ? { cumulative: body.cumulativeHours ? 1 : 0 } : {}),
          ...(body.isDefault ? { is_default: 1 } : {}),
          updated_at: at,
        });
        if (body.isDefault) await repo.clearDefault(row.project_id, id, at);
      }).catch(nameTaken);
      return ruleOne(id);
    },
    /** DELETE rules/{id}: its staff move to the default rule (spec 001 §4). Not the default, not the initial. */
    async deleteRule(user: User, id: string): Promise<SettingDeleted> {
      const row = await opened(user, await repository.findRule(id), 'delete');
      if (row.is_default === 1) throw new AppError(409, 'personnel.defaultRuleUndeletable');
      if (row.initial === 1) throw new AppError(409, 'personnel.initialRuleUndeletable');
      const at = now();
      return inTransaction(async (repo) => {
        const staffChanged = await repo.moveStaffToDefault(id, at);
        return { deleted: await repo.deleteRule(id), staffChanged };
      });
    },

    // ── violation types ──

    async listViolationTypes(user: User, projectId: string): Promise<ViolationType[]> {
      await access.requireScopeRole(user, projectScope(projectId), need('view'));
      const [rows, counts] = await Promise.all([
        repository.named('violation_types', projectId),
        repository.itemCounts(projectId),
      ]);
      return rows.map((row) => presentViolationType(row, counts.get(row.id) ?? 0));
    },
    async getViolationType(user: User, id: string): Promise<ViolationType> {
      await openNamed(user, 'violation_types', id, 'view');
      return namedOne('violation_types', id) as Promise<ViolationType>;
    },
    createViolationType(user: User, body: Out<typeof violationTypeCreateSchema>): Promise<ViolationType> {
      return createNamed(user, 'violation_types', body) as Promise<ViolationType>;
    },
    updateViolationType(user: User, id: string, name: string): Promise<ViolationType> {
      return renameNamed(user, 'violation_types', id, name) as Promise<ViolationType>;
    },
    /** DELETE violationTypes/{id}: its items go with it; violation records keep their ids. */
    async deleteViolationType(user: User, id: string): Promise<SettingDeleted> {
      await openNamed(user, 'violation_types', id, 'delete');
      return inTransaction(async (repo) => {
        const items = await repo.deleteItemsOfType(id);
        return { deleted: (await repo.deleteNamed('violation_types', id)) + items, staffChanged: 0 };
      });
    },

    // ── violation items ──

    async listViolationItems(user: User, projectId: string, typeId?: string): Promise<ViolationItem[]> {
      await access.requireScopeRole(user, projectScope(projectId), need('view'));
      return (await repository.items(projectId, typeId)).map(presentViolationItem);
    },
    async getViolationItem(user: User, id: string): Promise<ViolationItem> {
      await opened(user, await repository.findItem(id), 'view');
      return item(id);
    },
    async createViolationItem(
      user: User,
      body: Out<typeof violationItemCreateSchema>,
    ): Promise<ViolationItem> {
      await access.requireScopeRole(user, projectScope(body.projectId), need('create'));
      await checkType(body.projectId, body.typeId);
      const at = now();
      const id = newId(clock.now().getTime());
      await repository
        .insertItem({
          id,
          project_id: body.projectId,
          type_id: body.typeId,
          name: body.name,
          created_at: at,
          updated_at: at,
        })
        .catch(nameTaken);
      return item(id);
    },
    async updateViolationItem(
      user: User,
      id: string,
      body: Out<typeof violationItemUpdateSchema>,
    ): Promise<ViolationItem> {
      const row = await opened(user, await repository.findItem(id), 'edit');
      if (body.typeId !== undefined) await checkType(row.project_id, body.typeId);
      await repository
        .updateItem(id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.typeId !== undefined ? { type_id: body.typeId } : {}),
          updated_at: now(),
        })
        .catch(nameTaken);
      return item(id);
    },
    async deleteViolationItem(user: User, id: string): Promise<SettingDeleted> {
      await opened(user, await repository.findItem(id), 'delete');
      return { deleted: await repository.deleteItem(id), staffChanged: 0 };
    },

    // ── day-offs ──

    async listDayOffs(
      user: User,
      projectId: string,
      query: Out<typeof dayOffsQuerySchema>,
    ): Promise<DayOff[]> {
      await access.requireScopeRole(user, projectScope(projectId), need('view'));
      const from = query.from ?? (query.year ? `${query.year}-01-01` : undefined);
      const to = query.to ?? (query.year ? `${query.year}-12-31` : undefined);
      return (await repository.dayOffs(projectId, from, to)).map(presentDayOff);
    },
    async getDayOff(user: User, id: string): Promise<DayOff> {
      return presentDayOff(await opened(user, await repository.findDayOff(id), 'view'));
    },
    async createDayOff(user: User, body: Out<typeof dayOffCreateSchema>): Promise<DayOff> {
      await access.requireScopeRole(user, projectScope(body.projectId), need('create'));
      const at = now();
      const id = newId(clock.now().getTime());
      await repository
        .insertDayOff({
          id,
          project_id: body.projectId,
          date: body.date,
          name: body.name ?? '',
          created_at: at,
          updated_at: at,
        })
        .catch(conflictOn('personnel.dayOffTaken'));
      return presentDayOff((await repository.findDayOff(id))!);
    },
    async updateDayOff(user: User, id: string, body: Out<typeof dayOffUpdateSchema>): Promise<DayOff> {
      await opened(user, await repository.findDayOff(id), 'edit');
      await repository
        .updateDayOff(id, {
          ...(body.date !== undefined ? { date: body.date } : {}),
          ...(body.name !== undefined ? { name: body.name } : {}),
          updated_at: now(),
        })
        .catch(conflictOn('personnel.dayOffTaken'));
      return presentDayOff((await repository.findDayOff(id))!);
    },
    async deleteDayOff(user: User, id: string): Promise<SettingDeleted> {
      await opened(user, await repository.findDayOff(id), 'delete');
      return { deleted: await repository.deleteDayOff(id), staffChanged: 0 };
    },
  };
}
export type PersonnelSettings = ReturnType<typeof createPersonnelSettings>;
