import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_LIMIT = 200;

/** skip = (page - 1) × pageSize (spec 000 §9, spec 001 §9). Pages start at 1. */
export function skipForPage(page: number, pageSize: number): number {
  if (!Number.isInteger(page) || page < 1) throw new RangeError('page must be an integer ≥ 1');
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError('pageSize must be an integer ≥ 1');
  return (page - 1) * pageSize;
}

/** A decimal integer in a query string; an empty value means "not given" so the default applies. */
const queryInteger = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(0))
    .optional(),
);

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * The query parameters every list endpoint shares (DESIGN.md §4). `where` stays a JSON string here; each
 * endpoint parses it against its own whitelist with `parseWhere`.
 */
export const listQuerySchema = z.object({
  skip: queryInteger.transform((v) => v ?? 0),
  limit: queryInteger.transform((v) => v ?? DEFAULT_PAGE_SIZE).pipe(z.number().min(1).max(MAX_LIMIT)),
  order: z
    .string()
    .regex(/^-?[A-Za-z_][A-Za-z0-9_.]{0,63}$/)
    .optional(),
  only_count: booleanFlag.optional(),
  expand: booleanFlag.optional(),
  where: z.string().max(4096).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * Keyset paging (issue 15 §3): a full page of a list that supports it answers this header with an opaque
 * cursor of its last row; sending it back as `after` (with the same filter and order) answers the rows
 * after that one — as cheap however deep, and never repeating or losing a row when others write meanwhile.
 * A malformed cursor, or one of another order, is a 400 `common.badCursor`.
 */
export const NEXT_CURSOR_HEADER = 'x-next-after';
export const CURSOR_MAX_LENGTH = 512;
/** The `after` query parameter of the lists that page by cursor; its content is checked by the server. */
export const afterCursorSchema = z.string().min(1).max(CURSOR_MAX_LENGTH);

export const countSchema = z.object({ count: z.number().int().min(0) });
export type CountResult = z.infer<typeof countSchema>;
