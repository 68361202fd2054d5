import type { User } from '@lintel/contracts/account';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { accountKeys } from '../api';
import { clearFlowState, getFlowState, markResetFinished, setResetFlow } from '../flowState';
import FindPasswordPage from './FindPasswordPage';
import FinishPasswordPage from './FinishPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

let api: FakeApi;
let sendReply: FakeReply;
let verifyReply: FakeReply;
let resetReply: FakeReply;
const account = makeUser({ name: 'wangwu', phoneNumber: '13912345678' });

beforeAll(async () => {
  api = await startFakeApi();
  api.on('POST account-service/securities', (seen) =>
    seen.query.get('verify') === 'true' ? verifyReply : sendReply,
  );
  api.on(`PUT account-service/users/${account._id}/password`, () => resetReply);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  sendReply = { json: {} };
  verifyReply = { json: { userId: account._id } };
  resetReply = { json: account satisfies User };
  clearFlowState();
  configureHttp({ baseUrl: api.baseUrl });
});

const pages = {
  '/findPassword': <FindPasswordPage />,
  '/resetPassword': <ResetPasswordPage />,
  '/finishPassword': <FinishPasswordPage />,
  '/home': <div data-testid="at-home" />,
};

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/findPassword → /resetPassword → /finishPassword (spec 000 §2, §4)', () => {
  it('verifies the account with a reset code and keeps account, phone and code for the next step', async () => {
    const { location } = renderRoutes(pages, { path: '/findPassword' });
    expect(screen.getByTestId('password-steps-find')).toHaveTextContent('验证账号');
    expect(screen.getByTestId('password-steps-find')).toHaveTextContent('重置密码');
    expect(screen.getByTestId('password-steps-find')).toHaveTextContent('完成');
    fill('find-phone-number', '13912345678');
    fill('find-code', '123456');
    fireEvent.click(screen.getByTestId('find-next'));
    expect(await screen.findByTestId('find-code-error')).toHaveTextContent('请先获取验证码');

    fireEvent.click(screen.getByTestId('find-send'));
    expect(await screen.findByText('60 秒后重新获取')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('find-next'));
    expect(await screen.findByTestId('reset-password-page')).toBeInTheDocument();
    expect(location.pathname).toBe('/resetPassword');
    const verify = api.requests.find((r) => r.query.get('verify') === 'true')!;
    expect(verify.body).toEqual({
      phoneNumber: '13912345678',
      countryCode: '86',
      type: 'reset',
      code: '123456',
    });
    expect(getFlowState().reset).toEqual({
      userId: account._id,
      phoneNumber: '13912345678',
      countryCode: '86',
      code: '123456',
    });
  });

  it("says 'phone not registered' for a phone without an account", async () => {
    sendReply = { status: 404, json: { code: 404, key: 'account.phoneNotRegistered', message: 'x' } };
    renderRoutes(pages, { path: '/findPassword' });
    fill('find-phone-number', '13912345678');
    fireEvent.click(screen.getByTestId('find-send'));
    expect(await screen.findByTestId('find-send-error')).toHaveTextContent('该手机号尚未注册');
    expect(screen.queryByTestId('find-send-register-link')).not.toBeInTheDocument();
  });

  it('resets the password with the code, signs in and shows the finish page', async () => {
    setResetFlow({ userId: account._id, phoneNumber: '13912345678', countryCode: '86', code: '123456' });
    const { queryClient } = renderRoutes(pages, { path: '/resetPassword' });
    expect(screen.getByTestId('reset-confirm')).toBeDisabled();
    fill('reset-password', 'NewPass12');
    fill('reset-confirm', 'NewPass1');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-confirm-error')).toHaveTextContent('两次输入的密码不一致');
    fill('reset-confirm', 'NewPass12');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('finish-password-page')).toHaveTextContent('重置成功！');
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.query.get('code')).toBe('true');
    expect(put.body).toEqual({ password: 'NewPass12', code: '123456' });
    expect(queryClient.getQueryData<User>(accountKeys.session())?.name).toBe('wangwu');
    expect(getFlowState()).toEqual({ register: null, reset: null, resetFinished: true });
  });

  it('shows the reset error with its code, and offers to verify again when the code expired', async () => {
    setResetFlow({ userId: account._id, phoneNumber: '13912345678', countryCode: '86', code: '123456' });
    resetReply = {
      status: 400,
      json: { code: 106, key: 'account.codeError', message: '验证码错误，请重新输入' },
    };
    renderRoutes(pages, { path: '/resetPassword' });
    fill('reset-password', 'NewPass12');
    fill('reset-confirm', 'NewPass12');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-error')).toHaveTextContent(
      '重置失败：验证码错误，请重新输入（错误码 106）',
    );
    expect(screen.getByTestId('reset-restart')).toHaveAttribute('href', '/findPassword');
  });

  it("goes to /home from 'Login now' and forgets the flow", async () => {
    markResetFinished();
    renderRoutes(pages, { path: '/finishPassword', user: account });
    expect(screen.getByTestId('password-steps-finish')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '重置成功' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('finish-login-now'));
    expect(await screen.findByTestId('at-home')).toBeInTheDocument();
    expect(getFlowState().resetFinished).toBe(false);
  });
});
