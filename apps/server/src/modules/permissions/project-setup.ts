import { DEFAULT_DOMAINS, DEFAULT_TEMPLATE_NAME, defaultTemplateGrants } from '@lintel/contracts/permissions';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import type { Database, Timestamp } from '../../db/schema';

/**
 * What every project starts with: its default permission template (every read right, no create or
 * delete) and the default disciplines. Called inside the creating transaction (org project creation, the
 * trial plan, the demo seed) and by the migration that backfilled existing projects.
 */
export async function setUpProjectPermissions(
  trx: Kysely<Database>,
  projectId: string,
  now: Timestamp,
): Promise<void> {
  await trx
    .insertInto('permission_templates')
    .values({
      id: newId(),
      project_id: projectId,
      name: DEFAULT_TEMPLATE_NAME,
      is_default: 1,
      grants: toJson(defaultTemplateGrants()),
      tree_scopes: toJson({}),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('project_domains')
    .values(
      DEFAULT_DOMAINS.map((domain, index) => ({
        id: newId(),
        project_id: projectId,
        name: domain.name,
        name_en: domain.nameEn,
        sort_order: index,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
