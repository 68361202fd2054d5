import {
  ageOn,
  type BloodType,
  type Craft,
  type DayOff,
  maskSensitive,
  type Person,
  type PersonnelPublicCard,
  type Rule,
  type SafetyEducation,
  type Unit,
  type ViolationItem,
  type ViolationType,
} from '@lintel/contracts/personnel';
import { fromJson } from '../../db/json';
import type { FileRow } from '../directory/index';
import { presentFileCard } from '../directory/present';
import { fileUrl } from '../files/index';
import type { DayOffRow, ItemRow, NamedRow, PersonRow, RuleRow, UnitRow } from './personnel.repository';

/** Row → answer, field by field, so that no column leaks (share tokens, deletion marks). */

export function presentUnit(row: UnitRow, staffCount: number): Unit {
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    parentId: row.parent_id,
    staffCount,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentCraft(row: NamedRow, staffCount: number): Craft {
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    staffCount,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentRule(row: RuleRow, staffCount: number): Rule {
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    hours: Number(row.minutes) / 60,
    cumulativeHours: Number(row.cumulative) === 1,
    isDefault: Number(row.is_default) === 1,
    initial: Number(row.initial) === 1,
    staffCount,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentViolationType(row: NamedRow, itemCount: number): ViolationType {
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    itemCount,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentViolationItem(row: ItemRow): ViolationItem {
  return {
    _id: row.id,
    projectId: row.project_id,
    typeId: row.type_id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentDayOff(row: DayOffRow): DayOff {
  return {
    _id: row.id,
    projectId: row.project_id,
    date: row.date,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What a person's answer names besides their own row. */
export interface PersonContext {
  units: ReadonlyMap<string, UnitRow>;
  crafts: ReadonlyMap<string, NamedRow>;
  rules: ReadonlyMap<string, RuleRow>;
  defaultRule: RuleRow | undefined;
  files: ReadonlyMap<string, FileRow>;
  /** YYYY-MM-DD: the age is counted on this day. */
  today: string;
}

export function personFileIds(row: PersonRow): string[] {
  return [...fromJson<string[]>(row.attachments, []), ...(row.avatar_id ? [row.avatar_id] : [])];
}

/**
 * A person as the API answers them: the ID number and the phones masked (issue 17, PIPL) unless `full` (the
 * viewSensitive right's audited export; the single record's full values have their own call).
 */
export function presentPerson(row: PersonRow, context: PersonContext, full = false): Person {
  const sensitive = { idNumber: row.id_number, phone: row.phone, teamPhone: row.team_phone };
  const shown = full ? sensitive : maskSensitive(sensitive);
  const unit = context.units.get(row.unit_id);
  const craft = row.craft_id ? context.crafts.get(row.craft_id) : undefined;
  const rule = row.rule_id ? context.rules.get(row.rule_id) : context.defaultRule;
  const avatar = row.avatar_id ? context.files.get(row.avatar_id) : undefined;
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    sex: Number(row.sex) === 1 ? 1 : 0,
    idNumber: shown.idNumber,
    masked: !full,
    birthDate: row.birth_date,
    age: ageOn(row.birth_date, context.today),
    bloodType: row.blood_type as BloodType,
    unitId: row.unit_id,
    unit: unit ? { _id: unit.id, name: unit.name, deleted: unit.deleted_at !== null } : null,
    team: row.team,
    teamContact: row.team_contact,
    teamPhone: shown.teamPhone,
    phone: shown.phone,
    craftId: row.craft_id,
    craft: craft ? { _id: craft.id, name: craft.name } : null,
    certificates: fromJson<string[]>(row.certificates, []),
    entryDate: row.entry_date,
    exitDate: row.exit_date,
    attachments: fromJson<string[]>(row.attachments, []).flatMap((id) => {
      const file = context.files.get(id);
      return file ? [presentFileCard(file)] : [];
    }),
    avatar: avatar ? avatar.id : null,
    avatarUrl: avatar ? fileUrl(avatar) : null,
    safetyEducation: fromJson<SafetyEducation[]>(row.safety_education, []),
    ruleId: row.rule_id,
    rule: rule ? { _id: rule.id, name: rule.name } : null,
    status: row.status,
    remark: row.remark,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The public card of the staff QR code: nothing that identifies or reaches the person. */
export function presentPublicCard(
  row: PersonRow,
  names: { project: string; unit: string | null; craft: string | null; avatarUrl: string | null },
): PersonnelPublicCard {
  return {
    name: row.name,
    avatar: names.avatarUrl,
    projectName: names.project,
    unitName: names.unit,
    craftName: names.craft,
    status: row.status,
    entryDate: row.entry_date,
    certificates: fromJson<string[]>(row.certificates, []),
    safetyEducationCount: fromJson<SafetyEducation[]>(row.safety_education, []).length,
  };
}
