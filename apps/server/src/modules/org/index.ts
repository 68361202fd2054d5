import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import type { Database } from '../../db/schema';
import { createOrgAccess, type OrgAccessCache } from './access';
import { enterpriseAdminRoutes } from './enterprise-admin.routes';
import { createEnterpriseAdminService } from './enterprise-admin.service';
import {
  createMembersModule,
  type MemberEventSinks,
  type MemberPolicy,
  membersPlugin,
} from './members/index';
import { createMembersRepository } from './members/members.repository';
import { createPermissionsMemberPolicy } from './members/permissions-policy';
import { createOrgRepository } from './org.repository';
import { orgRoutes } from './org.routes';
import { createOrgService } from './org.service';
import { orgExtraRoutes } from './org-extra.routes';
import { createStructuresModule, structuresPlugin } from './structures/index';

export interface OrgDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  /** Permission templates and 4D rules for members (modules/permissions). */
  memberPolicy?: MemberPolicy | undefined;
  /** The notifications module's producer: new members are told (modules/notifications). */
  notify?: MemberEventSinks['notify'] | undefined;
  /** The invitee's to-do of a membership invitation (modules/notifications). */
  addTodo?: MemberEventSinks['addTodo'] | undefined;
  closeTodo?: MemberEventSinks['closeTodo'] | undefined;
  /** Where a failed notification is reported (it never fails the add). */
  log?: MemberEventSinks['log'] | undefined;
  /** Lets the authorization check reuse scope and membership reads while nothing changed (access.ts). */
  accessCache?: OrgAccessCache | undefined;
}

/** The new member's notification needs the scope's name and the adder's. */
function memberEventSinks(
  db: Kysely<Database>,
  notify: MemberEventSinks['notify'],
  log: MemberEventSinks['log'],
  todos: Pick<MemberEventSinks, 'addTodo' | 'closeTodo'>,
): MemberEventSinks {
  const orgRepository = createOrgRepository(db);
  const membersRepository = createMembersRepository(db);
  const find = { enterprise: 'findEnterprise', circle: 'findCircle', project: 'findProject' } as const;
  return {
    notify,
    log,
    ...todos,
    async describe(event) {
      const [scope, by] = await Promise.all([
        orgRepository[find[event.scope.type]](event.scope.id),
        membersRepository.findUserById(event.byUserId),
      ]);
      if (!scope) return null;
      return { scopeName: scope.name, byName: by ? by.nick_name || by.name : '' };
    },
  };
}

/** The organisation: enterprises, circles, projects, members, project settings, trial plans. */
export function createOrgModule({
  db,
  engine,
  clock,
  memberPolicy,
  notify,
  addTodo,
  closeTodo,
  log,
  accessCache,
}: OrgDeps) {
  const access = createOrgAccess(db, accessCache);
  const members = createMembersModule({
    db,
    engine,
    clock,
    access,
    policy: memberPolicy ?? createPermissionsMemberPolicy(clock),
    memberEvents: notify ? memberEventSinks(db, notify, log ?? console, { addTodo, closeTodo }) : undefined,
  });
  const structures = createStructuresModule({
    db,
    clock,
    access,
    clearDepartments: members.members.clearDepartments,
  });
  const org = createOrgService({
    db,
    engine,
    clock,
    access,
    setProjectAdmins: members.members.setProjectAdmins,
  });
  const enterpriseAdmin = createEnterpriseAdminService({ db, clock });
  return { access, org, members, structures, enterpriseAdmin };
}
export type OrgModule = ReturnType<typeof createOrgModule>;

/** Mounted under account-service (ACCOUNT_PREFIX), where the specification puts these calls. */
export const orgPlugin: FastifyPluginAsyncZod<{ module: OrgModule }> = async (app, { module }) => {
  await app.register(orgRoutes, { org: module.org });
  await app.register(orgExtraRoutes, { org: module.org });
  await app.register(enterpriseAdminRoutes, { enterprises: module.enterpriseAdmin });
  await app.register(membersPlugin, { module: module.members });
  await app.register(structuresPlugin, { module: module.structures });
};
