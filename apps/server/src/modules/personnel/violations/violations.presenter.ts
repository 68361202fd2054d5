import type { ViolationRecord } from '@lintel/contracts/personnel';
import { fromJson } from '../../../db/json';
import type { FileRow, UserSummary } from '../../directory/index';
import { presentFileCard } from '../../directory/present';
import type { Named, RosterPerson } from '../attendance/roster';
import type { ViolationRow } from './violations.repository';

/** What a record's answer names besides its own row. */
export interface ViolationContext {
  people: ReadonlyMap<string, RosterPerson>;
  units: ReadonlyMap<string, Named>;
  types: ReadonlyMap<string, Named>;
  items: ReadonlyMap<string, Named>;
  users: ReadonlyMap<string, UserSummary>;
  files: ReadonlyMap<string, FileRow>;
}

const ref = (named: Named | undefined) => (named ? { _id: named.id, name: named.name } : null);

export function photoIds(row: ViolationRow): string[] {
  return fromJson<string[]>(row.photos, []);
}

export function presentViolation(row: ViolationRow, context: ViolationContext): ViolationRecord {
  const person = context.people.get(row.person_id);
  const recorder = row.recorder_id ? context.users.get(row.recorder_id) : undefined;
  return {
    _id: row.id,
    projectId: row.project_id,
    personId: row.person_id,
    person: person ? { _id: person.id, name: person.name } : null,
    unit: ref(person?.unitId ? context.units.get(person.unitId) : undefined),
    date: row.date,
    description: row.description,
    typeId: row.type_id,
    type: ref(context.types.get(row.type_id)),
    itemId: row.item_id,
    item: ref(context.items.get(row.item_id)),
    // A removed account leaves an all-zero id and no name (the record stays with the project).
    recorderId: row.recorder_id ?? '0'.repeat(24),
    recorder: recorder ? { _id: recorder.id, name: recorder.nickName || recorder.name } : null,
    photos: photoIds(row).flatMap((id) => {
      const file = context.files.get(id);
      return file ? [presentFileCard(file)] : [];
    }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
