import type { Engine } from './engine';
import type { JsonText } from './schema';

/**
 * JSON columns: `text` in SQLite, `jsonb` in PostgreSQL. The pg pool is told to hand jsonb back as text
 * (open.ts), so both engines read and write the same JSON text and code never sees the difference.
 */
export function jsonColumnType(engine: Engine): 'text' | 'jsonb' {
  return engine === 'postgres' ? 'jsonb' : 'text';
}

export function toJson(value: unknown): JsonText {
  return JSON.stringify(value);
}

export function fromJson<T>(text: JsonText | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  return JSON.parse(text) as T;
}
