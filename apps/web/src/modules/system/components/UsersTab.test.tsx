import type { AdminUser, AdminUserDetail } from '@lintel/contracts/system';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { UsersTab } from './UsersTab';

const ME = makeUser({ _id: '0000000000000000000000aa', name: 'admin', isSystemAdmin: true });
const adminUser = (patch: Partial<AdminUser>): AdminUser => {
  const { mustChangePassword: _, ...user } = makeUser(patch as never);
  return { ...user, disabled: false, lockedUntil: null, mustChangePassword: false, ...patch };
};
const LIWEI = adminUser({
  _id: '0000000000000000000000a1',
  name: 'liwei',
  nickName: '李伟',
  lockedUntil: '2026-11-26T09:00:00.000Z',
});
const state: { user: AdminUser; conflict: boolean } = { user: LIWEI, conflict: false };

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  api.on('GET account-service/admin/users', (seen) =>
    seen.query.get('only_count') === 'true'
      ? { json: { count: 2 } }
      : { json: [state.user, adminUser({ ...ME })] },
  );
  api.on(`GET account-service/admin/users/${LIWEI._id}`, () => ({
    json: {
      user: state.user,
      places: [
        {
          scopeType: 'project',
          scopeId: '0000000000000000000000b1',
          name: '示范项目',
          enterpriseId: '0000000000000000000000e1',
          enterpriseName: '示范建设集团',
          role: 'member',
          templateName: '项目成员',
        },
      ],
    } satisfies AdminUserDetail,
  }));
  api.on(`GET account-service/admin/users/${ME._id}`, { json: { user: adminUser({ ...ME }), places: [] } });
  for (const action of ['disable', 'enable', 'unlock', 'requirePasswordChange']) {
    api.on(`POST account-service/admin/users/${LIWEI._id}/${action}`, () => {
      if (state.conflict) {
        return {
          status: 409,
          json: { code: 409, key: 'account.userChanged', message: '该用户刚被他人修改' },
        };
      }
      state.user = {
        ...state.user,
        updatedAt: '2026-11-26T10:00:00.000Z',
        ...(action === 'disable' ? { disabled: true } : {}),
        ...(action === 'enable' ? { disabled: false } : {}),
        ...(action === 'unlock' ? { lockedUntil: null } : {}),
        ...(action === 'requirePasswordChange' ? { mustChangePassword: true } : {}),
      };
      return { json: state.user };
    });
  }
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  state.user = LIWEI;
  state.conflict = false;
  configureHttp({ baseUrl: api.baseUrl });
});

const renderTab = () => {
  return renderRoutes({ '/system': <UsersTab /> }, { path: '/system', user: ME });
};
const posts = () => api.requests.filter((r) => r.method === 'POST');

describe('users administration', () => {
  it('shows state and places; disables after a confirmation, unlocks; sends the version seen', async () => {
    renderTab();
    const cards = await screen.findAllByTestId('system-user');
    expect(within(cards[0]!).getByTestId('system-user-locked')).toHaveTextContent('已锁定');
    fireEvent.click(within(cards[0]!).getByTestId('system-user-open'));
    expect(await screen.findByTestId('system-user-place')).toHaveTextContent('示范项目');
    expect(screen.getByTestId('system-user-places')).toHaveTextContent('项目成员');

    fireEvent.click(screen.getByTestId('system-user-disable'));
    expect((await screen.findAllByText('停用 liwei？'))[0]).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    fireEvent.click(document.getElementById('system-user-confirm')!);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.path).toBe(`account-service/admin/users/${LIWEI._id}/disable`);
    expect(posts()[0]!.body).toEqual({ updatedAt: LIWEI.updatedAt });
    expect(await screen.findByTestId('system-user-enable')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('system-user-unlock'));
    await waitFor(() => expect(posts().at(-1)!.path).toContain('/unlock'));
    await waitFor(() => expect(screen.queryByTestId('system-user-unlock')).not.toBeInTheDocument());
  });

  it('shows a concurrent change (409) and never offers to disable yourself', async () => {
    state.conflict = true;
    renderTab();
    const cards = await screen.findAllByTestId('system-user');
    fireEvent.click(within(cards[0]!).getByTestId('system-user-open'));
    fireEvent.click(await screen.findByTestId('system-user-unlock'));
    expect(await screen.findByText('该用户刚被他人修改')).toBeInTheDocument();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape' });
    fireEvent.click(within(cards[1]!).getByTestId('system-user-open'));
    await waitFor(() => expect(screen.getByTestId('system-user-disable')).toBeDisabled());
  });
});
