import type { FormInstance } from 'antd';
import { isHttpError } from '../../lib/http';

/**
 * Puts a refused save's field problems at the fields of the form they name: the server's `details`
 * (DESIGN.md §4), or, without details, an error key naming a field (`personnel.idNumberTaken` → idNumber).
 * Answers whether any landed, so the caller shows a general message only for the rest.
 */
export function showFieldErrors(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!isHttpError(error)) return false;
  const byField = new Map<string, string[]>();
  for (const detail of error.body.details ?? []) {
    // Schema problems name the part of the request first (`body.name`); the service's own, the field.
    const field = detail.path.replace(/^body\./, '').split(/[.[]/)[0] ?? '';
    if (!fields.includes(field)) continue;
    byField.set(field, [...(byField.get(field) ?? []), detail.message]);
  }
  if (byField.size === 0 && error.body.message) {
    const key = error.body.key.toLowerCase();
    const named = fields.find((field) => key.includes(field.toLowerCase()));
    if (named) byField.set(named, [error.body.message]);
  }
  if (byField.size === 0) return false;
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  const first = [...byField.keys()][0];
  if (first) form.scrollToField(first);
  return true;
}
