import { z } from 'zod';
import { attachmentRefSchema } from '../announcements/schemas';
import { idSchema } from '../common/ids';
import { listQuerySchema } from '../common/paging';
import { personnelFileSchema, personnelRefSchema } from './personnel';
import { personnelDateSchema, personnelMonthSchema } from './settings';

/** Photos per violation record (spec 001 §9: at most 9 images). */
export const VIOLATION_PHOTOS_MAX = 9;
export const VIOLATION_DESCRIPTION_MAX_LENGTH = 1000;

/**
 * POST violationRecords. The item must belong to the type; the recorder is the caller unless `recorderId`
 * names another member of the project.
 */
export const violationRecordCreateSchema = z.strictObject({
  projectId: idSchema,
  personId: idSchema,
  date: personnelDateSchema,
  description: z.string().trim().min(1).max(VIOLATION_DESCRIPTION_MAX_LENGTH),
  typeId: idSchema,
  itemId: idSchema,
  recorderId: idSchema.optional(),
  photos: z.array(attachmentRefSchema).max(VIOLATION_PHOTOS_MAX).optional(),
});
export type ViolationRecordCreate = z.input<typeof violationRecordCreateSchema>;

export const violationRecordUpdateSchema = violationRecordCreateSchema
  .omit({ projectId: true })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'validation.required');
export type ViolationRecordUpdate = z.input<typeof violationRecordUpdateSchema>;

const queryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** GET projects/{id}/violationRecords: filters; `unitId` includes descendants; dates inclusive. */
export const violationRecordsQuerySchema = listQuerySchema
  .extend({
    personId: idSchema.optional(),
    unitId: idSchema.optional(),
    typeId: idSchema.optional(),
    itemId: idSchema.optional(),
    from: personnelDateSchema.optional(),
    to: personnelDateSchema.optional(),
    keyword: z.string().trim().max(50).optional(),
    export: queryFlag.optional(),
    lang: z.string().max(16).optional(),
  })
  .strict();
export type ViolationRecordsQuery = z.input<typeof violationRecordsQuerySchema>;

export const violationRecordSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  personId: idSchema,
  person: personnelRefSchema.nullable(),
  unit: personnelRefSchema.nullable(),
  date: z.string(),
  description: z.string(),
  typeId: idSchema,
  type: personnelRefSchema.nullable(),
  itemId: idSchema,
  item: personnelRefSchema.nullable(),
  recorderId: idSchema,
  recorder: personnelRefSchema.nullable(),
  photos: z.array(personnelFileSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ViolationRecord = z.infer<typeof violationRecordSchema>;

/** GET projects/{id}/violationRecords/statistics: counts by type, by unit and by month over a date range. */
export const violationStatisticsQuerySchema = z.strictObject({
  from: personnelDateSchema.optional(),
  to: personnelDateSchema.optional(),
  fromMonth: personnelMonthSchema.optional(),
  toMonth: personnelMonthSchema.optional(),
  export: queryFlag.optional(),
  lang: z.string().max(16).optional(),
});
export type ViolationStatisticsQuery = z.input<typeof violationStatisticsQuerySchema>;

const countRow = z.object({ group: personnelRefSchema.nullable(), count: z.number().int().min(0) });
export const violationStatisticsSchema = z.object({
  total: z.number().int().min(0),
  byType: z.array(countRow),
  byUnit: z.array(countRow),
  byMonth: z.array(z.object({ month: z.string(), count: z.number().int().min(0) })),
});
export type ViolationStatistics = z.infer<typeof violationStatisticsSchema>;
