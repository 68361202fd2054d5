import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { fakeApiForFile } from '../../../test/project';
import {
  makeAnnouncement,
  PROJECT_ID,
  RECEIVER,
  renderAnnouncements,
  requestsTo,
  resetState,
  SENDER,
  serveAnnouncements,
  state,
} from '../testSupport';

const api = fakeApiForFile(serveAnnouncements, resetState);
const S = 'announcement-service';
const LIST = `/projects/${PROJECT_ID}/announcements`;

const pinned = () =>
  makeAnnouncement({
    _id: '66c000000000000000000502',
    title: '塔吊检修置顶',
    stick: true,
    read: true,
    unRead: false,
    createdAt: '2026-03-01T08:00:00.000Z',
  });
const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

const unread = () => makeAnnouncement({ _id: '66c000000000000000000503', title: '今日例会' });

describe('announcement lists', { timeout: 60_000 }, () => {
  it('on a phone: one card per announcement, pinned first, the sender labelled', async () => {
    setWidth(390);
    state.received = [unread(), pinned()];
    renderAnnouncements(LIST, RECEIVER);
    const list = await screen.findByTestId('announcements-table-receive');
    expect(within(list).queryByRole('table')).not.toBeInTheDocument();
    const cards = await within(list).findAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('data-testid'))).toEqual([
      'announcement-row-66c000000000000000000502',
      'announcement-row-66c000000000000000000503',
    ]);
    expect(cards[1]!.querySelector('.list-card__title')).toHaveTextContent('今日例会');
    expect(within(cards[1]!).getByText('发布人')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('演示用户');
  });

  it('received: pinned first, unread marked, the sender shown, and a menu entry in the workbench', async () => {
    state.received = [unread(), pinned()];
    renderAnnouncements(LIST, RECEIVER);
    const table = await screen.findByTestId('announcements-table-receive');
    const rows = await within(table).findAllByTestId(/^announcement-row-/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual([
      'announcement-row-66c000000000000000000502',
      'announcement-row-66c000000000000000000503',
    ]);
    expect(within(rows[0]!).getByTestId('announcement-pinned-66c000000000000000000502')).toHaveTextContent(
      '置顶',
    );
    expect(within(rows[0]!).queryByTestId(/announcement-unread/)).not.toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('announcement-unread-66c000000000000000000503')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('未读');
    expect(rows[1]).toHaveTextContent('演示用户');
    expect(rows[1]).toHaveTextContent('明天上午九点进行安全检查。');
    expect(await screen.findByTestId('workbench-menu-announcements')).toHaveTextContent('公告');
    const list = requestsTo(api, 'GET', `${S}/projects/${PROJECT_ID}/announcements`);
    expect(list.some((r) => r.query.get('type') === 'receive' && r.query.get('expand') === 'true')).toBe(
      true,
    );
    expect(list.some((r) => r.query.get('only_count') === 'true')).toBe(true);
  });

  it('sent: read counts, and switching tabs changes the address', async () => {
    state.received = [unread()];
    state.sent = [
      makeAnnouncement({
        _id: '66c000000000000000000504',
        title: '已发公告',
        type: 'send',
        read: true,
        unRead: false,
        readCount: 1,
      }),
    ];
    const { user, location } = renderAnnouncements(LIST);
    await screen.findByTestId('announcements-table-receive');
    await user.click(screen.getByTestId('announcements-tab-send'));
    await waitFor(() => expect(location.pathname).toBe(`${LIST}/sent`));
    expect(await screen.findByTestId('announcement-readers-66c000000000000000000504')).toHaveTextContent(
      '1/2 已读',
    );
    // One entry of the side menu is highlighted: Announcements (the walk of issue 17 saw two here).
    const selected = screen.getByTestId('workbench-menu').querySelectorAll('[aria-current="page"]');
    expect(selected).toHaveLength(1);
    expect(selected[0]).toHaveTextContent('公告');
  });

  it('shows the empty state; without rights no clearing, and creating disabled with the reason', async () => {
    state.rights = { create: false, delete: 'false' };
    state.role = 'member';
    renderAnnouncements(LIST, RECEIVER);
    expect(await screen.findByText('暂无收到的公告')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    // Without the create right the button stays, disabled, saying which right is missing.
    expect(await screen.findByTestId('announcements-create')).toBeDisabled();
    expect(screen.getByTestId('announcements-create-missing')).toHaveAccessibleName(/公告.*新建权限/);
    expect(screen.queryByTestId('announcements-clear')).not.toBeInTheDocument();
  });

  it('pins, recalls (after confirming) and deletes (after confirming) from the sent list', async () => {
    const sent = makeAnnouncement({
      _id: '66c000000000000000000505',
      title: '待撤回',
      type: 'send',
      read: true,
      unRead: false,
    });
    const other = makeAnnouncement({
      _id: '66c000000000000000000506',
      title: '待删除',
      type: 'send',
      read: true,
      unRead: false,
    });
    state.sent = [sent, other];
    state.role = 'member';
    const { user } = renderAnnouncements(`${LIST}/sent`);
    await user.click(await screen.findByTestId('announcement-stick-66c000000000000000000505'));
    await waitFor(() =>
      expect(
        requestsTo(api, 'PUT', `${S}/announcements/${sent._id}`).map((r) => r.query.get('stick')),
      ).toEqual(['true']),
    );
    expect(await screen.findByTestId('announcement-pinned-66c000000000000000000505')).toBeInTheDocument();

    await user.click(screen.getByTestId('announcement-recall-66c000000000000000000505'));
    expect(await screen.findByText('撤回这条公告？')).toBeInTheDocument();
    await user.click(screen.getByTestId('announcement-recall-ok-66c000000000000000000505'));
    await waitFor(() =>
      expect(
        requestsTo(api, 'PUT', `${S}/announcements/${sent._id}`).map((r) => r.query.get('recall')),
      ).toContain('true'),
    );
    expect(await screen.findByText('公告已撤回')).toBeInTheDocument();
    const row = await screen.findByTestId('announcement-row-66c000000000000000000505');
    await waitFor(() => expect(row).toHaveTextContent('已撤回'));
    // A recalled one can no longer be pinned or recalled.
    expect(screen.queryByTestId('announcement-recall-66c000000000000000000505')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('announcement-delete-66c000000000000000000506'));
    expect(await screen.findByText('删除这条公告？')).toBeInTheDocument();
    await user.click(screen.getByTestId('announcement-delete-ok-66c000000000000000000506'));
    await waitFor(() => expect(requestsTo(api, 'DELETE', `${S}/announcements/${other._id}`)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByTestId('announcement-row-66c000000000000000000506')).not.toBeInTheDocument(),
    );
  });

  it('a receiver deletes from their own list; the whole box can be cleared after confirming', async () => {
    state.received = [unread(), pinned()];
    state.role = 'member';
    const { user } = renderAnnouncements(LIST, RECEIVER);
    const remove = await screen.findByTestId('announcement-delete-66c000000000000000000503');
    expect(remove).toHaveTextContent('从列表删除');
    // Receivers who are no admins may not pin.
    expect(screen.queryByTestId('announcement-stick-66c000000000000000000503')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('announcements-clear'));
    expect(await screen.findByText('从列表中删除全部 2 条收到的公告？')).toBeInTheDocument();
    await user.click(screen.getByTestId('announcements-clear-ok'));
    await waitFor(() =>
      expect(requestsTo(api, 'DELETE', `${S}/projects/${PROJECT_ID}/announcements`)).toHaveLength(1),
    );
    expect(requestsTo(api, 'DELETE', `${S}/projects/${PROJECT_ID}/announcements`)[0]!.query.get('type')).toBe(
      'received',
    );
    expect(await screen.findByText('已删除 2 条公告')).toBeInTheDocument();
    expect(await screen.findByText('暂无收到的公告')).toBeInTheDocument();
  });

  it('speaks English too', async () => {
    await changeLanguage('en-US');
    state.sent = [makeAnnouncement({ type: 'send', read: true, unRead: false })];
    renderAnnouncements(`${LIST}/sent`, SENDER);
    expect(await screen.findByTestId('announcements-tab-send')).toHaveTextContent('Sent');
    expect(await screen.findByText('0/2 read')).toBeInTheDocument();
    expect(screen.getByTestId('announcements-create')).toHaveTextContent('New announcement');
  });
});
