import type {
  AttendanceCorrectionRecord,
  AttendanceDayBoard,
  AttendanceDeviceCreated,
  AttendanceIngestResult,
  AttendanceMonthSheet,
  AttendanceStatistics,
} from '@lintel/contracts/personnel';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../../test/clock';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../../test/helper';
import { json, keyOf, projectsOf, signInPeople } from '../../../../test/project-api';
import { beijingDay, dayOutcome, pairedHours, periodDays } from './days';
import { withAttendanceTables } from './tables';
import { idNumber, P, setupCalls } from './test-support';

/**
 * Attendance on a fresh project of the demo enterprise, "today" 2026-03-05 in Beijing (12:00 there).
 * demo: its admin. lisi: all personnel rights by template, not an admin; wangwu: view only; zhouba: no
 * view; qianqi: no member. sunqi: another tenant with a project and a worker of their own.
 *
 * The hand-made data set: units 一分包 (A) with 一分包一班 (B) below it, and 二分包 (C, D); crafts 钢筋工 (A)
 * and 木工 (B); the default rule (8 h) for A, B, C and a cumulative-hours rule of 8 h for D; 2026-03-04 a
 * day-off. A, B, D entered 03-02, C entered 03-03. Gate events (Beijing times):
 *   A 03-02 in 08:00, out 17:30 (9.5 h: normal); 03-03 in 06:30 only (abnormal)
 *   B 03-02 in 08:00, out 12:00 (4 h: abnormal, short); 03-03 in 08:00, out 17:00 (9 h: normal)
 *   D 03-02 in 08:00, out 11:00, in 13:00, out 17:00 (7 h paired, though 9 h from first to last: abnormal)
 *   C nothing (absent 03-03 and 03-05)
 */

const TODAY = '2026-03-05';
type Name = 'demo' | 'lisi' | 'wangwu' | 'zhouba' | 'qianqi' | 'sunqi';
let t: TestApp;
let cookies: Record<Name, string>;
let ids: Record<string, string>;
let project: string;
let foreignProject: string;
let units: { one: string; oneTeam: string; two: string };
let crafts: { steel: string; wood: string };
let people: { A: string; B: string; C: string; D: string; foreign: string };
let device: AttendanceDeviceCreated;

const api = setupCalls(() => t);
const { call, must } = api;

const at = (day: string, time: string) => `${day}T${time}:00+08:00`;
const utc = (day: string, time: string) => new Date(at(day, time)).toISOString();

function ingest(token: string | null, events: unknown[], headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${P}/attendance/events`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    payload: { events },
  });
}

const BATCH = () => [
  { eventId: 'a1', personId: people.A, direction: 'in', at: at('2026-03-02', '08:00') },
  { eventId: 'a2', personId: people.A, direction: 'out', at: at('2026-03-02', '17:30') },
  // 06:30 in Beijing is still 03-02 in UTC: the day is the Beijing one.
  { eventId: 'a3', personId: people.A, direction: 'in', at: '2026-03-02T22:30:00Z' },
  { eventId: 'b1', idNumber: idNumber(2), direction: 'in', at: at('2026-03-02', '08:00') },
  { eventId: 'b2', personId: people.B, direction: 'out', at: at('2026-03-02', '12:00') },
  { eventId: 'b3', personId: people.B, direction: 'in', at: at('2026-03-03', '08:00') },
  { eventId: 'b4', personId: people.B, direction: 'out', at: at('2026-03-03', '17:00') },
  { eventId: 'd1', personId: people.D, direction: 'in', at: at('2026-03-02', '08:00') },
  { eventId: 'd2', personId: people.D, direction: 'out', at: at('2026-03-02', '11:00') },
  { eventId: 'd3', personId: people.D, direction: 'in', at: at('2026-03-02', '13:00') },
  { eventId: 'd4', personId: people.D, direction: 'out', at: at('2026-03-02', '17:00') },
  // Rejected one by one:
  { eventId: 'x1', personId: people.foreign, direction: 'in', at: at('2026-03-02', '08:00') },
  { eventId: 'x2', idNumber: idNumber(999), direction: 'in', at: at('2026-03-02', '08:00') },
  // A card read wrong (not a valid ID number) loses only its own event.
  { eventId: 'x4', idNumber: '11010119900307123', direction: 'in', at: at('2026-03-02', '08:00') },
  { eventId: 'a1', personId: people.A, direction: 'out', at: at('2026-03-02', '18:00') },
  { eventId: 'x3', personId: people.A, direction: 'in', at: at('2026-03-06', '08:00') },
];
const REJECTED = [
  { eventId: 'x1', reason: 'unknownPerson' },
  { eventId: 'x2', reason: 'unknownPerson' },
  { eventId: 'x4', reason: 'unknownPerson' },
  { eventId: 'a1', reason: 'duplicateInBatch' },
  { eventId: 'x3', reason: 'future' },
];

async function board(who: Name, date: string, query = '') {
  const response = await call(
    'GET',
    `${P}/projects/${project}/attendance/days?date=${date}${query}`,
    cookies[who],
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<AttendanceDayBoard>(response);
}
const rowOf = (b: AttendanceDayBoard, personId: string) => b.rows.find((row) => row.person._id === personId);

async function statistics(query: string) {
  const response = await call(
    'GET',
    `${P}/projects/${project}/attendance/statistics?${query}`,
    cookies.wangwu,
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<AttendanceStatistics>(response);
}

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date(`${TODAY}T04:00:00.000Z`)) });
  ({ cookies, ids } = await signInPeople(t, ['lisi', 'wangwu', 'zhouba', 'qianqi', 'sunqi'] as const));
  const [demoProject] = await projectsOf(t, cookies.demo);
  project = await api.newProject(cookies.demo, demoProject!.enterpriseId, '考勤测试项目');
  const all = { view: 'all', create: true, edit: true, delete: true, export: true };
  await api.addMember(
    cookies.demo,
    project,
    ids.lisi!,
    await api.template(cookies.demo, project, '劳务管理', all),
  );
  await api.addMember(
    cookies.demo,
    project,
    ids.wangwu!,
    await api.template(cookies.demo, project, '查看', { view: 'all' }),
  );
  await api.addMember(
    cookies.demo,
    project,
    ids.zhouba!,
    await api.template(cookies.demo, project, '无', { view: 'none' }),
  );

  const one = await api.unit(cookies.demo, project, '一分包');
  units = {
    one,
    oneTeam: await api.unit(cookies.demo, project, '一分包一班', one),
    two: await api.unit(cookies.demo, project, '二分包'),
  };
  crafts = {
    steel: await api.craft(cookies.demo, project, '钢筋工'),
    wood: await api.craft(cookies.demo, project, '木工'),
  };
  await must('POST', `${P}/dayOffs`, cookies.demo, { projectId: project, date: '2026-03-04', name: '检修' });
  const paired = await must('POST', `${P}/rules`, cookies.demo, {
    projectId: project,
    name: '分段计时',
    hours: 8,
    cumulativeHours: true,
  });
  const person = (name: string, n: number, extra: Record<string, unknown>) =>
    api.person(cookies.demo, {
      projectId: project,
      name,
      idNumber: idNumber(n),
      entryDate: '2026-03-02',
      ...extra,
    });
  people = {
    A: await person('甲', 1, { unitId: units.one, craftId: crafts.steel }),
    B: await person('乙', 2, { unitId: units.oneTeam, craftId: crafts.wood }),
    C: await person('丙', 3, { unitId: units.two, entryDate: '2026-03-03' }),
    D: await person('丁', 4, { unitId: units.two, ruleId: paired._id }),
    foreign: '',
  };
  const other = await must('POST', `${ACCOUNT}/enterprises`, cookies.sunqi, { name: '孙七建设' });
  foreignProject = await api.newProject(cookies.sunqi, other._id, '孙七项目');
  const foreignUnit = await api.unit(cookies.sunqi, foreignProject, '外单位');
  people.foreign = await api.person(cookies.sunqi, {
    projectId: foreignProject,
    name: '外人',
    idNumber: idNumber(5),
    unitId: foreignUnit,
    entryDate: '2026-03-02',
  });
});
afterAll(() => t.close());

describe('days.ts', () => {
  it('dates events by Beijing time and lays out weeks (Monday first) and months', () => {
    expect(beijingDay('2026-03-02T15:59:59Z')).toBe('2026-03-02');
    expect(beijingDay('2026-03-02T16:00:00Z')).toBe('2026-03-03');
    expect(periodDays('week', '2026-03-04')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(periodDays('month', '2026-02-10')).toHaveLength(28);
  });

  it('computes each status, and lets a correction override it', () => {
    const punches = { firstIn: '2026-03-02T00:00:00Z', lastOut: '2026-03-02T09:00:00Z' };
    const none = { firstIn: null, lastOut: null };
    expect(dayOutcome({ punches, isDayOff: false, ruleHours: 8 })).toMatchObject({
      status: 'normal',
      hours: 9,
    });
    expect(dayOutcome({ punches, isDayOff: false, ruleHours: 10 }).status).toBe('abnormal');
    expect(
      dayOutcome({ punches: { ...none, firstIn: punches.firstIn }, isDayOff: false, ruleHours: 8 }).status,
    ).toBe('abnormal');
    expect(dayOutcome({ punches: none, isDayOff: false, ruleHours: 8 }).status).toBe('absent');
    expect(dayOutcome({ punches: none, isDayOff: true, ruleHours: 8 }).status).toBe('rest');
    expect(dayOutcome({ punches, isDayOff: true, ruleHours: 8 })).toMatchObject({ status: 'rest', hours: 9 });
    const cleared = { firstIn: null, lastOut: '', status: null };
    expect(dayOutcome({ punches, isDayOff: false, ruleHours: 8, correction: cleared })).toMatchObject({
      status: 'abnormal',
      lastOut: null,
      corrected: true,
    });
    const rest = { firstIn: null, lastOut: null, status: 'rest' as const };
    expect(dayOutcome({ punches: none, isDayOff: false, ruleHours: 8, correction: rest }).status).toBe(
      'rest',
    );
    expect(
      pairedHours([
        { direction: 'in', at: '2026-03-02T00:00:00Z' },
        { direction: 'in', at: '2026-03-02T01:00:00Z' },
        { direction: 'out', at: '2026-03-02T03:00:00Z' },
        { direction: 'out', at: '2026-03-02T04:00:00Z' },
        { direction: 'in', at: '2026-03-02T05:00:00Z' },
        { direction: 'out', at: '2026-03-02T06:30:00Z' },
      ]),
    ).toBe(4.5);
  });
});

describe('gate devices', () => {
  it('are created by a project admin, who sees the token once; others may not', async () => {
    device = await must<AttendanceDeviceCreated>('POST', `${P}/attendanceDevices`, cookies.demo, {
      projectId: project,
      name: '东门闸机',
    });
    expect(device).toMatchObject({ projectId: project, name: '东门闸机', lastSeenAt: null });
    expect(device.token).toMatch(/^lgd_[A-Za-z0-9_-]{43}$/);
    const stored = await withAttendanceTables(t.db.db).selectFrom('attendance_devices').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(device.token);

    const listed = await must<Array<Record<string, unknown>>>(
      'GET',
      `${P}/projects/${project}/attendanceDevices`,
      cookies.demo,
    );
    expect(listed).toEqual([expect.objectContaining({ _id: device._id, name: '东门闸机' })]);
    expect(listed[0]).not.toHaveProperty('token');

    const asLisi = await call('POST', `${P}/attendanceDevices`, cookies.lisi, {
      projectId: project,
      name: '西门',
    });
    expect(asLisi.statusCode).toBe(403);
    expect((await call('GET', `${P}/projects/${project}/attendanceDevices`, cookies.wangwu)).statusCode).toBe(
      403,
    );
    const foreign = await call('POST', `${P}/attendanceDevices`, cookies.demo, {
      projectId: foreignProject,
      name: '门',
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call('POST', `${P}/attendanceDevices`, null, { projectId: project, name: '门' })).statusCode,
    ).toBe(401);
  });

  it('are renamed; a revoked one disappears from the list and its token stops working', async () => {
    const renamed = await must('PUT', `${P}/attendanceDevices/${device._id}`, cookies.demo, {
      name: '东门 1 号闸机',
    });
    expect(renamed).toMatchObject({ name: '东门 1 号闸机' });
    expect(
      (await call('PUT', `${P}/attendanceDevices/${device._id}`, cookies.sunqi, { name: 'x' })).statusCode,
    ).toBe(404);

    const spare = await must<AttendanceDeviceCreated>('POST', `${P}/attendanceDevices`, cookies.demo, {
      projectId: project,
      name: '临时闸机',
    });
    const event = { eventId: 'spare-1', personId: people.A, direction: 'in', at: at('2026-03-05', '07:00') };
    expect(json<AttendanceIngestResult>(await ingest(spare.token, [event])).accepted).toBe(1);
    expect((await call('DELETE', `${P}/attendanceDevices/${spare._id}`, cookies.lisi)).statusCode).toBe(403);
    await must('DELETE', `${P}/attendanceDevices/${spare._id}`, cookies.demo);
    const revoked = await ingest(spare.token, [{ ...event, eventId: 'spare-2' }]);
    expect(revoked.statusCode).toBe(401);
    expect(keyOf(revoked)).toBe('attendance.deviceUnauthorized');
    const listed = await must<Array<{ _id: string }>>(
      'GET',
      `${P}/projects/${project}/attendanceDevices`,
      cookies.demo,
    );
    expect(listed.map((d) => d._id)).toEqual([device._id]);
    expect((await call('DELETE', `${P}/attendanceDevices/${spare._id}`, cookies.demo)).statusCode).toBe(404);
    // Its event stays: A's 07:00 of today, which the figures below count (A abnormal today, not absent).
  });
});

describe('POST attendance/events', () => {
  it('refuses a missing, wrong or cookie-only credential with 401', async () => {
    const one = [{ eventId: 'z', personId: people.A, direction: 'in', at: at('2026-03-02', '08:00') }];
    for (const response of [
      await ingest(null, one),
      await ingest('lgd_wrong', one),
      await ingest(null, one, { cookie: cookies.demo }),
      await ingest(null, one, { authorization: `Basic ${device.token}` }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(keyOf(response)).toBe('attendance.deviceUnauthorized');
    }
  });

  it('refuses a malformed batch whole (400) and keeps nothing', async () => {
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({
      eventId: `m${i}`,
      personId: people.A,
      direction: 'in',
      at: at('2026-03-02', '08:00'),
    }));
    expect((await ingest(device.token, tooMany)).statusCode).toBe(400);
    expect((await ingest(device.token, [])).statusCode).toBe(400);
    const bad = await ingest(device.token, [
      { eventId: 'm', personId: people.A, direction: 'sideways', at: 'x' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(
      (await ingest(device.token, [{ eventId: 'm', direction: 'in', at: at('2026-03-02', '08:00') }]))
        .statusCode,
    ).toBe(400);
    const kept = await withAttendanceTables(t.db.db)
      .selectFrom('attendance_events')
      .select('event_id')
      .execute();
    expect(kept).toHaveLength(1);
  });

  it('keeps the good events, rejects the others one by one, and a replay accepts nothing', async () => {
    const first = await ingest(device.token, BATCH());
    expect(first.statusCode, first.body).toBe(200);
    expect(json<AttendanceIngestResult>(first)).toEqual({ accepted: 11, duplicates: 0, rejected: REJECTED });

    const replay = json<AttendanceIngestResult>(await ingest(device.token, BATCH()));
    expect(replay).toEqual({ accepted: 0, duplicates: 11, rejected: REJECTED });
    const third = json<AttendanceIngestResult>(await ingest(device.token, BATCH()));
    expect(third).toEqual({ accepted: 0, duplicates: 11, rejected: REJECTED });

    const listed = await must<Array<{ lastSeenAt: string | null }>>(
      'GET',
      `${P}/projects/${project}/attendanceDevices`,
      cookies.demo,
    );
    expect(listed[0]!.lastSeenAt).toBe(t.clock.now().toISOString());
  });
});

describe('the day status', () => {
  it('on the day board: normal, abnormal (short hours, single punch, cumulative hours), absent, rest', async () => {
    const monday = await board('wangwu', '2026-03-02');
    expect(monday.totals).toEqual({ normal: 1, abnormal: 2, absent: 0, rest: 0 });
    expect(monday.count).toBe(3); // C entered on 03-03
    expect(rowOf(monday, people.A)).toMatchObject({
      status: 'normal',
      hours: 9.5,
      requiredHours: 8,
      firstIn: utc('2026-03-02', '08:00'),
      lastOut: utc('2026-03-02', '17:30'),
      corrected: false,
      unit: { _id: units.one, name: '一分包' },
      craft: { _id: crafts.steel, name: '钢筋工' },
    });
    expect(rowOf(monday, people.B)).toMatchObject({ status: 'abnormal', hours: 4 });
    expect(rowOf(monday, people.D)).toMatchObject({ status: 'abnormal', hours: 7 });

    const tuesday = await board('wangwu', '2026-03-03');
    expect(tuesday.totals).toEqual({ normal: 1, abnormal: 1, absent: 2, rest: 0 });
    expect(rowOf(tuesday, people.A)).toMatchObject({
      status: 'abnormal',
      firstIn: '2026-03-02T22:30:00.000Z',
      lastOut: null,
      hours: 0,
    });
    expect(rowOf(tuesday, people.C)).toMatchObject({
      status: 'absent',
      unit: { name: '二分包' },
      craft: null,
    });

    const dayOff = await board('wangwu', '2026-03-04');
    expect(dayOff.totals).toEqual({ normal: 0, abnormal: 0, absent: 0, rest: 4 });
  });

  it('filters by unit (with the units below it), craft, status and keyword; pages; counts', async () => {
    const names = (b: AttendanceDayBoard) => b.rows.map((row) => row.person.name).sort();
    expect(names(await board('wangwu', '2026-03-02', `&unitId=${units.one}`))).toEqual(['乙', '甲'].sort());
    expect(names(await board('wangwu', '2026-03-02', `&unitId=${units.oneTeam}`))).toEqual(['乙']);
    expect(names(await board('wangwu', '2026-03-02', `&craftId=${crafts.steel}`))).toEqual(['甲']);
    const abnormal = await board('wangwu', '2026-03-02', '&status=abnormal');
    expect(abnormal.count).toBe(2);
    expect(abnormal.totals.normal).toBe(1);
    expect(names(await board('wangwu', '2026-03-02', '&keyword=丁'))).toEqual(['丁']);
    expect(names(await board('wangwu', '2026-03-02', `&keyword=${idNumber(4).slice(-4)}`))).toEqual(['丁']);
    const paged = await board('wangwu', '2026-03-02', '&skip=1&limit=1');
    expect(paged.rows).toHaveLength(1);
    expect(paged.count).toBe(3);
    const count = await call(
      'GET',
      `${P}/projects/${project}/attendance/days?date=2026-03-02&only_count=true&status=normal`,
      cookies.wangwu,
    );
    expect(json(count)).toEqual({ count: 1 });
    // The path form of the spec's day board.
    const byPath = await call(
      'GET',
      `${P}/projects/${project}/attendance/days/2026-03-02?status=normal`,
      cookies.wangwu,
    );
    expect(json<AttendanceDayBoard>(byPath).rows.map((row) => row.person._id)).toEqual([people.A]);
  });

  it('shows a day to come as it will start: everyone on the books, absent', async () => {
    const tomorrow = await board('wangwu', '2026-03-06');
    expect(tomorrow.totals).toEqual({ normal: 0, abnormal: 0, absent: 4, rest: 0 });
    expect(tomorrow.rows.every((row) => row.firstIn === null && row.hours === 0)).toBe(true);
  });

  it('checks rights and input', async () => {
    const url = `${P}/projects/${project}/attendance/days?date=2026-03-02`;
    expect((await call('GET', url, cookies.zhouba)).statusCode).toBe(403);
    expect((await call('GET', url, cookies.qianqi)).statusCode).toBe(404);
    expect((await call('GET', url, cookies.sunqi)).statusCode).toBe(404);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect(
      (await call('GET', `${P}/projects/${project}/attendance/days?date=2026-02-30`, cookies.demo))
        .statusCode,
    ).toBe(400);
    expect((await call('GET', `${P}/projects/${project}/attendance/days`, cookies.demo)).statusCode).toBe(
      400,
    );
  });

  it("answers one person's month with the raw events and the device's name", async () => {
    const month = await must<{
      days: Array<{ date: string; status: string }>;
      events: Array<{ deviceName: string }>;
    }>('GET', `${P}/personnel/${people.B}/attendance?month=2026-03`, cookies.wangwu);
    expect(month.days.map((d) => [d.date, d.status])).toEqual([
      ['2026-03-02', 'abnormal'],
      ['2026-03-03', 'normal'],
      ['2026-03-04', 'rest'],
      ['2026-03-05', 'absent'],
    ]);
    expect(month.events).toHaveLength(4);
    expect(month.events[0]).toMatchObject({ deviceName: '东门 1 号闸机', direction: 'in' });
    expect(
      (await call('GET', `${P}/personnel/${people.foreign}/attendance?month=2026-03`, cookies.demo))
        .statusCode,
    ).toBe(404);
  });
});

describe('statistics and the month sheet', () => {
  // A's 07:00 event of today (from the revoked spare gate) makes A abnormal today, not absent.
  it('counts a month per unit against the hand-made data set', async () => {
    const stats = await statistics('period=month&month=2026-03&groupBy=unit');
    expect(stats).toMatchObject({ period: 'month', from: '2026-03-01', to: '2026-03-31', groupBy: 'unit' });
    const group = (name: string) => stats.rows.find((row) => row.group?.name === name);
    expect(group('一分包')).toEqual({
      group: { _id: units.one, name: '一分包' },
      headcount: 1,
      present: 3,
      normal: 1,
      abnormal: 2,
      absent: 0,
      rest: 1,
      hours: 9.5,
    });
    expect(group('一分包一班')).toMatchObject({
      headcount: 1,
      present: 2,
      normal: 1,
      abnormal: 1,
      absent: 1,
      rest: 1,
      hours: 13,
    });
    expect(group('二分包')).toMatchObject({
      headcount: 2,
      present: 1,
      normal: 0,
      abnormal: 1,
      absent: 4,
      rest: 2,
      hours: 7,
    });
    expect(stats.totals).toEqual({
      headcount: 4,
      present: 6,
      normal: 2,
      abnormal: 4,
      absent: 5,
      rest: 4,
      hours: 29.5,
    });
    const day = (date: string) => stats.days.find((d) => d.date === date);
    expect(stats.days).toHaveLength(31);
    expect(day('2026-03-01')).toEqual({
      date: '2026-03-01',
      present: 0,
      normal: 0,
      abnormal: 0,
      absent: 0,
      rest: 0,
    });
    expect(day('2026-03-02')).toEqual({
      date: '2026-03-02',
      present: 3,
      normal: 1,
      abnormal: 2,
      absent: 0,
      rest: 0,
    });
    expect(day('2026-03-03')).toEqual({
      date: '2026-03-03',
      present: 2,
      normal: 1,
      abnormal: 1,
      absent: 2,
      rest: 0,
    });
    expect(day('2026-03-04')).toMatchObject({ rest: 4, present: 0 });
    expect(day('2026-03-05')).toMatchObject({ absent: 3, abnormal: 1, present: 1 });
    // Days still to come count nothing.
    expect(day('2026-03-06')).toMatchObject({ absent: 0, rest: 0, present: 0 });
  });

  it('groups by craft (people without one under null), and takes a day or a week', async () => {
    const stats = await statistics('period=month&month=2026-03&groupBy=craft');
    expect(stats.rows.map((row) => [row.group?.name ?? null, row.headcount])).toEqual([
      ['钢筋工', 1], // gāng before mù: group names sort by pinyin
      ['木工', 1],
      [null, 2],
    ]);
    const week = await statistics('period=week&date=2026-03-04');
    expect([week.from, week.to]).toEqual(['2026-03-02', '2026-03-08']);
    expect(week.totals).toMatchObject({ headcount: 4, present: 6, normal: 2, abnormal: 4 });
    const day = await statistics('period=day&date=2026-03-02');
    expect(day.totals).toEqual({
      headcount: 3,
      present: 3,
      normal: 1,
      abnormal: 2,
      absent: 0,
      rest: 0,
      hours: 20.5,
    });
    expect(
      (await call('GET', `${P}/projects/${project}/attendance/statistics?period=month`, cookies.demo))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          'GET',
          `${P}/projects/${project}/attendance/statistics?period=day&date=2026-03-02`,
          cookies.zhouba,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('answers the month sheet: one status per day, null off the books or still to come', async () => {
    const sheet = await must<AttendanceMonthSheet>(
      'GET',
      `${P}/projects/${project}/attendance/monthSheet?month=2026-03`,
      cookies.wangwu,
    );
    expect(sheet.days).toHaveLength(31);
    expect(sheet.count).toBe(4);
    const c = sheet.rows.find((row) => row.person._id === people.C)!;
    expect(c.days.slice(0, 6)).toEqual([null, null, 'absent', 'rest', 'absent', null]);
    expect(c).toMatchObject({ absent: 2, rest: 1, normal: 0, abnormal: 0, hours: 0 });
    const a = sheet.rows.find((row) => row.person._id === people.A)!;
    expect(a.days.slice(0, 5)).toEqual([null, 'normal', 'abnormal', 'rest', 'abnormal']);
    const unitOnly = await must<AttendanceMonthSheet>(
      'GET',
      `${P}/projects/${project}/attendance/monthSheet?month=2026-03&unitId=${units.two}&limit=1`,
      cookies.wangwu,
    );
    expect(unitOnly.count).toBe(2);
    expect(unitOnly.rows).toHaveLength(1);
  });

  it('exports the month sheet and the statistics as xlsx (export right)', async () => {
    const sheet = await t.app.inject({
      method: 'GET',
      url: `${P}/projects/${project}/attendance/monthSheet?month=2026-03&export=true`,
      headers: { cookie: cookies.lisi },
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    expect(sheet.headers['content-disposition']).toContain('attendance-month-2026-03.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('姓名');
    expect(ws.getRow(1).getCell(5).value).toBe('2');
    const rowOfC = ws.getRows(2, 4)!.find((row) => row.getCell(1).value === '丙')!;
    expect(rowOfC.getCell(3 + 3).value).toBe('缺勤');
    expect(rowOfC.getCell(3 + 4).value).toBe('休息');

    const denied = await call(
      'GET',
      `${P}/projects/${project}/attendance/monthSheet?month=2026-03&export=true`,
      cookies.wangwu,
    );
    expect(denied.statusCode).toBe(403);

    const stats = await t.app.inject({
      method: 'GET',
      url: `${P}/projects/${project}/attendance/statistics?period=month&month=2026-03&export=true&lang=en-US`,
      headers: { cookie: cookies.lisi },
    });
    expect(stats.statusCode, stats.body).toBe(200);
    const statsBook = new ExcelJS.Workbook();
    await statsBook.xlsx.load(stats.rawPayload as unknown as ArrayBuffer);
    const groups = statsBook.getWorksheet('By group')!;
    expect(groups.getRow(1).values).toEqual([
      undefined,
      'Unit',
      'On the books',
      'Present (person-days)',
      'Normal',
      'Abnormal',
      'Absent',
      'Rest',
      'Hours',
    ]);
    const total = groups.getRow(groups.rowCount);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(2).value).toBe(4);
    expect(total.getCell(8).value).toBe(29.5);
    expect(statsBook.getWorksheet('By day')!.rowCount).toBe(32);
  });
});

describe('corrections', () => {
  it("override the computed status with the admin's reason, and are listed with who and when", async () => {
    const corrected = await must<AttendanceCorrectionRecord>(
      'POST',
      `${P}/attendanceCorrections`,
      cookies.demo,
      {
        personId: people.A,
        date: '2026-03-03',
        out: '17:00',
        reason: '闸机故障，补录离场',
      },
    );
    expect(corrected).toMatchObject({
      personId: people.A,
      date: '2026-03-03',
      in: null,
      out: '17:00',
      status: null,
      reason: '闸机故障，补录离场',
      correctedBy: { _id: ids.demo },
      createdAt: t.clock.now().toISOString(),
    });
    expect(rowOf(await board('wangwu', '2026-03-03'), people.A)).toMatchObject({
      status: 'normal',
      firstIn: '2026-03-02T22:30:00.000Z',
      lastOut: utc('2026-03-03', '17:00'),
      hours: 10.5,
      corrected: true,
    });

    await must('POST', `${P}/attendanceCorrections`, cookies.demo, {
      personId: people.C,
      date: '2026-03-03',
      status: 'rest',
      reason: '请假',
    });
    t.clock.advance(1000);
    await must('POST', `${P}/attendanceCorrections`, cookies.demo, {
      personId: people.C,
      date: '2026-03-03',
      status: 'normal',
      in: '08:00',
      out: '16:00',
      reason: '外出施工，已核实',
    });
    expect(rowOf(await board('wangwu', '2026-03-03'), people.C)).toMatchObject({
      status: 'normal',
      hours: 8,
      corrected: true,
    });

    const listed = await must<AttendanceCorrectionRecord[]>(
      'GET',
      `${P}/projects/${project}/attendanceCorrections`,
      cookies.wangwu,
    );
    expect(listed.map((c) => c.reason)).toEqual(['外出施工，已核实', '请假', '闸机故障，补录离场']);
    const forC = await must<AttendanceCorrectionRecord[]>(
      'GET',
      `${P}/projects/${project}/attendanceCorrections?personId=${people.C}&from=2026-03-03&to=2026-03-03`,
      cookies.wangwu,
    );
    expect(forC).toHaveLength(2);
    expect(
      await must('GET', `${P}/projects/${project}/attendanceCorrections?only_count=true`, cookies.wangwu),
    ).toEqual({ count: 3 });
  });

  it('need a reason, an admin, a day that has come and the person on the books', async () => {
    const body = { personId: people.B, date: '2026-03-03', status: 'rest', reason: '调休' };
    const cases: Array<[Record<string, unknown>, string, number, string]> = [
      [{ reason: '   ' }, 'demo', 400, 'common.validation'],
      [{ reason: undefined }, 'demo', 400, 'common.validation'],
      [{ status: undefined }, 'demo', 400, 'common.validation'],
      [{ in: '17:00', out: '08:00' }, 'demo', 400, 'common.validation'],
      [{ date: '2026-03-06' }, 'demo', 400, 'attendance.futureDay'],
      [{ personId: people.C, date: '2026-03-02' }, 'demo', 400, 'attendance.notOnRoll'],
      [{}, 'lisi', 403, 'common.forbidden'],
      [{ personId: people.foreign }, 'demo', 404, 'common.notFound'],
    ];
    for (const [change, who, status, key] of cases) {
      const response = await call('POST', `${P}/attendanceCorrections`, cookies[who as Name], {
        ...body,
        ...change,
      });
      expect([response.statusCode, keyOf(response)], JSON.stringify(change)).toEqual([status, key]);
    }
    expect(rowOf(await board('wangwu', '2026-03-03'), people.B)).toMatchObject({
      status: 'normal',
      corrected: false,
    });
  });
});

describe('exited people', () => {
  it('count up to their exit date; their later events are rejected', async () => {
    const E = await api.person(cookies.demo, {
      projectId: project,
      name: '戊',
      idNumber: idNumber(6),
      unitId: units.two,
      entryDate: '2026-03-02',
    });
    await must('PUT', `${P}/personnel/${E}/exit`, cookies.demo, { date: '2026-03-02', remark: '合同到期' });
    const result = json<AttendanceIngestResult>(
      await ingest(device.token, [
        { eventId: 'e1', personId: E, direction: 'in', at: at('2026-03-02', '08:00') },
        { eventId: 'e2', personId: E, direction: 'in', at: at('2026-03-03', '08:00') },
      ]),
    );
    expect(result).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [{ eventId: 'e2', reason: 'personExited' }],
    });
    expect(rowOf(await board('wangwu', '2026-03-02'), E)).toMatchObject({ status: 'abnormal' });
    expect(rowOf(await board('wangwu', '2026-03-03'), E)).toBeUndefined();
  });
});
