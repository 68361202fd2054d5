import { describe, expect, it } from 'vitest';
import {
  isNotificationModule,
  NOTIFICATION_MODULE_LABELS,
  NOTIFICATION_MODULES,
  NOTIFICATION_TEMPLATE_KEYS,
  type NotificationParams,
  type NotificationTemplateKey,
  notificationModuleLabel,
  notificationsQuerySchema,
  notificationsReadSchema,
  queryParamCreateSchema,
  type RenderedNotification,
  renderNotification,
  TODO_DELAY_LABELS,
  TODO_DELAYS,
  todoDelayDays,
  todoDelayRange,
  todosQuerySchema,
} from './index';

describe('notification modules', () => {
  it('are the notification centre filter of spec 001 §2 plus announcement and topic, each labelled in both languages', () => {
    expect(NOTIFICATION_MODULES).toEqual([
      'contactList',
      'checklist',
      'qualityCheck',
      'securityCheck',
      'memberManagement',
      'system',
      'form',
      'task',
      'material',
      'programme',
      'programmePlan',
      'announcement',
      'topic',
    ]);
    expect(Object.keys(NOTIFICATION_MODULE_LABELS).sort()).toEqual([...NOTIFICATION_MODULES].sort());
    for (const module of NOTIFICATION_MODULES) {
      expect(NOTIFICATION_MODULE_LABELS[module]['zh-CN']).toMatch(/\p{Script=Han}/u);
      expect(NOTIFICATION_MODULE_LABELS[module]['en-US']).toMatch(/^[A-Z][a-z ]+$/);
    }
    expect(notificationModuleLabel('memberManagement', 'zh-CN')).toBe('成员管理');
    expect(notificationModuleLabel('programmePlan', 'en-US')).toBe('Programme plan');
    expect(notificationModuleLabel('somethingNew', 'en-US')).toBe('somethingNew');
  });

  it('isNotificationModule accepts exactly the list', () => {
    expect(isNotificationModule('task')).toBe(true);
    expect(isNotificationModule('Task')).toBe(false);
    expect(isNotificationModule('toString')).toBe(false);
    expect(isNotificationModule(undefined)).toBe(false);
  });
});

describe('templates', () => {
  it('render the member-added notification in both languages, for each kind of scope', () => {
    const params = { scopeType: 'circle', scopeName: '华东分公司', byName: '张三' };
    expect(renderNotification('memberAdded', params, 'zh-CN')).toEqual({
      title: '您已加入分支「华东分公司」',
      content: '张三 将您添加为成员。',
    });
    expect(renderNotification('memberAdded', { ...params, scopeType: 'project' }, 'en-US')).toEqual({
      title: 'You were added to the project "华东分公司"',
      content: '张三 added you as a member.',
    });
    expect(renderNotification('memberAdded', { ...params, scopeType: 'enterprise' }, 'zh-CN')?.title).toBe(
      '您已加入企业「华东分公司」',
    );
  });

  it('render the membership invitation in both languages; refuse it without a scope name', () => {
    const params = { scopeType: 'project', scopeName: '示范项目', byName: '张三' };
    expect(renderNotification('memberInvited', params, 'zh-CN')?.title).toBe(
      '张三 邀请您加入项目「示范项目」',
    );
    expect(renderNotification('memberInvited', params, 'en-US')?.title).toBe(
      '张三 invited you to join the project "示范项目"',
    );
    expect(renderNotification('memberInvited', { ...params, scopeName: '' }, 'en-US')).toBeNull();
  });

  it('render the security notice of a phone, email or password change in both languages', () => {
    const phone = { change: 'phone', from: '138****0001', to: '139****0404' };
    expect(renderNotification('accountSecurityChanged', phone, 'zh-CN')).toEqual({
      title: '您的手机号已修改',
      content: '138****0001 → 139****0404。如果不是您本人操作，请立即重置密码并联系管理员。',
    });
    expect(renderNotification('accountSecurityChanged', phone, 'en-US')).toEqual({
      title: 'Your phone number was changed',
      content:
        '138****0001 → 139****0404. If this was not you, reset your password at once and tell your administrator.',
    });
    const password = { change: 'password', from: '', to: '' };
    expect(renderNotification('accountSecurityChanged', password, 'en-US')?.content).toBe(
      'If this was not you, reset your password at once and tell your administrator.',
    );
    expect(
      renderNotification('accountSecurityChanged', { change: 'email', from: '', to: 'a***@b.cn' }, 'zh-CN')
        ?.content,
    ).toMatch(/^（无） → a\*\*\*@b\.cn。/);
    expect(
      renderNotification('accountSecurityChanged', { change: 'name', from: '', to: '' }, 'zh-CN'),
    ).toBeNull();
  });

  it('answer null for an unknown template or unusable parameters (the stored text is shown then)', () => {
    expect(renderNotification('nope', {}, 'zh-CN')).toBeNull();
    expect(renderNotification(null, null, 'zh-CN')).toBeNull();
    expect(
      renderNotification('memberAdded', { scopeType: 'galaxy', scopeName: 'x', byName: 'y' }, 'zh-CN'),
    ).toBeNull();
    expect(renderNotification('memberAdded', { scopeType: 'project', byName: 'y' }, 'en-US')).toBeNull();
    expect(renderNotification('memberAdded', null, 'en-US')).toBeNull();
  });
});

describe('topic and contact sheet templates', () => {
  const topic = { number: 12, name: '地下室渗水' };
  const sheet = { byName: '李四', title: '钢筋复核', number: 'LXD-2026-0001' };
  /** Each template with full parameters, and the text it gives in both languages. */
  const cases: Array<
    [NotificationTemplateKey, NotificationParams, RenderedNotification, RenderedNotification]
  > = [
    [
      'topicNew',
      { ...topic, excerpt: '' },
      { title: '#12 地下室渗水', content: '新问题' },
      { title: '#12 地下室渗水', content: 'New topic' },
    ],
    [
      'topicResponse',
      { ...topic, excerpt: '已处理' },
      { title: '#12 地下室渗水', content: '已处理' },
      { title: '#12 地下室渗水', content: '已处理' },
    ],
    [
      'topicCompleted',
      topic,
      { title: '#12 地下室渗水', content: '问题已完成' },
      { title: '#12 地下室渗水', content: 'The topic was completed' },
    ],
    [
      'topicReopened',
      topic,
      { title: '#12 地下室渗水', content: '问题已重新打开' },
      { title: '#12 地下室渗水', content: 'The topic was reopened' },
    ],
    [
      'contactSheetSent',
      { ...sheet, action: 'forward', sheetType: 'change', excerpt: '请复核' },
      { title: '李四 转发了变更单「钢筋复核」', content: 'LXD-2026-0001 请复核' },
      { title: '李四 forwarded the change order "钢筋复核"', content: 'LXD-2026-0001 请复核' },
    ],
    [
      'contactSheetReplied',
      { byName: sheet.byName, title: sheet.title, excerpt: '已收到' },
      { title: '李四 回复了「钢筋复核」', content: '已收到' },
      { title: '李四 replied to "钢筋复核"', content: '已收到' },
    ],
    [
      'contactSheetRecalled',
      sheet,
      { title: '李四 撤回了「钢筋复核」', content: 'LXD-2026-0001' },
      { title: '李四 recalled "钢筋复核"', content: 'LXD-2026-0001' },
    ],
    [
      'workflowEvent',
      { title: '材料报验', event: 'ccPassed', nodeName: '部门审批' },
      { title: '材料报验', content: '抄送：「部门审批」已通过' },
      { title: '材料报验', content: 'CC: "部门审批" was approved' },
    ],
  ];

  it('render each in both languages', () => {
    expect(new Set(cases.map(([key]) => key))).toEqual(
      new Set(
        NOTIFICATION_TEMPLATE_KEYS.filter(
          (key) => key !== 'memberAdded' && key !== 'memberInvited' && key !== 'accountSecurityChanged',
        ),
      ),
    );
    for (const [key, params, zh, en] of cases) {
      expect(renderNotification(key, params, 'zh-CN'), key).toEqual(zh);
      expect(renderNotification(key, params, 'en-US'), key).toEqual(en);
    }
  });

  it('refuse each missing required parameter (the excerpt may be absent or empty)', () => {
    for (const [key, params] of cases) {
      for (const name of Object.keys(params).filter((name) => name !== 'excerpt')) {
        const { [name]: _left, ...rest } = params;
        expect(renderNotification(key, rest, 'en-US'), `${key} without ${name}`).toBeNull();
        expect(
          renderNotification(key, { ...params, [name]: '' }, 'zh-CN'),
          `${key} empty ${name}`,
        ).toBeNull();
      }
    }
    expect(renderNotification('topicNew', topic, 'en-US')?.content).toBe('New topic');
    expect(renderNotification('topicCompleted', { ...topic, number: '12' }, 'en-US')).toBeNull();
    expect(renderNotification('topicResponse', { ...topic, excerpt: 3 }, 'en-US')).toBeNull();
    const sent = { ...sheet, action: 'send', sheetType: 'visa', excerpt: '' };
    expect(renderNotification('contactSheetSent', sent, 'en-US')?.title).toBe(
      '李四 sent the site visa "钢筋复核"',
    );
    expect(renderNotification('contactSheetSent', { ...sent, action: 'resend' }, 'zh-CN')?.title).toBe(
      '李四 重新发送了签证单「钢筋复核」',
    );
    expect(renderNotification('contactSheetSent', { ...sent, action: 'delete' }, 'zh-CN')).toBeNull();
    expect(renderNotification('contactSheetSent', { ...sent, sheetType: 'memo' }, 'zh-CN')).toBeNull();
  });
});

describe('to-do delays (spec 001 §9: 1-7, 8-30, over 30 days)', () => {
  it('count whole days past the due date; due today or undated is not late', () => {
    expect(todoDelayDays(null, '2026-03-15')).toBe(0);
    expect(todoDelayDays('2026-03-15', '2026-03-15')).toBe(0);
    expect(todoDelayDays('2026-03-20', '2026-03-15')).toBe(0);
    expect(todoDelayDays('2026-03-14', '2026-03-15')).toBe(1);
    // Across a month end and a leap day.
    expect(todoDelayDays('2024-02-28', '2024-03-01')).toBe(2);
    expect(todoDelayDays('2025-12-31', '2026-01-31')).toBe(31);
  });

  it('bands are inclusive due-date ranges that meet without gaps', () => {
    expect(todoDelayRange('1-7', '2026-03-15')).toEqual({ from: '2026-03-08', to: '2026-03-14' });
    expect(todoDelayRange('8-30', '2026-03-15')).toEqual({ from: '2026-02-13', to: '2026-03-07' });
    expect(todoDelayRange('over30', '2026-03-15')).toEqual({ from: null, to: '2026-02-12' });
    expect(todoDelayRange('overdue', '2026-03-15')).toEqual({ from: null, to: '2026-03-14' });
    expect(() => todoDelayRange('1-7', '15/03/2026')).toThrow(RangeError);
    expect(Object.keys(TODO_DELAY_LABELS)).toEqual([...TODO_DELAYS]);
  });
});

describe('request schemas', () => {
  it('GET notifications takes the list parameters but no expand', () => {
    expect(notificationsQuerySchema.parse({ skip: '20', limit: '10', only_count: 'true' })).toEqual({
      skip: 20,
      limit: 10,
      only_count: true,
    });
    expect(notificationsQuerySchema.safeParse({ expand: 'true' }).success).toBe(false);
  });

  it('PUT notifications takes ids (1 to 500) or "all"', () => {
    const id = '0123456789abcdef01234567';
    expect(notificationsReadSchema.safeParse({ ids: [id], read: true }).success).toBe(true);
    expect(notificationsReadSchema.safeParse({ ids: 'all', read: true }).success).toBe(true);
    expect(notificationsReadSchema.safeParse({ ids: [], read: true }).success).toBe(false);
    expect(notificationsReadSchema.safeParse({ ids: Array(501).fill(id), read: true }).success).toBe(false);
  });

  it('GET todos takes where, queryParam, delay and paging; POST queryParams an object', () => {
    expect(todosQuerySchema.parse({ delay: '8-30', queryParam: '0123456789abcdef01234567' })).toMatchObject({
      delay: '8-30',
      skip: 0,
      limit: 20,
    });
    expect(todosQuerySchema.safeParse({ delay: '31+' }).success).toBe(false);
    expect(queryParamCreateSchema.safeParse({ data: { where: {} } }).success).toBe(true);
    expect(queryParamCreateSchema.safeParse({ data: [] }).success).toBe(false);
  });
});
