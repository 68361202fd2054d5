import { MODEL_STATUSES, type ModelStatus } from '@lintel/contracts/models';

/** The model list's filters, kept in the address (search params) so that back and reload keep them. */
export interface ModelFilters {
  /** Part of the name. */
  keyword: string;
  status: ModelStatus | null;
  tagId: string | null;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;
export const KEYWORD_MAX_LENGTH = 60;
const ID = /^[0-9a-f]{24}$/;

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** The filters an address asks for; anything unknown falls back to the default. */
export function readFilters(params: URLSearchParams): ModelFilters {
  const size = positive(params.get('size'), DEFAULT_PAGE_SIZE);
  const status = params.get('status') ?? '';
  const tag = params.get('tag');
  return {
    keyword: (params.get('q') ?? '').slice(0, KEYWORD_MAX_LENGTH),
    status: (MODEL_STATUSES as readonly string[]).includes(status) ? (status as ModelStatus) : null,
    tagId: tag && ID.test(tag) ? tag : null,
    page: positive(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The address of the filters: defaults are left out, so the plain list has a plain address. */
export function writeFilters(filters: ModelFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword.trim()) params.set('q', filters.keyword);
  if (filters.status) params.set('status', filters.status);
  if (filters.tagId) params.set('tag', filters.tagId);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.pageSize));
  return params;
}

export const isFiltered = (filters: ModelFilters) =>
  Boolean(filters.keyword.trim() || filters.status || filters.tagId);

/** The `where` of GET projects/{id}/models for the filters (MODEL_WHERE_FIELDS). */
export function modelsWhere(filters: Pick<ModelFilters, 'keyword' | 'status' | 'tagId'>): string | undefined {
  const where: Record<string, unknown> = {};
  const keyword = filters.keyword.trim();
  if (keyword) where.name = { $regex: keyword };
  if (filters.status) where.status = filters.status;
  if (filters.tagId) where.tagId = filters.tagId;
  return Object.keys(where).length > 0 ? JSON.stringify(where) : undefined;
}
