import { ATTENDANCE_INGEST_MAX_EVENTS } from '@lintel/contracts/personnel';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import { newId } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { createOrgAccess } from '../../org/access';
import { withPersonnelTables } from '../tables';
import { createAttendanceService } from './attendance.service';
import { addDays, beijingDay, beijingInstant } from './days';
import { hashDeviceToken, newDeviceToken } from './devices';
import { createPeopleSource } from './people.source';
import { withAttendanceTables } from './tables';

/** The demo's attendance: the days before today it covers, and its gate. */
export const DEMO_ATTENDANCE_DAYS = 30;
const DEMO_GATE = '示范工地东大门';
const WEEKEND = '周末';

/** A small seeded generator (mulberry32): the same demo on every first start of the same day. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A realistic last month at the demo project's gate (issue 17), sent through the gates' own ingest (a
 * device of the project, its token, batches of up to 1,000 events), so the board, the sheets and the
 * statistics read what a real gate would have left. Saturdays and Sundays of the month become the project's
 * rest days (day-offs named 周末) beside the seeded holidays; nobody passes the gate on a rest day. On a
 * working day about 85% of the people on the books come on time (in 07:20–08:00, out 17:30–18:40), about 7%
 * come late (in 09:20–10:30: short of the rule's 8 hours, abnormal), about 2% forget to clock out, and the
 * rest are absent. Runs after the seeding transaction: ingest writes in a transaction of its own.
 */
export async function seedDemoAttendance(
  db: Kysely<Database>,
  { projectId, adminId, clock: time }: { projectId: string; adminId: string; clock: Clock },
): Promise<{ days: number; events: number }> {
  const now = time.now();
  const at = now.toISOString();
  const today = beijingDay(now);
  const days = Array.from({ length: DEMO_ATTENDANCE_DAYS }, (_, i) =>
    addDays(today, i - DEMO_ATTENDANCE_DAYS),
  );
  const tables = withPersonnelTables(db);

  const seeded = new Set(
    (await tables.selectFrom('day_offs').select('date').where('project_id', '=', projectId).execute()).map(
      (row) => row.date,
    ),
  );
  const weekends = days.filter((day) => {
    const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
    return (weekday === 0 || weekday === 6) && !seeded.has(day);
  });
  if (weekends.length > 0)
    await tables
      .insertInto('day_offs')
      .values(
        weekends.map((date) => ({
          id: newId(now.getTime()),
          project_id: projectId,
          date,
          name: WEEKEND,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  const restDays = new Set([...seeded, ...weekends]);

  const token = newDeviceToken();
  await withAttendanceTables(db)
    .insertInto('attendance_devices')
    .values({
      id: newId(now.getTime()),
      project_id: projectId,
      name: DEMO_GATE,
      token_hash: hashDeviceToken(token),
      created_by: adminId,
      revoked_at: null,
      last_seen_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();

  const people = await tables
    .selectFrom('personnel')
    .select(['id', 'entry_date', 'exit_date'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  const random = seededRandom(Number(today.replaceAll('-', '')));
  const minutes = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
  const events: Array<{
    eventId: string;
    personId: string;
    direction: 'in' | 'out';
    at: string;
  }> = [];
  for (const day of days) {
    if (restDays.has(day)) continue;
    for (const person of people) {
      if (day < person.entry_date || (person.exit_date !== null && day > person.exit_date)) continue;
      const roll = random();
      if (roll >= 0.94) continue; // absent
      const late = roll >= 0.87;
      const inAt = late ? minutes(9 * 60 + 20, 10 * 60 + 30) : minutes(7 * 60 + 20, 8 * 60);
      const eventId = `demo-${day}-${person.id}`;
      events.push({
        eventId: `${eventId}-in`,
        personId: person.id,
        direction: 'in',
        at: beijingInstant(day, clock(inAt)),
      });
      if (!late && roll >= 0.85) continue; // forgot to clock out
      events.push({
        eventId: `${eventId}-out`,
        personId: person.id,
        direction: 'out',
        at: beijingInstant(day, clock(minutes(17 * 60 + 30, 18 * 60 + 40))),
      });
    }
  }

  // The gates' own path: the device's token and batches as a gate sends them.
  const attendance = createAttendanceService({
    db,
    clock: time,
    access: createOrgAccess(db),
    people: createPeopleSource(db),
  });
  let accepted = 0;
  for (let i = 0; i < events.length; i += ATTENDANCE_INGEST_MAX_EVENTS) {
    const result = await attendance.ingest(`Bearer ${token}`, {
      events: events.slice(i, i + ATTENDANCE_INGEST_MAX_EVENTS),
    });
    if (result.rejected.length > 0)
      throw new Error(`the demo gate events were refused: ${JSON.stringify(result.rejected.slice(0, 3))}`);
    accepted += result.accepted;
  }
  return { days: days.filter((day) => !restDays.has(day)).length, events: accepted };
}
