import { AppError } from '../plugins/app-error';

export interface OrderBy {
  /** A column reference from the endpoint's whitelist; never user input. */
  column: string;
  direction: 'asc' | 'desc';
}

/**
 * The `order` query parameter: a field name, `-` in front for descending (DESIGN.md §4), checked against
 * the endpoint's whitelist of field → column. Absent: the endpoint's default.
 */
export function parseOrder(
  order: string | undefined,
  columns: Readonly<Record<string, string>>,
  fallback: OrderBy,
): OrderBy {
  if (order === undefined || order === '') return fallback;
  const descending = order.startsWith('-');
  const field = descending ? order.slice(1) : order;
  if (!Object.hasOwn(columns, field)) {
    throw new AppError(400, 'common.orderUnknownField', {
      params: { field },
      details: [{ path: 'query.order', key: 'common.orderUnknownField', params: { field } }],
    });
  }
  return { column: columns[field] as string, direction: descending ? 'desc' : 'asc' };
}
