import { maskedSearchMatches } from '@lintel/contracts/personnel';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { withPersonnelTables } from '../tables';
import type { PeopleSource } from './people';
import type { RosterPerson } from './roster';

/** IN lists are cut to this many ids: well below both engines' parameter limits. */
const ID_CHUNK = 500;

async function inChunks<T>(ids: readonly string[], read: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += ID_CHUNK)
    found.push(...(await read(unique.slice(i, i + ID_CHUNK))));
  return found;
}

/** The personnel tables (personnel-core's) as attendance and violations read them. Read-only. */
export function createPeopleSource(base: Kysely<Database>): PeopleSource {
  const db = withPersonnelTables(base);
  const rosterColumns = [
    'id',
    'name',
    'unit_id',
    'craft_id',
    'rule_id',
    'status',
    'entry_date',
    'exit_date',
    'project_id',
  ] as const;
  const toPerson = (row: {
    id: string;
    name: string;
    unit_id: string;
    craft_id: string | null;
    rule_id: string | null;
    status: RosterPerson['status'];
    entry_date: string;
    exit_date: string | null;
  }): RosterPerson => ({
    id: row.id,
    name: row.name,
    unitId: row.unit_id,
    craftId: row.craft_id,
    ruleId: row.rule_id,
    status: row.status,
    entryDate: row.entry_date,
    exitDate: row.exit_date,
  });

  return {
    async units(projectId) {
      const rows = await db
        .selectFrom('personnel_units')
        .select(['id', 'parent_id', 'name'])
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ _id: row.id, parentId: row.parent_id, name: row.name }));
    },

    crafts(projectId) {
      return db
        .selectFrom('personnel_crafts')
        .select(['id', 'name'])
        .where('project_id', '=', projectId)
        .orderBy('created_at')
        .execute();
    },

    async rules(projectId) {
      const rows = await db
        .selectFrom('attendance_rules')
        .select(['id', 'name', 'minutes', 'cumulative', 'is_default'])
        .where('project_id', '=', projectId)
        .orderBy('initial', 'desc')
        .orderBy('created_at')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        hours: row.minutes / 60,
        cumulativeHours: Boolean(row.cumulative),
        isDefault: Boolean(row.is_default),
      }));
    },

    async dayOffs(projectId, from, to) {
      const rows = await db
        .selectFrom('day_offs')
        .select('date')
        .where('project_id', '=', projectId)
        .where('date', '>=', from)
        .where('date', '<=', to)
        .execute();
      return rows.map((row) => row.date);
    },

    async roster(projectId, filter = {}) {
      let query = db.selectFrom('personnel').select(rosterColumns).where('project_id', '=', projectId);
      if (filter.unitIds) {
        if (filter.unitIds.length === 0) return [];
        query = query.where('unit_id', 'in', filter.unitIds);
      }
      if (filter.personIds) {
        if (filter.personIds.length === 0) return [];
        query = query.where('id', 'in', filter.personIds);
      }
      if (filter.craftId) query = query.where('craft_id', '=', filter.craftId);
      const rows = await query.select(['id_number', 'phone']).orderBy('name').orderBy('id').execute();
      // The keyword as the personnel list matches it for someone who sees ID numbers and phones masked (the
      // name in part; an ID number or phone whole, or by its last four characters: issue 17), in code: a
      // roster is a few thousand rows, and this keeps LIKE escaping out of the way.
      const keyword = filter.keyword?.trim();
      const kept = keyword
        ? rows.filter(
            (row) =>
              row.name.includes(keyword) ||
              maskedSearchMatches(row.id_number, keyword) ||
              maskedSearchMatches(row.phone, keyword),
          )
        : rows;
      return kept.map(toPerson);
    },

    async person(id) {
      const row = await db
        .selectFrom('personnel')
        .select(rosterColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...toPerson(row), projectId: row.project_id } : undefined;
    },

    async lookup(projectId, ids, idNumbers) {
      const select = () =>
        db
          .selectFrom('personnel')
          .select(['id', 'id_number', 'status', 'exit_date'])
          .where('project_id', '=', projectId);
      const rows = [
        ...(await inChunks(ids, (part) => select().where('id', 'in', part).execute())),
        ...(await inChunks(idNumbers, (part) => select().where('id_number', 'in', part).execute())),
      ];
      return rows.map((row) => ({
        id: row.id,
        idNumber: row.id_number,
        status: row.status,
        exitDate: row.exit_date,
      }));
    },

    async violationType(id) {
      const row = await db
        .selectFrom('violation_types')
        .select(['id', 'name', 'project_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { id: row.id, name: row.name, projectId: row.project_id } : undefined;
    },

    async violationItem(id) {
      const row = await db
        .selectFrom('violation_items')
        .select(['id', 'name', 'project_id', 'type_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { id: row.id, name: row.name, projectId: row.project_id, typeId: row.type_id } : undefined;
    },

    violationTypes(projectId) {
      return db
        .selectFrom('violation_types')
        .select(['id', 'name'])
        .where('project_id', '=', projectId)
        .execute();
    },

    violationItems(projectId) {
      return db
        .selectFrom('violation_items')
        .select(['id', 'name'])
        .where('project_id', '=', projectId)
        .execute();
    },
  };
}
