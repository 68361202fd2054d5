import type { User } from '@lintel/contracts/account';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { accountKeys } from '../api';
import { clearFlowState, getFlowState, setRegisterFlow } from '../flowState';
import PerfectInformationPage from './PerfectInformationPage';

let api: FakeApi;
let registerReply: FakeReply;
const taken = new Set(['zhangsan']);

beforeAll(async () => {
  api = await startFakeApi();
  api.on('POST account-service/register', (seen) => {
    if (seen.query.get('verify') === 'true') {
      return { json: { exists: taken.has((seen.body as { name: string }).name) } };
    }
    return registerReply;
  });
  api.on('POST account-service/securities', { json: {} });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  registerReply = { json: makeUser({ name: 'lisi', phoneNumber: '13912345678' }) };
  clearFlowState();
  setRegisterFlow({ phoneNumber: '13912345678', countryCode: '86', code: '654321' });
  configureHttp({ baseUrl: api.baseUrl });
});

function renderStep1() {
  const view = renderRoutes(
    {
      '/perfectinformation': <PerfectInformationPage />,
      '/perfectinformationnext': <div data-testid="at-step2" />,
      '/register': <div data-testid="at-register" />,
    },
    { path: '/perfectinformation' },
  );
  return { ...view, user: setupUser() };
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const fill = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });

function fillValid() {
  fill('perfect-name', 'lisi');
  fill('perfect-nickname', '李四');
  fill('perfect-email', 'lisi@example.com');
  fill('perfect-password', 'Secret12');
  fill('perfect-confirm', 'Secret12');
}

describe('/perfectinformation, registration step 1 (spec 000 §5)', () => {
  it('shows the two-step indicator and the verified phone', () => {
    renderStep1();
    expect(screen.getByTestId('register-steps')).toHaveTextContent('账号信息');
    expect(screen.getByTestId('register-steps')).toHaveTextContent('联系信息');
    expect(screen.getByTestId('perfect-phone')).toHaveTextContent('+86 139****5678');
  });

  it('checks the username on blur: at most 14 characters, then against the server', async () => {
    renderStep1();
    fill('perfect-name', 'abcdefghijklmno');
    fireEvent.blur(field('perfect-name'));
    expect(await screen.findByTestId('perfect-name-error')).toHaveTextContent('用户名不能超过 14 个字符');
    expect(api.requests).toHaveLength(0);

    fill('perfect-name', 'zhangsan');
    expect(screen.queryByTestId('perfect-name-error')).not.toBeInTheDocument();
    fireEvent.blur(field('perfect-name'));
    expect(await screen.findByTestId('perfect-name-error')).toHaveTextContent('账号已存在');
    const check = api.requests.find((r) => r.query.get('verify') === 'true')!;
    expect(check.body).toEqual({ name: 'zhangsan' });

    fill('perfect-name', 'lisi');
    fireEvent.blur(field('perfect-name'));
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(screen.queryByTestId('perfect-name-error')).not.toBeInTheDocument();
  });

  it('clears a pasted real name over 20 characters with an error; 20 are fine', async () => {
    const { user } = renderStep1();
    await user.click(field('perfect-nickname'));
    await user.paste('一二三四五六七八九十一二三四五六七八九十一');
    expect(field('perfect-nickname').value).toBe('');
    expect(screen.getByTestId('perfect-nickname-error')).toHaveTextContent('真实姓名不能超过 20 个字符');
    await user.paste('一二三四五六七八九十一二三四五六七八九十');
    expect(field('perfect-nickname').value).toBe('一二三四五六七八九十一二三四五六七八九十');
    expect(screen.queryByTestId('perfect-nickname-error')).not.toBeInTheDocument();
  });

  it('shows the password format hint on blur', async () => {
    renderStep1();
    fill('perfect-password', 'abc');
    fireEvent.blur(field('perfect-password'));
    expect(await screen.findByTestId('perfect-password-error')).toHaveTextContent('密码长度为 6-16 位');
    fill('perfect-password', 'abc def!');
    fireEvent.blur(field('perfect-password'));
    expect(await screen.findByTestId('perfect-password-error')).toHaveTextContent(
      '密码格式错误，只能包含字母、数字和 ~!@&%$^()#_',
    );
    fill('perfect-name', 'lisi123');
    fill('perfect-password', 'lisi123');
    fireEvent.blur(field('perfect-password'));
    expect(await screen.findByTestId('perfect-password-error')).toHaveTextContent('密码不能与用户名相同');
  });

  it('keeps the confirmation disabled until a password exists, and clears it when the password changes', () => {
    renderStep1();
    expect(field('perfect-confirm')).toBeDisabled();
    fill('perfect-password', 'Secret12');
    expect(field('perfect-confirm')).toBeEnabled();
    fill('perfect-confirm', 'Secret12');
    fill('perfect-password', 'Secret123');
    expect(field('perfect-confirm').value).toBe('');
    fill('perfect-confirm', 'Secret12');
    fireEvent.blur(field('perfect-confirm'));
    expect(screen.getByTestId('perfect-confirm-error')).toHaveTextContent('两次输入的密码不一致');
  });

  it('shows every rule on submit and sends nothing', async () => {
    renderStep1();
    fireEvent.click(screen.getByTestId('perfect-submit'));
    expect(await screen.findByTestId('perfect-name-error')).toHaveTextContent('请输入用户名');
    expect(screen.getByTestId('perfect-nickname-error')).toHaveTextContent('请输入真实姓名');
    expect(screen.getByTestId('perfect-email-error')).toHaveTextContent('邮箱不能为空');
    expect(screen.getByTestId('perfect-password-error')).toHaveTextContent('请输入密码');
    expect(screen.getByTestId('perfect-confirm-error')).toHaveTextContent('请再次输入密码');
    fill('perfect-email', 'not-an-email');
    fireEvent.blur(field('perfect-email'));
    expect(screen.getByTestId('perfect-email-error')).toHaveTextContent('邮箱格式错误');
    expect(api.requests).toHaveLength(0);
  });

  it('registers with the phone, code and consent of /register, signs in and goes to step 2', async () => {
    setRegisterFlow({
      phoneNumber: '13912345678',
      countryCode: '86',
      code: '654321',
      consent: { agreement: 1, privacy: 2 },
    });
    const { queryClient } = renderStep1();
    fillValid();
    fireEvent.click(screen.getByTestId('perfect-submit'));
    expect(await screen.findByTestId('at-step2')).toBeInTheDocument();
    const register = api.requests.find(
      (r) => r.path === 'account-service/register' && !r.query.has('verify'),
    )!;
    expect(register.body).toEqual({
      name: 'lisi',
      password: 'Secret12',
      nickName: '李四',
      email: 'lisi@example.com',
      phoneNumber: '13912345678',
      countryCode: '86',
      code: '654321',
      consent: { agreement: 1, privacy: 2 },
    });
    expect(queryClient.getQueryData<User>(accountKeys.session())?.name).toBe('lisi');
    expect(getFlowState().register).toBeNull();
  });

  const failures: Array<[number, string]> = [
    [101, '注册失败：注册信息为空'],
    [102, '注册失败：用户名不合法'],
    [103, '注册失败：账号已存在'],
    [104, '注册失败：密码为空'],
    [105, '注册失败：手机号为空'],
  ];
  for (const [code, text] of failures) {
    it(`shows register error ${code} after the register-failed prefix`, async () => {
      registerReply = { status: code === 103 ? 409 : 400, json: { code, key: 'k', message: 'server text' } };
      renderStep1();
      fillValid();
      fireEvent.click(screen.getByTestId('perfect-submit'));
      expect(await screen.findByTestId('perfect-error')).toHaveTextContent(text);
      if (code === 103) expect(screen.getByTestId('perfect-name-error')).toHaveTextContent('账号已存在');
    });
  }

  it('shows register error 106 on a code field, where a new code can be entered', async () => {
    registerReply = { status: 400, json: { code: 106, key: 'account.codeError', message: 'x' } };
    renderStep1();
    fillValid();
    fireEvent.click(screen.getByTestId('perfect-submit'));
    expect(await screen.findByTestId('perfect-code-error')).toHaveTextContent('注册失败：验证码错误');
    expect(screen.queryByTestId('perfect-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('perfect-send')).toBeInTheDocument();
    registerReply = { json: makeUser({ name: 'lisi' }) };
    fill('perfect-code', '111222');
    fireEvent.click(screen.getByTestId('perfect-submit'));
    expect(await screen.findByTestId('at-step2')).toBeInTheDocument();
    expect((api.requests.at(-1)!.body as { code: string }).code).toBe('111222');
  });

  it('shows another failure after the prefix with its code', async () => {
    registerReply = {
      status: 400,
      json: { code: 400, key: 'account.emailInvalid', message: '邮箱格式错误' },
    };
    renderStep1();
    fillValid();
    fireEvent.click(screen.getByTestId('perfect-submit'));
    expect(await screen.findByTestId('perfect-error')).toHaveTextContent(
      '注册失败：邮箱格式错误（错误码 400）',
    );
  });
});
