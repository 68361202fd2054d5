import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { pageQuery, userWhere } from '../adminApi';
import SystemPage from './SystemPage';

const users = Array.from({ length: 45 }, (_, i) =>
  makeUser({ _id: i.toString(16).padStart(24, '0'), name: `user${i}`, nickName: `用户${i}` }),
);

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  api.on('GET account-service/admin/users', (seen) => {
    if (seen.query.get('only_count') === 'true') return { json: { count: users.length } };
    const skip = Number(seen.query.get('skip'));
    const limit = Number(seen.query.get('limit'));
    return { json: users.slice(skip, skip + limit) };
  });
  api.on('GET account-service/admin/enterprises', (seen) =>
    seen.query.get('only_count') === 'true'
      ? { json: { count: 1 } }
      : {
          json: [
            {
              _id: '0000000000000000000000e1',
              type: 'enterprise',
              name: '示范建设集团',
              shortName: '',
              isTrial: false,
              accountCapacity: null,
              spaceCapacity: null,
              projectLimit: null,
              paidPlan: '',
              createdBy: null,
              createdAt: '2026-01-01T00:00:00.000Z',
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
          ],
        },
  );
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  configureHttp({ baseUrl: api.baseUrl });
});

const renderPage = (user: ReturnType<typeof makeUser> | null) => {
  const view = renderRoutes({ '/system': <SystemPage /> }, { path: '/system', user });
  return { ...view, user: setupUser() };
};

describe('paging and search', () => {
  it('computes skip = (page − 1) × pageSize and limit = pageSize', () => {
    expect(pageQuery(1, 20)).toEqual({ skip: 0, limit: 20 });
    expect(pageQuery(3, 20)).toEqual({ skip: 40, limit: 20 });
    expect(pageQuery(2, 50)).toEqual({ skip: 50, limit: 50 });
    expect(pageQuery(0, 10)).toEqual({ skip: 0, limit: 10 });
  });
  it('searches name, nickName and phone with $regex', () => {
    expect(JSON.parse(userWhere(' demo ')!)).toEqual({
      $or: [
        { name: { $regex: 'demo' } },
        { nickName: { $regex: 'demo' } },
        { phoneNumber: { $regex: 'demo' } },
      ],
    });
    expect(userWhere('  ')).toBeUndefined();
  });
});

describe('/system', () => {
  it('tells a user who is not a system administrator that they have no permission', async () => {
    renderPage(makeUser({ isSystemAdmin: false }));
    expect(await screen.findByTestId('system-no-permission')).toHaveTextContent('无权限');
    expect(api.requests).toEqual([]);
  });

  it('asks a visitor to sign in', async () => {
    renderPage(null);
    expect(await screen.findByTestId('system-visitor')).toBeInTheDocument();
  });

  it('lists users page by page with the total, and searches', async () => {
    const { user } = renderPage(makeUser({ isSystemAdmin: true }));
    expect(await screen.findByTestId('system-users-total')).toHaveTextContent('共 45 条');
    expect(screen.getAllByTestId('system-user-name')).toHaveLength(20);
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(screen.getAllByTestId('system-user-name')).toHaveLength(5));
    expect(screen.getAllByTestId('system-user-name')[0]).toHaveTextContent('user40');
    const page3 = api.requests.filter((r) => r.query.get('skip') === '40');
    expect(page3[0]!.query.get('limit')).toBe('20');
    await user.type(screen.getByRole('searchbox'), 'demo{Enter}');
    await waitFor(() => {
      const last = api.requests.filter((r) => r.path === 'account-service/admin/users').at(-1)!;
      expect(JSON.parse(last.query.get('where')!).$or[0]).toEqual({ name: { $regex: 'demo' } });
    });
    const searched = api.requests
      .filter((r) => r.query.get('where') && r.query.get('only_count') !== 'true')
      .at(-1)!;
    expect(searched.query.get('skip')).toBe('0');
  });

  it('lists the non-trial enterprises', async () => {
    const { user } = renderPage(makeUser({ isSystemAdmin: true }));
    await user.click(await screen.findByTestId('system-tab-enterprises'));
    expect(await screen.findByTestId('system-enterprise-name')).toHaveTextContent('示范建设集团');
    const call = api.requests.find((r) => r.path === 'account-service/admin/enterprises')!;
    expect(call.query.get('isTrial')).toBe('false');
  });
});
