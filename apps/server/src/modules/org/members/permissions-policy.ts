import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import { createPermissionsRepository } from '../../permissions/permissions.repository';
import { createOrgRepository } from '../org.repository';
import type { MemberPolicy } from './members.service';

/**
 * The members' view of modules/permissions: a project's default template, whether a template is the
 * project's, and the 4D rules of spec 001 §5 for one member (PUT members/{id} {edit4D}) — the same rules as
 * PUT projects/{id}/edit4d: not when the allowance expired, none when zero are available; taking it back is
 * always allowed. Works inside the caller's transaction.
 */
export function createPermissionsMemberPolicy(clock: Clock): MemberPolicy {
  return {
    async defaultTemplateId(db: Kysely<Database>, projectId: string) {
      return (await createPermissionsRepository(db).findDefaultTemplate(projectId))?.id ?? null;
    },

    async templateInProject(db: Kysely<Database>, templateId: string, projectId: string) {
      const row = await createPermissionsRepository(db).findTemplate(templateId);
      return row !== undefined && row.project_id === projectId;
    },

    async checkEdit4D(db, { projectId, enterpriseId, userId, edit4D }) {
      const repo = createPermissionsRepository(db);
      if (edit4D) {
        const enterprise = await createOrgRepository(db).findEnterprise(enterpriseId);
        if (!enterprise) throw new AppError(404, 'common.notFound');
        const expiresAt = enterprise.edit4d_expires_at;
        if (expiresAt !== null && expiresAt < clock.now().toISOString().slice(0, 10)) {
          throw new AppError(400, 'permissions.edit4dExpired');
        }
        const available = Math.max(
          0,
          Number(enterprise.edit4d_total) - (await repo.countEdit4d(enterpriseId)),
        );
        if (available === 0) throw new AppError(400, 'permissions.edit4dNoneAvailable');
      }
      // Sets the flag with its authorisation time (edit_4d_at).
      await repo.setEdit4d(projectId, [userId], edit4D, clock.now().toISOString());
    },
  };
}
