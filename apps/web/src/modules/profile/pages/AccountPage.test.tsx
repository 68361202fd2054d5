import { ACCOUNT_MESSAGES, type User } from '@lintel/contracts/account';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import enAccountPage from '../../../locales/en-US/accountPage.json';
import zhAccountPage from '../../../locales/zh-CN/accountPage.json';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { accountKeys } from '../../account/api';
import AccountPage from './AccountPage';

const ID = makeUser()._id;
let api: FakeApi;
let replies: Record<string, FakeReply | undefined>;

beforeAll(async () => {
  api = await startFakeApi();
  const answer = (route: string, patch: (body: Record<string, string>) => Partial<User>) =>
    api.on(route, (seen) => replies[route] ?? { json: makeUser(patch(seen.body as Record<string, string>)) });
  answer(`PUT account-service/users/${ID}`, (body) => body as Partial<User>);
  answer(`PUT account-service/users/${ID}/email`, (body) => ({ email: body.email }));
  answer(`PUT account-service/users/${ID}/phoneNumber`, (body) => ({
    phoneNumber: body.phoneNumber,
    countryCode: body.countryCode,
  }));
  answer(`PUT account-service/users/${ID}/password`, () => ({}));
  api.on('POST account-service/securities', () => ({ json: {} }));
  api.on('GET account-service/system/profile/countryCodes', {
    json: [{ code: '86', name: '中国', nameEn: 'China' }],
  });
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  replies = {};
  configureHttp({ baseUrl: api.baseUrl });
});

function renderPage(user: User | null = makeUser()) {
  const view = renderRoutes(
    {
      '/account': <AccountPage />,
      '/login': <div data-testid="login-marker" />,
      '/perfectinformationnext': <div data-testid="profile-marker" />,
    },
    { path: '/account', user },
  );
  return { ...view, user: setupUser() };
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const puts = (suffix = '') =>
  api.requests.filter((r) => r.method === 'PUT' && r.path === `account-service/users/${ID}${suffix}`);

describe('/account', () => {
  it('asks a visitor to sign in', async () => {
    const { user, location } = renderPage(null);
    expect(await screen.findByTestId('account-visitor')).toHaveTextContent('请先登录');
    await user.click(screen.getByTestId('account-sign-in'));
    expect(location.pathname).toBe('/login');
  });

  it('shows the account, the avatar and the profile fields, with the way to edit the profile', async () => {
    const { user, location } = renderPage(
      makeUser({
        sex: 1,
        company: '筑协建设',
        position: '工程师',
        city: '北京市/市辖区/东城区',
        work: 'design',
        project: 'structure',
      }),
    );
    expect(await screen.findByTestId('account-name')).toHaveTextContent('zhangsan');
    expect(screen.getByTestId('avatar-change')).toBeInTheDocument();
    const profile = screen.getByTestId('account-profile');
    for (const text of ['女', '筑协建设', '工程师', '北京市 / 市辖区 / 东城区', '设计', '结构']) {
      expect(profile).toHaveTextContent(text);
    }
    await user.click(screen.getByTestId('account-profile-edit'));
    expect(location.pathname).toBe('/perfectinformationnext');
    expect(location.state).toEqual({ from: 'account' });
  });

  it('saves the name on its own, after checking it', async () => {
    const { user, queryClient } = renderPage();
    const save = await screen.findByTestId('account-nickname-save');
    expect(save).toBeDisabled(); // nothing changed yet
    fill('account-nickname', '   ');
    await user.click(save);
    expect(await screen.findByTestId('account-nickname-rule')).toHaveTextContent('请输入真实姓名');
    fill('account-nickname', '张三丰');
    await user.click(save);
    expect(await screen.findByTestId('account-nickname-success')).toHaveTextContent('姓名已保存');
    expect(puts()[0]!.body).toEqual({ nickName: '张三丰' });
    expect(queryClient.getQueryData<User>(accountKeys.session())?.nickName).toBe('张三丰');
    expect(puts('/email')).toHaveLength(0);
  }, 30_000);

  it('shows a failed name save', async () => {
    replies[`PUT account-service/users/${ID}`] = {
      status: 400,
      json: { code: 400, key: 'account.realNameTooLong', message: '真实姓名不能超过20个字符' },
    };
    const { user } = renderPage();
    await screen.findByTestId('account-nickname');
    fill('account-nickname', '李四');
    await user.click(screen.getByTestId('account-nickname-save'));
    expect(await screen.findByTestId('account-nickname-error')).toHaveTextContent(
      '姓名保存失败：真实姓名不能超过20个字符',
    );
  }, 30_000);

  it('changes the email with PUT users/{id}/email after checking its shape', async () => {
    const { user } = renderPage(makeUser({ phoneNumber: '' }));
    await screen.findByTestId('account-email');
    fill('account-email', 'not-an-email');
    await user.click(screen.getByTestId('account-email-save'));
    expect(await screen.findByTestId('account-email-rule')).toHaveTextContent('邮箱格式错误');
    fill('account-email', 'zs@lintel.example');
    // A signed-in browser alone is not enough: the current password first (issue 14).
    await user.click(screen.getByTestId('account-email-save'));
    expect(await screen.findByTestId('account-email-reauth-error')).toHaveTextContent('请输入当前密码');
    expect(puts('/email')).toHaveLength(0);
    // An account without a phone confirms with the password only: no choice is offered.
    expect(screen.queryByTestId('account-email-reauth-method')).not.toBeInTheDocument();
    fill('account-email-reauth-password', 'Demo1234');
    await user.click(screen.getByTestId('account-email-save'));
    expect(await screen.findByTestId('account-email-success')).toHaveTextContent('邮箱已更新');
    expect(puts('/email')[0]!.body).toEqual({ email: 'zs@lintel.example', currentPassword: 'Demo1234' });
  }, 30_000);

  it('changes the email with a code sent to the current phone; a wrong one shows on the proof', async () => {
    const route = `PUT account-service/users/${ID}/email`;
    const { user } = renderPage(makeUser({ phoneNumber: '13800138000', countryCode: '86' }));
    await screen.findByTestId('account-email');
    fill('account-email', 'new@lintel.example');
    await user.click(within(screen.getByTestId('account-email-reauth-method')).getByText('当前手机验证码'));
    expect(screen.getByText('发送到 +86 138****8000 的验证码')).toBeInTheDocument();
    await user.click(screen.getByTestId('account-email-reauth-send'));
    await waitFor(() => expect(screen.getByTestId('account-email-reauth-send')).toBeDisabled());
    const sent = api.requests.find((r) => r.path === 'account-service/securities')!;
    expect(sent.body).toEqual({ phoneNumber: '13800138000', countryCode: '86', type: 'verify' });
    replies[route] = {
      status: 400,
      json: { code: 106, key: 'account.currentPhoneCodeError', message: '当前手机号收到的验证码错误' },
    };
    fill('account-email-reauth-code', '000000');
    await user.click(screen.getByTestId('account-email-save'));
    expect(await screen.findByTestId('account-email-reauth-code-error')).toHaveTextContent(
      '当前手机号收到的验证码错误',
    );
    expect(screen.queryByTestId('account-email-error')).not.toBeInTheDocument();
    replies[route] = undefined;
    fill('account-email-reauth-code', '246810');
    await user.click(screen.getByTestId('account-email-save'));
    expect(await screen.findByTestId('account-email-success')).toBeInTheDocument();
    expect(puts('/email').at(-1)!.body).toEqual({ email: 'new@lintel.example', currentPhoneCode: '246810' });
  }, 40_000);

  it('changes the phone with a bind code, refusing the current number', async () => {
    const { user } = renderPage(makeUser({ phoneNumber: '13800138000', countryCode: '86' }));
    expect(await screen.findByTestId('account-phone-current')).toHaveTextContent('+86 138****8000');
    fill('account-phone-number', '13800138000');
    fill('account-phone-code', '123456');
    await user.click(screen.getByTestId('account-phone-save'));
    expect(await screen.findByTestId('account-phone-number-error')).toHaveTextContent(
      '新手机号不能与当前手机号相同',
    );

    fill('account-phone-number', '13900139000');
    fill('account-phone-code', '');
    await user.click(screen.getByTestId('account-phone-save'));
    expect(await screen.findByTestId('account-phone-code-error')).toHaveTextContent('请输入验证码');

    await user.click(screen.getByTestId('account-phone-send'));
    await waitFor(() => expect(screen.getByTestId('account-phone-send')).toBeDisabled());
    const sent = api.requests.find((r) => r.path === 'account-service/securities')!;
    expect(sent.body).toEqual({ phoneNumber: '13900139000', countryCode: '86', type: 'bind' });

    fill('account-phone-code', '654321');
    await user.click(screen.getByTestId('account-phone-save'));
    expect(await screen.findByTestId('account-phone-reauth-error')).toHaveTextContent('请输入当前密码');
    fill('account-phone-reauth-password', 'Demo1234');
    await user.click(screen.getByTestId('account-phone-save'));
    expect(await screen.findByTestId('account-phone-success')).toHaveTextContent('手机号已更新');
    expect(puts('/phoneNumber')[0]!.body).toEqual({
      phoneNumber: '13900139000',
      countryCode: '86',
      code: '654321',
      currentPassword: 'Demo1234',
    });
    expect(screen.getByTestId('account-phone-current')).toHaveTextContent('+86 139****9000');
    // A successful bind resets the countdown (spec 000 §4).
    await waitFor(() => expect(screen.getByTestId('account-phone-send')).toBeEnabled());
  }, 40_000);

  it('puts a wrong bind code (106) on the code field, and another failure asks to refresh', async () => {
    const route = `PUT account-service/users/${ID}/phoneNumber`;
    replies[route] = { status: 400, json: { code: 106, key: 'account.codeError', message: '验证码错误' } };
    const { user } = renderPage();
    await screen.findByTestId('account-phone-number');
    fill('account-phone-number', '13900139000');
    fill('account-phone-code', '000000');
    fill('account-phone-reauth-password', 'Demo1234');
    await user.click(screen.getByTestId('account-phone-save'));
    expect(await screen.findByTestId('account-phone-code-error')).toHaveTextContent('验证码错误，请重新输入');

    // A wrong current password (104) goes on the proof, not on the code.
    replies[route] = {
      status: 400,
      json: { code: 104, key: 'account.currentPasswordError', message: '当前密码错误' },
    };
    await user.click(screen.getByTestId('account-phone-save'));
    expect(await screen.findByTestId('account-phone-reauth-error')).toHaveTextContent('当前密码错误');
    expect(screen.queryByTestId('account-phone-code-error')).not.toBeInTheDocument();

    replies[route] = { status: 500, json: { code: 500, key: 'common.internal', message: '服务器内部错误' } };
    fill('account-phone-code', '111111');
    await user.click(screen.getByTestId('account-phone-save'));
    expect(await screen.findByTestId('account-phone-error')).toHaveTextContent('请刷新页面后重试');
  }, 40_000);

  it('changes the password with the old one, following the password rules', async () => {
    const { user } = renderPage();
    const save = await screen.findByTestId('account-password-save');
    expect(screen.getByTestId('account-password-confirm')).toBeDisabled();
    await user.click(save);
    expect(await screen.findByTestId('account-password-oldPassword-error')).toHaveTextContent('请输入原密码');
    expect(screen.getByTestId('account-password-password-error')).toHaveTextContent('请输入密码');

    fill('account-password-old', 'Demo1234');
    fill('account-password-new', 'zhangsan');
    await user.click(save);
    expect(await screen.findByTestId('account-password-password-error')).toHaveTextContent(
      '密码不能与用户名相同',
    );
    // The most common passwords are refused before anything is sent (issue 14).
    fill('account-password-new', 'qwerty123');
    await user.click(save);
    expect(await screen.findByTestId('account-password-password-error')).toHaveTextContent('密码过于常见');

    fill('account-password-new', 'New-pass');
    fireEvent.blur(screen.getByTestId('account-password-new'));
    expect(await screen.findByTestId('account-password-password-error')).toHaveTextContent('密码格式错误');

    fill('account-password-new', 'NewPass99');
    fill('account-password-confirm', 'NewPass98');
    await user.click(save);
    expect(await screen.findByTestId('account-password-confirm-error')).toHaveTextContent(
      '两次输入的密码不一致',
    );
    // Changing the password clears the confirmation.
    fill('account-password-new', 'NewPass9');
    expect(screen.getByTestId('account-password-confirm')).toHaveValue('');
    fill('account-password-confirm', 'NewPass9');
    await user.click(save);
    expect(await screen.findByTestId('account-password-success')).toHaveTextContent(
      '其他设备上的登录已全部退出',
    );
    const put = puts('/password')[0]!;
    expect(put.query.get('verify')).toBe('true');
    expect(put.body).toEqual({ password: 'NewPass9', oldPassword: 'Demo1234' });
    expect(screen.getByTestId('account-password-old')).toHaveValue('');
  }, 40_000);

  it('puts a wrong old password (104) on its field', async () => {
    replies[`PUT account-service/users/${ID}/password`] = {
      status: 400,
      json: { code: 104, key: 'account.oldPasswordError', message: '原密码错误' },
    };
    const { user } = renderPage();
    await screen.findByTestId('account-password-old');
    fill('account-password-old', 'wrong1');
    fill('account-password-new', 'NewPass9');
    fill('account-password-confirm', 'NewPass9');
    await user.click(screen.getByTestId('account-password-save'));
    expect(await screen.findByTestId('account-password-oldPassword-error')).toHaveTextContent('原密码错误');
    expect(
      within(screen.getByTestId('account-password-form')).queryByRole('alert', { name: /密码修改失败/ }),
    ).toBeNull();
  }, 30_000);
});

describe('accountPage rule texts', () => {
  it('are the contracts’ reference wording of each rule key', () => {
    for (const [locale, texts] of [
      ['zh-CN', zhAccountPage.rules],
      ['en-US', enAccountPage.rules],
    ] as const) {
      for (const [rule, text] of Object.entries(texts)) {
        const key = `account.${rule}` as keyof typeof ACCOUNT_MESSAGES;
        expect(ACCOUNT_MESSAGES[key]?.[locale], `${locale} ${rule}`).toBe(text);
      }
    }
  });
});
