import type {
  AttendanceCorrectionRecord,
  AttendanceDayRow,
  AttendanceDevice,
  AttendanceMonthSheet,
  AttendanceStatistics,
  Craft,
  Unit,
  ViolationItem,
  ViolationRecord,
  ViolationStatistics,
  ViolationType,
} from '@lintel/contracts/personnel';
import { setPlatformAPI } from 'echarts/core';
import type { FakeApi, FakeReply, SeenRequest } from '../../test/fakeApi';
import { makeUser } from '../../test/fixtures';
import {
  TEST_AT as AT,
  makeProjectMember,
  makeTestProject,
  serveProjectFrame,
  type TestProjectIds,
  takeRefusal,
} from '../../test/project';
import { renderRoutes } from '../../test/renderRoutes';
import { setupUser } from '../../test/user';
import AttendanceBoardPage from './pages/AttendanceBoardPage';
import AttendanceDevicesPage from './pages/AttendanceDevicesPage';
import AttendanceStatisticsPage from './pages/AttendanceStatisticsPage';
import ViolationsPage from './pages/ViolationsPage';

/*
 * jsdom has no canvas: echarts (SVG renderer) still measures label text on a canvas context, which jsdom
 * answers with null and a "not implemented" line per label. The text width is the only thing stubbed — a
 * plain estimate — so the layout runs and the data, options and SVG the pages produce are the real ones.
 */
setPlatformAPI({ measureText: (text = '') => ({ width: text.length * 7 }) });

export const PROJECT_ID = '66e000000000000000000001';
const IDS: TestProjectIds = {
  projectId: PROJECT_ID,
  enterpriseId: '66e000000000000000000002',
  memberIdPrefix: '66e0000000000000000006',
};
export const ADMIN = makeUser({ _id: '66e000000000000000000101', name: 'demo', nickName: '演示用户' });
export const UNIT_ID = '66e000000000000000000201';
export const SUB_UNIT_ID = '66e000000000000000000202';
export const CRAFT_ID = '66e000000000000000000301';
export const WORKER_ID = '66e000000000000000000401';
export const WORKER2_ID = '66e000000000000000000402';
export const TYPE_ID = '66e000000000000000000501';
export const TYPE2_ID = '66e000000000000000000502';
export const ITEM_ID = '66e000000000000000000601';
export const ITEM2_ID = '66e000000000000000000602';
export const DEVICE_ID = '66e000000000000000000701';
export const RECORD_ID = '66e000000000000000000801';
export const FILE_ID = '66e000000000000000000901';
export const TOKEN = 'lgd_3q2+7w9x-once-only-token';

const S = 'personnel-service';
const P = `${S}/projects/${PROJECT_ID}`;
const ref = (_id: string, name: string) => ({ _id, name });

const units: Unit[] = [
  {
    _id: UNIT_ID,
    projectId: PROJECT_ID,
    name: '中建三局',
    parentId: null,
    staffCount: 2,
    createdAt: AT,
    updatedAt: AT,
  },
  {
    _id: SUB_UNIT_ID,
    projectId: PROJECT_ID,
    name: '钢筋班组',
    parentId: UNIT_ID,
    staffCount: 0,
    createdAt: AT,
    updatedAt: AT,
  },
];
const crafts: Craft[] = [
  { _id: CRAFT_ID, projectId: PROJECT_ID, name: '钢筋工', createdAt: AT, updatedAt: AT } as Craft,
];
const types: ViolationType[] = [
  { _id: TYPE_ID, projectId: PROJECT_ID, name: '安全防护', createdAt: AT, updatedAt: AT } as ViolationType,
  { _id: TYPE2_ID, projectId: PROJECT_ID, name: '文明施工', createdAt: AT, updatedAt: AT } as ViolationType,
];
const items: ViolationItem[] = [
  {
    _id: ITEM_ID,
    projectId: PROJECT_ID,
    typeId: TYPE_ID,
    name: '未戴安全帽',
    createdAt: AT,
    updatedAt: AT,
  } as ViolationItem,
  {
    _id: ITEM2_ID,
    projectId: PROJECT_ID,
    typeId: TYPE2_ID,
    name: '乱扔垃圾',
    createdAt: AT,
    updatedAt: AT,
  } as ViolationItem,
];

export function makeDayRow(patch: Partial<AttendanceDayRow> = {}): AttendanceDayRow {
  return {
    person: ref(WORKER_ID, '王建国'),
    unit: ref(UNIT_ID, '中建三局'),
    craft: ref(CRAFT_ID, '钢筋工'),
    date: '2026-11-20',
    firstIn: '2026-11-19T23:58:00.000Z',
    lastOut: '2026-11-20T09:05:00.000Z',
    hours: 9.12,
    requiredHours: 8,
    status: 'normal',
    corrected: false,
    ...patch,
  };
}

export function makeStatistics(patch: Partial<AttendanceStatistics> = {}): AttendanceStatistics {
  const counts = { normal: 30, abnormal: 4, absent: 2, rest: 8 };
  return {
    period: 'month',
    from: '2026-11-01',
    to: '2026-11-30',
    groupBy: 'unit',
    rows: [{ group: ref(UNIT_ID, '中建三局'), headcount: 2, present: 34, ...counts, hours: 290.5 }],
    days: [
      { date: '2026-11-01', present: 2, normal: 2, abnormal: 0, absent: 0, rest: 0 },
      { date: '2026-11-02', present: 1, normal: 0, abnormal: 1, absent: 1, rest: 0 },
    ],
    totals: { headcount: 2, present: 34, ...counts, hours: 290.5 },
    ...patch,
  };
}

export function makeViolation(patch: Partial<ViolationRecord> = {}): ViolationRecord {
  return {
    _id: RECORD_ID,
    projectId: PROJECT_ID,
    personId: WORKER_ID,
    person: ref(WORKER_ID, '王建国'),
    unit: ref(UNIT_ID, '中建三局'),
    date: '2026-11-18',
    description: '三层作业面未戴安全帽',
    typeId: TYPE_ID,
    type: ref(TYPE_ID, '安全防护'),
    itemId: ITEM_ID,
    item: ref(ITEM_ID, '未戴安全帽'),
    recorderId: ADMIN._id,
    recorder: ref(ADMIN._id, '演示用户'),
    photos: [],
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  };
}

/** The server's state the handlers read and change; a test sets what it needs. */
export const state = {
  day: [] as AttendanceDayRow[],
  totals: { normal: 0, abnormal: 0, absent: 0, rest: 0 },
  corrections: [] as AttendanceCorrectionRecord[],
  statistics: makeStatistics(),
  devices: [] as AttendanceDevice[],
  violations: [] as ViolationRecord[],
  role: 'admin' as 'admin' | 'member',
  rights: { create: true, edit: true, delete: true, export: true } as Record<string, boolean>,
  refuse: {} as Record<string, FakeReply>,
  uploads: 0,
};

export function resetState(): void {
  state.day = [];
  state.totals = { normal: 0, abnormal: 0, absent: 0, rest: 0 };
  state.corrections = [];
  state.statistics = makeStatistics();
  state.devices = [];
  state.violations = [];
  state.role = 'admin';
  state.rights = { create: true, edit: true, delete: true, export: true };
  state.refuse = {};
  state.uploads = 0;
}

const refused = (route: string) => takeRefusal(state.refuse, route);
const guard = (route: string, handler: (request: SeenRequest) => FakeReply) => (request: SeenRequest) =>
  refused(route) ?? handler(request);

function monthSheet(month: string): AttendanceMonthSheet {
  const days = Array.from({ length: 30 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
  return {
    month,
    days,
    count: 1,
    rows: [
      {
        person: ref(WORKER_ID, '王建国'),
        unit: ref(UNIT_ID, '中建三局'),
        craft: ref(CRAFT_ID, '钢筋工'),
        days: days.map((_, i) => (i < 2 ? 'normal' : i === 2 ? 'absent' : null)),
        hours: 16,
        normal: 2,
        abnormal: 0,
        absent: 1,
        rest: 0,
      },
    ],
  };
}

const statistics: ViolationStatistics = {
  total: 3,
  byType: [{ group: ref(TYPE_ID, '安全防护'), count: 3 }],
  byUnit: [{ group: ref(UNIT_ID, '中建三局'), count: 3 }],
  byMonth: [{ month: '2026-11', count: 3 }],
};

function serveDevice(api: FakeApi, id: string): void {
  const path = `${S}/attendanceDevices/${id}`;
  api.on(
    `PUT ${path}`,
    guard(`PUT ${path}`, (request) => {
      const { name } = request.body as { name: string };
      state.devices = state.devices.map((d) => (d._id === id ? { ...d, name } : d));
      return { json: state.devices.find((d) => d._id === id) };
    }),
  );
  api.on(
    `DELETE ${path}`,
    guard(`DELETE ${path}`, () => {
      state.devices = state.devices.filter((d) => d._id !== id);
      return { json: {} };
    }),
  );
}

function serveViolation(api: FakeApi, id: string): void {
  const path = `${S}/violationRecords/${id}`;
  api.on(
    `PUT ${path}`,
    guard(`PUT ${path}`, (request) => {
      state.violations = state.violations.map((v) =>
        v._id === id ? { ...v, ...(request.body as Partial<ViolationRecord>) } : v,
      );
      return { json: state.violations.find((v) => v._id === id) };
    }),
  );
  api.on(
    `DELETE ${path}`,
    guard(`DELETE ${path}`, () => {
      state.violations = state.violations.filter((v) => v._id !== id);
      return { json: {} };
    }),
  );
}

const xlsx: FakeReply = {
  raw: { body: 'PK-xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

/** The calls the attendance and violation pages and the workbench frame make, over `state`. */
export function serveAttendance(api: FakeApi): void {
  serveProjectFrame(api, {
    project: makeTestProject(IDS, ADMIN),
    members: [makeProjectMember(IDS, ADMIN, 0)],
    role: () => state.role,
    modules: () => [{ key: 'personnel', group: 'security' }],
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/auth`, (request) => ({
    json: { value: state.rights[request.query.get('key') ?? ''] ?? false },
  }));
  api.on(`GET ${P}/units`, { json: units });
  api.on(`GET ${P}/crafts`, { json: crafts });
  api.on(`GET ${P}/violationTypes`, { json: types });
  api.on(`GET ${P}/violationItems`, { json: items });
  api.on(`GET ${P}/personnel`, { json: [ref(WORKER_ID, '王建国'), ref(WORKER2_ID, '李小龙')] });
  api.on(
    `GET ${P}/attendance/days`,
    guard(`GET ${P}/attendance/days`, (request) => {
      const status = request.query.get('status');
      const rows = status ? state.day.filter((row) => row.status === status) : state.day;
      return { json: { date: request.query.get('date'), rows, count: rows.length, totals: state.totals } };
    }),
  );
  api.on(`GET ${P}/attendanceCorrections`, () => ({ json: state.corrections }));
  api.on(
    `POST ${S}/attendanceCorrections`,
    guard(`POST ${S}/attendanceCorrections`, (request) => {
      const body = request.body as { personId: string; date: string; status?: string; reason: string };
      const record = {
        _id: '66e000000000000000000a01',
        projectId: PROJECT_ID,
        personId: body.personId,
        date: body.date,
        in: null,
        out: null,
        status: (body.status ?? null) as AttendanceCorrectionRecord['status'],
        reason: body.reason,
        correctedBy: ref(ADMIN._id, '演示用户'),
        createdAt: AT,
      };
      state.corrections = [record, ...state.corrections];
      state.day = state.day.map((row) =>
        row.person._id === body.personId
          ? { ...row, corrected: true, status: (body.status as AttendanceDayRow['status']) ?? row.status }
          : row,
      );
      return { json: record };
    }),
  );
  api.on(
    `GET ${P}/attendance/statistics`,
    guard(`GET ${P}/attendance/statistics`, (request) =>
      request.query.get('export') === 'true' ? xlsx : { json: state.statistics },
    ),
  );
  api.on(`GET ${P}/attendance/monthSheet`, (request) =>
    request.query.get('export') === 'true'
      ? xlsx
      : { json: monthSheet(request.query.get('month') ?? '2026-11') },
  );
  api.on(
    `GET ${P}/attendanceDevices`,
    guard(`GET ${P}/attendanceDevices`, () => ({ json: state.devices })),
  );
  api.on(
    `POST ${S}/attendanceDevices`,
    guard(`POST ${S}/attendanceDevices`, (request) => {
      const { name } = request.body as { name: string };
      const device: AttendanceDevice = {
        _id: DEVICE_ID,
        projectId: PROJECT_ID,
        name,
        lastSeenAt: null,
        createdAt: AT,
      };
      state.devices.push(device);
      return { json: { ...device, token: TOKEN } };
    }),
  );
  serveDevice(api, DEVICE_ID);
  api.on(
    `GET ${P}/violationRecords`,
    guard(`GET ${P}/violationRecords`, (request) => {
      if (request.query.get('export') === 'true') return xlsx;
      const typeId = request.query.get('typeId');
      const list = typeId ? state.violations.filter((v) => v.typeId === typeId) : state.violations;
      if (request.query.get('only_count') === 'true') return { json: { count: list.length } };
      return { json: list };
    }),
  );
  api.on(`GET ${P}/violationRecords/statistics`, { json: statistics });
  api.on(
    `POST ${S}/violationRecords`,
    guard(`POST ${S}/violationRecords`, (request) => {
      const body = request.body as Partial<ViolationRecord>;
      const created = makeViolation({ ...body, _id: '66e000000000000000000850', photos: [] });
      state.violations.push(created);
      return { json: created };
    }),
  );
  serveViolation(api, RECORD_ID);
  api.on('POST base-service/files', () => {
    state.uploads += 1;
    return { json: { pictures: [`/api/v1/base-service/files/${FILE_ID}${state.uploads}`] } };
  });
}

/** Renders the attendance and violation routes at `path` as the project's admin. */
export function renderAttendance(path: string) {
  const view = renderRoutes(
    {
      '/projects/:projectId/attendance': <AttendanceBoardPage />,
      '/projects/:projectId/attendance/statistics': <AttendanceStatisticsPage />,
      '/projects/:projectId/attendance/devices': <AttendanceDevicesPage />,
      '/projects/:projectId/violations': <ViolationsPage />,
    },
    { path, user: ADMIN },
  );
  return { ...view, user: setupUser() };
}

export const BOARD = `/projects/${PROJECT_ID}/attendance`;
export const STATISTICS = `/projects/${PROJECT_ID}/attendance/statistics`;
export const DEVICES = `/projects/${PROJECT_ID}/attendance/devices`;
export const VIOLATIONS = `/projects/${PROJECT_ID}/violations`;
export { P as PROJECT_API, S as SERVICE };
