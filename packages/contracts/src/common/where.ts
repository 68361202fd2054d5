/**
 * The `where` query parameter of list endpoints (DESIGN.md §4): a JSON object over a per-endpoint whitelist
 * of fields. This module only parses and validates; the server compiles the result to SQL (src/db/where.ts).
 *
 *   {"name": "abc"}                          equality (null matches a missing value)
 *   {"size": {"$gte": 1, "$lt": 10}}         comparisons, ANDed
 *   {"type": {"$in": ["a", "b"]}}            $in / $nin
 *   {"name": {"$regex": "ab"}}               case-insensitive substring, never a real regular expression
 *   {"$or": [{"a": 1}, {"b": {"$ne": 2}}]}   one level of $or, ANDed with the other keys
 */

export type WhereFieldType = 'string' | 'number' | 'boolean' | 'date';
export type WhereFields = Readonly<Record<string, WhereFieldType>>;
export type WhereScalar = string | number | boolean;
export type WhereComparisonOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';

export type WhereCondition =
  | {
      kind: 'compare';
      field: string;
      type: WhereFieldType;
      op: WhereComparisonOperator;
      /** null only with eq / ne: "is missing" / "is present". */
      value: WhereScalar | null;
    }
  | { kind: 'in'; field: string; type: WhereFieldType; negated: boolean; values: WhereScalar[] }
  | { kind: 'contains'; field: string; value: string };

export type WhereNode =
  | WhereCondition
  | { kind: 'and'; items: WhereNode[] }
  | { kind: 'or'; items: WhereNode[] };

export const WHERE_ERROR_KEYS = [
  'common.whereInvalidJson',
  'common.whereNotObject',
  'common.whereUnknownField',
  'common.whereUnknownOperator',
  'common.whereBadValue',
  'common.whereNestedOr',
  'common.whereRegexTooLong',
  'common.whereTooComplex',
] as const;
export type WhereErrorKey = (typeof WHERE_ERROR_KEYS)[number];

export interface WhereError {
  key: WhereErrorKey;
  /** Values for the localized message (`field`, `operator`, `max`). */
  params: Record<string, string | number>;
  /** English, for logs and tests; clients show the server's localized message. */
  message: string;
}

export type WhereParseResult = { ok: true; where: WhereNode | null } | { ok: false; error: WhereError };

/** Limits that keep one request's SQL small. */
export const WHERE_LIMITS = {
  regexLength: 64,
  stringLength: 256,
  inValues: 200,
  orBranches: 20,
  conditions: 50,
} as const;

const COMPARISONS: Record<string, WhereComparisonOperator> = {
  $eq: 'eq',
  $ne: 'ne',
  $gt: 'gt',
  $gte: 'gte',
  $lt: 'lt',
  $lte: 'lte',
};
const ORDERING = new Set<WhereComparisonOperator>(['gt', 'gte', 'lt', 'lte']);
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

class WhereParseFailure extends Error {
  constructor(readonly error: WhereError) {
    super(error.message);
  }
}

function fail(key: WhereErrorKey, message: string, params: Record<string, string | number> = {}): never {
  throw new WhereParseFailure({ key, params, message });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses `where` (the raw query string value) against the endpoint's whitelist. `undefined` or an empty
 * string means "no filter" (`where: null`). Never throws.
 */
export function parseWhere(json: string | undefined, fields: WhereFields): WhereParseResult {
  if (json === undefined || json.trim() === '') return { ok: true, where: null };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {
      ok: false,
      error: { key: 'common.whereInvalidJson', params: {}, message: 'where is not valid JSON' },
    };
  }
  try {
    const counter = { conditions: 0 };
    const where = parseObject(raw, fields, counter, true);
    return { ok: true, where };
  } catch (error) {
    if (error instanceof WhereParseFailure) return { ok: false, error: error.error };
    throw error;
  }
}

function parseObject(
  raw: unknown,
  fields: WhereFields,
  counter: { conditions: number },
  topLevel: boolean,
): WhereNode | null {
  if (!isPlainObject(raw)) fail('common.whereNotObject', 'where must be a JSON object');
  const items: WhereNode[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === '$or') {
      if (!topLevel) fail('common.whereNestedOr', '$or may only appear at the top level');
      items.push(parseOr(value, fields, counter));
      continue;
    }
    if (key.startsWith('$'))
      fail('common.whereUnknownOperator', `unknown operator ${key}`, { operator: key });
    if (!Object.hasOwn(fields, key)) fail('common.whereUnknownField', `unknown field ${key}`, { field: key });
    items.push(...parseField(key, fields[key] as WhereFieldType, value, counter));
  }
  if (items.length === 0) return null;
  if (items.length === 1) return items[0] as WhereNode;
  return { kind: 'and', items };
}

function parseOr(value: unknown, fields: WhereFields, counter: { conditions: number }): WhereNode {
  if (!Array.isArray(value) || value.length === 0) {
    fail('common.whereBadValue', '$or takes a non-empty array of objects', { field: '$or', operator: '$or' });
  }
  if (value.length > WHERE_LIMITS.orBranches) {
    fail('common.whereTooComplex', `$or takes at most ${WHERE_LIMITS.orBranches} branches`, {
      max: WHERE_LIMITS.orBranches,
    });
  }
  const items = value.map((branch) => {
    const node = parseObject(branch, fields, counter, false);
    // An empty branch would match everything and silently defeat the other branches.
    if (node === null)
      fail('common.whereBadValue', '$or branches must not be empty', { field: '$or', operator: '$or' });
    return node;
  });
  return items.length === 1 ? (items[0] as WhereNode) : { kind: 'or', items };
}

function countCondition(counter: { conditions: number }): void {
  counter.conditions += 1;
  if (counter.conditions > WHERE_LIMITS.conditions) {
    fail('common.whereTooComplex', `where takes at most ${WHERE_LIMITS.conditions} conditions`, {
      max: WHERE_LIMITS.conditions,
    });
  }
}

function parseField(
  field: string,
  type: WhereFieldType,
  value: unknown,
  counter: { conditions: number },
): WhereCondition[] {
  if (!isPlainObject(value)) {
    countCondition(counter);
    return [{ kind: 'compare', field, type, op: 'eq', value: parseScalar(field, type, '$eq', value, true) }];
  }
  const entries = Object.entries(value);
  if (entries.length === 0)
    fail('common.whereBadValue', `${field} has an empty condition`, { field, operator: '' });
  const conditions: WhereCondition[] = [];
  for (const [operator, operand] of entries) {
    if (operator === '$options') {
      // Mongo-style clients send {$regex, $options: 'i'}; matching is always case-insensitive anyway.
      if (!('$regex' in value) || typeof operand !== 'string' || !/^i?$/.test(operand)) {
        fail('common.whereBadValue', `${field}: $options is only 'i' next to $regex`, { field, operator });
      }
      continue;
    }
    countCondition(counter);
    conditions.push(parseOperator(field, type, operator, operand));
  }
  return conditions;
}

function parseOperator(
  field: string,
  type: WhereFieldType,
  operator: string,
  operand: unknown,
): WhereCondition {
  const comparison = COMPARISONS[operator];
  if (comparison) {
    if (ORDERING.has(comparison) && type === 'boolean') {
      fail('common.whereUnknownOperator', `${operator} does not apply to ${field}`, { operator, field });
    }
    const allowNull = comparison === 'eq' || comparison === 'ne';
    return {
      kind: 'compare',
      field,
      type,
      op: comparison,
      value: parseScalar(field, type, operator, operand, allowNull),
    };
  }
  if (operator === '$in' || operator === '$nin') {
    if (!Array.isArray(operand))
      fail('common.whereBadValue', `${field}: ${operator} takes an array`, { field, operator });
    if (operand.length > WHERE_LIMITS.inValues) {
      fail('common.whereTooComplex', `${operator} takes at most ${WHERE_LIMITS.inValues} values`, {
        max: WHERE_LIMITS.inValues,
      });
    }
    const values = operand.map((item) => parseScalar(field, type, operator, item, false) as WhereScalar);
    return { kind: 'in', field, type, negated: operator === '$nin', values };
  }
  if (operator === '$regex') {
    if (type !== 'string')
      fail('common.whereUnknownOperator', `$regex does not apply to ${field}`, { operator, field });
    if (typeof operand !== 'string')
      fail('common.whereBadValue', `${field}: $regex takes a string`, { field, operator });
    if (operand.length > WHERE_LIMITS.regexLength) {
      fail('common.whereRegexTooLong', `$regex takes at most ${WHERE_LIMITS.regexLength} characters`, {
        field,
        max: WHERE_LIMITS.regexLength,
      });
    }
    return { kind: 'contains', field, value: operand };
  }
  fail('common.whereUnknownOperator', `unknown operator ${operator}`, { operator, field });
}

function parseScalar(
  field: string,
  type: WhereFieldType,
  operator: string,
  value: unknown,
  allowNull: boolean,
): WhereScalar | null {
  const bad = (): never =>
    fail('common.whereBadValue', `${field}: ${operator} needs a ${type} value`, { field, operator });
  if (value === null) return allowNull ? null : bad();
  switch (type) {
    case 'string':
      if (typeof value !== 'string' || value.length > WHERE_LIMITS.stringLength) bad();
      return value as string;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) bad();
      return value as number;
    case 'boolean':
      if (typeof value !== 'boolean') bad();
      return value as boolean;
    case 'date':
      return normalizeDate(value) ?? bad();
  }
}

/** `YYYY-MM-DD` stays as is; a date-time becomes UTC ISO so it compares with stored ISO text. */
function normalizeDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    // Rejects 2026-02-30 and friends, which Date would roll over.
    return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? value : null;
  }
  if (!DATE_TIME.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
