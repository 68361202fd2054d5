import type { User } from '@lintel/contracts/account';
import type { SystemProfile } from '@lintel/contracts/system';
import { act, render, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../lib/http';
import { type FakeApi, startFakeApi } from '../test/fakeApi';
import { makeProfile, makeUser } from '../test/fixtures';
import { createTestQueryClient } from '../test/render';
import { setupUser } from '../test/user';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { ROUTES } from './routeTable';
import type { AppRoute } from './routeTypes';
import { getLoginNotice, setLoginNotice } from './session/loginNotice';

/**
 * The whole shell against a real (fake) HTTP API: guards, sign-in, session checks, idle logout.
 */
let api: FakeApi;
let profile: SystemProfile;
let sessionUser: User | null;

beforeAll(async () => {
  api = await startFakeApi();
  api.on('GET account-service/system/profile', () => ({ json: profile }));
  api.on('GET account-service/logged', () =>
    sessionUser
      ? { json: sessionUser }
      : { status: 401, json: { code: 401, key: 'auth.required', message: '请先登录' } },
  );
  // The home tree of a user who belongs to nothing yet.
  for (const list of ['enterprises', 'circles', 'projects'])
    api.on(`GET account-service/${list}`, { json: [] });
  api.on('POST account-service/logout', () => {
    sessionUser = null;
    return { json: {} };
  });
  api.on('POST account-service/login', (seen) => {
    const body = seen.body as { name: string; password: string };
    if (body.name === 'nobody') {
      return { status: 400, json: { code: 102, key: 'account.nameNotFound', message: '用户名不存在' } };
    }
    if (body.password !== 'secret1') {
      return { status: 400, json: { code: 104, key: 'account.passwordError', message: '密码错误' } };
    }
    sessionUser = makeUser({ name: body.name, phoneNumber: body.name === 'nophone' ? '' : '13800138000' });
    return { json: sessionUser };
  });
});

afterAll(() => api.close());

beforeEach(() => {
  profile = makeProfile();
  sessionUser = null;
  api.requests.length = 0;
  setLoginNotice(null);
  configureHttp({ baseUrl: api.baseUrl });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** What the test reads from the router: the committed path, and a way to navigate from outside. */
interface RouterProbe {
  pathname: string;
  navigate: NavigateFunction;
}

function Probe({ probe }: { probe: RouterProbe }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    probe.pathname = pathname;
    probe.navigate = navigate;
  });
  return null;
}

function renderApp(path: string, routes: readonly AppRoute[] = ROUTES) {
  const router: RouterProbe = { pathname: '', navigate: () => undefined };
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={routes} />
        <Probe probe={router} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { router, user: setupUser() };
}

/** The route table with the page of `path` replaced. */
function withPage(path: string, page: AppRoute['page']): AppRoute[] {
  return ROUTES.map((route) => (route.path === path ? { ...route, page } : route));
}

async function signIn(user: ReturnType<typeof userEvent.setup>, name: string, password: string) {
  await user.type(await screen.findByTestId('login-name'), name);
  await user.type(screen.getByTestId('login-password'), password);
  await user.click(screen.getByTestId('login-submit'));
}

describe('guards', () => {
  it('sends a visitor on a page that is not there yet to /login, framed by header and footer', async () => {
    const { router } = renderApp('/oauth');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.pathname).toBe('/login');
    expect(screen.getByTestId('not-found-notice')).toHaveTextContent('/oauth');
    expect(screen.getByTestId('app-header')).toHaveTextContent('筑协');
    expect(screen.getByTestId('footer-version')).toHaveTextContent('6.6.2');
    expect(screen.getByTestId('language-menu')).toBeInTheDocument();
    expect(screen.queryByTestId('user-menu')).not.toBeInTheDocument();
    // antd's own texts on the sign-in screen (the password toggle) are Chinese without its full locale.
    expect(screen.getByRole('button', { name: '显示' })).toBeInTheDocument();
  });

  it('lets a visitor see /home as a landing page with a way to sign in', async () => {
    const { router, user } = renderApp('/');
    expect(await screen.findByTestId('home-landing')).toHaveTextContent('筑协');
    expect(router.pathname).toBe('/home');
    await user.click(screen.getByTestId('home-sign-in'));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  });

  it('sends a signed-in user from /login and from unknown paths to /home', async () => {
    sessionUser = makeUser();
    const { router } = renderApp('/login');
    expect(await screen.findByTestId('home-welcome')).toHaveTextContent('张三');
    // The router's state can follow the redirect's first render by a tick (a loaded CI run saw '/login').
    await waitFor(() => expect(router.pathname).toBe('/home'));
    expect(screen.queryByTestId('not-found-notice')).not.toBeInTheDocument();
    await act(async () => {
      await router.navigate('/no-such-page');
    });
    await waitFor(() => expect(router.pathname).toBe('/home'));
    // Not silently: the page says which address did not exist, until closed.
    const notice = await screen.findByTestId('not-found-notice');
    expect(notice).toHaveTextContent('地址 /no-such-page 没有对应的页面，已为您打开此页。');
    expect(screen.getByTestId('home-welcome')).toBeInTheDocument();
    await act(async () => {
      notice.querySelector('button')?.click();
    });
    await waitFor(() => expect(screen.queryByTestId('not-found-notice')).not.toBeInTheDocument());
    expect(router.pathname).toBe('/home');
  });

  it('hides the language menu when the profile has i18n off', async () => {
    profile = makeProfile({ i18n: false });
    renderApp('/login');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(screen.queryByTestId('language-menu')).not.toBeInTheDocument();
  });
});

describe('language menu', () => {
  it('switches the whole screen to English and keeps the choice', async () => {
    const { user } = renderApp('/login');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(screen.getByTestId('product-name')).toHaveTextContent('筑协');
    await user.click(screen.getByTestId('language-menu'));
    await user.click(await screen.findByTestId('language-option-en-us'));
    await waitFor(() => expect(screen.getByTestId('product-name')).toHaveTextContent('Lintel'));
    expect(screen.getByTestId('login-submit')).toHaveTextContent('Sign in');
    expect(screen.getByRole('button', { name: 'Show' })).toBeInTheDocument();
    expect(screen.getByTestId('footer-version')).toHaveTextContent('Version 6.6.2');
    expect(localStorage.getItem('language')).toBe('en-us');
    expect(document.documentElement.lang).toBe('en-US');

    await signIn(user, 'nobody', 'x');
    await screen.findByTestId('login-error');
    const login = api.requests.filter((seen) => seen.path === 'account-service/login').at(-1)!;
    expect(login.headers['accept-language']).toBe('en-US');

    await user.click(screen.getByTestId('language-menu'));
    await user.click(await screen.findByTestId('language-option-zh-cn'));
    await waitFor(() => expect(screen.getByTestId('product-name')).toHaveTextContent('筑协'));
    expect(localStorage.getItem('language')).toBe('zh-cn');
    // The hint was the server's English text: it does not stay on the Chinese screen.
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('login-name')).toHaveValue('nobody');
  });
});

describe('sign-in', () => {
  it('shows the server message when the account does not exist or the password is wrong', async () => {
    const { user } = renderApp('/login');
    await signIn(user, 'nobody', 'x');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('用户名不存在');
    await user.clear(screen.getByTestId('login-name'));
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    await signIn(user, 'zhangsan', 'wrong');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('密码错误');
    expect(screen.getByTestId('login-error')).not.toHaveTextContent('104');
  });

  it('signs in, sends the spec payload in the chosen language and lands on /home', async () => {
    const { router, user } = renderApp('/login');
    await signIn(user, 'zhangsan', 'secret1');
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(router.pathname).toBe('/home');
    expect(screen.getByTestId('home-account')).toHaveTextContent('zhangsan');
    expect(await screen.findByTestId('home-projects-empty')).toHaveTextContent('您还没有任何项目');
    expect(await screen.findByTestId('user-nickname')).toHaveTextContent('张三');
    const login = api.requests.find((seen) => seen.path === 'account-service/login')!;
    expect(login.body).toEqual({ name: 'zhangsan', password: 'secret1', rememberMe: false });
    expect(login.headers['accept-language']).toBe('zh-CN');
  });

  it('sends an account without a phone number to /bindTel', async () => {
    const { router, user } = renderApp('/login');
    await signIn(user, 'nophone', 'secret1');
    expect(await screen.findByTestId('bindtel-page')).toBeInTheDocument();
    expect(router.pathname).toBe('/bindTel');
  });

  it('sends a visitor to /login from a registration or reset step whose earlier step is missing', async () => {
    const { router } = renderApp('/resetPassword');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.pathname).toBe('/login');
    await act(async () => {
      await router.navigate('/findPassword');
    });
    expect(await screen.findByTestId('find-password-page')).toBeInTheDocument();
  });

  it('signs out from the user menu', async () => {
    sessionUser = makeUser();
    const { router, user } = renderApp('/home');
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByTestId('logout'));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.pathname).toBe('/login');
    expect(api.requests.some((seen) => seen.path === 'account-service/logout')).toBe(true);
  });
});

describe('session watch', () => {
  const becomeVisible = () =>
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });

  it('re-checks the session when the tab becomes visible and goes to /login when it ended', async () => {
    sessionUser = makeUser();
    const { router } = renderApp('/home');
    expect(await screen.findByTestId('home-welcome')).toBeInTheDocument();
    sessionUser = null;
    await becomeVisible();
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.pathname).toBe('/login');
  });

  it('goes to /login when another user is found', async () => {
    sessionUser = makeUser();
    const { router } = renderApp('/download');
    expect(await screen.findByTestId('download-page')).toBeInTheDocument();
    sessionUser = makeUser({ _id: 'ffffffffffffffffffffffff', name: 'lisi', nickName: '李四' });
    await becomeVisible();
    await waitFor(() => expect(router.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  });

  it('logs out after the idle time of the profile and shows the notice', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    profile = makeProfile({ logoutTime: 1 });
    sessionUser = makeUser();
    const { router } = renderApp('/home');
    expect(await screen.findByTestId('home-welcome')).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(50_000);
      window.dispatchEvent(new MouseEvent('mousemove'));
      vi.advanceTimersByTime(50_000);
    });
    expect(router.pathname).toBe('/home');

    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(await screen.findByTestId('idle-logout-notice')).toHaveTextContent(
      '自动登出提示：长时间未操作，已自动登出',
    );
    expect(router.pathname).toBe('/login');
    expect(api.requests.some((seen) => seen.path === 'account-service/logout')).toBe(true);
    expect(getLoginNotice()).toBe('idleLogout');

    vi.useRealTimers();
    await setupUser().click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByTestId('idle-logout-notice')).not.toBeInTheDocument();
    expect(getLoginNotice()).toBeNull();
  });
});

function BrokenPage(): never {
  throw new Error('broken page');
}

describe('route errors', () => {
  it('shows the reload screen inside the frame when the code of a page cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const { user } = renderApp('/login', withPage('/download', failing));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    await user.click(screen.getByTestId('login-link-download'));
    const error = await screen.findByTestId('route-error');
    expect(error).toHaveTextContent('页面加载失败');
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeInTheDocument();
    expect(screen.getByTestId('app-header')).toBeInTheDocument();
    expect(screen.getByTestId('app-footer')).toBeInTheDocument();

    // Another page renders again.
    await user.click(screen.getByRole('link', { name: '首页' }));
    expect(await screen.findByTestId('home-landing')).toBeInTheDocument();
    expect(screen.queryByTestId('route-error')).not.toBeInTheDocument();
  });

  it('shows the reload screen when a page throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(
      '/home',
      withPage('/home', async () => ({ default: BrokenPage })),
    );
    expect(await screen.findByTestId('route-error')).toHaveTextContent('应用可能已更新，请重新加载页面。');
    expect(screen.getByTestId('app-header')).toBeInTheDocument();
  });
});

describe('profile', () => {
  it('shows an error with Retry when the profile cannot be loaded, and recovers', async () => {
    let fail = true;
    api.on('GET account-service/system/profile', () =>
      fail
        ? { status: 503, json: { code: 503, key: 'http.unavailable', message: '服务不可用' } }
        : { json: profile },
    );
    const { user } = renderApp('/login');
    expect(await screen.findByTestId('profile-error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    api.on('GET account-service/system/profile', () => ({ json: profile }));
  });
});
