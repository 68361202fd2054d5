import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../test/project';
import {
  asReceived,
  makeSheet,
  PROJECT_ID,
  RECEIVER,
  renderContactSheets,
  requestsTo,
  resetState,
  serveContactSheets,
  state,
} from '../testSupport';

const api = fakeApiForFile(serveContactSheets, resetState);
const S = 'worksheet-service';
const LIST = `/projects/${PROJECT_ID}/contactsheets`;
const LIST_CALL = `${S}/projects/${PROJECT_ID}/contactsheets`;

const received = (n: number, patch = {}) =>
  asReceived(
    makeSheet({
      _id: `66d0000000000000000005${String(n).padStart(2, '0')}`,
      number: `LXD-2026-000${n}`,
      title: `收到的联系单 ${n}`,
    }),
    patch,
  );
const sent = (n: number) =>
  makeSheet({
    _id: `66d0000000000000000005${String(n).padStart(2, '0')}`,
    number: `TZD-2026-000${n}`,
    type: 'notice',
    title: `发出的通知单 ${n}`,
  });

const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

describe('contact sheet list', { timeout: 60_000 }, () => {
  it('on a phone: the filter sheet counts the box for the filters as they change', async () => {
    setWidth(390);
    state.sheets = [received(1), received(2, { read: true, unRead: false }), sent(3)];
    const { user, location } = renderContactSheets(LIST, RECEIVER);
    await waitFor(() => expect(screen.getByTestId('sheets-count-received')).toHaveTextContent('2'));
    await user.click(screen.getByRole('button', { name: '筛选' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 2 条结果');
    await user.click(within(sheet).getByTestId('sheet-filter-unread'));
    await waitFor(() => expect(location.search).toBe('?unread=1'));
    await waitFor(() => expect(within(sheet).getByRole('status')).toHaveTextContent('当前共 1 条结果'));
    await user.click(within(sheet).getByRole('button', { name: '查看 1 条结果' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^筛选/ })).toHaveAttribute('aria-expanded', 'false'),
    );
    expect(screen.getByText('收到的联系单 1')).toBeInTheDocument();
    expect(screen.queryByText('收到的联系单 2')).not.toBeInTheDocument();
  });

  it('received by default: unread marked, counts per box; tabs and filters become the call parameters', async () => {
    state.sheets = [
      received(1),
      received(2, { read: true, unRead: false, replied: true, replyCount: 1 }),
      sent(3),
    ];
    const { user, location } = renderContactSheets(LIST, RECEIVER);
    const table = await screen.findByTestId('sheets-table-received');
    const rows = await within(table).findAllByTestId(/^sheet-row-/);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('sheet-unread-66d000000000000000000501')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('LXD-2026-0001');
    expect(rows[0]).toHaveTextContent('工作联系单');
    expect(rows[0]).toHaveTextContent('演示用户');
    expect(rows[0]).toHaveTextContent('待回复');
    expect(rows[1]).toHaveTextContent('已回复（1）');
    expect(within(rows[1]!).queryByTestId(/sheet-unread/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('sheets-count-received')).toHaveTextContent('2'));
    expect(screen.getByTestId('sheets-count-sent')).toHaveTextContent('1');
    expect(screen.getByTestId('sheets-count-all')).toHaveTextContent('3');
    // The side menu comes with the project's modules (a call of its own, slow on a busy machine).
    expect(
      await screen.findByTestId('workbench-menu-contactLists', {}, { timeout: 10_000 }),
    ).toHaveTextContent('联系单');

    await user.click(screen.getByTestId('sheets-tab-sent'));
    await waitFor(() => expect(location.search).toBe('?box=sent'));
    expect(await screen.findByText('发出的通知单 3')).toBeInTheDocument();
    expect(
      requestsTo(api, 'GET', LIST_CALL).some(
        (r) => r.query.get('visible') === 'sent' && r.query.get('limit') === '20',
      ),
    ).toBe(true);

    await user.click(screen.getByTestId('sheet-filter-unread'));
    await waitFor(() => expect(location.search).toBe('?box=sent&unread=1'));
    await waitFor(() =>
      expect(
        requestsTo(api, 'GET', LIST_CALL).some(
          (r) => r.query.get('visible') === 'sent' && r.query.get('unRead') === 'true',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('没有符合条件的联系单')).toBeInTheDocument();

    const search = within(screen.getByTestId('sheet-filters')).getByRole('searchbox');
    await user.type(search, 'LXD{Enter}');
    await waitFor(() => expect(location.search).toBe('?box=sent&unread=1&q=LXD'));
    const withWhere = requestsTo(api, 'GET', LIST_CALL).find((r) => r.query.get('where'));
    expect(JSON.parse(withWhere!.query.get('where')!)).toEqual({
      $or: [{ title: { $regex: 'LXD' } }, { number: { $regex: 'LXD' } }],
    });
  });

  it('bulk delete: names how many, sends the ids, and shows the refusal when the server refuses all', async () => {
    state.sheets = [received(1), received(2), received(3)];
    const { user } = renderContactSheets(LIST, RECEIVER);
    const table = await screen.findByTestId('sheets-table-received');
    await within(table).findAllByTestId(/^sheet-row-/);
    // The selection column comes with the delete right (asked beside the list).
    const pick = (id: string) => within(screen.getByTestId(`sheet-row-${id}`)).findByRole('checkbox');
    await user.click(await pick('66d000000000000000000501'));
    await user.click(await pick('66d000000000000000000502'));
    expect(screen.getByRole('checkbox', { name: '选择联系单 LXD-2026-0003' })).not.toBeChecked();

    // The server refuses the whole lot: nothing goes, its reason shows.
    state.refuse[`DELETE ${S}/contactsheets`] = {
      status: 403,
      json: { code: 403, key: 'contactsheets.notDeletable', message: '所选联系单中有您无权删除的，均未删除' },
    };
    await user.click(screen.getByTestId('sheets-delete'));
    expect(await screen.findByText('删除所选的 2 份联系单？')).toBeInTheDocument();
    await user.click(screen.getByTestId('sheets-delete-ok'));
    expect(await screen.findByText('所选联系单中有您无权删除的，均未删除')).toBeInTheDocument();
    expect(within(table).getAllByTestId(/^sheet-row-/)).toHaveLength(3);

    await user.click(screen.getByTestId('sheets-delete'));
    await user.click(await screen.findByTestId('sheets-delete-ok'));
    await waitFor(() => expect(requestsTo(api, 'DELETE', `${S}/contactsheets`)).toHaveLength(2));
    expect(requestsTo(api, 'DELETE', `${S}/contactsheets`)[1]!.query.get('ids')).toBe(
      '66d000000000000000000501,66d000000000000000000502',
    );
    expect(await screen.findByText('已删除 2 份联系单')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByTestId(/^sheet-row-/)).toHaveLength(1));
    expect(screen.queryByTestId('sheets-delete')).not.toBeInTheDocument();
  });

  it('empty: says so, with no create button and no selection without rights', async () => {
    state.rights = { create: false, delete: 'false', export: false };
    renderContactSheets(LIST, RECEIVER);
    expect(await screen.findByText('暂无收到的联系单')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        requestsTo(api, 'GET', `account-service/projects/${PROJECT_ID}/auth`).length,
      ).toBeGreaterThanOrEqual(2),
    );
    await new Promise((r) => setTimeout(r, 100));
    // Without the create right the button stays, disabled, saying which right is missing.
    expect(await screen.findByTestId('sheets-create')).toBeDisabled();
    expect(screen.getByTestId('sheets-create-missing')).toHaveAccessibleName(/联系单.*新建权限/);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
