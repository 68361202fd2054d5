import type { Language } from '../common/language';

/**
 * The option lists of problem topics (spec 001 §4): stored and sent as keys, shown through the labels below
 * (zh-CN, en-US).
 */

/** Priority (spec 001 §4): urgent, normal, suspended. New topics are `normal`. */
export const TOPIC_PRIORITIES = ['urgent', 'normal', 'suspended'] as const;
export type TopicPriority = (typeof TOPIC_PRIORITIES)[number];
export const DEFAULT_TOPIC_PRIORITY: TopicPriority = 'normal';

/** The stored status (spec 001 §4 problem states): processing until closed, then completed. */
export const TOPIC_STATUSES = ['processing', 'completed'] as const;
export type TopicStatus = (typeof TOPIC_STATUSES)[number];

/**
 * The state shown (spec 001 §4 topic states): `processingDelayed` is "handling delayed", a processing topic
 * past its deadline. Derived, never stored.
 */
export const TOPIC_DISPLAY_STATES = ['processing', 'processingDelayed', 'completed'] as const;
export type TopicDisplayState = (typeof TOPIC_DISPLAY_STATES)[number];

/** The delay buckets (spec 001 §4, §9): on time, 1–7, 8–30, over 30 days. Derived from the deadline. */
export const TOPIC_DELAY_BUCKETS = ['onTime', 'd1to7', 'd8to30', 'over30'] as const;
export type TopicDelayBucket = (typeof TOPIC_DELAY_BUCKETS)[number];

/**
 * What the list's `delay` filter takes: a bucket, or `delayed` (any of the three late buckets, spec 001 §4
 * delay statuses "on schedule, delayed, …").
 */
export const TOPIC_DELAY_FILTERS = [...TOPIC_DELAY_BUCKETS, 'delayed'] as const;
export type TopicDelayFilter = (typeof TOPIC_DELAY_FILTERS)[number];

/**
 * The list's `category` filter: every topic the caller may see, those they are mentioned in or participate
 * in (`mine`), those they created, those they follow.
 */
export const TOPIC_CATEGORIES = ['all', 'mine', 'created', 'following'] as const;
export type TopicCategory = (typeof TOPIC_CATEGORIES)[number];

/** What a link points at: a model element (by model and IFC GlobalId), a project file, another record. */
export const TOPIC_LINK_TYPES = ['element', 'file', 'record'] as const;
export type TopicLinkType = (typeof TOPIC_LINK_TYPES)[number];

type Labels = Readonly<Record<Language, string>>;
const l = (zh: string, en: string): Labels => ({ 'zh-CN': zh, 'en-US': en });

export const TOPIC_OPTION_LABELS = {
  priorities: {
    urgent: l('紧急', 'Urgent'),
    normal: l('一般', 'Normal'),
    suspended: l('暂缓', 'Deferred'),
  },
  statuses: {
    processing: l('处理中', 'Processing'),
    completed: l('已完成', 'Completed'),
  },
  displayStates: {
    processing: l('处理中', 'Handling'),
    processingDelayed: l('处理延期', 'Handling delayed'),
    completed: l('已完成', 'Completed'),
  },
  delayBuckets: {
    onTime: l('按时', 'On time'),
    d1to7: l('延期1-7天', '1–7 days late'),
    d8to30: l('延期8-30天', '8–30 days late'),
    over30: l('延期30天以上', 'Over 30 days late'),
  },
  delayFilters: {
    onTime: l('按时', 'On time'),
    d1to7: l('延期1-7天', '1–7 days late'),
    d8to30: l('延期8-30天', '8–30 days late'),
    over30: l('延期30天以上', 'Over 30 days late'),
    delayed: l('已延期', 'Delayed'),
  },
  categories: {
    all: l('全部', 'All'),
    mine: l('与我相关', 'Mine'),
    created: l('我创建的', 'Created by me'),
    following: l('我关注的', 'Following'),
  },
  linkTypes: {
    element: l('模型构件', 'Model element'),
    file: l('文档', 'Document'),
    record: l('关联记录', 'Record'),
  },
} as const satisfies Record<string, Record<string, Labels>>;
export type TopicOptionList = keyof typeof TOPIC_OPTION_LABELS;

/** The label of an option in a language; the key itself when unknown. */
export function topicOptionLabel(list: TopicOptionList, key: string, language: Language): string {
  const labels = TOPIC_OPTION_LABELS[list] as Record<string, Labels>;
  return labels[key]?.[language] ?? key;
}

/** The export's columns, in order, with their headers in both languages. */
export const TOPIC_EXPORT_COLUMNS = [
  { key: 'number', header: l('编号', 'No.') },
  { key: 'name', header: l('标题', 'Title') },
  { key: 'domain', header: l('专业', 'Discipline') },
  { key: 'species', header: l('类别', 'Category') },
  { key: 'subcontract', header: l('分包', 'Subcontract') },
  { key: 'priority', header: l('优先级', 'Priority') },
  { key: 'status', header: l('状态', 'Status') },
  { key: 'delay', header: l('延期', 'Delay') },
  { key: 'deadline', header: l('截止日期', 'Deadline') },
  { key: 'creator', header: l('创建人', 'Creator') },
  { key: 'mentions', header: l('@人员', 'Mentioned') },
  { key: 'createdAt', header: l('创建时间', 'Created at') },
] as const;
export type TopicExportColumn = (typeof TOPIC_EXPORT_COLUMNS)[number]['key'];
