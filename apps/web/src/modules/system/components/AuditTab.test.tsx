import { NEXT_CURSOR_HEADER } from '@lintel/contracts';
import type { AuditEntryView } from '@lintel/contracts/system';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { AuditTab } from './AuditTab';

const entry = (n: number, patch: Partial<AuditEntryView> = {}): AuditEntryView => ({
  _id: n.toString(16).padStart(24, '0'),
  action: 'auth.signIn',
  actorId: '0000000000000000000000a1',
  actorName: '张三 (zhangsan)',
  ip: '192.0.2.7',
  enterpriseId: null,
  projectId: null,
  projectName: null,
  targetType: null,
  targetId: null,
  detail: {},
  createdAt: `2026-11-26T08:${String(59 - (n % 60)).padStart(2, '0')}:00.000Z`,
  ...patch,
});

const state = { rows: [] as AuditEntryView[], fail: false };
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  api.on('GET audit-service/entries', (seen) => {
    if (state.fail)
      return { status: 403, json: { code: 403, key: 'common.forbidden', message: '没有权限执行此操作' } };
    const after = seen.query.get('after');
    const start = after ? Number(after) : 0;
    const limit = Number(seen.query.get('limit'));
    const page = state.rows.slice(start, start + limit);
    const full = page.length === limit;
    const headers: Record<string, string> = full ? { [NEXT_CURSOR_HEADER]: String(start + limit) } : {};
    return { json: page, headers };
  });
  api.on('GET account-service/projects', {
    json: [{ _id: '0000000000000000000000b1', name: '示范项目' }],
  });
  api.on('GET audit-service/entries/export', {
    raw: { body: 'Time,Action\r\n', contentType: 'text/csv; charset=utf-8' },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  state.fail = false;
  configureHttp({ baseUrl: api.baseUrl });
});

const renderTab = () =>
  renderRoutes({ '/system': <AuditTab /> }, { path: '/system', user: makeUser({ isSystemAdmin: true }) });
const entryCalls = () => api.requests.filter((r) => r.path === 'audit-service/entries');

describe('audit log tab', () => {
  it('shows who did what, when and from where with readable names, pages on by cursor, and filters', async () => {
    state.rows = [
      entry(1, {
        action: 'auth.signInFailed',
        actorId: null,
        actorName: null,
        detail: { account: 'mallory', reason: 'account.passwordError' },
      }),
      entry(2, {
        action: 'topic.deleted',
        projectId: '0000000000000000000000b1',
        projectName: '示范项目',
        targetType: 'topic',
        targetId: '0000000000000000000000c1',
        detail: { title: '<img src=x onerror=alert(1)>' },
      }),
      ...Array.from({ length: 60 }, (_, i) => entry(i + 3)),
    ];
    renderTab();
    const cards = await screen.findAllByTestId('audit-entry');
    expect(cards).toHaveLength(50);
    expect(within(cards[0]!).getByTestId('audit-action')).toHaveTextContent('登录失败');
    expect(cards[0]).toHaveTextContent('匿名');
    expect(cards[0]).toHaveTextContent('尝试的账号: mallory');
    expect(cards[0]).toHaveTextContent('原因: 密码错误');
    expect(within(cards[1]!).getByTestId('audit-action')).toHaveTextContent('删除问题');
    expect(cards[1]).toHaveTextContent('示范项目');
    // Stored text shows literally.
    expect(cards[1]).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img[src="x"]')).toBeNull();

    fireEvent.click(screen.getByTestId('audit-more'));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(62));
    expect(entryCalls().at(-1)!.query.get('after')).toBe('50');
    expect(screen.queryByTestId('audit-more')).not.toBeInTheDocument();

    // Filters go to the server: actor and text; a click on an actor filters by that actor.
    fireEvent.change(screen.getByLabelText('操作人（姓名、账号或 ID）'), { target: { value: 'mallory' } });
    fireEvent.keyDown(screen.getByLabelText('操作人（姓名、账号或 ID）'), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(entryCalls().at(-1)!.query.get('actor')).toBe('mallory'));
    fireEvent.change(screen.getByLabelText('搜索内容、IP 或对象'), { target: { value: '192.0.2' } });
    fireEvent.keyDown(screen.getByLabelText('搜索内容、IP 或对象'), { key: 'Enter', code: 'Enter' });
    await waitFor(() => {
      const last = entryCalls().at(-1)!;
      expect([last.query.get('actor'), last.query.get('q'), last.query.get('after')]).toEqual([
        'mallory',
        '192.0.2',
        null,
      ]);
    });
  });

  it('exports the filter as CSV, and shows empty and refused states', async () => {
    state.rows = [];
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/audit');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderTab();
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent('没有符合条件的记录');
    fireEvent.click(screen.getByTestId('audit-export-csv'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const exported = api.requests.find((r) => r.path === 'audit-service/entries/export')!;
    expect(exported.query.get('format')).toBe('csv');
    expect(created).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('shows the refusal of a caller who may not read the log', async () => {
    state.fail = true;
    renderTab();
    expect(await screen.findByTestId('audit-error')).toHaveTextContent('没有权限执行此操作');
  });
});
