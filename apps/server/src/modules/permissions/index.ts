import { idSchema } from '@lintel/contracts';
import type { PermissionType } from '@lintel/contracts/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { OrgAccess } from '../org/access';
import { permissionsRoutes } from './permissions.routes';
import { createPermissionsService, type TreeNodeResolvers } from './permissions.service';

export interface PermissionsDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
  /** Refuses (throws) removing a discipline still in use elsewhere (problem topics); absent: no check. */
  assertDomainUnused?: (projectId: string, domainId: string) => Promise<void>;
  /** The trees (units, tags) a template may narrow modules to, by the modules that own them. */
  treeNodes?: TreeNodeResolvers;
}

/** Permission templates and the one check every module asks: `authorize` / `visibleScope`. */
export function createPermissionsModule({
  db,
  clock,
  access,
  assertDomainUnused,
  treeNodes,
}: PermissionsDeps) {
  const permissions = createPermissionsService({ db, clock, access, assertDomainUnused, treeNodes });

  /**
   * A route hook for later modules on `projects/:id/...` routes: 401 signed out, 404 when the project is
   * not yours to see, 403 when your template lacks the permission; admins always pass.
   */
  function requireProjectPermission(moduleKey: string, permission: PermissionType) {
    return async (request: FastifyRequest): Promise<void> => {
      if (!request.user) throw new AppError(401, 'common.unauthenticated');
      const id = idSchema.safeParse((request.params as { id?: unknown } | undefined)?.id);
      if (!id.success) throw new AppError(404, 'common.notFound');
      await access.requireScopeRole(
        request.user,
        { type: 'project', id: id.data },
        { moduleKey, permission },
      );
    };
  }

  return {
    permissions,
    authorize: permissions.authorize,
    visibleScope: permissions.visibleScope,
    treeScope: permissions.treeScope,
    requireProjectPermission,
  };
}
export type PermissionsModule = ReturnType<typeof createPermissionsModule>;

/** Mounted under account-service (ACCOUNT_PREFIX). */
export const permissionsPlugin: FastifyPluginAsyncZod<{ module: PermissionsModule }> = async (
  app,
  { module },
) => {
  await app.register(permissionsRoutes, { permissions: module.permissions });
};
