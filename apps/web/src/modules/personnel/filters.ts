import { PERSONNEL_STATUSES, type PersonnelStatus } from '@lintel/contracts/personnel';

/** The list's filters, kept in the address (search params) so that back and reload keep them. */
export interface PersonnelFilters {
  unitId: string | null;
  craftId: string | null;
  status: PersonnelStatus | null;
  /** Name, the ID number's tail or a phone. */
  keyword: string;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;
export const KEYWORD_MAX_LENGTH = 50;
const ID = /^[0-9a-f]{24}$/;

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

const idOf = (value: string | null) => (value && ID.test(value) ? value : null);

/** The filters an address asks for; anything unknown falls back to the default. */
export function readFilters(params: URLSearchParams): PersonnelFilters {
  const size = positive(params.get('size'), DEFAULT_PAGE_SIZE);
  const status = params.get('status');
  return {
    unitId: idOf(params.get('unit')),
    craftId: idOf(params.get('craft')),
    status: (PERSONNEL_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as PersonnelStatus)
      : null,
    keyword: (params.get('q') ?? '').slice(0, KEYWORD_MAX_LENGTH),
    page: positive(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The address of the filters: defaults are left out, so the plain list has a plain address. */
export function writeFilters(filters: PersonnelFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.unitId) params.set('unit', filters.unitId);
  if (filters.craftId) params.set('craft', filters.craftId);
  if (filters.status) params.set('status', filters.status);
  if (filters.keyword.trim()) params.set('q', filters.keyword);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.pageSize));
  return params;
}

export const isFiltered = (filters: PersonnelFilters) =>
  Boolean(filters.unitId || filters.craftId || filters.status || filters.keyword.trim());
