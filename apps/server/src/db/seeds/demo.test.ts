import type { AttendanceStatistics } from '@lintel/contracts/personnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock';
import {
  ACCOUNT,
  buildTestApp,
  login,
  signIn,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../test/helper';

/**
 * The demo as a real first start seeds it (issue 17): every demo account has a phone from the demo's test
 * numbers (nobody is sent to /bindTel), and the demo project has a realistic last month at its gate.
 * "Today" is Thursday 2026-11-26 in Beijing (12:00 there): the seeded days are 2026-10-27 to 2026-11-25.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    clock: new TestClock(new Date('2026-11-26T04:00:00.000Z')),
    demoPhones: true,
    demoAttendance: true,
  });
});
afterAll(() => t.close());

describe('the demo accounts', () => {
  it('all have a phone, so that signing in leads home, not to /bindTel', async () => {
    const phones: Record<string, string> = {};
    for (const [name, password] of [
      ['demo', 'Demo1234'],
      ['zhangsan', 'Demo1234'],
      ['admin', TEST_ADMIN_PASSWORD],
    ] as const) {
      const response = await login(t.app, name, password);
      expect(response.statusCode).toBe(200);
      phones[name] = response.json().phoneNumber;
      // ADMIN_PASSWORD is the operator's own: no forced change.
      expect(response.json()).not.toHaveProperty('mustChangePassword');
    }
    expect(phones).toEqual({ demo: '13800000001', zhangsan: '13800000002', admin: '13800000000' });
  });
});

describe("the demo's attendance", () => {
  it('shows most people present on working days, some late or absent, nobody on rest days', async () => {
    const cookie = await signIn(t.app);
    const projects = (
      await t.app.inject({ method: 'GET', url: `${ACCOUNT}/projects`, headers: { cookie } })
    ).json();
    const projectId = projects[0]._id as string;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/personnel-service/projects/${projectId}/attendance/statistics?period=month&month=2026-11`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const stats = response.json() as AttendanceStatistics;
    const seeded = stats.days.filter((day) => day.date <= '2026-11-25');
    expect(seeded).toHaveLength(25);
    const weekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
    for (const day of seeded) {
      if (weekend(day.date)) {
        // Saturdays and Sundays are the project's rest days: nobody at the gate, nobody absent.
        expect(day, day.date).toMatchObject({ present: 0, normal: 0, abnormal: 0, absent: 0 });
        expect(day.rest, day.date).toBeGreaterThan(0);
      } else {
        expect(day.rest, day.date).toBe(0);
        // Most people on the books are there every working day.
        expect(day.present / (day.present + day.absent), day.date).toBeGreaterThan(0.7);
      }
    }
    const workdays = seeded.filter((day) => !weekend(day.date));
    expect(workdays).toHaveLength(18);
    const sum = (key: 'normal' | 'abnormal' | 'absent') => workdays.reduce((n, day) => n + day[key], 0);
    // Late arrivals and forgotten clock-outs (abnormal) and absences happen, but far less than normal days.
    expect(sum('abnormal')).toBeGreaterThan(0);
    expect(sum('absent')).toBeGreaterThan(0);
    expect(sum('normal')).toBeGreaterThan(5 * (sum('abnormal') + sum('absent')));
    // The gate's events came through a device of the project, as a real gate's.
    const devices = await t.app.inject({
      method: 'GET',
      url: `/api/v1/personnel-service/projects/${projectId}/attendanceDevices`,
      headers: { cookie },
    });
    expect(devices.json()).toEqual([expect.objectContaining({ name: '示范工地东大门' })]);
  });
});
