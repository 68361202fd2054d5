import type { AdminUserPlace } from '@lintel/contracts/system';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Where a user belongs (issue 17, the user detail of /system): every enterprise, branch and project they
 * are a member of, with their role and, in a project, their permission template. Answered by the org
 * module, which owns these tables; read by the account module's users administration.
 */
export type UserPlacesLookup = (userId: string) => Promise<AdminUserPlace[]>;

const SCOPE_ORDER: Record<AdminUserPlace['scopeType'], number> = { enterprise: 0, circle: 1, project: 2 };

export function createUserPlacesLookup(db: Kysely<Database>): UserPlacesLookup {
  return async (userId) => {
    const rows = await db
      .selectFrom('members as m')
      .innerJoin('enterprises as e', 'e.id', 'm.enterprise_id')
      .leftJoin('circles as c', (join) =>
        join.on('m.scope_type', '=', 'circle').onRef('c.id', '=', 'm.scope_id'),
      )
      .leftJoin('projects as p', (join) =>
        join.on('m.scope_type', '=', 'project').onRef('p.id', '=', 'm.scope_id'),
      )
      .leftJoin('permission_templates as t', 't.id', 'm.template_id')
      .select([
        'm.scope_type',
        'm.scope_id',
        'm.role',
        'e.id as enterprise_id',
        'e.name as enterprise_name',
        sql<string | null>`coalesce(p.name, c.name, e.name)`.as('name'),
        't.name as template_name',
      ])
      .where('m.user_id', '=', userId)
      .limit(1000)
      .execute();
    return rows
      .filter((row): row is typeof row & { scope_type: AdminUserPlace['scopeType'] } =>
        ['enterprise', 'circle', 'project'].includes(row.scope_type),
      )
      .map((row) => ({
        scopeType: row.scope_type,
        scopeId: row.scope_id,
        name: row.name ?? '',
        enterpriseId: row.enterprise_id,
        enterpriseName: row.enterprise_name,
        role: row.role === 'admin' ? ('admin' as const) : ('member' as const),
        templateName:
          row.scope_type === 'project' && row.role !== 'admin' ? (row.template_name ?? null) : null,
      }))
      .sort(
        (a, b) =>
          a.enterpriseName.localeCompare(b.enterpriseName) ||
          SCOPE_ORDER[a.scopeType] - SCOPE_ORDER[b.scopeType] ||
          a.name.localeCompare(b.name),
      );
  };
}
