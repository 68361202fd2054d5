import { z } from 'zod';
import { idSchema } from '../common/ids';
import { listQuerySchema } from '../common/paging';
import { normalizeIdNumber } from './idNumber';
import { personnelRefSchema } from './personnel';
import { personnelDateSchema, personnelMonthSchema } from './settings';

// ── day status ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * Attendance day status (spec 001 §4). `rest`: a day-off of the project (and no events); `absent`: no events
 * on a working day; `abnormal`: an in without an out (or the reverse), or fewer hours than the rule asks;
 * `normal`: the rule's hours reached. A manual correction may set it outright.
 */
export const ATTENDANCE_DAY_STATUSES = ['absent', 'abnormal', 'rest', 'normal'] as const;
export type AttendanceDayStatus = (typeof ATTENDANCE_DAY_STATUSES)[number];

export const ATTENDANCE_STATUS_LABELS: Readonly<
  Record<AttendanceDayStatus, { 'zh-CN': string; 'en-US': string }>
> = {
  absent: { 'zh-CN': '缺勤', 'en-US': 'Absent' },
  abnormal: { 'zh-CN': '异常', 'en-US': 'Abnormal' },
  rest: { 'zh-CN': '休息', 'en-US': 'Rest' },
  normal: { 'zh-CN': '正常', 'en-US': 'Normal' },
};

// ── gate devices ─────────────────────────────────────────────────────────────────────────────────────────

/** POST attendanceDevices {projectId, name}: a site gate; the answer shows its token once. */
export const attendanceDeviceCreateSchema = z.strictObject({
  projectId: idSchema,
  name: z.string().trim().min(1).max(50),
});
export type AttendanceDeviceCreate = z.input<typeof attendanceDeviceCreateSchema>;

export const attendanceDeviceSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AttendanceDevice = z.infer<typeof attendanceDeviceSchema>;

/** The create answer: the device and its token (sent as `Authorization: Bearer <token>` by the gate). */
export const attendanceDeviceCreatedSchema = attendanceDeviceSchema.extend({ token: z.string() });
export type AttendanceDeviceCreated = z.infer<typeof attendanceDeviceCreatedSchema>;

// ── ingest ───────────────────────────────────────────────────────────────────────────────────────────────

export const ATTENDANCE_DIRECTIONS = ['in', 'out'] as const;
export type AttendanceDirection = (typeof ATTENDANCE_DIRECTIONS)[number];
export const ATTENDANCE_INGEST_MAX_EVENTS = 1000;

/**
 * One gate event. `eventId` is the device's own id of the event: replaying it is harmless (idempotent per
 * device). The person is named by record id or by ID number; `at` is an ISO 8601 instant with offset.
 * The ID number is only normalised here, not validated: a gate that read a bad card must not lose the
 * batch's other events — no person has an invalid number, so that event is rejected alone (unknownPerson).
 */
export const attendanceEventSchema = z
  .strictObject({
    eventId: z.string().trim().min(1).max(100),
    personId: idSchema.optional(),
    idNumber: z.string().max(40).transform(normalizeIdNumber).optional(),
    direction: z.enum(ATTENDANCE_DIRECTIONS),
    at: z.iso.datetime({ offset: true }),
  })
  .refine((e) => (e.personId === undefined) !== (e.idNumber === undefined), {
    message: 'attendance.personRequired',
    path: ['personId'],
  });
export type AttendanceEvent = z.input<typeof attendanceEventSchema>;

/** POST attendance/events (device token, no session). */
export const attendanceIngestSchema = z.strictObject({
  events: z.array(attendanceEventSchema).min(1).max(ATTENDANCE_INGEST_MAX_EVENTS),
});
export type AttendanceIngest = z.input<typeof attendanceIngestSchema>;

/** Why an event was not kept. */
export const ATTENDANCE_REJECT_REASONS = [
  'unknownPerson',
  'personExited',
  'duplicateInBatch',
  'future',
] as const;
export const attendanceIngestResultSchema = z.object({
  accepted: z.number().int().min(0),
  /** Events this device had already sent (same eventId): ignored. */
  duplicates: z.number().int().min(0),
  rejected: z.array(z.object({ eventId: z.string(), reason: z.enum(ATTENDANCE_REJECT_REASONS) })),
});
export type AttendanceIngestResult = z.infer<typeof attendanceIngestResultSchema>;

// ── corrections ──────────────────────────────────────────────────────────────────────────────────────────

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalidFormat');

/**
 * POST attendanceCorrections: an administrator fixes a person's day. `in` / `out` are local times `HH:mm` of
 * that date (project time zone), `null` clears; `status` sets the day's status outright. The reason is
 * required. The latest correction of a day wins; the gate events stay as they were.
 */
export const attendanceCorrectionSchema = z
  .strictObject({
    personId: idSchema,
    date: personnelDateSchema,
    in: clockTime.nullable().optional(),
    out: clockTime.nullable().optional(),
    status: z.enum(ATTENDANCE_DAY_STATUSES).optional(),
    reason: z.string().trim().min(1, 'attendance.reasonRequired').max(500),
  })
  .superRefine((v, ctx) => {
    if (v.in === undefined && v.out === undefined && v.status === undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'validation.required' });
    }
    if (v.in && v.out && v.out < v.in)
      ctx.addIssue({ code: 'custom', path: ['out'], message: 'attendance.outBeforeIn' });
  });
export type AttendanceCorrection = z.input<typeof attendanceCorrectionSchema>;

export const attendanceCorrectionRecordSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  personId: idSchema,
  date: z.string(),
  in: z.string().nullable(),
  out: z.string().nullable(),
  status: z.enum(ATTENDANCE_DAY_STATUSES).nullable(),
  reason: z.string(),
  correctedBy: personnelRefSchema,
  createdAt: z.string(),
});
export type AttendanceCorrectionRecord = z.infer<typeof attendanceCorrectionRecordSchema>;

// ── the day board ────────────────────────────────────────────────────────────────────────────────────────

/** GET projects/{id}/attendance/days?date=YYYY-MM-DD: every person on the books that day, with filters. */
export const attendanceDayQuerySchema = listQuerySchema
  .pick({ skip: true, limit: true, only_count: true })
  .extend({
    date: personnelDateSchema,
    unitId: idSchema.optional(),
    craftId: idSchema.optional(),
    status: z.enum(ATTENDANCE_DAY_STATUSES).optional(),
    keyword: z.string().trim().max(50).optional(),
  })
  .strict();
export type AttendanceDayQuery = z.input<typeof attendanceDayQuerySchema>;

export const attendanceDayRowSchema = z.object({
  person: personnelRefSchema,
  unit: personnelRefSchema.nullable(),
  craft: personnelRefSchema.nullable(),
  date: z.string(),
  /** ISO instants (a correction's times included). */
  firstIn: z.string().nullable(),
  lastOut: z.string().nullable(),
  /** Hours counted by the person's rule, two decimals. */
  hours: z.number().min(0),
  requiredHours: z.number().min(0),
  status: z.enum(ATTENDANCE_DAY_STATUSES),
  corrected: z.boolean(),
});
export type AttendanceDayRow = z.infer<typeof attendanceDayRowSchema>;

export const attendanceDayBoardSchema = z.object({
  date: z.string(),
  rows: z.array(attendanceDayRowSchema),
  count: z.number().int().min(0),
  totals: z.record(z.enum(ATTENDANCE_DAY_STATUSES), z.number().int().min(0)),
});
export type AttendanceDayBoard = z.infer<typeof attendanceDayBoardSchema>;

/** GET personnel/{id}/attendance?month=YYYY-MM: one person's days and raw events. */
export const personAttendanceQuerySchema = z.strictObject({ month: personnelMonthSchema });
export const personAttendanceSchema = z.object({
  days: z.array(attendanceDayRowSchema),
  events: z.array(
    z.object({
      _id: idSchema,
      direction: z.enum(ATTENDANCE_DIRECTIONS),
      at: z.string(),
      deviceName: z.string(),
    }),
  ),
});

// ── statistics ───────────────────────────────────────────────────────────────────────────────────────────

export const ATTENDANCE_PERIODS = ['day', 'week', 'month'] as const;
export type AttendancePeriod = (typeof ATTENDANCE_PERIODS)[number];
export const ATTENDANCE_GROUP_BY = ['unit', 'craft'] as const;
export type AttendanceGroupBy = (typeof ATTENDANCE_GROUP_BY)[number];

/**
 * GET projects/{id}/attendance/statistics. `period=day` takes `date`; `week` takes `date` (the ISO week,
 * Monday to Sunday, containing it); `month` takes `month`. `export=true` answers an xlsx.
 */
export const attendanceStatisticsQuerySchema = z
  .strictObject({
    period: z.enum(ATTENDANCE_PERIODS),
    date: personnelDateSchema.optional(),
    month: personnelMonthSchema.optional(),
    groupBy: z.enum(ATTENDANCE_GROUP_BY).optional(),
    export: z
      .enum(['true', 'false', '1', '0'])
      .transform((v) => v === 'true' || v === '1')
      .optional(),
    lang: z.string().max(16).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.period === 'month' ? !v.month : !v.date) {
      ctx.addIssue({
        code: 'custom',
        path: [v.period === 'month' ? 'month' : 'date'],
        message: 'validation.required',
      });
    }
  });
export type AttendanceStatisticsQuery = z.input<typeof attendanceStatisticsQuerySchema>;

const statusCounts = {
  normal: z.number().int().min(0),
  abnormal: z.number().int().min(0),
  absent: z.number().int().min(0),
  rest: z.number().int().min(0),
};

/** One group (a unit or craft; `group` null: staff without a craft) over the period: person-days and hours. */
export const attendanceStatisticsRowSchema = z.object({
  group: personnelRefSchema.nullable(),
  /** People on the books at some point of the period. */
  headcount: z.number().int().min(0),
  /** Person-days with at least one event (normal + abnormal). */
  present: z.number().int().min(0),
  ...statusCounts,
  hours: z.number().min(0),
});
export type AttendanceStatisticsRow = z.infer<typeof attendanceStatisticsRowSchema>;

export const attendanceStatisticsSchema = z.object({
  period: z.enum(ATTENDANCE_PERIODS),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(ATTENDANCE_GROUP_BY),
  rows: z.array(attendanceStatisticsRowSchema),
  /** Per day of the period, for the chart. */
  days: z.array(z.object({ date: z.string(), present: z.number().int().min(0), ...statusCounts })),
  totals: attendanceStatisticsRowSchema.omit({ group: true }),
});
export type AttendanceStatistics = z.infer<typeof attendanceStatisticsSchema>;
