import type { User } from '@lintel/contracts/account';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { afterLoginPath, resolveRedirect } from '../../../app/guards';
import { changeLanguage } from '../../../app/i18n';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { accountKeys } from '../api';
import ChangePasswordPage from './ChangePasswordPage';

let api: FakeApi;
let changeReply: FakeReply;
const user: User = { ...makeUser({ name: 'admin', phoneNumber: '13800000000' }), mustChangePassword: true };
const { mustChangePassword: _, ...changed } = user;

beforeAll(async () => {
  api = await startFakeApi();
  api.on(`PUT account-service/users/${user._id}/password`, () => changeReply);
  api.on('POST account-service/logout', { json: {} });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  changeReply = { json: changed };
  configureHttp({ baseUrl: api.baseUrl });
});

function renderChange() {
  return renderRoutes(
    {
      '/changePassword': <ChangePasswordPage />,
      '/home': <div data-testid="at-home" />,
      '/login': <div data-testid="at-login" />,
    },
    { path: '/changePassword', user },
  );
}

const fill = (values: Record<string, string>) => {
  for (const [field, value] of Object.entries(values))
    fireEvent.change(screen.getByTestId(`change-password-${field}`), { target: { value } });
  fireEvent.click(screen.getByTestId('change-password-submit'));
};

describe('/changePassword (issue 17)', () => {
  it('checks the fields before sending: the rules, the confirmation, a password other than the generated one', async () => {
    renderChange();
    expect(await screen.findByTestId('change-password-page')).toHaveTextContent('设置新密码');
    fill({});
    expect(await screen.findByTestId('change-password-oldPassword-error')).toHaveTextContent(
      '请输入生成的密码',
    );
    expect(screen.getByTestId('change-password-password-error')).toBeInTheDocument();
    // Containing the account name is refused by the contracts' rule, as the server would.
    fill({ oldPassword: 'Gen3rated_pw', password: 'admin123', confirm: 'admin123' });
    expect(screen.getByTestId('change-password-password-error').textContent).not.toBe('');
    fill({ oldPassword: 'Gen3rated_pw', password: 'Gen3rated_pw', confirm: 'Gen3rated_pw' });
    expect(screen.getByTestId('change-password-password-error')).toHaveTextContent(
      '新密码不能与生成的密码相同',
    );
    fill({ oldPassword: 'Gen3rated_pw', password: 'MyOwn_pass9', confirm: 'MyOwn_pass8' });
    expect(screen.getByTestId('change-password-confirm-error')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows a wrong generated password (104) on its field', async () => {
    changeReply = {
      status: 400,
      json: { code: 104, key: 'account.oldPasswordError', message: '原密码错误' },
    };
    renderChange();
    await screen.findByTestId('change-password-form');
    fill({ oldPassword: 'Wrong_pw1', password: 'MyOwn_pass9', confirm: 'MyOwn_pass9' });
    expect(await screen.findByTestId('change-password-oldPassword-error')).toHaveTextContent('原密码错误');
  });

  it('changes the password with the old one, and goes on where a sign-in leads', async () => {
    const { queryClient } = renderChange();
    await screen.findByTestId('change-password-form');
    fill({ oldPassword: 'Gen3rated_pw', password: 'MyOwn_pass9', confirm: 'MyOwn_pass9' });
    expect(await screen.findByTestId('at-home')).toBeInTheDocument();
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.query.get('verify')).toBe('true');
    expect(put.body).toEqual({ oldPassword: 'Gen3rated_pw', password: 'MyOwn_pass9' });
    expect(queryClient.getQueryData<User>(accountKeys.session())).not.toHaveProperty('mustChangePassword');
  });

  it('speaks English', async () => {
    await changeLanguage('en-US');
    try {
      renderChange();
      expect(await screen.findByTestId('change-password-page')).toHaveTextContent('Choose your own password');
      fill({ oldPassword: 'Gen3rated_pw', password: 'Gen3rated_pw', confirm: 'Gen3rated_pw' });
      expect(screen.getByTestId('change-password-password-error')).toHaveTextContent(
        'Choose a password different from the generated one',
      );
    } finally {
      await changeLanguage('zh-CN');
    }
  });

  it('is where the guards send such an account, from any page, and nobody else', () => {
    expect(afterLoginPath(user)).toBe('/changePassword');
    expect(resolveRedirect('/home', user)).toBe('/changePassword');
    expect(resolveRedirect('/projects/abc/topics', user)).toBe('/changePassword');
    expect(resolveRedirect('/login', user)).toBe('/changePassword');
    expect(resolveRedirect('/changePassword', user)).toBeNull();
    expect(resolveRedirect('/changePassword', changed)).toBe('/home');
    expect(resolveRedirect('/changePassword', null)).toBe('/login');
    expect(afterLoginPath(changed)).toBe('/home');
  });
});
