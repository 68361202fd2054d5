import {
  parseWhere,
  type WhereComparisonOperator,
  type WhereFields,
  type WhereFieldType,
  type WhereNode,
  type WhereScalar,
} from '@lintel/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { AppError } from '../plugins/app-error';
import type { Engine } from './engine';

/** One filterable field of an endpoint: its type (for parseWhere) and the column it reads. */
export interface FilterField {
  type: WhereFieldType;
  /** A column reference such as `created_at` or `topics.created_at`; never user input. */
  column: string;
}
export type FilterSpec = Readonly<Record<string, FilterField>>;

export function whereFields(spec: FilterSpec): WhereFields {
  return Object.fromEntries(Object.entries(spec).map(([name, field]) => [name, field.type]));
}

/** parseWhere for a route: a bad `where` becomes a 400 with the parser's key, pointing at query.where. */
export function parseWhereQuery(json: string | undefined, spec: FilterSpec): WhereNode | null {
  const result = parseWhere(json, whereFields(spec));
  if (result.ok) return result.where;
  const { key, params } = result.error;
  throw new AppError(400, key, { params, details: [{ path: 'query.where', key, params }] });
}

const OPERATORS: Record<WhereComparisonOperator, string> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/** Booleans are stored as 0/1 on both engines. */
function toSqlValue(value: WhereScalar): string | number {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/** `%`, `_` and the escape character itself lose their LIKE meaning: the text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function columnOf(spec: FilterSpec, field: string): RawBuilder<unknown> {
  const entry = spec[field];
  // parseWhere only lets whitelisted fields through; this guards against a spec/whitelist mismatch.
  if (!entry) throw new Error(`where field ${field} has no column`);
  return sql.ref(entry.column);
}

function contains(column: RawBuilder<unknown>, text: string, engine: Engine): RawBuilder<SqlBool> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  // PostgreSQL: ILIKE folds case by the database's locale. SQLite: LIKE folds ASCII only, so both sides
  // go through lintel_lower (JavaScript's toLowerCase, registered in open.ts) for the rest of Unicode —
  // but only values with a character beyond ASCII pay that call into JavaScript (issue 15: half of a name
  // search). For an ASCII value toLowerCase is LIKE's own ASCII folding, so SQLite's LIKE answers the same.
  if (engine === 'postgres') return sql<SqlBool>`${column} ILIKE ${pattern} ESCAPE '\\'`;
  return sql<SqlBool>`(CASE WHEN ${column} GLOB ${BEYOND_ASCII} THEN lintel_lower(${column}) LIKE ${pattern} ESCAPE '\\' ELSE ${column} LIKE ${pattern} ESCAPE '\\' END)`;
}

/** A GLOB that matches text holding any character outside U+0001–U+007F. */
const BEYOND_ASCII = '*[^\u0001-\u007f]*';

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

/**
 * The parsed `where` as a Kysely expression, parameterized, for `.where(...)`. Mongo semantics for missing
 * values: `$ne` and `$nin` also match NULL, the others never do.
 */
export function compileWhere(node: WhereNode, spec: FilterSpec, engine: Engine): RawBuilder<SqlBool> {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const parts = node.items.map((item) => compileWhere(item, spec, engine));
      return sql<SqlBool>`(${sql.join(parts, node.kind === 'and' ? sql` AND ` : sql` OR `)})`;
    }
    case 'contains':
      return contains(columnOf(spec, node.field), node.value, engine);
    case 'in': {
      const column = columnOf(spec, node.field);
      if (node.values.length === 0) return node.negated ? TRUE : FALSE;
      const list = sql.join(node.values.map(toSqlValue));
      return node.negated
        ? sql<SqlBool>`(${column} IS NULL OR ${column} NOT IN (${list}))`
        : sql<SqlBool>`${column} IN (${list})`;
    }
    case 'compare': {
      const column = columnOf(spec, node.field);
      if (node.value === null) {
        return node.op === 'ne' ? sql<SqlBool>`${column} IS NOT NULL` : sql<SqlBool>`${column} IS NULL`;
      }
      const value = toSqlValue(node.value);
      // IS DISTINCT FROM: null-safe inequality, on PostgreSQL and SQLite (3.39+) alike.
      if (node.op === 'ne') return sql<SqlBool>`${column} IS DISTINCT FROM ${value}`;
      return sql<SqlBool>`${column} ${sql.raw(OPERATORS[node.op])} ${value}`;
    }
  }
}
