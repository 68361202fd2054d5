import type { User } from '@lintel/contracts/account';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeProfile, makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import LoginPage, { PASSPORT_AUTHORIZE_URL } from './LoginPage';

let api: FakeApi;
let loginReply: FakeReply;
let clauses: number;

beforeAll(async () => {
  api = await startFakeApi();
  api.on('POST account-service/login', () => loginReply);
  api.on('POST account-service/securities', { json: {} });
  api.on('HEAD base-service/clauses/privacy', () => ({ status: clauses }));
  api.on('HEAD base-service/clauses/agreement', () => ({ status: clauses }));
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  loginReply = { json: makeUser() };
  clauses = 404;
  configureHttp({ baseUrl: api.baseUrl });
});

function renderLogin(path = '/login', profile = makeProfile()) {
  return renderRoutes(
    {
      '/login': <LoginPage />,
      '/home': <div data-testid="at-home" />,
      '/bindTel': <div data-testid="at-bindtel" />,
      '/register': <div data-testid="at-register" />,
    },
    { path, profile },
  );
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/login views (spec 000 §2)', () => {
  it('offers account and SMS-code sign-in as tabs and switches to the SMS view', async () => {
    const { location } = renderLogin();
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId('login-tab-code'));
    expect(await screen.findByTestId('code-login-form')).toBeInTheDocument();
    expect(screen.queryByTestId('login-form')).not.toBeInTheDocument();
    expect(location.search).toBe('?view=code');
    fireEvent.click(screen.getByTestId('login-tab-account'));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys, as a tab list should', async () => {
    renderLogin();
    const account = await screen.findByTestId('login-tab-account');
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(account).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('login-tab-code')).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(account, { key: 'ArrowRight' });
    expect(await screen.findByTestId('code-login-form')).toBeInTheDocument();
    expect(screen.getByTestId('login-tab-code')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('login-tab-code')).toHaveFocus();
    fireEvent.keyDown(screen.getByTestId('login-tab-code'), { key: 'ArrowRight' });
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(account).toHaveFocus();
  });

  it('reaches password + SMS code from a link, and comes back', async () => {
    renderLogin();
    fireEvent.click(screen.getByTestId('login-link-double'));
    expect(await screen.findByTestId('double-login-form')).toBeInTheDocument();
    expect(screen.getByTestId('login-view-title')).toHaveTextContent('密码 + 验证码登录');
    expect(screen.getByTestId('double-login-password')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('login-link-back'));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  });

  it('names the tabs and the SMS view in English when English is chosen', async () => {
    await changeLanguage('en-US');
    renderLogin();
    expect(await screen.findByTestId('login-tab-account')).toHaveTextContent('Account sign-in');
    expect(screen.getByTestId('login-tab-code')).toHaveTextContent('SMS code sign-in');
    expect(screen.getByTestId('login-link-double')).toHaveTextContent('Sign in with password + SMS code');
    fireEvent.click(screen.getByTestId('login-tab-code'));
    expect(await screen.findByTestId('code-login-send')).toHaveTextContent('Get code');
    expect(screen.getByPlaceholderText('Enter your phone number')).toBeInTheDocument();
  });

  it('shows the links: forgot password, register, download', () => {
    renderLogin();
    expect(screen.getByTestId('login-link-forgot')).toHaveAttribute('href', '/findPassword');
    expect(screen.getByTestId('login-link-register')).toHaveAttribute('href', '/register');
    expect(screen.getByTestId('login-link-download')).toHaveAttribute('href', '/download');
  });

  it('shows the passport link only when the profile enables it', () => {
    renderLogin();
    expect(screen.queryByTestId('login-passport')).not.toBeInTheDocument();
    renderLogin('/login', makeProfile({ passportLogin: true }));
    expect(screen.getByTestId('login-passport')).toHaveAttribute('href', PASSPORT_AUTHORIZE_URL);
  });

  it('explains a failed third-party sign-in (?oauthError=) and lets it be dismissed', async () => {
    const { location } = renderLogin('/login?oauthError=denied');
    expect(screen.getByTestId('login-oauth-error')).toHaveTextContent('您已取消第三方登录授权');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByTestId('login-oauth-error')).not.toBeInTheDocument());
    expect(location.search).toBe('');
    renderLogin('/login?oauthError=<b>x</b>');
    expect(screen.getByTestId('login-oauth-error')).toHaveTextContent('第三方登录失败（<b>x</b>）');
  });

  it('links the privacy policy and the user agreement on the SMS view when the notice is on and served', async () => {
    clauses = 200;
    renderLogin('/login?view=code', makeProfile({ privacyNotice: true }));
    const privacy = await screen.findByTestId('clause-privacy');
    expect(privacy).toHaveAttribute('href', `${api.baseUrl}/api/v1/base-service/clauses/privacy`);
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('clause-agreement')).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('leaves the clause links out when the server does not serve them, or the notice is off', async () => {
    renderLogin('/login?view=code', makeProfile({ privacyNotice: true }));
    await screen.findByTestId('code-login-form');
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'HEAD')).toHaveLength(2));
    expect(screen.queryByTestId('clause-links')).not.toBeInTheDocument();
  });
});

describe('SMS-code sign-in', () => {
  it('keeps the submit disabled while the country is 86 and the phone does not match', async () => {
    renderLogin('/login?view=code');
    const submit = await screen.findByTestId('code-login-submit');
    expect(submit).toBeDisabled();
    fill('code-login-phone-number', '1380013800');
    expect(submit).toBeDisabled();
    fill('code-login-phone-number', '13800138000');
    expect(submit).toBeEnabled();
  });

  it('needs the code, then signs in with ?code=true and goes to /home', async () => {
    renderLogin('/login?view=code');
    await screen.findByTestId('code-login-phone-number');
    fill('code-login-phone-number', '13800138000');
    fireEvent.click(screen.getByTestId('code-login-submit'));
    expect(await screen.findByTestId('code-login-code-error')).toHaveTextContent('请输入验证码');
    fill('code-login-code', '123456');
    fireEvent.click(screen.getByTestId('code-login-submit'));
    expect(await screen.findByTestId('at-home')).toBeInTheDocument();
    const login = api.requests.find((r) => r.path === 'account-service/login')!;
    expect(login.query.get('code')).toBe('true');
    expect(login.body).toEqual({
      phoneNumber: '13800138000',
      countryCode: '86',
      code: '123456',
      rememberMe: false,
    });
  });

  it('solves the security check the server asks for after failures, and shows how long to wait (issue 14)', async () => {
    const challenge = `1764160000000.${'ef'.repeat(16)}`;
    loginReply = {
      status: 429,
      headers: { 'Retry-After': '60' },
      json: { code: 429, key: 'account.tooManyAttempts', message: '尝试次数过多，请 60 秒后再试' },
    };
    renderLogin('/login');
    fill('login-name', 'zhangsan');
    fill('login-password', 'Secret12');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('尝试次数过多，请 60 秒后再试');
    // Next: a proof of work first; the page solves it and the sign-in goes through.
    api.on('POST account-service/login', (seen) =>
      typeof seen.headers['x-challenge-solution'] === 'string'
        ? { json: makeUser() }
        : {
            status: 429,
            headers: { 'X-Challenge': challenge, 'X-Challenge-Difficulty': '8' },
            json: { code: 429, key: 'account.challengeRequired', message: '请先完成安全验证' },
          },
    );
    try {
      fireEvent.click(screen.getByTestId('login-submit'));
      expect(await screen.findByTestId('at-home')).toBeInTheDocument();
      const solved = api.requests.filter((r) => r.path === 'account-service/login').at(-1)!;
      expect(String(solved.headers['x-challenge-solution'])).toMatch(new RegExp(`^${challenge}/[0-9a-z]+$`));
    } finally {
      api.on('POST account-service/login', () => loginReply);
    }
  });

  it('shows the server message of a wrong code (106) as the hint', async () => {
    loginReply = {
      status: 400,
      json: { code: 106, key: 'account.codeError', message: '验证码错误，请重新输入' },
    };
    renderLogin('/login?view=code');
    await screen.findByTestId('code-login-phone-number');
    fill('code-login-phone-number', '13800138000');
    fill('code-login-code', '000000');
    fireEvent.click(screen.getByTestId('code-login-submit'));
    expect(await screen.findByTestId('code-login-error')).toHaveTextContent('验证码错误，请重新输入');
  });

  it('signs in with phone, password and code (?double=true); a user without phone goes to /bindTel', async () => {
    loginReply = { json: makeUser({ phoneNumber: '' }) satisfies User };
    renderLogin('/login?view=double');
    await screen.findByTestId('double-login-phone-number');
    fill('double-login-phone-number', '13800138000');
    fill('double-login-code', '123456');
    fireEvent.click(screen.getByTestId('double-login-submit'));
    expect(await screen.findByTestId('double-login-password-error')).toHaveTextContent('请输入密码');
    fill('double-login-password', 'Secret12');
    fireEvent.click(screen.getByTestId('double-login-submit'));
    expect(await screen.findByTestId('at-bindtel')).toBeInTheDocument();
    const login = api.requests.find((r) => r.path === 'account-service/login')!;
    expect(login.query.get('double')).toBe('true');
    expect(login.body).toEqual({
      phoneNumber: '13800138000',
      countryCode: '86',
      password: 'Secret12',
      code: '123456',
      rememberMe: false,
    });
  });

  it('shows the phone prompt on blur', async () => {
    renderLogin('/login?view=code');
    const phone = await screen.findByTestId('code-login-phone-number');
    fireEvent.blur(phone);
    expect(await screen.findByTestId('code-login-phone-error')).toHaveTextContent('请输入手机号码');
    fill('code-login-phone-number', '123');
    fireEvent.blur(phone);
    expect(await screen.findByText('手机号码错误')).toBeInTheDocument();
  });
});
