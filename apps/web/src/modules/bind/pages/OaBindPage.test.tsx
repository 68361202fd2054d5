import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { firstQueryValue } from '../thirdparty';
import OaBindPage from './OaBindPage';

let api: FakeApi;
let reply: FakeReply;

beforeAll(async () => {
  api = await startFakeApi();
  api.on('POST account-service/oa/bind', () => reply);
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  reply = { json: makeUser() };
  configureHttp({ baseUrl: api.baseUrl });
});

/** Signed in as a system administrator (who alone binds: issue 14), a plain user, or a visitor. */
function renderPage(search: string, signedIn: boolean | 'plain' = true) {
  const view = renderRoutes(
    {
      '/qweb': <OaBindPage />,
      '/home': <div data-testid="home-marker" />,
      '/login': <div data-testid="login-marker" />,
    },
    {
      path: `/qweb${search}`,
      user: signedIn ? makeUser({ isSystemAdmin: signedIn !== 'plain' }) : null,
    },
  );
  return { ...view, user: setupUser() };
}

describe('firstQueryValue', () => {
  it('takes the value of the first parameter, whatever its name', () => {
    expect(firstQueryValue('?oaName=zhang')).toBe('zhang');
    expect(firstQueryValue('?user=%E5%BC%A0%E4%B8%89&oaName=other')).toBe('张三');
    expect(firstQueryValue('?a=&b=x')).toBe('');
    expect(firstQueryValue('')).toBe('');
  });
});

describe('/qweb', () => {
  it('prefills the OA account from the first query parameter and the BIM account with the user', async () => {
    renderPage('?account=zhang.wei&from=oa');
    expect(await screen.findByTestId('qweb-oaName')).toHaveValue('zhang.wei');
    expect(screen.getByTestId('qweb-bimName')).toHaveValue('zhangsan');
  });

  it('requires both account names', async () => {
    const { user } = renderPage('');
    fireEvent.change(await screen.findByTestId('qweb-bimName'), { target: { value: '  ' } });
    await user.click(screen.getByTestId('qweb-confirm'));
    expect(await screen.findByTestId('qweb-oaName-error')).toHaveTextContent('请输入 OA 账号');
    expect(screen.getByTestId('qweb-bimName-error')).toHaveTextContent('请输入 BIM 账号');
    expect(api.requests).toHaveLength(0);
  }, 30_000);

  it('binds with POST oa/bind (appId bim), shows the success message and goes to /home', async () => {
    const { user, location } = renderPage('?oaName=zhang');
    await user.click(await screen.findByTestId('qweb-confirm'));
    expect(await screen.findByTestId('qweb-success')).toHaveTextContent('绑定成功');
    expect(api.requests[0]!.body).toEqual({ oaName: 'zhang', bimName: 'zhangsan', appId: 'bim' });
    expect(await screen.findByTestId('home-marker', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(location.pathname).toBe('/home');
  }, 30_000);

  it('shows why the binding failed and stays', async () => {
    reply = {
      status: 403,
      json: { code: 403, key: 'identity.oaNotOwnAccount', message: '只能绑定当前登录的 BIM 账号' },
    };
    const { user, location } = renderPage('?oaName=zhang');
    fireEvent.change(await screen.findByTestId('qweb-bimName'), { target: { value: 'lisi' } });
    await user.click(screen.getByTestId('qweb-confirm'));
    expect(await screen.findByTestId('qweb-error')).toHaveTextContent(
      '绑定失败：只能绑定当前登录的 BIM 账号',
    );
    expect(location.pathname).toBe('/qweb');
  }, 30_000);

  it('goes to /home on cancel', async () => {
    const { user, location } = renderPage('?oaName=zhang');
    await user.click(await screen.findByTestId('qweb-cancel'));
    expect(location.pathname).toBe('/home');
    expect(api.requests).toHaveLength(0);
  });

  it('tells anyone but a system administrator to ask one; nothing can be sent', async () => {
    renderPage('?oaName=zhang', 'plain');
    expect(await screen.findByTestId('qweb-admin-only')).toHaveTextContent('只有系统管理员可以绑定');
    expect(screen.getByTestId('qweb-confirm')).toBeDisabled();
    expect(screen.getByTestId('qweb-oaName')).toBeDisabled();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('asks a visitor to sign in first, keeping the OA account shown', async () => {
    const { user, location } = renderPage('?oaName=zhang', false);
    expect(await screen.findByTestId('qweb-visitor')).toHaveTextContent('请先登录');
    expect(screen.getByTestId('qweb-oaName')).toHaveValue('zhang');
    expect(screen.getByTestId('qweb-confirm')).toBeDisabled();
    await user.click(screen.getByTestId('qweb-sign-in'));
    expect(location.pathname).toBe('/login');
  });
});
