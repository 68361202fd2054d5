import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import type { OrgAccess } from '../../org/access';
import { createPeopleSource } from '../attendance/people.source';
import { violationsRoutes } from './violations.routes';
import { createViolationsService } from './violations.service';

export interface ViolationsDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
}

/** Violation records of a project's workers (part of personnel-service). */
export function createViolationsModule({ db, clock, access }: ViolationsDeps) {
  return { violations: createViolationsService({ db, clock, access, people: createPeopleSource(db) }) };
}
export type ViolationsModule = ReturnType<typeof createViolationsModule>;

export const violationsPlugin: FastifyPluginAsyncZod<{ module: ViolationsModule }> = async (
  app,
  { module },
) => {
  await app.register(violationsRoutes, { violations: module.violations });
};
