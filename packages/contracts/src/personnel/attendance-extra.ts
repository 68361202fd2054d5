import { z } from 'zod';
import { idSchema } from '../common/ids';
import { listQuerySchema } from '../common/paging';
import { ATTENDANCE_DAY_STATUSES, attendanceDeviceCreateSchema } from './attendance';
import { personnelRefSchema } from './personnel';
import { personnelDateSchema, personnelMonthSchema } from './settings';

/**
 * Additions of the attendance server to the attendance contracts: the device rename, the corrections list
 * and the month sheet (every person × every day of a month).
 */

/** PUT attendanceDevices/{id} {name}: rename a gate. */
export const attendanceDeviceUpdateSchema = attendanceDeviceCreateSchema.pick({ name: true });
export type AttendanceDeviceUpdate = z.input<typeof attendanceDeviceUpdateSchema>;

/** GET projects/{id}/attendanceCorrections: newest first; narrowed by person and a date range (inclusive). */
export const attendanceCorrectionsQuerySchema = listQuerySchema
  .pick({ skip: true, limit: true, only_count: true })
  .extend({
    personId: idSchema.optional(),
    from: personnelDateSchema.optional(),
    to: personnelDateSchema.optional(),
  })
  .strict();
export type AttendanceCorrectionsQuery = z.input<typeof attendanceCorrectionsQuerySchema>;

/**
 * GET projects/{id}/attendance/monthSheet?month=YYYY-MM: the people on the books at some point of the month,
 * each with one status per day (null: not on the books that day, or the day is still to come). Filters
 * as the day board; `export=true` answers an xlsx of the whole sheet (no paging).
 */
export const attendanceMonthSheetQuerySchema = listQuerySchema
  .pick({ skip: true, limit: true })
  .extend({
    month: personnelMonthSchema,
    unitId: idSchema.optional(),
    craftId: idSchema.optional(),
    keyword: z.string().trim().max(50).optional(),
    export: z
      .enum(['true', 'false', '1', '0'])
      .transform((v) => v === 'true' || v === '1')
      .optional(),
    lang: z.string().max(16).optional(),
  })
  .strict();
export type AttendanceMonthSheetQuery = z.input<typeof attendanceMonthSheetQuerySchema>;

const statusCounts = {
  normal: z.number().int().min(0),
  abnormal: z.number().int().min(0),
  absent: z.number().int().min(0),
  rest: z.number().int().min(0),
};

export const attendanceMonthSheetRowSchema = z.object({
  person: personnelRefSchema,
  unit: personnelRefSchema.nullable(),
  craft: personnelRefSchema.nullable(),
  /** One per day of the month, in order. */
  days: z.array(z.enum(ATTENDANCE_DAY_STATUSES).nullable()),
  hours: z.number().min(0),
  ...statusCounts,
});
export type AttendanceMonthSheetRow = z.infer<typeof attendanceMonthSheetRowSchema>;

export const attendanceMonthSheetSchema = z.object({
  month: z.string(),
  /** The dates of the month, YYYY-MM-DD. */
  days: z.array(z.string()),
  /** People in the sheet (all pages). */
  count: z.number().int().min(0),
  rows: z.array(attendanceMonthSheetRowSchema),
});
export type AttendanceMonthSheet = z.infer<typeof attendanceMonthSheetSchema>;
