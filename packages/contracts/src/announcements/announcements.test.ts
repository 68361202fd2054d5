import { describe, expect, it } from 'vitest';
import {
  announcementActionQuerySchema,
  announcementBoxSchema,
  announcementCreateSchema,
  announcementExcerpt,
  announcementsQuerySchema,
  announcementText,
} from './index';

const ID = '0123456789abcdef01234567';

describe('announcement boxes', () => {
  it('send, sent and posted (spec 001 §7: posted maps to send) are the sent box; receive and received the other', () => {
    for (const value of ['send', 'sent', 'posted']) expect(announcementBoxSchema.parse(value)).toBe('send');
    for (const value of ['receive', 'received']) expect(announcementBoxSchema.parse(value)).toBe('receive');
    expect(announcementBoxSchema.safeParse('all').success).toBe(false);
    expect(announcementsQuerySchema.safeParse({}).success).toBe(false);
    expect(announcementsQuerySchema.parse({ type: 'received', only_count: 'true' })).toMatchObject({
      type: 'receive',
      only_count: true,
      skip: 0,
      limit: 20,
    });
  });
});

describe('POST announcements body', () => {
  const base = { projectId: ID, title: '通知', content: '<p>x</p>' };

  it('takes receivers "all" or user ids, departments, and attachments by id or upload URL', () => {
    expect(announcementCreateSchema.parse({ ...base, receivers: 'all' }).receivers).toBe('all');
    const parsed = announcementCreateSchema.parse({
      ...base,
      title: '  通知  ',
      receivers: [],
      departments: [ID],
      attachments: [`/api/v1/base-service/files/${ID}`, ID],
    });
    expect(parsed).toMatchObject({ title: '通知', receivers: [], departments: [ID], attachments: [ID, ID] });
  });

  it('refuses no receivers at all, a blank or long title, and foreign attachment URLs', () => {
    expect(announcementCreateSchema.safeParse({ ...base, receivers: [] }).success).toBe(false);
    expect(announcementCreateSchema.safeParse({ ...base, receivers: 'everyone' }).success).toBe(false);
    expect(announcementCreateSchema.safeParse({ ...base, title: ' ', receivers: 'all' }).success).toBe(false);
    expect(
      announcementCreateSchema.safeParse({ ...base, title: 'x'.repeat(101), receivers: 'all' }).success,
    ).toBe(false);
    expect(
      announcementCreateSchema.safeParse({
        ...base,
        receivers: 'all',
        attachments: [`https://evil.example/api/v1/base-service/files/${ID}`],
      }).success,
    ).toBe(false);
    expect(announcementCreateSchema.safeParse({ ...base, receivers: 'all', extra: 1 }).success).toBe(false);
  });
});

describe('PUT announcements/{id} query', () => {
  it('exactly one of read, stick and recall=true', () => {
    expect(announcementActionQuerySchema.parse({ read: 'true' })).toEqual({ read: true });
    expect(announcementActionQuerySchema.parse({ stick: '0' })).toEqual({ stick: false });
    expect(announcementActionQuerySchema.parse({ recall: 'true' })).toEqual({ recall: 'true' });
    for (const query of [{}, { read: 'true', stick: 'true' }, { recall: 'false' }, { stick: 'yes' }]) {
      expect(announcementActionQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

describe('text and excerpt', () => {
  it('the text of sanitised HTML keeps blocks apart and decodes entities', () => {
    expect(announcementText('<h2>标题</h2><p>a&amp;b &lt;c&gt; &#x4e2d;&#25991;</p><p>二<br />行</p>')).toBe(
      '标题\na&b <c> 中文\n二\n行',
    );
    expect(announcementText('<p>&bogus; &#xZZ;</p>')).toBe('&bogus; &#xZZ;');
  });

  it('the excerpt is one line, cut by characters (not UTF-16 units) with an ellipsis', () => {
    expect(announcementExcerpt('第一行\n第二行')).toBe('第一行 第二行');
    expect(announcementExcerpt('一二三四五', 3)).toBe('一二三…');
    expect(announcementExcerpt('😀😀😀😀', 2)).toBe('😀😀…');
    expect(announcementExcerpt('短', 3)).toBe('短');
  });
});
