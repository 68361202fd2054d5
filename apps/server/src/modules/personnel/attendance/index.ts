import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import type { OrgAccess } from '../../org/access';
import { attendanceRoutes } from './attendance.routes';
import { createAttendanceService } from './attendance.service';
import { createPeopleSource } from './people.source';

export interface AttendanceDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
}

/** Attendance of a project's workers (part of personnel-service): gate devices, days, statistics. */
export function createAttendanceModule({ db, clock, access }: AttendanceDeps) {
  return { attendance: createAttendanceService({ db, clock, access, people: createPeopleSource(db) }) };
}
export type AttendanceModule = ReturnType<typeof createAttendanceModule>;

export const attendancePlugin: FastifyPluginAsyncZod<{ module: AttendanceModule }> = async (
  app,
  { module },
) => {
  await app.register(attendanceRoutes, { attendance: module.attendance });
};
