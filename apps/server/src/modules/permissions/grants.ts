import {
  type Grants,
  type GrantValue,
  isGranted,
  type PermissionType,
  READ_PERMISSIONS,
  SCOPE_VALUES,
  type ScopeValue,
} from '@lintel/contracts/permissions';
import type { Kysely } from 'kysely';
import { fromJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { createPermissionsRepository } from './permissions.repository';

/** What a permission check asks for: one permission type of one module. */
export interface PermissionNeed {
  moduleKey: string;
  permission: PermissionType;
}

/**
 * A plain member's grant for one permission of one module, from their template (the project's default
 * when they have none). undefined: not a member of the project, or nothing granted.
 */
export async function memberGrant(
  db: Kysely<Database>,
  projectId: string,
  userId: string,
  need: PermissionNeed,
): Promise<GrantValue | undefined> {
  const text = await createPermissionsRepository(db).memberGrants(projectId, userId);
  if (text === undefined) return undefined;
  const grants = fromJson<Grants>(text, {}) as Record<string, Record<string, GrantValue> | undefined>;
  return grants[need.moduleKey]?.[need.permission];
}

/**
 * Does a plain member's template grant any of these permissions in any module? (The files module's upload
 * right: a member who may create or change something somewhere in the project.)
 */
export async function memberMayAny(
  db: Kysely<Database>,
  projectId: string,
  userId: string,
  permissions: readonly PermissionType[],
): Promise<boolean> {
  const text = await createPermissionsRepository(db).memberGrants(projectId, userId);
  if (text === undefined) return false;
  const grants = fromJson<Grants>(text, {}) as Record<string, Record<string, GrantValue> | undefined>;
  return Object.values(grants).some(
    (module) => module !== undefined && permissions.some((permission) => isGranted(module[permission])),
  );
}

/** Does a plain member's template grant this? */
export async function memberMay(
  db: Kysely<Database>,
  projectId: string,
  userId: string,
  need: PermissionNeed,
): Promise<boolean> {
  return isGranted(await memberGrant(db, projectId, userId, need));
}

export function isReadPermission(permission: PermissionType): boolean {
  return READ_PERMISSIONS.includes(permission);
}

/** A grant as a scope value: true → all, false/missing → none. */
export function scopeOfGrant(value: GrantValue | undefined): ScopeValue {
  if (value === true) return 'all';
  if (typeof value === 'string' && (SCOPE_VALUES as readonly string[]).includes(value)) return value;
  return 'none';
}
