/**
 * What attendance reads of the personnel records (personnel-core's tables, through `people.source.ts`):
 * the people with their unit, craft and rule, the project's rules and day-offs.
 */

export interface RosterPerson {
  id: string;
  name: string;
  unitId: string | null;
  craftId: string | null;
  /** null: the project's default rule. */
  ruleId: string | null;
  status: 'entry' | 'exit' | 'abnormal';
  entryDate: string;
  exitDate: string | null;
}

export interface RosterRule {
  id: string;
  name: string;
  hours: number;
  cumulativeHours: boolean;
  isDefault: boolean;
}

export interface Named {
  id: string;
  name: string;
}

export interface RosterFilter {
  /** The unit ids to keep (a unit with its descendants, already expanded). */
  unitIds?: readonly string[] | undefined;
  craftId?: string | undefined;
  /** Name (in part), or an ID number or phone whole or by its last 4 characters (issue 17: never the masked middle). */
  keyword?: string | undefined;
  personIds?: readonly string[] | undefined;
}

/**
 * Is the person on the books on this day: entered by then, and not yet gone (an exited person counts up to
 * and including their exit date). A person marked `abnormal` is still on site.
 */
export function onRoll(
  person: Pick<RosterPerson, 'status' | 'entryDate' | 'exitDate'>,
  day: string,
): boolean {
  if (person.entryDate && person.entryDate > day) return false;
  if (person.status === 'exit' && person.exitDate && day > person.exitDate) return false;
  return true;
}

/** The rule a person follows: theirs, else the project's default (else the first, else 8 hours). */
export function ruleOf(
  person: Pick<RosterPerson, 'ruleId'>,
  rules: ReadonlyMap<string, RosterRule>,
  fallback: RosterRule,
): RosterRule {
  return (person.ruleId && rules.get(person.ruleId)) || fallback;
}

export function defaultRule(rules: readonly RosterRule[]): RosterRule {
  return (
    rules.find((rule) => rule.isDefault) ??
    rules[0] ?? { id: '', name: '', hours: 8, cumulativeHours: false, isDefault: true }
  );
}
