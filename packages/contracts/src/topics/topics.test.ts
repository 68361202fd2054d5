import { describe, expect, it } from 'vitest';
import { siteDate } from '../common/site-date';
import {
  addDays,
  daysBetween,
  processingDeadlineRange,
  TOPIC_EXPORT_COLUMNS,
  TOPIC_OPTION_LABELS,
  topicCreateSchema,
  topicDelayBucket,
  topicDelayDays,
  topicDisplayState,
  topicLinkSchema,
  topicResponseCreateSchema,
  topicSettingCreateSchema,
  topicsQuerySchema,
  topicUpdateSchema,
} from './index';

const ID = '0123456789abcdef01234567';
const ID2 = '0123456789abcdef01234568';
const NOW = new Date('2026-03-10T12:00:00Z'); // 20:00 in Beijing

describe('delay rule', () => {
  it('days between calendar dates, across months and years', () => {
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('a processing topic is late by the site days since its deadline; the deadline day is on time', () => {
    const at = (deadline: string | null) =>
      topicDelayDays({ status: 'processing', deadline, completedAt: null }, NOW);
    expect(at(null)).toBe(0);
    expect(at('2026-03-10')).toBe(0);
    expect(at('2026-04-01')).toBe(0);
    expect(at('2026-03-09')).toBe(1);
    expect(at('2026-03-03')).toBe(7);
    expect(at('2026-03-02')).toBe(8);
    expect(at('2026-02-08')).toBe(30);
    expect(at('2026-02-07')).toBe(31);
  });

  it('days are China-time calendar days: a topic due on the 9th is late from 00:00 on the 10th in Beijing', () => {
    const due = { status: 'processing' as const, deadline: '2026-03-09', completedAt: null };
    // 2026-03-09T23:59 in Beijing, still the deadline day.
    expect(topicDelayDays(due, new Date('2026-03-09T15:59:00Z'))).toBe(0);
    // 2026-03-10T00:00 in Beijing, while it is still the 9th in UTC.
    expect(topicDelayDays(due, new Date('2026-03-09T16:00:00Z'))).toBe(1);
    expect(siteDate('2026-03-09T16:00:00Z')).toBe('2026-03-10');
    expect(siteDate(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
  });

  it('a completed topic is judged by its completion date, whatever today is', () => {
    const topic = {
      status: 'completed' as const,
      deadline: '2026-03-01',
      completedAt: '2026-03-05T08:00:00Z',
    };
    expect(topicDelayDays(topic, NOW)).toBe(4);
    expect(topicDelayDays({ ...topic, completedAt: '2026-02-20T08:00:00Z' }, NOW)).toBe(0);
  });

  it('buckets and display states', () => {
    expect([0, 1, 7, 8, 30, 31, 400].map(topicDelayBucket)).toEqual([
      'onTime',
      'd1to7',
      'd1to7',
      'd8to30',
      'd8to30',
      'over30',
      'over30',
    ]);
    expect(topicDisplayState('processing', 0)).toBe('processing');
    expect(topicDisplayState('processing', 3)).toBe('processingDelayed');
    expect(topicDisplayState('completed', 3)).toBe('completed');
  });

  it('the deadline ranges of processing topics agree with the per-topic rule', () => {
    const today = '2026-03-10';
    expect(processingDeadlineRange('onTime', today)).toEqual({
      from: today,
      to: null,
      withoutDeadline: true,
    });
    expect(processingDeadlineRange('d1to7', today)).toEqual({
      from: '2026-03-03',
      to: '2026-03-09',
      withoutDeadline: false,
    });
    expect(processingDeadlineRange('over30', today)).toEqual({
      from: null,
      to: '2026-02-07',
      withoutDeadline: false,
    });
    expect(processingDeadlineRange('delayed', today)).toEqual({
      from: null,
      to: '2026-03-09',
      withoutDeadline: false,
    });
    for (let offset = -40; offset <= 40; offset += 1) {
      const deadline = addDays(today, offset);
      const bucket = topicDelayBucket(
        topicDelayDays({ status: 'processing', deadline, completedAt: null }, NOW),
      );
      const range = processingDeadlineRange(bucket, today);
      expect(
        (range.from === null || deadline >= range.from) && (range.to === null || deadline <= range.to),
      ).toBe(true);
    }
  });
});

describe('option labels', () => {
  it('every list and export column has both languages', () => {
    for (const labels of Object.values(TOPIC_OPTION_LABELS)) {
      for (const label of Object.values(labels)) {
        expect(label['zh-CN']).not.toBe('');
        expect(label['en-US']).not.toBe('');
      }
    }
    expect(TOPIC_EXPORT_COLUMNS.map((c) => c.key)).toContain('mentions');
  });
});

describe('POST topics body', () => {
  const base = { projectId: ID, name: ' 渗水 ', mentions: [ID, ID] };

  it('minimal: projectId, name, mentions (deduplicated); images by id or upload URL', () => {
    expect(topicCreateSchema.parse(base)).toEqual({ projectId: ID, name: '渗水', mentions: [ID] });
    const full = topicCreateSchema.parse({
      ...base,
      images: [`/api/v1/base-service/files/${ID2}`],
      deadline: '2026-02-28',
      priority: 'urgent',
      links: [
        { type: 'element', modelId: ID, globalId: '2O2Fr$t4X7Zf8NOew3FLOH' },
        { type: 'file', id: `/api/v1/base-service/files/${ID}` },
        { type: 'record', module: 'contactSheet', id: ID },
      ],
    });
    expect(full.images).toEqual([ID2]);
    expect(full.links?.[1]).toEqual({ type: 'file', id: ID });
  });

  it('refuses blank or long names, no mentions, ten images, bad dates and unknown fields', () => {
    const bad = [
      { ...base, name: '  ' },
      { ...base, name: 'x'.repeat(101) },
      { ...base, mentions: [] },
      { ...base, images: Array(10).fill(ID) },
      { ...base, deadline: '2026-02-30' },
      { ...base, priority: 'high' },
      { ...base, content: 'x'.repeat(5001) },
      { ...base, extra: 1 },
    ];
    for (const body of bad)
      expect(topicCreateSchema.safeParse(body).success, JSON.stringify(body).slice(0, 80)).toBe(false);
    expect(topicLinkSchema.safeParse({ type: 'element', modelId: ID, globalId: '' }).success).toBe(false);
  });

  it('PUT takes any field and a status; mentions may not be emptied', () => {
    expect(topicUpdateSchema.parse({ status: 'completed' })).toEqual({ status: 'completed' });
    expect(topicUpdateSchema.parse({ domainId: null })).toEqual({ domainId: null });
    expect(topicUpdateSchema.safeParse({ mentions: [] }).success).toBe(false);
    expect(topicUpdateSchema.safeParse({ projectId: ID }).success).toBe(false);
  });
});

describe('list query', () => {
  it('defaults and flags', () => {
    expect(topicsQuerySchema.parse({})).toEqual({ skip: 0, limit: 20 });
    expect(
      topicsQuerySchema.parse({
        category: 'mine',
        delay: 'd1to7',
        only_count: 'true',
        modelIds: `${ID}, ${ID2}`,
      }),
    ).toMatchObject({ category: 'mine', delay: 'd1to7', only_count: true, modelIds: [ID, ID2] });
    expect(topicsQuerySchema.safeParse({ category: 'other' }).success).toBe(false);
    expect(topicsQuerySchema.safeParse({ modelIds: 'nope' }).success).toBe(false);
    expect(topicsQuerySchema.safeParse({ bogus: '1' }).success).toBe(false);
  });
});

describe('responses and settings', () => {
  it('a response needs text or an image', () => {
    expect(topicResponseCreateSchema.safeParse({ content: '  ' }).success).toBe(false);
    expect(topicResponseCreateSchema.safeParse({}).success).toBe(false);
    expect(topicResponseCreateSchema.parse({ images: [ID] })).toEqual({ images: [ID] });
    expect(topicResponseCreateSchema.safeParse({ content: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('a setting name is required and short', () => {
    expect(topicSettingCreateSchema.parse({ name: ' 防水 ' })).toEqual({ name: '防水' });
    expect(topicSettingCreateSchema.safeParse({ name: '' }).success).toBe(false);
    expect(topicSettingCreateSchema.safeParse({ name: 'x'.repeat(31) }).success).toBe(false);
  });
});
