import {
  DEFAULT_DOMAINS,
  PRESET_TEMPLATE_KEYS,
  PRESET_TEMPLATE_NAMES,
  presetTemplateGrants,
} from '@lintel/contracts/permissions';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import type { Database, Timestamp } from '../../db/schema';

/**
 * What every project starts with: the preset permission templates — 项目管理员 (everything), 项目成员
 * (the default one: views everything, creates in the collaboration and quality modules and changes its
 * own records) and 只读 (views everything) — and the default disciplines. Called inside the creating
 * transaction (org project creation, the trial plan, the demo seed). Projects made before issue 17 got
 * their presets from migration 2026112720 (which skips a project that has them already).
 */
export async function setUpProjectPermissions(
  trx: Kysely<Database>,
  projectId: string,
  now: Timestamp,
): Promise<void> {
  await trx
    .insertInto('permission_templates')
    .values(
      PRESET_TEMPLATE_KEYS.map((key) => ({
        id: newId(),
        project_id: projectId,
        name: PRESET_TEMPLATE_NAMES[key].name,
        is_default: key === 'member' ? 1 : 0,
        grants: toJson(presetTemplateGrants(key)),
        tree_scopes: toJson({}),
        created_at: now,
        updated_at: now,
      })),
    )
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
