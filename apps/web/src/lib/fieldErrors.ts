import type { FormInstance } from 'antd';
import { isHttpError } from './http';

/**
 * Puts a refused save's field problems at the fields of the form they name: the server's `details`
 * (DESIGN.md §4), or, without details, an error key whose last part starts with a field's name
 * (`personnel.idNumberTaken` → idNumber, `attendance.reasonRequired` → reason). Answers whether any
 * landed, so the caller shows a general message only for the rest.
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
    const named = fieldNamedByKey(error.body.key, fields);
    if (named) byField.set(named, [error.body.message]);
  }
  if (byField.size === 0) return false;
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  const first = [...byField.keys()][0];
  if (first) form.scrollToField(first);
  return true;
}

/**
 * The field an error key is about: its last part is the field's name followed by a camelCase word
 * (`idNumberTaken`). Whole words only, so a short field (`in`) never catches an unrelated key.
 */
export function fieldNamedByKey(key: string, fields: readonly string[]): string | undefined {
  const last = key.slice(key.lastIndexOf('.') + 1);
  return fields.find((field) => last.startsWith(field) && /^[A-Z]?$/.test(last.charAt(field.length)));
}
