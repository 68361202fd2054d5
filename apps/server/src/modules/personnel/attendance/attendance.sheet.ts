import type { AttendanceRepository, CorrectionRow, PunchRow } from './attendance.repository';
import { type DayCorrection, type DayOutcome, type DayStatus, dayOutcome, pairedHours } from './days';
import type { PeopleSource } from './people';
import { defaultRule, onRoll, type RosterPerson, type RosterRule, ruleOf } from './roster';

/** One person's day: null when they were not on the books, or the day has not come yet. */
export type SheetDay = (DayOutcome & { requiredHours: number }) | null;

export interface Sheet {
  days: string[];
  people: RosterPerson[];
  /** Per person id, one entry per day of `days`. */
  outcomes: Map<string, SheetDay[]>;
}

const key = (personId: string, day: string) => `${personId}|${day}`;

/** The latest correction of each person's day (rows come oldest first). */
export function latestCorrections(rows: readonly CorrectionRow[]): Map<string, DayCorrection> {
  const latest = new Map<string, DayCorrection>();
  for (const row of rows) {
    latest.set(key(row.person_id, row.day), {
      firstIn: row.first_in,
      lastOut: row.last_out,
      status: row.status as DayStatus | null,
    });
  }
  return latest;
}

/**
 * The day outcomes of `people` over `days` (consecutive, ascending): one grouped query for the first-in /
 * last-out of every person-day, the corrections and the day-offs of the range, and — only for people whose
 * rule counts cumulative hours — their raw events. Days after `today` are null: they have not happened.
 */
export async function computeSheet(input: {
  repository: AttendanceRepository;
  people: PeopleSource;
  projectId: string;
  roster: RosterPerson[];
  days: string[];
  today: string;
  /** Read the events of these people only (a small roster); absent: the whole project's range. */
  narrow?: boolean;
}): Promise<Sheet> {
  const { repository, projectId, roster, days, today } = input;
  const from = days[0] as string;
  const to = days[days.length - 1] as string;
  const ids = input.narrow ? roster.map((person) => person.id) : undefined;
  const [ruleList, dayOffs, punchRows, correctionRows] = await Promise.all([
    input.people.rules(projectId),
    input.people.dayOffs(projectId, from, to),
    repository.punches(projectId, from, to, ids),
    repository.corrections(projectId, from, to),
  ]);
  const rules = new Map(ruleList.map((rule) => [rule.id, rule]));
  const fallback = defaultRule(ruleList);
  const offDays = days.map((day) => dayOffs.includes(day));
  const corrections = latestCorrections(correctionRows);
  // Each person's punches by day index: one Map lookup per person, not per person-day.
  const dayIndex = new Map(days.map((day, i) => [day, i]));
  const punches = new Map<string, Array<PunchRow | undefined>>();
  for (const row of punchRows) {
    const i = dayIndex.get(row.day);
    if (i === undefined) continue;
    let list = punches.get(row.person_id);
    if (!list) {
      list = new Array<PunchRow | undefined>(days.length);
      punches.set(row.person_id, list);
    }
    list[i] = row;
  }

  const cumulative = roster.filter((person) => ruleOf(person, rules, fallback).cumulativeHours);
  const paired = new Map<string, number>();
  if (cumulative.length > 0) {
    const events = await repository.eventsBetween(
      projectId,
      from,
      to,
      cumulative.map((person) => person.id),
    );
    const grouped = new Map<string, Array<{ direction: 'in' | 'out'; at: string }>>();
    for (const event of events) {
      const k = key(event.person_id, event.day);
      const list = grouped.get(k) ?? [];
      list.push(event);
      grouped.set(k, list);
    }
    for (const [k, list] of grouped) paired.set(k, pairedHours(list));
  }

  const outcomes = new Map<string, SheetDay[]>();
  for (const person of roster) {
    const rule: RosterRule = ruleOf(person, rules, fallback);
    const own = punches.get(person.id);
    const personDays: SheetDay[] = new Array(days.length);
    for (let i = 0; i < days.length; i++) {
      const day = days[i] as string;
      if (day > today || !onRoll(person, day)) {
        personDays[i] = null;
        continue;
      }
      const row = own?.[i];
      const outcome = dayOutcome({
        punches: { firstIn: row?.first_in ?? null, lastOut: row?.last_out ?? null },
        isDayOff: offDays[i] === true,
        ruleHours: rule.hours,
        pairedHours: rule.cumulativeHours ? (paired.get(key(person.id, day)) ?? 0) : undefined,
        correction: corrections.size > 0 ? corrections.get(key(person.id, day)) : undefined,
      });
      personDays[i] = {
        firstIn: outcome.firstIn,
        lastOut: outcome.lastOut,
        hours: outcome.hours,
        status: outcome.status,
        corrected: outcome.corrected,
        requiredHours: rule.hours,
      };
    }
    outcomes.set(person.id, personDays);
  }
  return { days, people: roster, outcomes };
}

export const STATUS_ORDER: readonly DayStatus[] = ['normal', 'abnormal', 'absent', 'rest'];

export function emptyCounts(): Record<DayStatus, number> {
  return { normal: 0, abnormal: 0, absent: 0, rest: 0 };
}
