import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { addressOf, solveChallenge } from '../../../test/challenge';
import { ACCOUNT, buildTestApp, login, sessionCookieOf, type TestApp } from '../../../test/helper';
import { codeFor, MINUTE, sendCode, wrongCode } from '../../../test/sms';
import { challengeSettings } from './lockout.service';

const DEMO_PHONE = '13800000001';
let t: TestApp;
afterEach(() => t?.close());

async function app(env: Record<string, string> = {}) {
  t = await buildTestApp({ env: { SMS_IP_HOURLY_LIMIT: '100000', ...env } });
  return t;
}

function codeLogin(
  body: object,
  mode: 'code' | 'double' = 'code',
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `${ACCOUNT}/login?${mode}=true`,
    payload: body,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A password sign-in from a given address (with a solved challenge when given one). */
function loginFrom(remoteAddress: string, name: string, password: string, solution?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${ACCOUNT}/login`,
    payload: { name, password },
    headers: solution ? { 'x-challenge-solution': solution } : {},
    remoteAddress,
  });
}

async function blockedUntil(name: string): Promise<string | null> {
  const user = await t.db.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  const row = await t.db.db
    .selectFrom('auth_attempts')
    .select('blocked_until')
    .where('key', '=', `user:${user.id}`)
    .executeTakeFirst();
  return row?.blocked_until ?? null;
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
    expect(String(ok.headers['set-cookie'])).toMatch(/Max-Age=604800/);
    // An account without a phone cannot receive a code.
    expect((await codeLogin({ name: 'zhangsan', password: 'Demo1234', code }, 'double')).json().code).toBe(
      102,
    );
  });
});

describe('lockout (107)', () => {
  // Every failure from another address: the per-address throttle (tested below) stays out of the way.
  it('10 failures within 10 minutes lock the account for 10 minutes, the right password included', async () => {
    await app();
    for (let i = 1; i <= 9; i++) {
      const response = await loginFrom(addressOf(i), 'demo', `Wrong${i}234`);
      expect(response.json().code, `failure ${i}`).toBe(104);
      t.clock.advance(30_000);
    }
    const tenth = await loginFrom(addressOf(10), 'demo', 'Wrong1234');
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toEqual({
      code: 107,
      key: 'account.locked',
      message: '登录失败次数过多，账号已锁定，请 10 分钟后再试',
    });
    expect(tenth.headers['retry-after']).toBe('600');
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
    expect((await loginFrom(addressOf(11), 'demo', 'Wrong1234')).json().code).toBe(104);
    expect((await login(t.app, 'demo', 'Demo1234')).statusCode).toBe(200);
  });

  it('wrong codes count like wrong passwords; failures older than 10 minutes do not', async () => {
    await app();
    let n = 0;
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(addressOf(n++), 'demo', 'Wrong1234')).json().code).toBe(104);
    t.clock.advance(10 * MINUTE);
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(addressOf(n++), 'demo', 'Wrong1234')).json().code).toBe(104);
    // Five wrong codes; a wrong code never voids the code (issue 14), so one code serves them all.
    const code = await codeFor(t, DEMO_PHONE, 'login');
    for (let i = 0; i < 4; i++) {
      const wrong = await codeLogin(
        { phoneNumber: DEMO_PHONE, code: wrongCode(code) },
        'code',
        {},
        addressOf(n++),
      );
      expect(wrong.json().code).toBe(106);
    }
    const locking = await codeLogin(
      { phoneNumber: DEMO_PHONE, code: wrongCode(code) },
      'code',
      {},
      addressOf(n++),
    );
    expect(locking.json().code).toBe(107);
    expect((await codeLogin({ phoneNumber: DEMO_PHONE, code }, 'code', {}, addressOf(n++))).json().code).toBe(
      107,
    );
    expect(await blockedUntil('demo')).not.toBeNull();
  });

  it('a successful sign-in resets the count', async () => {
    await app();
    for (let i = 0; i < 9; i++) await loginFrom(addressOf(i), 'demo', 'Wrong1234');
    expect((await login(t.app, 'demo', 'Demo1234')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await loginFrom(addressOf(20 + i), 'demo', 'Wrong1234')).json().code).toBe(104);
  });

  it('holds against parallel guesses: at most 10 are verified, the right one is refused once locked', async () => {
    await app();
    // 40 wrong guesses and the right password, all at once, each from its own address.
    const guesses = Array.from({ length: 40 }, (_, i) => loginFrom(addressOf(i), 'demo', `Wrong${i}pw`));
    const responses = await Promise.all([...guesses, loginFrom(addressOf(40), 'demo', 'Demo1234')]);
    const verified = responses.filter((r) => r.statusCode === 200 || r.json().code === 104);
    expect(verified.length).toBeLessThanOrEqual(10);
    const locked = responses.filter((r) => r.json().code === 107);
    expect(locked.length).toBeGreaterThanOrEqual(31);
    expect(locked.every((r) => r.statusCode === 429 && r.headers['set-cookie'] === undefined)).toBe(true);
    // Whatever the order was, the lock holds now: the right password is refused.
    const right = await loginFrom(addressOf(41), 'demo', 'Demo1234');
    expect(right.json().code).toBe(107);
    expect(await blockedUntil('demo')).not.toBeNull();
  });

  it('a sign-in in flight never clears a lock taken meanwhile', async () => {
    await app();
    // The right password races 20 wrong ones: whichever finishes last, the account ends locked.
    const responses = await Promise.all([
      login(t.app, 'demo', 'Demo1234'),
      ...Array.from({ length: 20 }, (_, i) => loginFrom(addressOf(i), 'demo', 'Wrong1234')),
    ]);
    expect(responses.some((r) => r.json().code === 107)).toBe(true);
    expect(await blockedUntil('demo')).not.toBeNull();
    expect((await loginFrom(addressOf(50), 'demo', 'Demo1234')).json().code).toBe(107);
  });
});

describe('per-address throttle', () => {
  it('asks one address for a challenge after 3 failures, then makes it wait longer after each', async () => {
    await app();
    const ip = '203.0.113.7';
    // Failures on several accounts, unknown names included (an unknown name costs the same as a wrong password).
    expect((await loginFrom(ip, 'nobody1', 'Wrong1234')).json().code).toBe(102);
    expect((await loginFrom(ip, 'demo', 'Wrong1234')).json().code).toBe(104);
    expect((await loginFrom(ip, 'zhangsan', 'Wrong1234')).json().code).toBe(104);
    const asked = await loginFrom(ip, 'demo', 'Demo1234');
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toMatchObject({ code: 429, key: 'account.challengeRequired' });
    expect(asked.headers['x-challenge-difficulty']).toBe('16');
    const solution = solveChallenge(asked);
    // A solved challenge lets the attempt through, once.
    expect((await loginFrom(ip, 'demo', 'Wrong1234', solution)).json().code).toBe(104);
    const replay = await loginFrom(ip, 'demo', 'Wrong1234', solution);
    expect(replay.json().key).toBe('account.challengeInvalid');
    expect((await loginFrom(ip, 'demo', 'Wrong1234', solveChallenge(replay))).json().code).toBe(104);
    // The sixth failure makes the address wait a minute, the seventh two, answered with Retry-After.
    const asked6 = await loginFrom(ip, 'zhangsan', 'Wrong1234');
    expect(asked6.headers['x-challenge-difficulty']).toBe('17');
    expect((await loginFrom(ip, 'zhangsan', 'Wrong1234', solveChallenge(asked6))).json().code).toBe(104);
    const waiting = await loginFrom(ip, 'demo', 'Demo1234');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({
      key: 'account.tooManyAttempts',
      message: '尝试次数过多，请 60 秒后再试',
    });
    expect(waiting.headers['retry-after']).toBe('60');
    t.clock.advance(60_000);
    const again = await loginFrom(ip, 'demo', 'Wrong1234');
    expect(again.json().key).toBe('account.challengeRequired');
    expect(again.headers['x-challenge-difficulty']).toBe('17');
    expect((await loginFrom(ip, 'demo', 'Wrong1234', solveChallenge(again))).json().code).toBe(104);
    expect((await loginFrom(ip, 'demo', 'Demo1234')).headers['retry-after']).toBe('120');
    // Another address is not affected, and the account is not locked (7 of its 10).
    expect((await loginFrom('203.0.113.8', 'demo', 'Demo1234')).statusCode).toBe(200);
  });

  it('100 parallel guesses from one address get 3 verifications', async () => {
    await app();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        loginFrom('203.0.113.9', i % 2 ? 'demo' : 'zhangsan', `Wrong${i}pw`),
      ),
    );
    const verified = responses.filter((r) => r.statusCode === 200 || r.json().code === 104);
    expect(verified.length).toBeLessThanOrEqual(3);
    expect(
      responses.filter((r) => r.json().key === 'account.challengeRequired').length,
    ).toBeGreaterThanOrEqual(97);
    // Requests that did no work never count against an account: nobody got locked.
    expect(responses.some((r) => r.json().code === 107)).toBe(false);
    expect((await loginFrom('203.0.113.12', 'demo', 'Demo1234')).statusCode).toBe(200);
  });

  it('one address cannot keep an account locked: its tenth try comes after the window', async () => {
    await app();
    // Seven challenges to solve on the way: a cheaper proof of work keeps the test fast.
    challengeSettings.bits = 8;
    onTestFinished(() => {
      challengeSettings.bits = 16;
    });
    const ip = '203.0.113.10';
    const start = t.clock.now().getTime();
    let solution: string | undefined;
    let failures = 0;
    while (failures < 10) {
      const response = await loginFrom(ip, 'demo', 'Wrong1234', solution);
      solution = undefined;
      expect(response.json().code).not.toBe(107);
      if (response.json().code === 104) failures++;
      else if (response.headers['x-challenge']) solution = solveChallenge(response);
      else t.clock.advance(Number(response.headers['retry-after']) * 1000);
    }
    expect(t.clock.now().getTime() - start).toBeGreaterThan(10 * MINUTE);
    // The owner signs in from elsewhere at once.
    expect((await loginFrom('203.0.113.11', 'demo', 'Demo1234')).statusCode).toBe(200);
  });
});
