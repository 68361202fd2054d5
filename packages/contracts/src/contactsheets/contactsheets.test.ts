import { describe, expect, it } from 'vitest';
import {
  contactSheetCreateSchema,
  contactSheetExcerpt,
  contactSheetFileName,
  contactSheetForwardSchema,
  contactSheetPutQuerySchema,
  contactSheetsDeleteQuerySchema,
  contactSheetsQuerySchema,
  contactSheetUpdateSchema,
  formatContactSheetNumber,
  hasIllegalTitleCharacters,
} from './index';

const ID = '0123456789abcdef01234567';
const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';

function issues(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('numbers', () => {
  it('prefix per kind, year of sending, at least four digits', () => {
    expect(formatContactSheetNumber('contact', 2026, 1)).toBe('LXD-2026-0001');
    expect(formatContactSheetNumber('notice', 2026, 42)).toBe('TZD-2026-0042');
    expect(formatContactSheetNumber('change', 2027, 12345)).toBe('BGD-2027-12345');
    expect(formatContactSheetNumber('visa', 2026, 7)).toBe('QZD-2026-0007');
  });
});

describe('POST contactsheets body', () => {
  const minimal = { projectId: ID, name: '关于钢筋绑扎', content: '请核实', receivers: [A], cc: [B] };

  it('takes the minimal payload with name, and title as the same field', () => {
    expect(contactSheetCreateSchema.parse(minimal)).toMatchObject({
      title: '关于钢筋绑扎',
      type: 'contact',
      receivers: [A],
      cc: [B],
      replyNeeded: false,
    });
    const { name: _name, ...withoutName } = minimal;
    expect(contactSheetCreateSchema.parse({ ...withoutName, title: ' 标题 ', cc: undefined })).toMatchObject({
      title: '标题',
      cc: [],
    });
    expect(issues(contactSheetCreateSchema.safeParse({ ...minimal, title: '别的' }))).toContain(
      'contactsheets.nameTitleDiffer',
    );
    expect(contactSheetCreateSchema.safeParse({ ...withoutName }).success).toBe(false);
  });

  it('refuses illegal characters, blank content, no receivers, and cc overlapping receivers', () => {
    for (const title of ['a\u0001b', 'a\nb', 'a\tb', 'a\u007fb']) {
      expect(issues(contactSheetCreateSchema.safeParse({ ...minimal, name: title })), title).toContain(
        'contactsheets.illegalCharacters',
      );
    }
    expect(contactSheetCreateSchema.safeParse({ ...minimal, name: 'x'.repeat(101) }).success).toBe(false);
    expect(contactSheetCreateSchema.safeParse({ ...minimal, content: '  ' }).success).toBe(false);
    expect(contactSheetCreateSchema.safeParse({ ...minimal, content: 'x'.repeat(10_001) }).success).toBe(
      false,
    );
    expect(contactSheetCreateSchema.safeParse({ ...minimal, receivers: [] }).success).toBe(false);
    expect(issues(contactSheetCreateSchema.safeParse({ ...minimal, cc: [B, A] }))).toContain(
      'contactsheets.ccOverlapsReceivers',
    );
    expect(contactSheetCreateSchema.safeParse({ ...minimal, type: 'memo' }).success).toBe(false);
    expect(contactSheetCreateSchema.safeParse({ ...minimal, extra: 1 }).success).toBe(false);
  });

  it('drops repeated people, reads attachment URLs, and keeps a deadline only with replyNeeded', () => {
    const parsed = contactSheetCreateSchema.parse({
      ...minimal,
      receivers: [A, A],
      attachments: [`/api/v1/base-service/files/${ID}`],
      replyNeeded: true,
      replyDeadline: '2026-12-01',
    });
    expect(parsed).toMatchObject({ receivers: [A], attachments: [ID], replyDeadline: '2026-12-01' });
    expect(
      issues(
        contactSheetCreateSchema.safeParse({ ...minimal, replyNeeded: false, replyDeadline: '2026-12-01' }),
      ),
    ).toContain('contactsheets.deadlineWithoutReply');
  });
});

describe('PUT, forward, list and delete parameters', () => {
  it('an edit takes any field; read and resend are exclusive', () => {
    expect(contactSheetUpdateSchema.parse({ name: '新标题' })).toEqual({ title: '新标题' });
    expect(contactSheetUpdateSchema.parse({})).toEqual({});
    expect(contactSheetUpdateSchema.safeParse({ type: 'notice' }).success).toBe(false);
    expect(contactSheetPutQuerySchema.parse({ read: 'true' })).toEqual({ read: true });
    expect(contactSheetPutQuerySchema.safeParse({ read: 'true', resend: 'true' }).success).toBe(false);
  });

  it('forward needs receivers, disjoint from cc', () => {
    expect(contactSheetForwardSchema.safeParse({ receivers: [] }).success).toBe(false);
    expect(contactSheetForwardSchema.safeParse({ receivers: [A], cc: [A] }).success).toBe(false);
    expect(contactSheetForwardSchema.parse({ receivers: [A], remark: ' 请阅 ' })).toEqual({
      receivers: [A],
      remark: '请阅',
    });
  });

  it('list defaults and boxes', () => {
    expect(contactSheetsQuerySchema.parse({})).toMatchObject({ visible: 'all', skip: 0, limit: 20 });
    expect(
      contactSheetsQuerySchema.parse({ visible: 'received', unRead: 'true', type: 'visa' }),
    ).toMatchObject({
      visible: 'received',
      unRead: true,
      type: 'visa',
    });
    expect(contactSheetsQuerySchema.safeParse({ visible: 'mine' }).success).toBe(false);
  });

  it('delete takes ids or prjId, exactly one', () => {
    expect(contactSheetsDeleteQuerySchema.parse({ ids: `${A}, ${B}` })).toEqual({ ids: [A, B] });
    expect(contactSheetsDeleteQuerySchema.parse({ prjId: ID })).toEqual({ prjId: ID });
    expect(contactSheetsDeleteQuerySchema.safeParse({}).success).toBe(false);
    expect(contactSheetsDeleteQuerySchema.safeParse({ ids: A, prjId: ID }).success).toBe(false);
    expect(contactSheetsDeleteQuerySchema.safeParse({ ids: 'x' }).success).toBe(false);
  });
});

describe('text rules', () => {
  it('legal titles pass, excerpt cuts by characters', () => {
    expect(hasIllegalTitleCharacters('关于三层梁柱节点钢筋绑扎的工作联系单（第2次）')).toBe(false);
    // Site subjects need the characters a file name cannot have: floors, scales, concrete grades.
    for (const title of [
      '3/F 楼板开洞',
      '总图 1:100',
      'C30/35 混凝土',
      '问题?',
      '"样板"<先行>',
      'A|B 轴',
      'a\\b*',
    ])
      expect(hasIllegalTitleCharacters(title), title).toBe(false);
    expect(contactSheetExcerpt('一二三四五', 3)).toBe('一二三…');
    expect(contactSheetExcerpt('第一行\n第二行')).toBe('第一行 第二行');
  });

  it('makes the PDF file name safe on every system without touching the subject', () => {
    expect(contactSheetFileName('GZLXD-2026-0001', '3/F 楼板 1:100')).toBe(
      'GZLXD-2026-0001 3-F 楼板 1：100.pdf',
    );
    expect(contactSheetFileName('QZD-2026-0002', 'C30/35 "样板" <A|B>?*')).toBe(
      "QZD-2026-0002 C30-35 '样板' ＜A-B＞？＊.pdf",
    );
    expect(contactSheetFileName('QZD-2026-0003', 'a\\b...')).toBe('QZD-2026-0003 a-b.pdf');
    expect(contactSheetFileName('QZD-2026-0004', '关于三层节点（第2次）')).toBe(
      'QZD-2026-0004 关于三层节点（第2次）.pdf',
    );
  });
});
