import type { PhoneCodeType } from '@lintel/contracts/account';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/renderRoutes';
import { SmsCodeButton, secondsLeft } from './SmsCodeButton';

let api: FakeApi;
let reply: FakeReply;

beforeAll(async () => {
  api = await startFakeApi();
  api.on('POST account-service/securities', () => reply);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  reply = { json: {} };
  configureHttp({ baseUrl: api.baseUrl });
});
afterEach(() => vi.useRealTimers());

/** The button in its row, with a way to change its resetKey as a page does after a bind. */
function Harness(props: {
  phoneNumber: string;
  countryCode: string;
  type: PhoneCodeType;
  onSent: () => void;
}) {
  const [resetKey, setResetKey] = useState(0);
  return (
    <div className="sms-code-row">
      <SmsCodeButton {...props} resetKey={resetKey} />
      <button type="button" data-testid="bump" onClick={() => setResetKey((key) => key + 1)} />
    </div>
  );
}

function renderButton(props: { phoneNumber?: string; countryCode?: string; type?: PhoneCodeType } = {}) {
  const onSent = vi.fn();
  const view = renderRoutes(
    {
      '/': (
        <Harness
          phoneNumber={props.phoneNumber ?? '13800138000'}
          countryCode={props.countryCode ?? '86'}
          type={props.type ?? 'register'}
          onSent={onSent}
        />
      ),
      '/register': <div data-testid="at-register" />,
    },
    { path: '/' },
  );
  return { ...view, onSent, button: () => screen.getByTestId('sms-send') };
}

const fail = (status: number, code: number, message: string): FakeReply => ({
  status,
  json: { code, key: 'k', message },
});

describe('SmsCodeButton', () => {
  it('asks for a valid phone before sending anything', async () => {
    renderButton({ phoneNumber: '' });
    fireEvent.click(screen.getByTestId('sms-send'));
    expect(await screen.findByTestId('sms-send-error')).toHaveTextContent('请输入手机号码');
    renderButton({ phoneNumber: '12800138000' });
    fireEvent.click(screen.getAllByTestId('sms-send')[1]!);
    expect(await screen.findByText('手机号码错误')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('sends, then counts down from 60 seconds, disabled, and offers to resend at 0', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { button, onSent } = renderButton({ type: 'reset' });
    reply = { json: { userId: 'a'.repeat(24) } };
    expect(button()).toHaveTextContent('获取验证码');
    fireEvent.click(button());
    await waitFor(() => expect(button()).toHaveTextContent('60 秒后重新获取'));
    expect(button()).toBeDisabled();
    expect(onSent).toHaveBeenCalledWith({ userId: 'a'.repeat(24) });
    expect(api.requests[0]!.body).toEqual({ phoneNumber: '13800138000', countryCode: '86', type: 'reset' });

    act(() => vi.advanceTimersByTime(1000));
    expect(button()).toHaveTextContent('59 秒后重新获取');
    act(() => vi.advanceTimersByTime(58_000));
    expect(button()).toHaveTextContent('1 秒后重新获取');
    expect(button()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(button()).toHaveTextContent('重新获取');
    expect(button()).toBeEnabled();
    fireEvent.click(button());
    await waitFor(() => expect(button()).toHaveTextContent('60 秒后重新获取'));
    expect(api.requests).toHaveLength(2);
  });

  it('stops the countdown when told to (after a successful bind)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { button } = renderButton({ type: 'bind' });
    fireEvent.click(button());
    await waitFor(() => expect(button()).toHaveTextContent('60 秒后重新获取'));
    fireEvent.click(screen.getByTestId('bump'));
    await waitFor(() => expect(button()).toBeEnabled());
    expect(button()).toHaveTextContent('重新获取');
  });

  it('computes the seconds left rounded up', () => {
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
  });

  const cases: Array<[string, PhoneCodeType, FakeReply, string]> = [
    ['501 send error', 'register', fail(502, 501, 'x'), '验证码发送失败，请稍后重试'],
    ['502 invalid phone', 'register', fail(400, 502, 'x'), '无效的手机号码'],
    ['503 limit reached', 'login', fail(429, 503, 'x'), '验证码发送过于频繁或已达上限'],
    ['404 phone not registered (reset)', 'reset', fail(404, 404, 'x'), '该手机号尚未注册'],
    ['409 already registered', 'register', fail(409, 409, 'x'), '该手机号已存在'],
    ['409 already bound', 'bind', fail(409, 409, 'x'), '该手机号已被绑定'],
    ['another code with its message', 'register', fail(400, 400, '参数错误'), '参数错误（错误码 400）'],
  ];
  for (const [name, type, failure, text] of cases) {
    it(`shows the message of ${name} and does not count down`, async () => {
      reply = failure;
      const { button } = renderButton({ type });
      fireEvent.click(button());
      expect(await screen.findByTestId('sms-send-error')).toHaveTextContent(text);
      expect(button()).toHaveTextContent('获取验证码');
      expect(button()).toBeEnabled();
      expect(screen.queryByTestId('sms-send-register-link')).not.toBeInTheDocument();
    });
  }

  it('offers to register a phone that is not registered, on SMS sign-in', async () => {
    reply = fail(404, 404, 'x');
    const { button, location } = renderButton({ type: 'login' });
    fireEvent.click(button());
    expect(await screen.findByTestId('sms-send-error')).toHaveTextContent('该手机号尚未注册');
    fireEvent.click(screen.getByTestId('sms-send-register-link'));
    expect(await screen.findByTestId('at-register')).toBeInTheDocument();
    expect(location.state).toEqual({ phoneNumber: '13800138000', countryCode: '86' });
  });
});
