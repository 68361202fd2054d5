import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import type { Database } from '../../db/schema';
import { createOrgAccess } from './access';
import { orgRoutes } from './org.routes';
import { createOrgService } from './org.service';
import { orgExtraRoutes } from './org-extra.routes';

export interface OrgDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
}

/** The organisation: enterprises, circles, projects, members, project settings, trial plans. */
export function createOrgModule({ db, engine, clock }: OrgDeps) {
  const access = createOrgAccess(db);
  const org = createOrgService({ db, engine, clock, access });
  return { access, org };
}
export type OrgModule = ReturnType<typeof createOrgModule>;

/** Mounted under account-service (ACCOUNT_PREFIX), where the specification puts these calls. */
export const orgPlugin: FastifyPluginAsyncZod<{ module: OrgModule }> = async (app, { module }) => {
  await app.register(orgRoutes, { org: module.org });
  await app.register(orgExtraRoutes, { org: module.org });
};
