import { type Clause, userSchema } from '@lintel/contracts/account';
import type { AuditEntryView } from '@lintel/contracts/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  buildTestApp,
  login,
  sessionCookieOf,
  signIn,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../test/helper';
import { codeFor, MINUTE, sendCode, wrongCode } from '../../../test/sms';
import type { UserConsentsTable } from './clauses.repository';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_IP_HOURLY_LIMIT: '100000' } });
});
afterAll(() => t.close());

/** Each call from another address: the per-address limits are tested on their own below. */
let calls = 0;
function register(payload: object, options: { verify?: boolean; cookie?: string; lang?: string } = {}) {
  calls++;
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lang) headers['accept-language'] = options.lang;
  return t.app.inject({
    method: 'POST',
    url: `${ACCOUNT}/register${options.verify ? '?verify=true' : ''}`,
    payload,
    headers,
    remoteAddress: `192.0.2.${calls % 250}`,
  });
}

function payload(phoneNumber: string, code: string, name = `u${phoneNumber.slice(-6)}`) {
  return {
    name,
    password: 'Secret_123',
    nickName: '王小明',
    email: 'wang@example.com',
    phoneNumber,
    countryCode: '86',
    code,
    // The shipped user agreement and privacy policy (version 1 each): the privacy notice is on by default.
    consent: { agreement: 1, privacy: 1 },
  };
}

describe('POST register?verify=true', () => {
  it('tells whether a name or a phone is taken', async () => {
    expect((await register({ name: 'demo' }, { verify: true })).json()).toEqual({ exists: true });
    expect((await register({ name: 'nobody_here' }, { verify: true })).json()).toEqual({ exists: false });
    expect(
      (await register({ phoneNumber: '13800000001', countryCode: '86' }, { verify: true })).json(),
    ).toEqual({
      exists: true,
    });
    expect(
      (await register({ phoneNumber: '13800000001', countryCode: '852' }, { verify: true })).json(),
    ).toEqual({
      exists: false,
    });
    expect((await register({ phoneNumber: '13900000201' }, { verify: true })).json()).toEqual({
      exists: false,
    });
  });

  it('answers 101 without data and 400 for a malformed phone', async () => {
    const empty = await register({}, { verify: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 101, key: 'account.registerDataEmpty' });
    expect((await register({ phoneNumber: '123' }, { verify: true })).json()).toMatchObject({
      code: 400,
      key: 'account.phoneInvalid',
    });
  });
});

describe('POST register?verify=true: rate-limited (issue 14)', () => {
  const ask = (body: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: `${ACCOUNT}/register?verify=true`, payload: body, remoteAddress });

  it('answers 30 look-ups per address in 10 minutes, in parallel too, then 429 with Retry-After', async () => {
    const ip = '203.0.113.80';
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => ask({ name: `probe_${i}` }, ip)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(30);
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0]?.json()).toMatchObject({ code: 429, key: 'account.lookupLimit' });
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask({ name: 'probe_other' }, '203.0.113.81')).statusCode).toBe(200);
    t.clock.advance(10 * MINUTE);
    expect((await ask({ name: 'probe_again' }, ip)).statusCode).toBe(200);
  });

  it('answers 10 look-ups of one name or phone in 10 minutes, whatever the address', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await ask({ name: 'zhangsan' }, `198.51.100.${i + 1}`)).json()).toEqual({ exists: true });
    }
    const limited = await ask({ name: 'ZhangSan' }, '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).not.toContain('exists');
    for (let i = 0; i < 10; i++) await ask({ phoneNumber: '13800000001' }, `198.51.101.${i + 1}`);
    expect((await ask({ phoneNumber: '13800000001', countryCode: '+86' }, '198.51.101.99')).statusCode).toBe(
      429,
    );
  });
});

describe('POST register: the business codes', () => {
  it('101 when everything is empty', async () => {
    for (const body of [{}, { name: '', password: '', phoneNumber: ' ' }]) {
      const response = await register(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 101,
        key: 'account.registerDataEmpty',
        message: '注册失败：未提交注册信息',
      });
    }
  });

  it('102 for a username against the rules', async () => {
    const base = payload('13900000202', '123456');
    for (const [name, key] of [
      ['', 'account.usernameRequired'],
      ['a_name_that_is_too_long', 'account.usernameTooLong'],
      ['has space', 'account.usernameInvalid'],
      ['123456', 'account.usernameInvalid'],
    ] as const) {
      const response = await register({ ...base, name });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({ code: 102, key });
    }
  });

  it('104 for an empty password, 400 with the rule key for a bad one', async () => {
    const base = payload('13900000203', '123456', 'newbie');
    expect((await register({ ...base, password: '' })).json()).toMatchObject({
      code: 104,
      key: 'account.passwordRequired',
    });
    const { password: _, ...withoutPassword } = base;
    expect((await register(withoutPassword)).json()).toMatchObject({ code: 104 });
    for (const [password, key] of [
      ['abc', 'account.passwordLength'],
      ['with space 1', 'account.passwordFormat'],
      ['newbie', 'account.passwordSameAsUsername'],
    ] as const) {
      const response = await register({ ...base, password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toMatchObject({ code: 400, key });
    }
  });

  it('400 with the rule key for the real name and the email', async () => {
    const base = payload('13900000204', '123456', 'newbie2');
    expect((await register({ ...base, nickName: '' })).json()).toMatchObject({
      key: 'account.realNameRequired',
    });
    expect((await register({ ...base, email: 'not-an-email' })).json()).toMatchObject({
      code: 400,
      key: 'account.emailInvalid',
    });
  });

  it('105 for an empty phone, 400 for an invalid one', async () => {
    const base = payload('13900000205', '123456', 'newbie3');
    expect((await register({ ...base, phoneNumber: '' })).json()).toMatchObject({
      code: 105,
      key: 'account.phoneRequired',
    });
    expect((await register({ ...base, phoneNumber: '12900000205' })).json()).toMatchObject({
      code: 400,
      key: 'account.phoneInvalid',
    });
  });

  it('103 for a taken username, 409 for a registered phone', async () => {
    const taken = await register({ ...payload('13900000206', '123456'), name: 'demo' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 103, key: 'account.usernameExists', message: '账号已存在' });
    const en = await register({ ...payload('13900000206', '123456'), name: 'demo' }, { lang: 'en-US' });
    expect(en.json().message).toBe('Account already existed');
    const phone = await register(payload('13800000001', '123456', 'another'));
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toMatchObject({ key: 'account.phoneAlreadyRegistered' });
  });

  it('106 without a code, with a wrong one, or with a code of another purpose', async () => {
    const phone = '13900000207';
    expect((await register({ ...payload(phone, ''), code: '' })).json()).toMatchObject({
      code: 106,
      key: 'account.codeRequired',
    });
    expect((await register(payload(phone, '123456'))).json()).toMatchObject({
      code: 106,
      key: 'account.codeError',
    });
    const code = await codeFor(t, phone, 'register');
    const wrong = await register(payload(phone, wrongCode(code)));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 106, key: 'account.codeError', message: '验证码错误，请重新输入' });
    // A bind code of the same phone is not a register code.
    const bind = await codeFor(t, phone, 'bind');
    if (bind !== code) expect((await register(payload(phone, bind))).json().code).toBe(106);
  });

  it('refuses unknown fields (no mass assignment)', async () => {
    const response = await register({ ...payload('13900000208', '123456'), isSystemAdmin: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({
      path: 'body.isSystemAdmin',
      key: 'validation.unrecognizedKey',
    });
  });
});

describe('POST register: success', () => {
  it('after a verified code: creates the user, signs them in, and uses the grant up', async () => {
    const phone = '13900000210';
    const code = await codeFor(t, phone, 'register');
    const verified = await sendCode(t.app, { phoneNumber: phone, type: 'register', code }, { verify: true });
    expect(verified.statusCode).toBe(200);
    // The grant outlives the 5-minute code: 9 minutes later it still registers.
    t.clock.advance(9 * MINUTE);
    const response = await register(payload(phone, code, 'wangxm'));
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(userSchema.strict().parse(user)).toEqual(user);
    expect(user).toMatchObject({
      name: 'wangxm',
      nickName: '王小明',
      email: 'wang@example.com',
      phoneNumber: phone,
      countryCode: '86',
      isSystemAdmin: false,
      sex: null,
      city: null,
    });
    const cookie = sessionCookieOf(response);
    const logged = await t.app.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: { cookie } });
    expect(logged.json()._id).toBe(user._id);
    // The sign-in of the registration is in the audit log (issue 17).
    const signIns = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit-service/entries?action=auth.signIn&actor=${user._id}`,
      headers: { cookie: await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD) },
    });
    expect(signIns.json()).toMatchObject([{ actorId: user._id, detail: { method: 'register' } }]);
    // The password works, and is stored as argon2id.
    expect((await login(t.app, 'wangxm', 'Secret_123')).statusCode).toBe(200);
    const row = await t.db.db
      .selectFrom('users')
      .select('password_hash')
      .where('name', '=', 'wangxm')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // The grant is gone: the same code cannot register a second account.
    const again = await register({ ...payload(phone, code, 'wangxm2') });
    expect(again.statusCode).toBe(409);
    const otherName = await register(payload('13900000211', code, 'wangxm3'));
    expect(otherName.json().code).toBe(106);
  });

  it('with the code directly (no verify first), ending the session the request carried', async () => {
    const phone = '13900000212';
    const previous = sessionCookieOf(await login(t.app, 'zhangsan', 'Demo1234'));
    const code = await codeFor(t, phone, 'register');
    const response = await register(payload(phone, code, 'lisi'), { cookie: previous });
    expect(response.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT}/logged`,
      headers: { cookie: previous },
    });
    expect(old.statusCode).toBe(401);
  });

  it('a grant ends 10 minutes after the verification', async () => {
    const phone = '13900000213';
    const code = await codeFor(t, phone, 'register');
    await sendCode(t.app, { phoneNumber: phone, type: 'register', code }, { verify: true });
    t.clock.advance(10 * MINUTE);
    expect((await register(payload(phone, code, 'late'))).json()).toMatchObject({ code: 106 });
  });
});

describe('POST register: the user agreement and the privacy policy (issue 17, PIPL)', () => {
  let admin: string;
  let demo: string;
  const clauses = async () =>
    (await t.app.inject({ method: 'GET', url: `${ACCOUNT}/system/profile/clauses` })).json() as Clause[];
  const replace = (kind: string, body: object, cookie = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/system/profile/clauses/${kind}`,
      payload: body,
      headers: { cookie },
    });
  const page = (kind: string, lang?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/base-service/clauses/${kind}`,
      headers: lang ? { 'accept-language': lang } : {},
    });
  const consentsOf = (name: string) =>
    t.db.db
      .withTables<{ user_consents: UserConsentsTable }>()
      .selectFrom('user_consents as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.kind', 'c.version', 'c.accepted_at', 'c.ip'])
      .where('u.name', '=', name)
      .orderBy('c.kind')
      .execute();

  beforeAll(async () => {
    admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    demo = await signIn(t.app);
  });

  it('ships both texts in both languages as version 1, served as pages that escape what they show', async () => {
    const shipped = await clauses();
    expect(shipped.map((c) => [c.kind, c.version, c.isDefault, c.updatedAt])).toEqual([
      ['agreement', 1, true, null],
      ['privacy', 1, true, null],
    ]);
    expect(shipped[1]!.textZh).toContain('个人信息保护法');
    expect(shipped[1]!.textEn).toContain('Personal Information Protection Law');

    const zh = await page('privacy');
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toContain('text/html');
    expect(zh.headers['content-security-policy']).toContain("default-src 'none'");
    // The operator and product come from the OEM profile (Lintel by default).
    expect(zh.body).toContain('<h1>Lintel 隐私政策</h1>');
    expect(zh.body).not.toContain('{{operator}}');
    const en = await page('agreement', 'en-US');
    expect(en.body).toContain('<h1>Lintel User Agreement</h1>');
    expect(en.body).toContain('Version 1');
    // The sign-in and register views ask with HEAD whether a text is served.
    expect(
      (await t.app.inject({ method: 'HEAD', url: '/api/v1/base-service/clauses/agreement' })).statusCode,
    ).toBe(200);
    expect((await page('cookies')).statusCode).toBe(400);
  });

  it('requires the consent to the versions in force and records it with the account', async () => {
    const phone = '13900000230';
    const code = await codeFor(t, phone, 'register');
    const { consent: _, ...withoutConsent } = payload(phone, code, 'consent_a');
    const missing = await register(withoutConsent);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      key: 'account.consentRequired',
      message: '请阅读并同意用户协议和隐私政策',
    });
    const stale = await register({
      ...payload(phone, code, 'consent_a'),
      consent: { agreement: 1, privacy: 2 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe('account.clausesChanged');
    const bad = await register({ ...payload(phone, code, 'consent_a'), consent: { agreement: 1 } });
    expect(bad.statusCode).toBe(400);
    // Nothing was created by the refusals, and the code is still good.
    const response = await register(payload(phone, code, 'consent_a'));
    expect(response.statusCode, response.body).toBe(200);
    expect(await consentsOf('consent_a')).toEqual([
      { kind: 'agreement', version: 1, accepted_at: t.clock.now().toISOString(), ip: expect.any(String) },
      { kind: 'privacy', version: 1, accepted_at: t.clock.now().toISOString(), ip: expect.any(String) },
    ]);
  });

  it('an administrator replaces a text: a new version, which registrations then accept; audited', async () => {
    const [, privacy] = await clauses();
    const body = {
      textZh: '## 新隐私政策\n\n<script>alert(1)</script> 我们收集手机号。',
      textEn: '## New policy\n\nWe collect phones.',
      version: 1,
    };
    expect((await replace('privacy', body, demo)).statusCode).toBe(403);
    expect((await replace('privacy', body, '')).statusCode).toBe(401);
    expect((await replace('privacy', { ...body, textEn: '  ' })).statusCode).toBe(400);
    expect((await replace('privacy', { ...body, extra: 1 })).statusCode).toBe(400);
    expect((await replace('cookies', body)).statusCode).toBe(400);
    // The same text as in force: nothing new.
    const same = await replace('privacy', { textZh: privacy!.textZh, textEn: privacy!.textEn, version: 1 });
    expect(same.json()).toMatchObject({ version: 1, isDefault: true });

    const saved = await replace('privacy', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      kind: 'privacy',
      version: 2,
      isDefault: false,
      textEn: body.textEn,
    });
    // Someone who started from version 1 is told, with the version now in force.
    const late = await replace('privacy', { ...body, textEn: 'Other', version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ key: 'account.clauseChanged' });
    expect((await clauses()).map((c) => c.version)).toEqual([1, 2]);
    // Shown escaped: the page runs nothing.
    const shown = await page('privacy');
    expect(shown.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(shown.body).not.toContain('<script>');
    const audit = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/audit-service/entries?action=settings.changed',
        headers: { cookie: admin },
      })
    ).json() as AuditEntryView[];
    expect(audit.find((e) => e.targetType === 'clause')).toMatchObject({
      targetId: 'privacy',
      detail: { setting: 'clauses.privacy', version: 2 },
    });

    const phone = '13900000231';
    const code = await codeFor(t, phone, 'register');
    expect((await register(payload(phone, code, 'consent_b'))).statusCode).toBe(409);
    const response = await register({
      ...payload(phone, code, 'consent_b'),
      consent: { agreement: 1, privacy: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await consentsOf('consent_b')).map((c) => [c.kind, c.version])).toEqual([
      ['agreement', 1],
      ['privacy', 2],
    ]);
  });

  it('with the privacy notice off nothing is asked or recorded', async () => {
    const off = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/system/profile`,
      payload: { privacyNotice: false },
      headers: { cookie: admin },
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const phone = '13900000232';
      const code = await codeFor(t, phone, 'register');
      const { consent: _, ...withoutConsent } = payload(phone, code, 'consent_c');
      expect((await register(withoutConsent)).statusCode).toBe(200);
      expect(await consentsOf('consent_c')).toEqual([]);
    } finally {
      await t.app.inject({
        method: 'POST',
        url: `${ACCOUNT}/system/profile`,
        payload: { privacyNotice: true },
        headers: { cookie: admin },
      });
    }
  });
});
