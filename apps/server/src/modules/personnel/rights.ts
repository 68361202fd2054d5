import type { PermissionType } from '@lintel/contracts/permissions';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../plugins/app-error';
import type { ErrorKey } from '../../plugins/messages';

/** The module key of the permission templates (contracts MODULES): personnel, attendance and violations. */
export const PERSONNEL_MODULE = 'personnel';

export const need = (permission: PermissionType) => ({ moduleKey: PERSONNEL_MODULE, permission }) as const;
export const projectScope = (id: string) => ({ type: 'project' as const, id });

/** The site's calendar day (China time), as for attendance days and topic deadlines. */
export { siteDate } from '@lintel/contracts';

/** A 400 pointing at one field. */
export function invalid(key: ErrorKey, path: string, params?: Record<string, string | number>): AppError {
  return new AppError(400, key, { ...(params ? { params } : {}), details: [{ path, key }] });
}

/** A unique index refused the write: 409 with the key, anything else rethrown. */
export function conflictOn(key: ErrorKey) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError(409, key, { cause: error });
    throw error;
  };
}
