import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Engine } from '../../../db/engine';
import type { Database } from '../../../db/schema';
import type { OrgAccess } from '../access';
import type { MemberEventSinks } from './member-events';
import { membersRoutes } from './members.routes';
import { createMembersService, type MemberPolicy } from './members.service';
import { createRequestsService } from './requests.service';

export type { MemberAddedEvent, MemberEventSinks } from './member-events';
export { onMemberAdded } from './member-events';
export type { MemberPolicy } from './members.service';

export interface MembersDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  /** Permission templates and 4D rules (modules/permissions); absent: no default template, no 4D check. */
  policy?: MemberPolicy | undefined;
  /** Who hears about added members (notifications); absent: nobody. */
  memberEvents?: MemberEventSinks | undefined;
}

/** Members, invitations and member requests of enterprises, circles and projects. */
export function createMembersModule(deps: MembersDeps) {
  const members = createMembersService(deps);
  const requests = createRequestsService({
    db: deps.db,
    clock: deps.clock,
    access: deps.access,
    members,
    memberEvents: deps.memberEvents,
  });
  return { members, requests };
}
export type MembersModule = ReturnType<typeof createMembersModule>;

/** Mounted under account-service with the rest of the organisation. */
export const membersPlugin: FastifyPluginAsyncZod<{ module: MembersModule }> = async (app, { module }) => {
  await app.register(membersRoutes, module);
};
