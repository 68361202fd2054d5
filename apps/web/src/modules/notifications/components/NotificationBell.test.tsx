import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { clearSession } from '../../account/api';
import {
  makeNotification,
  type NotificationsServer,
  pointAt,
  renderCentre,
  resetServer,
  startNotificationsServer,
} from '../testSupport';

let server: NotificationsServer;
beforeAll(async () => {
  server = await startNotificationsServer();
});
afterAll(() => server.close());
beforeEach(() => {
  resetServer(server);
  pointAt(server);
});

const badge = () => screen.queryByTestId('notification-badge');
const streamRequests = () => server.requestsTo('GET', 'notifications/stream');
const countRequests = () =>
  server.requestsTo('GET', 'notifications').filter((r) => r.query.get('only_count') === 'true');

describe('the header bell', () => {
  it('shows the unread count the stream sends, and raises it when a notification arrives, without a request', async () => {
    server.notifications = [makeNotification(), makeNotification(), makeNotification({ read: true })];
    renderCentre('/home');
    await waitFor(() => expect(badge()).toHaveTextContent(/^2$/));
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('消息中心，2 条未读');
    expect(streamRequests()).toHaveLength(1);
    expect(streamRequests()[0]!.query.get('lang')).toBe('zh-CN');

    const requestsBefore = server.requests.length;
    server.notify({ title: '您已加入企业「漫游建设集团」' });
    await waitFor(() => expect(badge()).toHaveTextContent(/^3$/));
    // Live: nothing was asked for, the stream brought it (and the screen reader hears the title).
    expect(server.requests.length).toBe(requestsBefore);
    expect(screen.getByTestId('notification-announcer')).toHaveTextContent(
      '新消息：您已加入企业「漫游建设集团」',
    );
    expect(countRequests()).toHaveLength(0);
  });

  it('has no badge at zero, and opens the notification centre from the keyboard', async () => {
    const { user, location } = renderCentre('/home');
    await waitFor(() => expect(server.openStreams).toBe(1));
    await screen.findByTestId('notification-bell');
    expect(badge()).toBeNull();
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('消息中心');

    act(() => screen.getByTestId('notification-bell').focus());
    expect(screen.getByTestId('notification-bell')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(location.pathname).toBe('/notifications');
    expect(await screen.findByTestId('notification-centre')).toBeInTheDocument();
  });

  it('a notification arriving reloads the open centre: the new item is listed', async () => {
    server.notifications = [makeNotification({ title: '旧消息', createdAt: '2026-01-01T00:00:00.000Z' })];
    renderCentre('/notifications');
    expect(await screen.findByText('旧消息')).toBeInTheDocument();
    await waitFor(() => expect(server.openStreams).toBe(1));

    server.notify({ title: '刚到的消息', module: 'task' });
    expect(await screen.findByText('刚到的消息')).toBeInTheDocument();
    const titles = screen.getAllByTestId('notification-title').map((node) => node.textContent);
    expect(titles).toEqual(['未读 刚到的消息', '未读 旧消息']);
    await waitFor(() => expect(badge()).toHaveTextContent(/^2$/));
  });

  it('closes its stream at sign-out and opens none for a visitor', async () => {
    server.notifications = [makeNotification()];
    const { queryClient } = renderCentre('/home');
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    expect(server.openStreams).toBe(1);

    act(() => clearSession(queryClient));
    await waitFor(() => expect(server.openStreams).toBe(0));
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(streamRequests()).toHaveLength(1);
  });

  it('reconnects when the stream ends, and catches up on what it missed meanwhile', async () => {
    const first = makeNotification({ title: '第一条', createdAt: '2026-01-01T00:00:00.000Z' });
    server.notifications = [first];
    renderCentre('/notifications');
    expect(await screen.findByText('第一条')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent(/^1$/));

    // The server restarts: every stream ends. Meanwhile the first is read on another device and another
    // arrives, so the unread count is the same: only the reconnection can tell the list to reload.
    await server.dropStreams();
    first.read = true;
    server.notifications.push(makeNotification({ title: '断线期间的消息' }));
    await waitFor(() => expect(streamRequests()).toHaveLength(2));
    expect(await screen.findByText('断线期间的消息')).toBeInTheDocument();
    expect(badge()).toHaveTextContent(/^1$/);
    expect(server.openStreams).toBe(1);
  });

  it('falls back to polling the count after the stream failed again and again', async () => {
    server.notifications = [makeNotification(), makeNotification()];
    server.failing.add('notifications/stream');
    renderCentre('/home');
    // maxFailures (3 in the tests) attempts, each after a longer wait; then the count is asked for.
    await waitFor(() => expect(badge()).toHaveTextContent(/^2$/));
    expect(streamRequests()).toHaveLength(3);
    expect(countRequests()).toHaveLength(1);
    expect(JSON.parse(countRequests()[0]!.query.get('where')!)).toEqual({ read: false });
  });

  it('opens the stream in the chosen language, and reopens it when the language changes', async () => {
    await changeLanguage('en-US');
    server.notifications = [makeNotification()];
    renderCentre('/home');
    await waitFor(() => expect(badge()).toHaveTextContent(/^1$/));
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Notification centre, unread: 1');
    expect(server.streamLanguages).toEqual(['en-US']);

    await act(() => changeLanguage('zh-CN'));
    await waitFor(() => expect(server.streamLanguages).toEqual(['en-US', 'zh-CN']));
    await waitFor(() => expect(server.openStreams).toBe(1));
  });
});
