import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, login, sessionCookieOf, type TestApp } from '../../../test/helper';
import { codeFor, MINUTE, sendCode, wrongCode } from '../../../test/sms';

const DEMO_PHONE = '13800000001';
let t: TestApp;
afterEach(() => t?.close());

async function app(env: Record<string, string> = {}) {
  t = await buildTestApp({ env: { SMS_IP_HOURLY_LIMIT: '100000', ...env } });
  return t;
}

function codeLogin(body: object, mode: 'code' | 'double' = 'code', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${ACCOUNT}/login?${mode}=true`, payload: body, headers });
}

function logged(cookie: string) {
  return t.app.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: { cookie } });
}

describe('POST login?code=true', () => {
  it('signs in with the phone and a login code, once', async () => {
    await app();
    const code = await codeFor(t, DEMO_PHONE, 'login');
    const response = await codeLogin({ phoneNumber: DEMO_PHONE, countryCode: '86', code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'demo', phoneNumber: DEMO_PHONE });
    expect((await logged(sessionCookieOf(response))).json().name).toBe('demo');
    const reuse = await codeLogin({ phoneNumber: DEMO_PHONE, countryCode: '86', code });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 106, key: 'account.codeError' });
  });

  it('answers 102 for an unknown phone, 106 for a wrong, expired or foreign-purpose code', async () => {
    await app();
    const unknown = await codeLogin({ phoneNumber: '13900000301', code: '123456' });
    expect(unknown.json()).toEqual({ code: 102, key: 'account.usernameNotFound', message: '账号不存在' });
    const code = await codeFor(t, DEMO_PHONE, 'login');
    const wrong = await codeLogin({ phoneNumber: DEMO_PHONE, code: wrongCode(code) });
    expect(wrong.json()).toEqual({ code: 106, key: 'account.codeError', message: '验证码错误，请重新输入' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    t.clock.advance(5 * MINUTE);
    expect((await codeLogin({ phoneNumber: DEMO_PHONE, code })).json().code).toBe(106);
    const reset = await codeFor(t, DEMO_PHONE, 'reset');
    expect((await codeLogin({ phoneNumber: DEMO_PHONE, code: reset })).json().code).toBe(106);
  });

  it('asks for the code and checks the phone', async () => {
    await app();
    expect((await codeLogin({ phoneNumber: DEMO_PHONE })).json()).toMatchObject({
      code: 106,
      key: 'account.codeRequired',
    });
    expect((await codeLogin({ phoneNumber: '12345', code: '1' })).json()).toMatchObject({
      key: 'account.phoneInvalid',
    });
    expect((await codeLogin({ code: '123456' })).json()).toMatchObject({ key: 'account.phoneRequired' });
  });

  it('signs a test number in with its fixed code', async () => {
    await app({ SMS_TEST_NUMBERS: '13700000000:246810' });
    expect((await codeLogin({ phoneNumber: '13700000000', code: '246810' })).json().code).toBe(106);
    expect((await sendCode(t.app, { phoneNumber: '13700000000', type: 'login' })).statusCode).toBe(200);
    const response = await codeLogin({ phoneNumber: '13700000000', code: '246810' });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('demo');
  });
});

describe('POST login?double=true', () => {
  it('needs the password and the code together', async () => {
    await app();
    const code = await codeFor(t, DEMO_PHONE, 'login');
    const badPassword = await codeLogin({ phoneNumber: DEMO_PHONE, password: 'Wrong1234', code }, 'double');
    expect(badPassword.json()).toEqual({ code: 104, key: 'account.passwordError', message: '密码错误' });
    const badCode = await codeLogin(
      { phoneNumber: DEMO_PHONE, password: 'Demo1234', code: wrongCode(code) },
      'double',
    );
    expect(badCode.json()).toMatchObject({ code: 106 });
    const noPassword = await codeLogin({ phoneNumber: DEMO_PHONE, code }, 'double');
    expect(noPassword.json()).toMatchObject({ code: 400, key: 'account.passwordRequired' });
    expect((await codeLogin({ phoneNumber: '13900000302', password: 'x', code }, 'double')).json().code).toBe(
      102,
    );
    const ok = await codeLogin(
      { phoneNumber: DEMO_PHONE, countryCode: '86', password: 'Demo1234', code },
      'double',
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().name).toBe('demo');
  });

  it('also takes the account name; the code goes to its phone', async () => {
    await app();
    const code = await codeFor(t, DEMO_PHONE, 'login');
    const ok = await codeLogin({ name: 'demo', password: 'Demo1234', code, rememberMe: true }, 'double');
    expect(ok.statusCode).toBe(200);
    expect(String(ok.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
    // An account without a phone cannot receive a code.
    expect((await codeLogin({ name: 'zhangsan', password: 'Demo1234', code }, 'double')).json().code).toBe(
      102,
    );
  });
});

describe('lockout (107)', () => {
  it('10 failures within 10 minutes lock the account for 10 minutes, the right password included', async () => {
    await app();
    for (let i = 1; i <= 9; i++) {
      const response = await login(t.app, 'demo', `Wrong${i}234`);
      expect(response.json().code, `failure ${i}`).toBe(104);
      t.clock.advance(30_000);
    }
    const tenth = await login(t.app, 'demo', 'Wrong1234');
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toEqual({
      code: 107,
      key: 'account.locked',
      message: '登录失败次数过多，账号已锁定，请 10 分钟后再试',
    });
    const right = await login(t.app, 'demo', 'Demo1234');
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe(107);
    expect(right.headers['set-cookie']).toBeUndefined();
    // Code sign-in is locked too.
    const code = await codeFor(t, DEMO_PHONE, 'login');
    expect((await codeLogin({ phoneNumber: DEMO_PHONE, code })).json().code).toBe(107);
    // Another account is not affected.
    expect((await login(t.app, 'zhangsan', 'Demo1234')).statusCode).toBe(200);
    t.clock.advance(9 * MINUTE);
    const en = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login?lang=en-us`,
      payload: { name: 'demo', password: 'Demo1234' },
    });
    expect(en.json().message).toBe('Too many failed sign-ins: this account is locked; try again in 1 min');
    t.clock.advance(MINUTE);
    expect((await login(t.app, 'demo', 'Demo1234')).statusCode).toBe(200);
    // The count started again: one more failure does not lock.
    expect((await login(t.app, 'demo', 'Wrong1234')).json().code).toBe(104);
    expect((await login(t.app, 'demo', 'Demo1234')).statusCode).toBe(200);
  });

  it('wrong codes count like wrong passwords; failures older than 10 minutes do not', async () => {
    await app();
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'demo', 'Wrong1234')).json().code).toBe(104);
    t.clock.advance(10 * MINUTE);
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'demo', 'Wrong1234')).json().code).toBe(104);
    // Five wrong codes (each new code survives four wrong tries, then one more send).
    for (let i = 0; i < 4; i++) {
      const code = await codeFor(t, DEMO_PHONE, 'login');
      expect((await codeLogin({ phoneNumber: DEMO_PHONE, code: wrongCode(code) })).json().code).toBe(106);
      t.clock.advance(61_000);
    }
    const last = await codeFor(t, DEMO_PHONE, 'login');
    const locking = await codeLogin({ phoneNumber: DEMO_PHONE, code: wrongCode(last) });
    expect(locking.json().code).toBe(107);
    expect((await codeLogin({ phoneNumber: DEMO_PHONE, code: last })).json().code).toBe(107);
    const stored = await t.db.db
      .selectFrom('users')
      .select('locked_until')
      .where('name', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(stored.locked_until).not.toBeNull();
  });

  it('a successful sign-in resets the count', async () => {
    await app();
    for (let i = 0; i < 9; i++) await login(t.app, 'demo', 'Wrong1234');
    expect((await login(t.app, 'demo', 'Demo1234')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(t.app, 'demo', 'Wrong1234')).json().code).toBe(104);
  });
});
