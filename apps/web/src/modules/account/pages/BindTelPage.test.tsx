import type { User } from '@lintel/contracts/account';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { accountKeys } from '../api';
import BindTelPage from './BindTelPage';

let api: FakeApi;
let bindReply: FakeReply;
const user = makeUser({ phoneNumber: '', name: 'zhangsan' });

beforeAll(async () => {
  api = await startFakeApi();
  api.on(`PUT account-service/users/${user._id}/phoneNumber`, () => bindReply);
  api.on('POST account-service/securities', { json: {} });
  api.on('POST account-service/logout', { json: {} });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  bindReply = { json: { ...user, phoneNumber: '13912345678' } satisfies User };
  configureHttp({ baseUrl: api.baseUrl });
});

function renderBind() {
  return renderRoutes(
    {
      '/bindTel': <BindTelPage />,
      '/home': <div data-testid="at-home" />,
      '/login': <div data-testid="at-login" />,
    },
    { path: '/bindTel', user },
  );
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function sendAndSubmit(code: string) {
  fill('bindtel-phone-number', '13912345678');
  fireEvent.click(screen.getByTestId('bindtel-send'));
  expect(await screen.findByText('60 秒后重新获取')).toBeInTheDocument();
  fill('bindtel-code', code);
  fill('bindtel-password', 'Demo1234');
  fireEvent.click(screen.getByTestId('bindtel-submit'));
}

describe('/bindTel (spec 000 §2, §8)', () => {
  it('needs a valid phone, the code and the current password (a session alone binds nothing)', async () => {
    renderBind();
    fireEvent.click(screen.getByTestId('bindtel-submit'));
    expect(await screen.findByTestId('bindtel-phone-error')).toHaveTextContent('请输入手机号码');
    expect(screen.getByTestId('bindtel-code-error')).toHaveTextContent('请输入验证码');
    expect(screen.getByTestId('bindtel-password-error')).toHaveTextContent('请输入当前密码');
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('binds the phone with its bind code, updates the signed-in user and goes to /home', async () => {
    const { queryClient } = renderBind();
    await sendAndSubmit('123456');
    expect(await screen.findByTestId('at-home')).toBeInTheDocument();
    const send = api.requests.find((r) => r.path === 'account-service/securities')!;
    expect(send.body).toEqual({ phoneNumber: '13912345678', countryCode: '86', type: 'bind' });
    const bind = api.requests.find((r) => r.method === 'PUT')!;
    expect(bind.body).toEqual({
      phoneNumber: '13912345678',
      countryCode: '86',
      code: '123456',
      currentPassword: 'Demo1234',
    });
    expect(queryClient.getQueryData<User>(accountKeys.session())?.phoneNumber).toBe('13912345678');
  });

  it('shows the bind-code error on the code field for 106', async () => {
    bindReply = { status: 400, json: { code: 106, key: 'account.codeError', message: 'x' } };
    renderBind();
    await sendAndSubmit('000000');
    expect(await screen.findByTestId('bindtel-code-error')).toHaveTextContent(
      '绑定失败：验证码错误，请重新输入',
    );
  });

  it('shows a wrong password (104) on the password field', async () => {
    bindReply = {
      status: 400,
      json: { code: 104, key: 'account.currentPasswordError', message: '当前密码错误' },
    };
    renderBind();
    await sendAndSubmit('123456');
    expect(await screen.findByTestId('bindtel-password-error')).toHaveTextContent('当前密码错误');
    expect(screen.queryByTestId('bindtel-error')).not.toBeInTheDocument();
  });

  it('asks to refresh and retry for any other failure', async () => {
    bindReply = { status: 409, json: { code: 409, key: 'account.phoneAlreadyBound', message: 'x' } };
    renderBind();
    await sendAndSubmit('123456');
    expect(await screen.findByTestId('bindtel-error')).toHaveTextContent('绑定失败，请刷新页面后重试');
  });

  it('switches account: signs out and opens /login', async () => {
    const { queryClient } = renderBind();
    fireEvent.click(screen.getByTestId('bindtel-switch-account'));
    expect(await screen.findByTestId('at-login')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(accountKeys.session())).toBeNull());
  });
});
