import {
  TOPIC_CATEGORIES,
  TOPIC_DELAY_FILTERS,
  TOPIC_PRIORITIES,
  TOPIC_STATUSES,
  type TopicCategory,
  type TopicDelayFilter,
  type TopicPriority,
  type TopicStatus,
} from '@lintel/contracts/topics';

/** The list's filters, kept in the address (search params) so that back and reload keep them. */
export interface TopicFilters {
  category: TopicCategory;
  delay: TopicDelayFilter | null;
  domainId: string | null;
  priority: TopicPriority | null;
  status: TopicStatus | null;
  /** The keyword, matched in the title. */
  keyword: string;
  page: number;
  pageSize: number;
  /** Created time, newest first (the default) or oldest first. */
  order: '-createdAt' | 'createdAt';
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;
/** The server matches at most this many characters of a keyword ($regex, DESIGN.md §4). */
export const KEYWORD_MAX_LENGTH = 64;
const ID = /^[0-9a-f]{24}$/;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** The filters an address asks for; anything unknown falls back to the default. */
export function readFilters(params: URLSearchParams): TopicFilters {
  const size = positive(params.get('size'), DEFAULT_PAGE_SIZE);
  const domain = params.get('domain');
  return {
    category: oneOf(TOPIC_CATEGORIES, params.get('category')) ?? 'all',
    delay: oneOf(TOPIC_DELAY_FILTERS, params.get('delay')),
    domainId: domain && ID.test(domain) ? domain : null,
    priority: oneOf(TOPIC_PRIORITIES, params.get('priority')),
    status: oneOf(TOPIC_STATUSES, params.get('status')),
    keyword: (params.get('q') ?? '').slice(0, KEYWORD_MAX_LENGTH),
    page: positive(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    order: params.get('order') === 'createdAt' ? 'createdAt' : '-createdAt',
  };
}

/** The address of the filters: defaults are left out, so the plain list has a plain address. */
export function writeFilters(filters: TopicFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category !== 'all') params.set('category', filters.category);
  if (filters.delay) params.set('delay', filters.delay);
  if (filters.domainId) params.set('domain', filters.domainId);
  if (filters.priority) params.set('priority', filters.priority);
  if (filters.status) params.set('status', filters.status);
  if (filters.keyword.trim()) params.set('q', filters.keyword);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.pageSize));
  if (filters.order !== '-createdAt') params.set('order', filters.order);
  return params;
}

/** What selects the topics, without the category, the paging or the order (the tabs count each category). */
export type TopicSelection = Pick<TopicFilters, 'delay' | 'domainId' | 'priority' | 'status' | 'keyword'>;

export function selectionOf(filters: TopicFilters): TopicSelection {
  const { delay, domainId, priority, status, keyword } = filters;
  return { delay, domainId, priority, status, keyword: keyword.trim() };
}

/** The query parameters of a selection: `delay`, and `where` over the whitelisted fields. */
export function selectionQuery(selection: TopicSelection): Record<string, string | undefined> {
  const where: Record<string, unknown> = {};
  if (selection.domainId) where.domainId = selection.domainId;
  if (selection.priority) where.priority = selection.priority;
  if (selection.status) where.status = selection.status;
  if (selection.keyword) where.name = { $regex: selection.keyword };
  return {
    delay: selection.delay ?? undefined,
    where: Object.keys(where).length > 0 ? JSON.stringify(where) : undefined,
  };
}
