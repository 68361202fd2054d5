import {
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { OrderBy } from '../../db/order';
import type {
  AttendanceRulesTable,
  DayOffsTable,
  NamedSettingTable,
  PersonnelDatabase,
  PersonnelTable,
  PersonnelUnitsTable,
  ViolationItemsTable,
} from './tables';

export type UnitRow = Selectable<PersonnelUnitsTable>;
export type NamedRow = Selectable<NamedSettingTable>;
export type RuleRow = Selectable<AttendanceRulesTable>;
export type ItemRow = Selectable<ViolationItemsTable>;
export type DayOffRow = Selectable<DayOffsTable>;
export type PersonRow = Selectable<PersonnelTable>;

/** The two plain named settings: crafts and violation types. */
export type NamedTable = 'personnel_crafts' | 'violation_types';

/** Staff on the books: not exited. */
const ON_BOOKS = ['entry', 'abnormal'] as const;
const ID_CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

/** The filter of the personnel list, as the service resolved it (unit ids include descendants). */
export interface PersonnelFilter {
  unitIds?: readonly string[];
  craftId?: string;
  /** The rule in force: `includeDefault` also matches people without a rule of their own. */
  rule?: { id: string; includeDefault: boolean };
  status?: PersonRow['status'];
  /** Compiled conditions (keyword, where) over the alias `p`. */
  conditions: RawBuilder<SqlBool>[];
}

/**
 * The keyword of a caller who sees ID numbers and phones masked (issue 17): the whole value, or its last
 * four characters (shown by the mask anyway); never a part of the hidden middle. Over the alias `p`; `or`
 * is the rest of the keyword's condition (the name).
 */
export function maskedKeywordCondition(keyword: string, or: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  const whole = keyword.trim().toUpperCase();
  const columns = [sql.ref('p.id_number'), sql.ref('p.phone'), sql.ref('p.team_phone')];
  const parts = [or, ...columns.map((column) => sql<SqlBool>`${column} = ${whole}`)];
  // Digits and X only: nothing to escape in the LIKE pattern.
  if (/^[0-9X]{1,4}$/.test(whole)) {
    for (const column of columns)
      parts.push(sql<SqlBool>`(${column} <> '' AND ${column} LIKE ${`%${whole}`})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

/** All SQL of personnel-service settings and records. The personnel lists alias the table `p`. */
export function createPersonnelRepository(db: Kysely<PersonnelDatabase>) {
  function filtered(projectId: string, filter: PersonnelFilter) {
    let query = db.selectFrom('personnel as p').where('p.project_id', '=', projectId);
    if (filter.unitIds) {
      const ids = filter.unitIds;
      query = ids.length === 0 ? query.where(sql<SqlBool>`1 = 0`) : query.where('p.unit_id', 'in', [...ids]);
    }
    if (filter.craftId) query = query.where('p.craft_id', '=', filter.craftId);
    if (filter.rule) {
      const { id, includeDefault } = filter.rule;
      query = query.where((eb) =>
        includeDefault
          ? eb.or([eb('p.rule_id', '=', id), eb('p.rule_id', 'is', null)])
          : eb('p.rule_id', '=', id),
      );
    }
    if (filter.status) query = query.where('p.status', '=', filter.status);
    for (const condition of filter.conditions) query = query.where(condition);
    return query;
  }

  async function countsBy(
    projectId: string,
    column: 'unit_id' | 'craft_id' | 'rule_id',
  ): Promise<Map<string | null, number>> {
    const rows = await db
      .selectFrom('personnel')
      .select([column, (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('project_id', '=', projectId)
      .where('status', 'in', [...ON_BOOKS])
      .groupBy(column)
      .execute();
    return new Map(rows.map((row) => [row[column] as string | null, Number(row.n)]));
  }

  return {
    // ── units ──

    units(projectId: string): Promise<UnitRow[]> {
      return db
        .selectFrom('personnel_units')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    findUnit(id: string): Promise<UnitRow | undefined> {
      return db.selectFrom('personnel_units').selectAll().where('id', '=', id).executeTakeFirst();
    },
    unitsByIds(ids: readonly string[]): Promise<UnitRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('personnel_units')
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute();
    },
    async insertUnit(row: Insertable<PersonnelUnitsTable>): Promise<void> {
      await db.insertInto('personnel_units').values(row).execute();
    },
    async updateUnit(id: string, patch: Updateable<PersonnelUnitsTable>): Promise<void> {
      await db.updateTable('personnel_units').set(patch).where('id', '=', id).execute();
    },
    async deleteUnits(ids: readonly string[], at: string): Promise<number> {
      let count = 0;
      for (const part of chunks(ids, ID_CHUNK)) {
        const result = await db
          .updateTable('personnel_units')
          .set({ deleted_at: at, updated_at: at })
          .where('id', 'in', part)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        count += Number(result.numUpdatedRows);
      }
      return count;
    },
    /** Everyone on the books in these units exits on `date`. */
    async exitStaffOfUnits(unitIds: readonly string[], date: string, at: string): Promise<number> {
      let count = 0;
      for (const part of chunks(unitIds, ID_CHUNK)) {
        const result = await db
          .updateTable('personnel')
          // The staff card's share dies with the exit (issue 14); a re-entry does not bring it back.
          .set({ status: 'exit', exit_date: date, share_token: null, updated_at: at })
          .where('unit_id', 'in', part)
          .where('status', 'in', [...ON_BOOKS])
          .executeTakeFirst();
        count += Number(result.numUpdatedRows);
      }
      return count;
    },
    staffByUnit(projectId: string) {
      return countsBy(projectId, 'unit_id');
    },

    // ── crafts and violation types ──

    named(table: NamedTable, projectId: string): Promise<NamedRow[]> {
      return db
        .selectFrom(table)
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    findNamed(table: NamedTable, id: string): Promise<NamedRow | undefined> {
      return db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertNamed(table: NamedTable, row: Insertable<NamedSettingTable>): Promise<void> {
      await db.insertInto(table).values(row).execute();
    },
    async renameNamed(table: NamedTable, id: string, name: string, at: string): Promise<void> {
      await db.updateTable(table).set({ name, updated_at: at }).where('id', '=', id).execute();
    },
    async deleteNamed(table: NamedTable, id: string): Promise<number> {
      const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** The craft's staff (any status) lose it. */
    async clearCraft(craftId: string, at: string): Promise<number> {
      const result = await db
        .updateTable('personnel')
        .set({ craft_id: null, updated_at: at })
        .where('craft_id', '=', craftId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    staffByCraft(projectId: string) {
      return countsBy(projectId, 'craft_id');
    },

    // ── attendance rules ──

    /** The initial rule first (spec 001 §3), then by creation. */
    rules(projectId: string): Promise<RuleRow[]> {
      return db
        .selectFrom('attendance_rules')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('initial', 'desc')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    findRule(id: string): Promise<RuleRow | undefined> {
      return db.selectFrom('attendance_rules').selectAll().where('id', '=', id).executeTakeFirst();
    },
    defaultRule(projectId: string): Promise<RuleRow | undefined> {
      return db
        .selectFrom('attendance_rules')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('is_default', '=', 1)
        .orderBy('id')
        .executeTakeFirst();
    },
    async hasRules(projectId: string): Promise<boolean> {
      const row = await db
        .selectFrom('attendance_rules')
        .select('id')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Inserts unless a rule of that name exists (two first calls at once create one initial rule). */
    async insertRuleIfAbsent(row: Insertable<AttendanceRulesTable>): Promise<void> {
      await db
        .insertInto('attendance_rules')
        .values(row)
        .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
        .execute();
    },
    async insertRule(row: Insertable<AttendanceRulesTable>): Promise<void> {
      await db.insertInto('attendance_rules').values(row).execute();
    },
    async updateRule(id: string, patch: Updateable<AttendanceRulesTable>): Promise<void> {
      await db.updateTable('attendance_rules').set(patch).where('id', '=', id).execute();
    },
    async clearDefault(projectId: string, exceptId: string, at: string): Promise<void> {
      await db
        .updateTable('attendance_rules')
        .set({ is_default: 0, updated_at: at })
        .where('project_id', '=', projectId)
        .where('id', '!=', exceptId)
        .where('is_default', '=', 1)
        .execute();
    },
    async deleteRule(id: string): Promise<number> {
      const result = await db.deleteFrom('attendance_rules').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** The rule's staff follow the project's default rule from now on (rule_id null). */
    async moveStaffToDefault(ruleId: string, at: string): Promise<number> {
      const result = await db
        .updateTable('personnel')
        .set({ rule_id: null, updated_at: at })
        .where('rule_id', '=', ruleId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    staffByRule(projectId: string) {
      return countsBy(projectId, 'rule_id');
    },

    // ── violation items ──

    items(projectId: string, typeId?: string): Promise<ItemRow[]> {
      let query = db.selectFrom('violation_items').selectAll().where('project_id', '=', projectId);
      if (typeId) query = query.where('type_id', '=', typeId);
      return query.orderBy('created_at').orderBy('id').execute();
    },
    findItem(id: string): Promise<ItemRow | undefined> {
      return db.selectFrom('violation_items').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertItem(row: Insertable<ViolationItemsTable>): Promise<void> {
      await db.insertInto('violation_items').values(row).execute();
    },
    async updateItem(id: string, patch: Updateable<ViolationItemsTable>): Promise<void> {
      await db.updateTable('violation_items').set(patch).where('id', '=', id).execute();
    },
    async deleteItem(id: string): Promise<number> {
      const result = await db.deleteFrom('violation_items').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async deleteItemsOfType(typeId: string): Promise<number> {
      const result = await db.deleteFrom('violation_items').where('type_id', '=', typeId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async itemCounts(projectId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('violation_items')
        .select(['type_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('project_id', '=', projectId)
        .groupBy('type_id')
        .execute();
      return new Map(rows.map((row) => [row.type_id, Number(row.n)]));
    },

    // ── day-offs ──

    dayOffs(projectId: string, from?: string, to?: string): Promise<DayOffRow[]> {
      let query = db.selectFrom('day_offs').selectAll().where('project_id', '=', projectId);
      if (from) query = query.where('date', '>=', from);
      if (to) query = query.where('date', '<=', to);
      return query.orderBy('date').execute();
    },
    findDayOff(id: string): Promise<DayOffRow | undefined> {
      return db.selectFrom('day_offs').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertDayOff(row: Insertable<DayOffsTable>): Promise<void> {
      await db.insertInto('day_offs').values(row).execute();
    },
    async updateDayOff(id: string, patch: Updateable<DayOffsTable>): Promise<void> {
      await db.updateTable('day_offs').set(patch).where('id', '=', id).execute();
    },
    async deleteDayOff(id: string): Promise<number> {
      const result = await db.deleteFrom('day_offs').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    // ── personnel ──

    findPerson(id: string): Promise<PersonRow | undefined> {
      return db.selectFrom('personnel').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByShareToken(token: string): Promise<PersonRow | undefined> {
      return db.selectFrom('personnel').selectAll().where('share_token', '=', token).executeTakeFirst();
    },
    /** The ID numbers among these already registered in the project. */
    async takenIdNumbers(projectId: string, idNumbers: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const part of chunks([...new Set(idNumbers)], ID_CHUNK)) {
        const rows = await db
          .selectFrom('personnel')
          .select('id_number')
          .where('project_id', '=', projectId)
          .where('id_number', 'in', part)
          .execute();
        for (const row of rows) found.add(row.id_number);
      }
      return found;
    },
    async insertPeople(rows: readonly Insertable<PersonnelTable>[]): Promise<void> {
      // 26 parameters a row: 30 rows a statement stays far below SQLite's and PostgreSQL's limits.
      for (const part of chunks(rows, 30)) await db.insertInto('personnel').values(part).execute();
    },
    async updatePerson(id: string, patch: Updateable<PersonnelTable>): Promise<void> {
      await db.updateTable('personnel').set(patch).where('id', '=', id).execute();
    },
    /** Sets the share token unless one is already set; answers the token in force. */
    async shareToken(id: string, token: string): Promise<string> {
      await db
        .updateTable('personnel')
        .set({ share_token: token })
        .where('id', '=', id)
        .where('share_token', 'is', null)
        .execute();
      const row = await db
        .selectFrom('personnel')
        .select('share_token')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.share_token ?? token;
    },
    /**
     * Replaces the token in force (`current`, null for none) by `next` (null: revoked); false when another
     * request changed it meanwhile (the caller answers 409).
     */
    async replaceShareToken(id: string, current: string | null, next: string | null): Promise<boolean> {
      const result = await db
        .updateTable('personnel')
        .set({ share_token: next })
        .where('id', '=', id)
        .where('share_token', current === null ? 'is' : '=', current)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async countPeople(projectId: string, filter: PersonnelFilter): Promise<number> {
      const row = await filtered(projectId, filter)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    listPeople(
      projectId: string,
      filter: PersonnelFilter,
      slice: { order: OrderBy; skip: number; limit: number },
    ): Promise<PersonRow[]> {
      return filtered(projectId, filter)
        .selectAll('p')
        .orderBy(sql.ref(slice.order.column), slice.order.direction)
        .orderBy('p.id', slice.order.direction)
        .limit(slice.limit)
        .offset(slice.skip)
        .execute();
    },
  };
}
export type PersonnelRepository = ReturnType<typeof createPersonnelRepository>;
