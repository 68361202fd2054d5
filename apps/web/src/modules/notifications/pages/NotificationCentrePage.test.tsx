import { NOTIFICATION_MODULE_LABELS, NOTIFICATION_MODULES } from '@lintel/contracts/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { FILTERABLE_MODULES } from '../components/ModuleFilter';
import {
  makeNotification,
  makeTodo,
  type NotificationsServer,
  pointAt,
  renderCentre,
  resetServer,
  startNotificationsServer,
} from '../testSupport';
import { absoluteTime } from '../time';

let server: NotificationsServer;
beforeAll(async () => {
  server = await startNotificationsServer();
});
afterAll(() => server.close());
beforeEach(() => {
  resetServer(server);
  pointAt(server);
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const badge = () => screen.queryByTestId('notification-badge');
const item = (id: string) => screen.getByTestId(`notification-${id}`);
const listRequests = () =>
  server.requestsTo('GET', 'notifications').filter((r) => r.query.get('only_count') !== 'true');
const lastWhere = () => JSON.parse(listRequests().at(-1)!.query.get('where') ?? '{}');

/** An antd Select's option by its label, in the open list. */
async function chooseOption(label: string) {
  const options = await screen.findAllByTitle(label);
  const option = options.find((node) => node.classList.contains('ant-select-item-option'))!;
  option.click();
}

describe('the messages tab', () => {
  it('lists the notifications newest first: title, content, module, time (absolute on hover), unread marked', async () => {
    const older = makeNotification({
      title: '您已加入企业「示范建设集团」',
      content: '演示用户 将您添加为成员。',
      module: 'memberManagement',
      read: true,
      createdAt: minutesAgo(180),
    });
    const newer = makeNotification({
      title: '任务「基础验收」已指派给您',
      content: '请在周五前完成',
      module: 'task',
      createdAt: minutesAgo(5),
    });
    server.notifications = [older, newer];
    renderCentre();

    expect(await screen.findByText('任务「基础验收」已指派给您')).toBeInTheDocument();
    const titles = screen.getAllByTestId('notification-title').map((node) => node.textContent);
    expect(titles).toEqual(['未读 任务「基础验收」已指派给您', '您已加入企业「示范建设集团」']);
    expect(item(newer._id)).toHaveAttribute('data-read', 'false');
    expect(item(older._id)).toHaveAttribute('data-read', 'true');
    expect(within(item(newer._id)).getByText('请在周五前完成')).toBeInTheDocument();
    expect(within(item(newer._id)).getByText('任务')).toBeInTheDocument();
    expect(within(item(older._id)).getByText('成员管理')).toBeInTheDocument();
    const time = within(item(newer._id)).getByTestId('notification-time');
    expect(time).toHaveTextContent('5分钟前');
    expect(time).toHaveAttribute('title', absoluteTime(newer.createdAt));
    expect(time).toHaveAttribute('dateTime', newer.createdAt);
    expect(within(item(older._id)).getByTestId('notification-time')).toHaveTextContent('3小时前');
    // The messages tab counts the unread ones.
    await waitFor(() => expect(screen.getByTestId('tab-messages-count')).toHaveTextContent('1'));
  });

  it('filters unread only and by module, offering only the modules with screens', async () => {
    server.notifications = [
      makeNotification({ title: '未读的问题', module: 'topic' }),
      makeNotification({ title: '已读的问题', module: 'topic', read: true }),
      makeNotification({ title: '未读的成员消息', module: 'memberManagement' }),
    ];
    const { user, location } = renderCentre();
    expect(await screen.findByText('已读的问题')).toBeInTheDocument();

    await user.click(screen.getByTestId('filter-unread'));
    await waitFor(() => expect(screen.queryByText('已读的问题')).toBeNull());
    expect(screen.getByText('未读的问题')).toBeInTheDocument();
    expect(lastWhere()).toEqual({ read: false });
    expect(location.search).toBe('?filter=unread');

    await user.click(screen.getByRole('combobox', { name: '模块' }));
    for (const module of NOTIFICATION_MODULES) {
      const label = NOTIFICATION_MODULE_LABELS[module]['zh-CN'];
      if (FILTERABLE_MODULES.includes(module))
        expect((await screen.findAllByTitle(label)).length).toBeGreaterThan(0);
      else expect(screen.queryByTitle(label)).toBeNull();
    }
    await chooseOption('问题');
    await waitFor(() => expect(screen.queryByText('未读的成员消息')).toBeNull());
    expect(screen.getByText('未读的问题')).toBeInTheDocument();
    expect(lastWhere()).toEqual({ read: false, module: 'topic' });
    expect(location.search).toBe('?filter=unread&module=topic');

    await user.click(screen.getByTestId('filter-all'));
    expect(await screen.findByText('已读的问题')).toBeInTheDocument();
    expect(lastWhere()).toEqual({ module: 'topic' });
  });

  it('opening an unread message marks it read and follows its link; the badge drops', async () => {
    const message = makeNotification({
      title: '您已加入项目「示范项目一期」',
      link: '/projects/66b000000000000000000021',
    });
    server.notifications = [message];
    const { user, location } = renderCentre();
    await waitFor(() => expect(badge()).toHaveTextContent(/^1$/));

    await user.click(await screen.findByText('您已加入项目「示范项目一期」'));
    expect(location.pathname).toBe('/projects/66b000000000000000000021');
    expect(await screen.findByTestId('project-page')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toBeNull());
    expect(server.requestsTo('PUT', `notifications/${message._id}`)[0]!.body).toEqual({ read: true });
    expect(server.notifications[0]!.read).toBe(true);
  });

  it('a message without an app link is marked read but opens nothing; a read one is not marked again', async () => {
    const external = makeNotification({ title: '系统维护通知', module: 'system', link: '' });
    const read = makeNotification({ title: '已读消息', read: true, createdAt: minutesAgo(60) });
    server.notifications = [external, read];
    const { user, location } = renderCentre();

    await user.click(await screen.findByText('系统维护通知'));
    await waitFor(() => expect(item(external._id)).toHaveAttribute('data-read', 'true'));
    expect(location.pathname).toBe('/notifications');

    await user.click(screen.getByText('已读消息'));
    expect(location.pathname).toBe('/projects/66b000000000000000000021');
    expect(server.requestsTo('PUT', `notifications/${read._id}`)).toHaveLength(0);
  });

  it('is usable from the keyboard: Tab reaches a message, Enter opens it', async () => {
    const message = makeNotification({ title: '键盘打开的消息', link: '/e' });
    server.notifications = [message];
    const { user, location } = renderCentre();
    const open = within(await screen.findByTestId(`notification-${message._id}`)).getByTestId(
      'notification-open',
    );

    let presses = 0;
    while (document.activeElement !== open && presses < 30) {
      await user.tab();
      presses += 1;
    }
    expect(open).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(location.pathname).toBe('/e');
    await waitFor(() => expect(server.notifications[0]!.read).toBe(true));
  });

  it('marks one read, then all read', async () => {
    const first = makeNotification({ title: '第一条', createdAt: minutesAgo(1) });
    const second = makeNotification({ title: '第二条', createdAt: minutesAgo(2) });
    const third = makeNotification({ title: '第三条', createdAt: minutesAgo(3) });
    server.notifications = [first, second, third];
    const { user } = renderCentre();
    await screen.findByText('第三条');
    await waitFor(() => expect(badge()).toHaveTextContent(/^3$/));

    await user.click(within(item(first._id)).getByRole('button', { name: '将「第一条」标为已读' }));
    await waitFor(() => expect(item(first._id)).toHaveAttribute('data-read', 'true'));
    expect(within(item(first._id)).queryByTestId('notification-mark-read')).toBeNull();
    await waitFor(() => expect(badge()).toHaveTextContent(/^2$/));

    await user.click(screen.getByTestId('mark-all-read'));
    await waitFor(() => expect(item(third._id)).toHaveAttribute('data-read', 'true'));
    expect(item(second._id)).toHaveAttribute('data-read', 'true');
    expect(server.requestsTo('PUT', 'notifications')[0]!.body).toEqual({ ids: 'all', read: true });
    expect(await screen.findByText('已将 2 条消息标为已读')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toBeNull());
    await waitFor(() => expect(screen.getByTestId('mark-all-read')).toBeDisabled());
  });

  it('deletes a message only after confirmation', async () => {
    const keep = makeNotification({ title: '保留的消息', createdAt: minutesAgo(1) });
    const drop = makeNotification({ title: '要删除的消息', createdAt: minutesAgo(2) });
    server.notifications = [keep, drop];
    const { user } = renderCentre();
    await screen.findByText('要删除的消息');

    await user.click(within(item(drop._id)).getByRole('button', { name: '删除「要删除的消息」' }));
    expect(await screen.findByText('删除这条消息？')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('删除这条消息？')).not.toBeVisible());
    expect(server.requestsTo('DELETE', `notifications/${drop._id}`)).toHaveLength(0);

    await user.click(within(item(drop._id)).getByRole('button', { name: '删除「要删除的消息」' }));
    await user.click(await screen.findByTestId('notification-delete-ok'));
    await waitFor(() => expect(screen.queryByText('要删除的消息')).toBeNull());
    expect(server.requestsTo('DELETE', `notifications/${drop._id}`)).toHaveLength(1);
    expect(server.notifications.map((n) => n.title)).toEqual(['保留的消息']);
    expect(await screen.findByText('消息已删除')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent(/^1$/));
  });

  it('pages by 20: skip = (page − 1) × 20, the page in the address', async () => {
    server.notifications = Array.from({ length: 25 }, (_, i) =>
      makeNotification({ title: `消息${i + 1}`, createdAt: minutesAgo(i + 1) }),
    );
    const { user, location } = renderCentre();
    await screen.findByText('消息1');
    expect(screen.getAllByTestId('notification-title')).toHaveLength(20);

    await user.click(within(screen.getByTestId('messages-pager')).getByTitle('2'));
    expect(await screen.findByText('消息21')).toBeInTheDocument();
    expect(screen.getAllByTestId('notification-title')).toHaveLength(5);
    expect(listRequests().at(-1)!.query.get('skip')).toBe('20');
    expect(listRequests().at(-1)!.query.get('limit')).toBe('20');
    expect(location.search).toBe('?page=2');
  });

  it('says when there is nothing, and when nothing matches', async () => {
    const { user } = renderCentre();
    expect(await screen.findByTestId('messages-empty')).toHaveTextContent('暂无消息');
    await user.click(screen.getByTestId('filter-unread'));
    await waitFor(() =>
      expect(screen.getByTestId('messages-empty')).toHaveTextContent('没有符合筛选条件的消息'),
    );
  });

  it('shows a failure with Retry', async () => {
    server.failing.add('notifications');
    server.notifications = [makeNotification({ title: '恢复后的消息' })];
    const { user } = renderCentre();
    const failure = await screen.findByTestId('messages-error');
    expect(failure).toHaveTextContent('消息加载失败');
    expect(failure).toHaveTextContent('服务器内部错误');

    server.failing.clear();
    await user.click(within(failure).getByRole('button', { name: '重 试' }));
    expect(await screen.findByText('恢复后的消息')).toBeInTheDocument();
  });

  it('speaks English too, with the English module labels', async () => {
    await changeLanguage('en-US');
    server.notifications = [makeNotification({ module: 'programmePlan', createdAt: minutesAgo(2) })];
    renderCentre();
    expect(await screen.findByRole('heading', { name: 'Notification centre' })).toBeInTheDocument();
    expect(await screen.findByText('Programme plan')).toBeInTheDocument();
    expect(screen.getByTestId('notification-time')).toHaveTextContent('2 minutes ago');
    expect(screen.getByTestId('mark-all-read')).toHaveTextContent('Mark all as read');
    expect(screen.getByTestId('filter-unread')).toHaveTextContent('Unread only');
    expect(listRequests().at(-1)!.headers['accept-language']).toBe('en-US');
  });
});

describe('the pending tab', () => {
  it('lists the open to-dos with due date and delay, filters by delay band, and opens one with its stored query', async () => {
    const late = makeTodo({
      title: '整改安全隐患',
      module: 'securityCheck',
      dueDate: '2026-01-10',
      delayDays: 3,
      queryParam: '66c000000000000000000999',
      link: '/projects/66b000000000000000000021',
      createdAt: minutesAgo(10),
    });
    const onTime = makeTodo({ title: '审核施工日志', module: 'task', createdAt: minutesAgo(20) });
    server.todos = [late, onTime];
    const { user, location } = renderCentre('/notifications?tab=pending');

    expect(await screen.findByText('整改安全隐患')).toBeInTheDocument();
    expect(screen.getAllByTestId('todo-title').map((node) => node.textContent)).toEqual([
      '整改安全隐患',
      '审核施工日志',
    ]);
    const lateItem = screen.getByTestId(`todo-${late._id}`);
    expect(within(lateItem).getByTestId('todo-due')).toHaveTextContent('截止 2026-01-10');
    expect(within(lateItem).getByTestId('todo-late')).toHaveTextContent('逾期 3 天');
    expect(within(lateItem).getByText('安全检查')).toBeInTheDocument();
    expect(within(screen.getByTestId(`todo-${onTime._id}`)).queryByTestId('todo-late')).toBeNull();
    // The tab counts the open to-dos (from the stream).
    await waitFor(() => expect(screen.getByTestId('tab-pending-count')).toHaveTextContent('2'));

    await user.click(screen.getByTestId('delay-1-7'));
    await waitFor(() => expect(screen.queryByText('审核施工日志')).toBeNull());
    const todoRequests = server
      .requestsTo('GET', 'todos')
      .filter((r) => r.query.get('only_count') !== 'true');
    expect(todoRequests.at(-1)!.query.get('delay')).toBe('1-7');
    expect(location.search).toBe('?tab=pending&delay=1-7');

    await user.click(screen.getByText('整改安全隐患'));
    expect(location.pathname).toBe('/projects/66b000000000000000000021');
    expect(location.search).toBe('?queryParam=66c000000000000000000999');
  });

  it('a to-do added while the tab is open arrives by the stream: the count and the list follow', async () => {
    server.todos = [makeTodo({ title: '已有的待办', createdAt: minutesAgo(30) })];
    renderCentre('/notifications?tab=pending');
    expect(await screen.findByText('已有的待办')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('tab-pending-count')).toHaveTextContent(/^1$/));

    server.todos.push(makeTodo({ title: '新指派的检查单', module: 'checklist' }));
    server.publishTodos();
    expect(await screen.findByText('新指派的检查单')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('tab-pending-count')).toHaveTextContent(/^2$/));
  });

  it('says when nothing is pending, and switches to the messages tab', async () => {
    server.notifications = [makeNotification({ title: '一条消息' })];
    const { user, location } = renderCentre('/notifications?tab=pending');
    expect(await screen.findByTestId('todos-empty')).toHaveTextContent('暂无待办');
    await user.click(screen.getByRole('tab', { name: /消息/ }));
    expect(await screen.findByText('一条消息')).toBeInTheDocument();
    expect(location.search).toBe('');
  });
});
