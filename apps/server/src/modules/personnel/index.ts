import type { User } from '@lintel/contracts/account';
import type { MemberRole } from '@lintel/contracts/org';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import type { Database } from '../../db/schema';
import type { Storage } from '../../storage/index';
import type { AuditLog } from '../audit/index';
import type { FileReadCheck } from '../files/attachments';
import type { OrgAccess } from '../org/access';
import { attendancePlugin, createAttendanceModule } from './attendance/index';
import { createPersonnelRepository } from './personnel.repository';
import { personnelRoutes, personnelShareRoutes } from './personnel.routes';
import { createPersonnelService } from './personnel.service';
import { personnelSettingsRoutes } from './settings.routes';
import { createPersonnelSettings } from './settings.service';
import { withPersonnelTables } from './tables';
import { createViolationsModule, violationsPlugin } from './violations/index';

/** personnel-service, where the specification puts personnel, attendance and violations. */
export const PERSONNEL_PREFIX = '/api/v1/personnel-service';

export interface PersonnelDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  /** Rights: the personnel module's permissions of the caller's template (requireScopeRole). */
  access: OrgAccess;
  /** The public staff card streams the avatar's bytes. */
  storage: Storage;
  /** The units a member's permission template narrows personnel to (permissions' treeScope). */
  unitScope?: (user: User, projectId: string, role: MemberRole | null) => Promise<readonly string[] | null>;
  /** modules/files: may the user read these files? Asked before they are attached (issue 14). */
  readableFiles?: FileReadCheck | undefined;
  /** Full views of workers' ID numbers and phones, and personnel exports, are recorded (issue 17). */
  audit: AuditLog;
}

/** Personnel records of a project and their settings (units, crafts, rules, violation types/items, day-offs). */
export function createPersonnelModule({
  db,
  engine,
  clock,
  access,
  storage,
  unitScope,
  readableFiles,
  audit,
}: PersonnelDeps) {
  const settings = createPersonnelSettings({ db, clock, access });
  const personnel = createPersonnelService({
    db,
    engine,
    clock,
    access,
    settings,
    unitScope,
    readableFiles,
    audit,
  });
  // Attendance and violations (their own folders) read these tables and share the rights.
  const attendance = createAttendanceModule({ db, clock, access });
  const violations = createViolationsModule({ db, clock, access, readableFiles });
  return { settings, personnel, storage, attendance, violations };
}

/** Which of `ids` are units of the project (not deleted): the `units` tree of permission templates. */
export function createUnitNodes(db: Kysely<Database>) {
  const repository = createPersonnelRepository(withPersonnelTables(db));
  return async (projectId: string, ids: readonly string[]): Promise<ReadonlySet<string>> => {
    const wanted = new Set(ids);
    return new Set((await repository.units(projectId)).map((unit) => unit.id).filter((id) => wanted.has(id)));
  };
}
export type PersonnelModule = ReturnType<typeof createPersonnelModule>;

export const personnelPlugin: FastifyPluginAsyncZod<{ module: PersonnelModule }> = async (
  app,
  { module },
) => {
  await app.register(personnelSettingsRoutes, { settings: module.settings });
  await app.register(personnelRoutes, { personnel: module.personnel });
  await app.register(personnelShareRoutes, { personnel: module.personnel, storage: module.storage });
  await app.register(attendancePlugin, { module: module.attendance });
  await app.register(violationsPlugin, { module: module.violations });
};
