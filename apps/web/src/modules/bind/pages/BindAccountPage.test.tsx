import type { User } from '@lintel/contracts/account';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { accountKeys } from '../../account/api';
import { parseThirdparty } from '../thirdparty';
import BindAccountPage from './BindAccountPage';

let api: FakeApi;
let reply: FakeReply;

beforeAll(async () => {
  api = await startFakeApi();
  api.on('POST account-service/passport_login', () => reply);
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  reply = { json: makeUser({ name: 'demo' }) };
  configureHttp({ baseUrl: api.baseUrl });
});

const query = (value: unknown) => `?thirdparty=${encodeURIComponent(JSON.stringify(value))}`;

function renderPage(search = query({ thirdpartyAccount: '张三@passport', ticket: 't-123' })) {
  const view = renderRoutes(
    { '/bind/account': <BindAccountPage />, '/home': <div data-testid="home-marker" />, '/login': <div /> },
    { path: `/bind/account${search}` },
  );
  return { ...view, user: setupUser() };
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('parseThirdparty', () => {
  it('reads the JSON object of the `thirdparty` parameter', () => {
    expect(parseThirdparty(query({ thirdpartyAccount: 'a@b', ticket: 'x' }))).toEqual({
      thirdpartyAccount: 'a@b',
      ticket: 'x',
    });
    expect(parseThirdparty(query({ thirdpartyAccount: 'a@b' }))).toEqual({ thirdpartyAccount: 'a@b' });
    // Unencoded JSON as a hand-made link may carry it.
    expect(parseThirdparty('?thirdparty={"thirdpartyAccount":"li.si"}')).toEqual({
      thirdpartyAccount: 'li.si',
    });
  });

  it('refuses anything malformed', () => {
    for (const search of [
      '',
      '?thirdparty=',
      '?thirdparty=not-json',
      query('a string'),
      query(['thirdpartyAccount']),
      query(null),
      query({ ticket: 'x' }),
      query({ thirdpartyAccount: '  ' }),
      query({ thirdpartyAccount: 42 }),
      query({ thirdpartyAccount: 'a', ticket: 7 }),
      `?thirdparty=${encodeURIComponent(JSON.stringify({ thirdpartyAccount: 'x'.repeat(5000) }))}`,
    ]) {
      expect(parseThirdparty(search), search.slice(0, 60)).toBeNull();
    }
  });
});

describe('/bind/account', () => {
  it('shows the platform account read-only, and register / download opening in a new tab', async () => {
    renderPage();
    const platform = await screen.findByTestId('bind-platform-account');
    expect(platform).toHaveValue('张三@passport');
    expect(platform).toHaveAttribute('readonly');
    for (const [testId, href] of [
      ['bind-account-register', '/register'],
      ['bind-account-download', '/download'],
    ] as const) {
      const link = screen.getByTestId(testId);
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows a clear error state for a malformed link, with the way back to sign-in', async () => {
    const { user, location } = renderPage('?thirdparty=%7Bbroken');
    expect(await screen.findByTestId('bind-account-invalid')).toHaveTextContent('链接中缺少第三方账号信息');
    expect(screen.queryByTestId('bind-account-form')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('bind-account-back'));
    expect(location.pathname).toBe('/login');
  });

  it('asks for the account and the password (请输入账号 / 请输入密码) and sends nothing', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByTestId('bind-account-submit'));
    expect(await screen.findByTestId('bind-account-account-error')).toHaveTextContent('请输入账号');
    expect(screen.getByTestId('bind-account-password-error')).toHaveTextContent('请输入密码');
    fill('bind-account-name', 'demo');
    expect(screen.queryByTestId('bind-account-account-error')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('bind-account-submit'));
    expect(screen.getByTestId('bind-account-password-error')).toHaveTextContent('请输入密码');
    expect(api.requests).toHaveLength(0);
  }, 30_000);

  it('binds with POST passport_login, signs in and goes to /home (Enter submits)', async () => {
    const { user, location, queryClient } = renderPage();
    fill('bind-account-name', ' demo ');
    fill('bind-account-password', 'Demo1234');
    await user.type(screen.getByTestId('bind-account-password'), '{Enter}');
    expect(await screen.findByTestId('home-marker')).toBeInTheDocument();
    expect(location.pathname).toBe('/home');
    expect(api.requests[0]!.body).toEqual({
      platform: 'passport',
      yzAccount: 'demo',
      yzPassword: 'Demo1234',
      thirdpartyAccount: '张三@passport',
      ticket: 't-123',
    });
    expect(queryClient.getQueryData<User>(accountKeys.session())?.name).toBe('demo');
  }, 30_000);

  it.each([
    [{ status: 400, json: { code: 104, key: 'account.passwordError', message: '密码错误' } }, '密码错误'],
    [
      { status: 404, json: { code: 102, key: 'account.usernameNotFound', message: '用户名不存在' } },
      '用户名不存在',
    ],
    [
      { status: 409, json: { code: 409, key: 'identity.alreadyBound', message: 'bound elsewhere' } },
      '该第三方账号已绑定其他账号',
    ],
    [
      {
        status: 400,
        json: { code: 400, key: 'identity.ticketInvalid', message: '第三方登录已过期，请重新登录' },
      },
      '信息输入错误（第三方登录已过期，请重新登录）',
    ],
    [{ status: 502, raw: { body: '<html>bad gateway</html>', contentType: 'text/html' } }, '信息输入错误'],
  ] satisfies Array<[FakeReply, string]>)(
    'maps a failure to its message (%#)',
    async (failure, message) => {
      reply = failure;
      const { user, location } = renderPage();
      fill('bind-account-name', 'demo');
      fill('bind-account-password', 'wrong-one');
      await user.click(screen.getByTestId('bind-account-submit'));
      const error = await screen.findByTestId('bind-account-error');
      expect(error.textContent).toBe(message);
      expect(location.pathname).toBe('/bind/account');
    },
    30_000,
  );
});
