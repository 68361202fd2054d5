import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import type { FileReadCheck } from '../../files/attachments';
import type { OrgAccess } from '../../org/access';
import { createPeopleSource } from '../attendance/people.source';
import { violationsRoutes } from './violations.routes';
import { createViolationsService } from './violations.service';

export interface ViolationsDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
  /** modules/files: may the user read these files? Asked before they are attached (issue 14). */
  readableFiles?: FileReadCheck | undefined;
}

/** Violation records of a project's workers (part of personnel-service). */
export function createViolationsModule({ db, clock, access, readableFiles }: ViolationsDeps) {
  return {
    violations: createViolationsService({ db, clock, access, people: createPeopleSource(db), readableFiles }),
  };
}
export type ViolationsModule = ReturnType<typeof createViolationsModule>;

export const violationsPlugin: FastifyPluginAsyncZod<{ module: ViolationsModule }> = async (
  app,
  { module },
) => {
  await app.register(violationsRoutes, { violations: module.violations });
};
