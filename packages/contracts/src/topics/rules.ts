import { siteDate } from '../common/site-date';
import {
  TOPIC_DELAY_BUCKETS,
  type TopicDelayBucket,
  type TopicDelayFilter,
  type TopicDisplayState,
  type TopicStatus,
} from './options';

/**
 * The delay of a topic, shared by the web and the server so that the list's `delay` filter and the badge a
 * topic shows always agree. Days are the site's calendar days (China time, common/site-date.ts).
 *
 * - No deadline: never late.
 * - Processing: today's site date against the deadline (`YYYY-MM-DD`); the deadline day itself is on time.
 * - Completed: the site date it was completed against the deadline (frozen once closed).
 */

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(date: string): number {
  const match = DATE_ONLY.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The date `days` days after `date` (`YYYY-MM-DD`; negative goes back). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

export interface TopicDelayInput {
  status: TopicStatus;
  deadline: string | null;
  /** ISO instant the topic was completed; null while processing. */
  completedAt: string | null;
}

/** How many whole days late the topic is (0 when on time or without a deadline). */
export function topicDelayDays(topic: TopicDelayInput, now: Date = new Date()): number {
  if (!topic.deadline) return 0;
  const end = topic.status === 'completed' && topic.completedAt ? siteDate(topic.completedAt) : siteDate(now);
  return Math.max(0, daysBetween(topic.deadline, end));
}

/** The inclusive day ranges of the buckets (`max` null: no upper bound). */
export const TOPIC_DELAY_BUCKET_DAYS: Readonly<
  Record<TopicDelayBucket, { min: number; max: number | null }>
> = {
  onTime: { min: 0, max: 0 },
  d1to7: { min: 1, max: 7 },
  d8to30: { min: 8, max: 30 },
  over30: { min: 31, max: null },
};

/** The day range a `delay` filter selects (`delayed`: any lateness). */
export function delayFilterDays(filter: TopicDelayFilter): { min: number; max: number | null } {
  return filter === 'delayed' ? { min: 1, max: null } : TOPIC_DELAY_BUCKET_DAYS[filter];
}

export function topicDelayBucket(delayDays: number): TopicDelayBucket {
  for (const bucket of TOPIC_DELAY_BUCKETS) {
    const { min, max } = TOPIC_DELAY_BUCKET_DAYS[bucket];
    if (delayDays >= min && (max === null || delayDays <= max)) return bucket;
  }
  return 'onTime';
}

/** The state shown: "handling delayed" is a processing topic past its deadline. */
export function topicDisplayState(status: TopicStatus, delayDays: number): TopicDisplayState {
  if (status === 'completed') return 'completed';
  return delayDays > 0 ? 'processingDelayed' : 'processing';
}

/**
 * The deadlines of PROCESSING topics that fall in a delay filter on `today` (`YYYY-MM-DD`, the site's date): inclusive
 * bounds, null for none. `withoutDeadline`: topics with no deadline match too (they are on time).
 * delay = today − deadline, so delay ∈ [min, max] ⇔ deadline ∈ [today − max, today − min]; the on-time
 * bucket (min 0) has no upper bound because an early deadline is on time too.
 */
export function processingDeadlineRange(
  filter: TopicDelayFilter,
  today: string,
): { from: string | null; to: string | null; withoutDeadline: boolean } {
  const { min, max } = delayFilterDays(filter);
  return {
    from: max === null ? null : addDays(today, -max),
    to: min === 0 ? null : addDays(today, -min),
    withoutDeadline: min === 0,
  };
}
