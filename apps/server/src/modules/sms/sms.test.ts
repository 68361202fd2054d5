import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, solveChallenge } from '../../../test/challenge';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { codeFor, MINUTE, readOutbox, sendCode, wrongCode } from '../../../test/sms';

const DEMO_PHONE = '13800000001';
/** Sends from inject default to 127.0.0.1: a high per-IP limit keeps these tests off that limit. */
const ROOMY = { SMS_IP_HOURLY_LIMIT: '100000' };

describe('POST securities: sending a code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...ROOMY, LOG_LEVEL: 'trace' } });
  });
  afterAll(() => t.close());

  it('writes a fresh 6-digit code to the outbox, answers {}, and logs the send without the code', async () => {
    const before = (await readOutbox(t)).length;
    const response = await sendCode(t.app, {
      phoneNumber: '13900000001',
      countryCode: '86',
      type: 'register',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const outbox = await readOutbox(t);
    expect(outbox).toHaveLength(before + 1);
    const line = outbox.at(-1)!;
    expect(line).toEqual({
      phoneNumber: '13900000001',
      countryCode: '86',
      type: 'register',
      code: expect.stringMatching(/^\d{6}$/),
      at: t.clock.now().toISOString(),
    });
    const logged = t.logs.find((entry) => String(entry.msg).includes('outbox'));
    expect(logged).toMatchObject({
      sms: { phoneNumber: '139****0001', countryCode: '86', type: 'register' },
    });
    const allLogs = JSON.stringify(t.logs);
    expect(allLogs).not.toContain(line.code);
    expect(allLogs).not.toContain('13900000001');
  });

  it('stores only a salted sha256 of the code', async () => {
    const code = await codeFor(t, '13900000002', 'register');
    const rows = await t.db.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone_number', 'in', ['13900000001', '13900000002'])
      .execute();
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(code);
    for (const row of rows) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.salt).not.toBe(rows[1]?.salt);
    expect(rows[0]?.code_hash).not.toBe(rows[1]?.code_hash);
  });

  it('answers an invalid phone with business code 502, and never reaches the provider', async () => {
    const before = (await readOutbox(t)).length;
    const cases: Array<[Record<string, string>, string]> = [
      [{ phoneNumber: '12345678901', countryCode: '86' }, 'account.phoneInvalid'],
      [{ phoneNumber: '1380000000', countryCode: '86' }, 'account.phoneInvalid'],
      [{ phoneNumber: '138-0000-0001' }, 'account.phoneInvalid'],
      [{ phoneNumber: '1234', countryCode: '852' }, 'account.phoneInvalid'],
      [{ phoneNumber: '' }, 'account.phoneRequired'],
      [{}, 'account.phoneRequired'],
      [{ phoneNumber: '13900000003', countryCode: 'x1' }, 'account.countryCodeInvalid'],
    ];
    for (const [phone, key] of cases) {
      const response = await sendCode(t.app, { ...phone, type: 'register' });
      expect(response.statusCode, JSON.stringify(phone)).toBe(400);
      expect(response.json()).toMatchObject({ code: 502, key });
    }
    const zh = await sendCode(t.app, { phoneNumber: '12345678901', type: 'login' });
    expect(zh.json().message).toBe('手机号码错误');
    const en = await sendCode(
      t.app,
      { phoneNumber: '12345678901', type: 'login' },
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(en.json().message).toBe('Invalid phone number');
    expect(await readOutbox(t)).toHaveLength(before);
    expect(
      await t.db.db.selectFrom('sms_codes').select('id').where('phone_number', '=', '12345678901').execute(),
    ).toEqual([]);
  });

  it('normalizes +86 and accepts other countries with 5 to 15 digits', async () => {
    expect(
      (await sendCode(t.app, { phoneNumber: '13900000004', countryCode: '+86', type: 'register' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await sendCode(t.app, { phoneNumber: '51234567', countryCode: '852', type: 'register' })).statusCode,
    ).toBe(200);
    const outbox = await readOutbox(t);
    expect(outbox.at(-2)).toMatchObject({ phoneNumber: '13900000004', countryCode: '86' });
    expect(outbox.at(-1)).toMatchObject({ phoneNumber: '51234567', countryCode: '852' });
  });

  it('refuses a purpose the phone does not fit: registered (409), not registered (404), bound (409)', async () => {
    const registered = await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: 'register' });
    expect(registered.statusCode).toBe(409);
    expect(registered.json()).toEqual({
      code: 409,
      key: 'account.phoneAlreadyRegistered',
      message: '该手机号已存在',
    });
    for (const type of ['login', 'reset']) {
      const unknown = await sendCode(t.app, { phoneNumber: '13900000005', type });
      expect(unknown.statusCode, type).toBe(404);
      expect(unknown.json()).toEqual({
        code: 404,
        key: 'account.phoneNotRegistered',
        message: '该手机号尚未注册',
      });
    }
    const en = await sendCode(
      t.app,
      { phoneNumber: '13900000005', type: 'login' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(en.json().message).toBe('This phone number has not registered yet');
    const bound = await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: 'bind' });
    expect(bound.statusCode).toBe(409);
    expect(bound.json()).toMatchObject({ code: 409, key: 'account.phoneAlreadyBound' });
    const sameNumberElsewhere = await sendCode(t.app, {
      phoneNumber: DEMO_PHONE,
      countryCode: '1',
      type: 'bind',
    });
    expect(sameNumberElsewhere.statusCode).toBe(200);
  });

  it('never answers the account id (issue 14): the verified reset code does', async () => {
    const demo = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'demo')
      .executeTakeFirstOrThrow();
    const reset = await sendCode(t.app, { phoneNumber: DEMO_PHONE, countryCode: '86', type: 'reset' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({});
    expect(reset.body).not.toContain(demo.id);
    const code = (await readOutbox(t)).at(-1)?.code as string;
    const wrong = await sendCode(
      t.app,
      { phoneNumber: DEMO_PHONE, type: 'reset', code: wrongCode(code) },
      { verify: true },
    );
    expect(wrong.body).not.toContain(demo.id);
    const verified = await sendCode(
      t.app,
      { phoneNumber: DEMO_PHONE, type: 'reset', code },
      { verify: true },
    );
    expect(verified.json()).toEqual({ userId: demo.id });
    const login = await sendCode(t.app, { phoneNumber: DEMO_PHONE, countryCode: '86', type: 'login' });
    expect(login.json()).toEqual({});
  });

  it('rate-limits the answers that tell whether a phone is registered, per address and per phone', async () => {
    // Ten "not registered" answers for one phone, from ten addresses; the eleventh is refused.
    for (let i = 0; i < 10; i++) {
      const miss = await sendCode(t.app, { phoneNumber: '13900000090', type: 'reset' }, { ip: addressOf(i) });
      expect(miss.json().key).toBe('account.phoneNotRegistered');
    }
    const limited = await sendCode(
      t.app,
      { phoneNumber: '13900000090', type: 'login' },
      { ip: addressOf(10) },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ key: 'account.lookupLimit' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Thirty look-ups of different phones from one address; the 31st is refused.
    const ip = '203.0.113.60';
    for (let i = 0; i < 30; i++) {
      const miss = await sendCode(
        t.app,
        { phoneNumber: `139000002${String(i).padStart(2, '0')}`, type: 'login' },
        { ip },
      );
      expect(miss.statusCode, `look-up ${i + 1}`).toBe(404);
    }
    expect((await sendCode(t.app, { phoneNumber: '13900000299', type: 'login' }, { ip })).statusCode).toBe(
      429,
    );
    t.clock.advance(10 * MINUTE);
    expect((await sendCode(t.app, { phoneNumber: '13900000299', type: 'login' }, { ip })).statusCode).toBe(
      404,
    );
  });

  it('refuses an unknown purpose and unknown fields', async () => {
    const purpose = await sendCode(t.app, { phoneNumber: '13900000006', type: 'spam' });
    expect(purpose.statusCode).toBe(400);
    expect(purpose.json().details[0]).toMatchObject({ path: 'body.type', key: 'account.codeTypeInvalid' });
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account-service/securities',
      payload: { phoneNumber: '13900000006', type: 'register', userId: 'x' },
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('POST securities: limits (503)', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('a second send for the same phone and purpose within 60 s; other purposes and later are fine', async () => {
    t = await buildTestApp({ env: ROOMY });
    const first = await codeFor(t, DEMO_PHONE, 'login');
    t.clock.advance(59_000);
    const again = await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: 'login' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      code: 503,
      key: 'account.smsLimit',
      message: '验证码发送过于频繁或已达上限',
    });
    const en = await sendCode(
      t.app,
      { phoneNumber: DEMO_PHONE, type: 'login' },
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(en.json().message).toBe('Verification code sent too frequently / limit reached');
    // The refused send changed nothing: the first code still works.
    expect(
      (await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: 'login', code: first }, { verify: true }))
        .statusCode,
    ).toBe(200);
    expect((await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: 'reset' })).statusCode).toBe(200);
    t.clock.advance(1_000);
    expect((await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: 'login' })).statusCode).toBe(200);
  });

  it('more than 10 sends per phone in 24 hours', async () => {
    t = await buildTestApp({ env: ROOMY });
    const types = ['login', 'reset'];
    for (let i = 0; i < 10; i++) {
      const response = await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: types[i % 2] as string });
      expect(response.statusCode, `send ${i + 1}`).toBe(200);
      if (i % 2 === 1) t.clock.advance(61_000);
    }
    t.clock.advance(61_000);
    const eleventh = await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: 'login' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe(503);
    // Another phone is not affected; a day after the first send the phone may receive again.
    expect((await sendCode(t.app, { phoneNumber: '13900000010', type: 'register' })).statusCode).toBe(200);
    t.clock.advance(24 * 60 * MINUTE);
    expect((await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: 'login' })).statusCode).toBe(200);
  });

  it('SMS_IP_HOURLY_LIMIT sends per IP address per hour', async () => {
    t = await buildTestApp({ env: { SMS_IP_HOURLY_LIMIT: '3' } });
    for (let i = 0; i < 3; i++) {
      const response = await sendCode(
        t.app,
        { phoneNumber: `1390000002${i}`, type: 'register' },
        { ip: '10.0.0.7' },
      );
      expect(response.statusCode).toBe(200);
    }
    const fourth = await sendCode(
      t.app,
      { phoneNumber: '13900000023', type: 'register' },
      { ip: '10.0.0.7' },
    );
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe(503);
    expect(
      (await sendCode(t.app, { phoneNumber: '13900000023', type: 'register' }, { ip: '10.0.0.8' }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(60 * MINUTE);
    expect(
      (await sendCode(t.app, { phoneNumber: '13900000024', type: 'register' }, { ip: '10.0.0.7' }))
        .statusCode,
    ).toBe(200);
  });

  it('SMS_DAILY_LIMIT sends in all per day; refused sends leave nothing usable behind', async () => {
    t = await buildTestApp({ env: { SMS_DAILY_LIMIT: '2' } });
    expect(
      (await sendCode(t.app, { phoneNumber: '13900000030', type: 'register' }, { ip: '10.0.1.1' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await sendCode(t.app, { phoneNumber: '13900000031', type: 'register' }, { ip: '10.0.1.2' }))
        .statusCode,
    ).toBe(200);
    const before = (await readOutbox(t)).length;
    const third = await sendCode(t.app, { phoneNumber: '13900000032', type: 'register' }, { ip: '10.0.1.3' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 503, key: 'account.smsLimit' });
    expect(await readOutbox(t)).toHaveLength(before);
    const rows = await t.db.db
      .selectFrom('sms_codes')
      .select('id')
      .where('phone_number', '=', '13900000032')
      .execute();
    expect(rows).toEqual([]);
    t.clock.advance(24 * 60 * MINUTE);
    expect(
      (await sendCode(t.app, { phoneNumber: '13900000032', type: 'register' }, { ip: '10.0.1.3' }))
        .statusCode,
    ).toBe(200);
  });

  it('counts from the database, so two processes on one database share the limits', async () => {
    t = await buildTestApp({ env: ROOMY });
    const { buildApp } = await import('../../app');
    const second = buildApp(t.config, { db: { ...t.db, close: async () => undefined }, clock: t.clock });
    await second.ready();
    try {
      expect((await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: 'login' })).statusCode).toBe(200);
      const other = await sendCode(second, { phoneNumber: DEMO_PHONE, type: 'login' });
      expect(other.statusCode).toBe(429);
      expect(other.json().code).toBe(503);
    } finally {
      await second.close();
    }
  });
});

describe('POST securities?verify=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: ROOMY });
  });
  afterAll(() => t.close());

  // Each try from another address: the per-address throttle is tested below.
  let n = 0;
  function verify(phoneNumber: string, type: string, code: string | undefined, solution?: string) {
    return sendCode(
      t.app,
      { phoneNumber, countryCode: '86', type, ...(code === undefined ? {} : { code }) },
      {
        verify: true,
        ip: addressOf(n++),
        ...(solution ? { headers: { 'x-challenge-solution': solution } } : {}),
      },
    );
  }

  it('answers {} for the right code and 106 for a wrong one', async () => {
    const code = await codeFor(t, '13900000040', 'register');
    const wrong = await verify('13900000040', 'register', wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 106, key: 'account.codeError', message: '验证码错误，请重新输入' });
    const en = await sendCode(
      t.app,
      { phoneNumber: '13900000040', type: 'register', code: wrongCode(code) },
      { verify: true, ip: addressOf(n++), headers: { 'accept-language': 'en-US' } },
    );
    expect(en.json().message).toBe('Incorrect verification code, please re-enter');
    const right = await verify('13900000040', 'register', code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({});
  });

  it('asks for the code (106) and checks the phone (502)', async () => {
    expect((await verify('13900000041', 'register', undefined)).json()).toMatchObject({
      code: 106,
      key: 'account.codeRequired',
    });
    expect((await verify('1390000004', 'register', '123456')).json()).toMatchObject({ code: 502 });
    expect((await verify('13900000041', 'register', '123456')).json()).toMatchObject({ code: 106 });
  });

  it('a code expires 5 minutes after it was sent', async () => {
    const code = await codeFor(t, '13900000042', 'register');
    t.clock.advance(5 * MINUTE - 1000);
    expect((await verify('13900000042', 'register', code)).statusCode).toBe(200);
    const late = await codeFor(t, '13900000043', 'register');
    t.clock.advance(5 * MINUTE);
    expect((await verify('13900000043', 'register', late)).json()).toMatchObject({ code: 106 });
  });

  it('anonymous wrong tries never void a code, even a verified one; after 5, each try needs a challenge', async () => {
    const code = await codeFor(t, '13900000044', 'register');
    for (let i = 0; i < 5; i++)
      expect((await verify('13900000044', 'register', wrongCode(code))).json().code).toBe(106);
    // The sixth try at this phone's code, wrong or right, is asked for a proof of work first.
    const asked = await verify('13900000044', 'register', code);
    expect(asked.statusCode).toBe(429);
    expect(asked.json().key).toBe('account.challengeRequired');
    expect((await verify('13900000044', 'register', code, solveChallenge(asked))).statusCode).toBe(200);
    // Verified (a 10-minute grant): more wrong tries (challenges solved as an attacker would) leave it intact.
    for (let i = 0; i < 8; i++) {
      let wrong = await verify('13900000044', 'register', wrongCode(code));
      if (wrong.json().key === 'account.challengeRequired') {
        wrong = await verify('13900000044', 'register', wrongCode(code), solveChallenge(wrong));
      }
      expect(wrong.json().code).toBe(106);
    }
    const row = await t.db.db
      .selectFrom('sms_codes')
      .select('state')
      .where('phone_number', '=', '13900000044')
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('verified');
  });

  it('throttles one address: a challenge after 3 wrong codes', async () => {
    const ip = '203.0.113.70';
    const code = await codeFor(t, '13900000048', 'register');
    const from = (solution?: string) =>
      sendCode(
        t.app,
        { phoneNumber: '13900000048', type: 'register', code: wrongCode(code) },
        { verify: true, ip, ...(solution ? { headers: { 'x-challenge-solution': solution } } : {}) },
      );
    for (let i = 0; i < 3; i++) expect((await from()).json().code).toBe(106);
    const asked = await from();
    expect(asked.json().key).toBe('account.challengeRequired');
    expect((await from(solveChallenge(asked))).json().code).toBe(106);
  });

  it('a code is bound to its purpose and phone', async () => {
    const code = await codeFor(t, DEMO_PHONE, 'login');
    expect((await verify(DEMO_PHONE, 'reset', code)).json().code).toBe(106);
    expect((await verify(DEMO_PHONE, 'bind', code)).json().code).toBe(106);
    expect((await verify('13900000046', 'login', code)).json().code).toBe(106);
    expect(
      (
        await sendCode(
          t.app,
          { phoneNumber: DEMO_PHONE, countryCode: '852', type: 'login', code },
          { verify: true },
        )
      ).json().code,
    ).toBe(106);
    expect((await verify(DEMO_PHONE, 'login', code)).statusCode).toBe(200);
  });

  it('a newer code replaces the older one', async () => {
    const first = await codeFor(t, '13900000047', 'register');
    t.clock.advance(61_000);
    const second = await codeFor(t, '13900000047', 'register');
    if (first !== second) expect((await verify('13900000047', 'register', first)).json().code).toBe(106);
    expect((await verify('13900000047', 'register', second)).statusCode).toBe(200);
  });
});

describe('SMS_TEST_NUMBERS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { SMS_TEST_NUMBERS: '13700000000:246810,13700000001:135790', SMS_IP_HOURLY_LIMIT: '1' },
    });
  });
  afterAll(() => t.close());

  it('get their fixed code, nothing is sent and no send limit applies', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(t.app, { phoneNumber: '13900000050', type: 'register' })).statusCode).toBe(
        i === 0 ? 200 : 429,
      );
    }
    const before = (await readOutbox(t)).length;
    for (let i = 0; i < 3; i++) {
      const response = await sendCode(t.app, { phoneNumber: '13700000000', type: 'login' });
      expect(response.statusCode).toBe(200);
    }
    expect(await readOutbox(t)).toHaveLength(before);
    const wrong = await sendCode(
      t.app,
      { phoneNumber: '13700000000', type: 'login', code: '111111' },
      { verify: true },
    );
    expect(wrong.json().code).toBe(106);
    const right = await sendCode(
      t.app,
      { phoneNumber: '13700000000', type: 'login', code: '246810' },
      { verify: true },
    );
    expect(right.statusCode).toBe(200);
  });

  it('give the demo users their phones, in order', async () => {
    const users = await t.db.db
      .selectFrom('users')
      .select(['name', 'phone_number', 'country_code'])
      .where('name', 'in', ['demo', 'zhangsan'])
      .orderBy('name')
      .execute();
    expect(users).toEqual([
      { name: 'demo', phone_number: '13700000000', country_code: '86' },
      { name: 'zhangsan', phone_number: '13700000001', country_code: '86' },
    ]);
  });
});
