import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeProfile } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { clearFlowState, getFlowState } from '../flowState';
import RegisterPage from './RegisterPage';

let api: FakeApi;
let verifyReply: FakeReply;

beforeAll(async () => {
  api = await startFakeApi();
  api.on('POST account-service/securities', (seen) =>
    seen.query.get('verify') === 'true' ? verifyReply : { json: {} },
  );
  api.on('HEAD base-service/clauses/privacy', { status: 200 });
  api.on('HEAD base-service/clauses/agreement', { status: 200 });
  const clause = (kind: string, version: number) => ({
    kind,
    version,
    textZh: '…',
    textEn: '…',
    isDefault: version === 1,
    updatedAt: null,
  });
  api.on('GET account-service/system/profile/clauses', {
    json: [clause('agreement', 1), clause('privacy', 2)],
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  verifyReply = { json: {} };
  clearFlowState();
  configureHttp({ baseUrl: api.baseUrl });
});

function renderRegister(state?: unknown, profile = makeProfile()) {
  return renderRoutes(
    { '/register': <RegisterPage />, '/perfectinformation': <div data-testid="at-step1" /> },
    { path: '/register', state, profile },
  );
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/register (spec 000 §2, §4)', () => {
  it('asks for the phone and the code before verifying anything', async () => {
    renderRegister();
    fireEvent.click(screen.getByTestId('register-next'));
    expect(await screen.findByTestId('register-phone-error')).toHaveTextContent('请输入手机号码');
    expect(screen.getByTestId('register-code-error')).toHaveTextContent('请输入验证码');
    fill('register-phone-number', '12345678901');
    fireEvent.click(screen.getByTestId('register-next'));
    expect(await screen.findByText('手机号码错误')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('verifies the register code, keeps phone and code for step 1 and goes there', async () => {
    renderRegister();
    fill('register-phone-number', '13912345678');
    fireEvent.click(screen.getByTestId('register-send'));
    expect(await screen.findByText('60 秒后重新获取')).toBeInTheDocument();
    fill('register-code', '654321');
    fireEvent.click(screen.getByTestId('register-next'));
    expect(await screen.findByTestId('at-step1')).toBeInTheDocument();
    const verify = api.requests.find((r) => r.query.get('verify') === 'true')!;
    expect(verify.body).toEqual({
      phoneNumber: '13912345678',
      countryCode: '86',
      type: 'register',
      code: '654321',
    });
    expect(getFlowState().register).toEqual({
      phoneNumber: '13912345678',
      countryCode: '86',
      code: '654321',
    });
  });

  it('shows a wrong code (106) on the code field and stays', async () => {
    verifyReply = { status: 400, json: { code: 106, key: 'account.codeError', message: 'x' } };
    renderRegister();
    fill('register-phone-number', '13912345678');
    fill('register-code', '000000');
    fireEvent.click(screen.getByTestId('register-next'));
    expect(await screen.findByTestId('register-code-error')).toHaveTextContent('验证码错误，请重新输入');
    expect(getFlowState().register).toBeNull();
  });

  it("shows any other verify failure as 'phone verify error' with its code", async () => {
    verifyReply = { status: 500, json: { code: 500, key: 'common.internal', message: 'x' } };
    renderRegister();
    fill('register-phone-number', '13912345678');
    fill('register-code', '000000');
    fireEvent.click(screen.getByTestId('register-next'));
    expect(await screen.findByTestId('register-error')).toHaveTextContent('手机验证失败（错误码 500）');
  });

  it('takes over the phone the SMS sign-in view found unregistered; requires the consent (issue 17)', async () => {
    renderRegister({ phoneNumber: '13912345678', countryCode: '86' }, makeProfile({ privacyNotice: true }));
    expect(screen.getByTestId('register-phone-number')).toHaveValue('13912345678');
    expect(screen.getByTestId('register-link-login')).toHaveAttribute('href', '/login');
    // Not ticked in advance; each text opens in a new window.
    const box = screen.getByTestId('register-consent');
    expect(box).not.toBeChecked();
    for (const kind of ['agreement', 'privacy']) {
      const link = screen.getByTestId(`consent-${kind}`);
      expect(link).toHaveAttribute('href', `${api.baseUrl}/api/v1/base-service/clauses/${kind}`);
      expect(link).toHaveAttribute('target', '_blank');
    }
    fill('register-code', '654321');
    fireEvent.click(screen.getByTestId('register-next'));
    expect(await screen.findByTestId('register-consent-error')).toHaveTextContent(
      '请阅读并勾选同意用户协议和隐私政策',
    );
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    fireEvent.click(box);
    expect(screen.queryByTestId('register-consent-error')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('register-next'));
    expect(await screen.findByTestId('at-step1')).toBeInTheDocument();
    // The versions in force travel with the flow to POST register.
    expect(getFlowState().register).toEqual({
      phoneNumber: '13912345678',
      countryCode: '86',
      code: '654321',
      consent: { agreement: 1, privacy: 2 },
    });
  });
});
