import type { FormInstance } from 'antd';
import { isHttpError } from '../../lib/http';

/**
 * Puts a refused save's field problems (the server's `details`, DESIGN.md §4) at the fields of the form they
 * name; answers whether any landed, so the caller shows a general message only for the rest.
 */
export function showFieldErrors(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!isHttpError(error) || !error.body.details?.length) return false;
  const byField = new Map<string, string[]>();
  for (const detail of error.body.details) {
    // Schema problems name the part of the request first (`body.reason`); the service's own, the field.
    const field = detail.path.replace(/^body\./, '').split(/[.[]/)[0] ?? '';
    if (!fields.includes(field)) continue;
    byField.set(field, [...(byField.get(field) ?? []), detail.message]);
  }
  if (byField.size === 0) return false;
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return true;
}
