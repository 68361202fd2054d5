import type {
  AttendanceGroupBy,
  AttendancePeriod,
  AttendanceStatistics,
  AttendanceStatisticsRow,
} from '@lintel/contracts/personnel';
import { emptyCounts, type Sheet } from './attendance.sheet';
import type { Named } from './roster';

const round2 = (value: number) => Math.round(value * 100) / 100;

type Totals = Omit<AttendanceStatisticsRow, 'group'>;
const emptyTotals = (): Totals => ({ headcount: 0, present: 0, ...emptyCounts(), hours: 0 });

/**
 * The statistics of a period from its sheet: per group (the person's own unit or craft; null: none), the
 * people on the books at some day of the period, person-days per status (present = normal + abnormal) and
 * hours; and per day, the same counts over everyone (for the chart). Days still to come count nothing.
 */
export function statisticsOf(
  sheet: Sheet,
  groupBy: AttendanceGroupBy,
  period: AttendancePeriod,
  names: { units: ReadonlyMap<string, Named>; crafts: ReadonlyMap<string, Named> },
): AttendanceStatistics {
  const groups = new Map<string, Totals>();
  const totals = emptyTotals();
  const perDay = sheet.days.map((date) => ({ date, present: 0, ...emptyCounts() }));

  for (const person of sheet.people) {
    const outcomes = sheet.outcomes.get(person.id) ?? [];
    if (!outcomes.some((outcome) => outcome !== null)) continue;
    const groupId = (groupBy === 'unit' ? person.unitId : person.craftId) ?? '';
    const group = groups.get(groupId) ?? emptyTotals();
    groups.set(groupId, group);
    group.headcount += 1;
    totals.headcount += 1;
    outcomes.forEach((outcome, i) => {
      if (!outcome) return;
      const day = perDay[i]!;
      for (const target of [group, totals, day]) target[outcome.status] += 1;
      if (outcome.status === 'normal' || outcome.status === 'abnormal') {
        group.present += 1;
        totals.present += 1;
        day.present += 1;
      }
      group.hours += outcome.hours;
      totals.hours += outcome.hours;
    });
  }

  const labels = groupBy === 'unit' ? names.units : names.crafts;
  const rows: AttendanceStatisticsRow[] = [...groups].map(([id, counts]) => {
    const named = id ? labels.get(id) : undefined;
    // A deleted unit (its staff exited) still names its past days; it is shown by id without a name.
    return {
      group: id ? { _id: id, name: named?.name ?? '' } : null,
      ...counts,
      hours: round2(counts.hours),
    };
  });
  rows.sort(
    (a, b) =>
      (a.group === null ? 1 : 0) - (b.group === null ? 1 : 0) ||
      (a.group?.name ?? '').localeCompare(b.group?.name ?? '', 'zh-CN'),
  );
  return {
    period,
    from: sheet.days[0]!,
    to: sheet.days[sheet.days.length - 1]!,
    groupBy,
    rows,
    days: perDay,
    totals: { ...totals, hours: round2(totals.hours) },
  };
}
