import { userExpandedSchema, userSchema } from '@lintel/contracts/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';
import { codeFor, readOutbox, sendCode, wrongCode } from '../../../test/sms';
import type { NotificationTables } from '../notifications/tables';

let t: TestApp;
let demo: string;
let zhangsan: string;
let demoCookie: string;
let zhangsanCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_IP_HOURLY_LIMIT: '100000' } });
  const ids = await t.db.db.selectFrom('users').select(['id', 'name']).execute();
  demo = ids.find((u) => u.name === 'demo')!.id;
  zhangsan = ids.find((u) => u.name === 'zhangsan')!.id;
  demoCookie = await signIn(t.app);
  zhangsanCookie = await signIn(t.app, 'zhangsan');
  adminCookie = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

function request(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  cookie?: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `${ACCOUNT}${url}`,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A code through the API, a minute after the last one (the resend limit of one phone and purpose). */
function nextCode(phoneNumber: string, type: string): Promise<string> {
  t.clock.advance(61 * 1000);
  return codeFor(t, phoneNumber, type);
}

const PROFILE = {
  sex: 1,
  city: '浙江省/杭州市/西湖区',
  work: 'construction',
  project: 'architecture',
  company: '筑协建设',
  position: '项目经理',
};

describe('GET users/{id}', () => {
  it('answers yourself; expand adds the profile object and nothing secret', async () => {
    const plain = await request('GET', `/users/${demo}`, demoCookie);
    expect(plain.statusCode).toBe(200);
    expect(userSchema.strict().parse(plain.json())).toEqual(plain.json());
    expect(plain.json()).toMatchObject({ _id: demo, name: 'demo', sex: null, city: null });
    const expanded = await request('GET', `/users/${demo}?expand=true`, demoCookie);
    expect(userExpandedSchema.strict().parse(expanded.json())).toEqual(expanded.json());
    expect(expanded.json()).toMatchObject({
      profile: { sex: null, city: null, work: null, project: null, company: null, position: null },
      profileComplete: false,
    });
    expect(expanded.body).not.toMatch(/argon2|password|locked|token/i);
  });

  it('answers anyone to a system administrator, and 404 to another user or for an unknown id', async () => {
    expect((await request('GET', `/users/${demo}`, adminCookie)).json().name).toBe('demo');
    const other = await request('GET', `/users/${demo}`, zhangsanCookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 404, key: 'common.notFound' });
    expect((await request('GET', '/users/0123456789abcdef01234567', adminCookie)).statusCode).toBe(404);
    expect((await request('GET', '/users/not-an-id', demoCookie)).statusCode).toBe(400);
    expect((await request('GET', `/users/${demo}`)).statusCode).toBe(401);
  });
});

describe('PUT users/{id}', () => {
  it('changes the nickName, avatar and the whole profile', async () => {
    const response = await request('PUT', `/users/${demo}`, demoCookie, {
      nickName: '演示二号',
      avatar: '/api/v1/base-service/files/0123456789abcdef01234567',
      ...PROFILE,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nickName: '演示二号',
      avatar: '/api/v1/base-service/files/0123456789abcdef01234567',
      ...PROFILE,
    });
    const expanded = await request('GET', `/users/${demo}?expand=true`, demoCookie);
    expect(expanded.json()).toMatchObject({ profile: PROFILE, profileComplete: true });
    // The session sees the change at once.
    const logged = await request('GET', '/logged', demoCookie);
    expect(logged.json().nickName).toBe('演示二号');
  });

  it('needs city, work, project, company and position together (account.allInfoRequired)', async () => {
    const { city: _, ...withoutCity } = PROFILE;
    const missing = await request('PUT', `/users/${demo}`, demoCookie, withoutCity);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 400,
      key: 'account.allInfoRequired',
      message: '请填写全部信息',
    });
    expect(missing.json().details).toEqual([
      { path: 'body.city', key: 'account.allInfoRequired', message: '请填写全部信息' },
    ]);
    expect((await request('PUT', `/users/${demo}`, demoCookie, { sex: 0 })).json().key).toBe(
      'account.allInfoRequired',
    );
    expect(
      (await request('PUT', `/users/${demo}`, demoCookie, { ...PROFILE, company: '  ' })).json().key,
    ).toBe('account.allInfoRequired');
    expect(
      (await request('PUT', `/users/${demo}`, demoCookie, { ...PROFILE, work: 'astronaut' })).json().key,
    ).toBe('account.workInvalid');
    expect(
      (await request('PUT', `/users/${demo}`, demoCookie, { ...PROFILE, city: 'a/b/c/d' })).json().key,
    ).toBe('account.cityInvalid');
    expect((await request('PUT', `/users/${demo}`, demoCookie, { ...PROFILE, sex: 2 })).statusCode).toBe(400);
    const { sex: __, ...withoutSex } = PROFILE;
    expect((await request('PUT', `/users/${demo}`, demoCookie, withoutSex)).statusCode).toBe(200);
  });

  it('refuses protected or unknown fields (no mass assignment), and changes nothing', async () => {
    for (const field of [
      '_id',
      'name',
      'isSystemAdmin',
      'password',
      'passwordHash',
      'phoneNumber',
      'settings',
      'isTrial',
    ]) {
      const response = await request('PUT', `/users/${demo}`, demoCookie, {
        nickName: 'Hacker',
        [field]: field === 'isSystemAdmin' ? true : 'x',
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toContainEqual(
        expect.objectContaining({ path: `body.${field}`, key: 'validation.unrecognizedKey' }),
      );
    }
    const after = await request('GET', `/users/${demo}`, demoCookie);
    expect(after.json()).toMatchObject({ name: 'demo', isSystemAdmin: false });
    expect(after.json().nickName).not.toBe('Hacker');
  });

  it('only takes avatars of the files module', async () => {
    for (const avatar of [
      'https://evil.example/a.png',
      '/api/v1/base-service/files/../../account-service/logout',
      '/api/v1/base-service/files/',
      'javascript:alert(1)',
      '/api/v1/base-service/filesX/1',
    ]) {
      const response = await request('PUT', `/users/${demo}`, demoCookie, { avatar });
      expect(response.statusCode, avatar).toBe(400);
      expect(response.json().details[0], avatar).toMatchObject({
        path: 'body.avatar',
        key: 'account.avatarInvalid',
      });
    }
    expect((await request('PUT', `/users/${demo}`, demoCookie, { avatar: '' })).json().avatar).toBe('');
  });

  it('is only for yourself: another user and an administrator get 404', async () => {
    expect((await request('PUT', `/users/${demo}`, zhangsanCookie, { nickName: 'x' })).statusCode).toBe(404);
    expect((await request('PUT', `/users/${demo}`, adminCookie, { nickName: 'x' })).statusCode).toBe(404);
    expect((await request('PUT', `/users/${demo}`, undefined, { nickName: 'x' })).statusCode).toBe(401);
    expect((await request('GET', `/users/${demo}`, demoCookie)).json().nickName).not.toBe('x');
  });

  it('accepts a POST with X-HTTP-Method-Override: PUT and refuses a foreign Origin', async () => {
    const overridden = await request(
      'POST',
      `/users/${demo}`,
      demoCookie,
      { nickName: '覆盖方法' },
      { 'x-http-method-override': 'PUT' },
    );
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json().nickName).toBe('覆盖方法');
    const foreign = await request(
      'PUT',
      `/users/${demo}`,
      demoCookie,
      { nickName: 'csrf' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ key: 'common.foreignOrigin' });
    const foreignOverride = await request(
      'POST',
      `/users/${demo}`,
      demoCookie,
      { nickName: 'csrf' },
      { origin: 'https://evil.example', 'x-http-method-override': 'PUT' },
    );
    expect(foreignOverride.statusCode).toBe(403);
    expect((await request('GET', `/users/${demo}`, demoCookie)).json().nickName).toBe('覆盖方法');
  });

  it('stores a name with markup as given (the web renders it as text)', async () => {
    const nickName = '<img src=x onerror=alert(1)>';
    expect((await request('PUT', `/users/${zhangsan}`, zhangsanCookie, { nickName })).statusCode).toBe(400);
    const short = '<b>x</b>';
    expect(
      (await request('PUT', `/users/${zhangsan}`, zhangsanCookie, { nickName: short })).json().nickName,
    ).toBe(short);
  });
});

describe('PUT users/{id}/phoneNumber', () => {
  it('binds a phone to an account without one: a bind code to it and the current password', async () => {
    const code = await nextCode('13900000401', 'bind');
    const body = { phoneNumber: '13900000401', countryCode: '86', code };
    const wrong = await request('PUT', `/users/${zhangsan}/phoneNumber`, zhangsanCookie, {
      ...body,
      code: wrongCode(code),
      currentPassword: 'Demo1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 106, key: 'account.codeError' });
    // Without a phone, only the password proves it is you.
    const noPhone = await request('PUT', `/users/${zhangsan}/phoneNumber`, zhangsanCookie, {
      ...body,
      currentPhoneCode: '123456',
    });
    expect(noPhone.json()).toMatchObject({ code: 106, key: 'account.reauthNoPhone' });
    const response = await request('PUT', `/users/${zhangsan}/phoneNumber`, zhangsanCookie, {
      ...body,
      currentPassword: 'Demo1234',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ phoneNumber: '13900000401', countryCode: '86' });
    // The code is used up; the number now belongs to zhangsan.
    expect((await sendCode(t.app, { phoneNumber: '13900000401', type: 'bind' })).statusCode).toBe(409);
  });

  it('refuses the current phone, a phone of another account, an invalid phone, and other users', async () => {
    const proof = { currentPassword: 'Demo1234' };
    const same = await request('PUT', `/users/${demo}/phoneNumber`, demoCookie, {
      phoneNumber: '13800000001',
      countryCode: '86',
      code: '123456',
      ...proof,
    });
    expect(same.json()).toMatchObject({ code: 400, key: 'account.phoneUnchanged' });
    const taken = await request('PUT', `/users/${demo}/phoneNumber`, demoCookie, {
      phoneNumber: '13900000401',
      code: '123456',
      ...proof,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ key: 'account.phoneAlreadyBound' });
    const invalid = await request('PUT', `/users/${demo}/phoneNumber`, demoCookie, {
      phoneNumber: '1390',
      code: '1',
      ...proof,
    });
    expect(invalid.json()).toMatchObject({ code: 400, key: 'account.phoneInvalid' });
    const code = await nextCode('13900000402', 'bind');
    const other = await request('PUT', `/users/${demo}/phoneNumber`, zhangsanCookie, {
      phoneNumber: '13900000402',
      code,
      ...proof,
    });
    expect(other.statusCode).toBe(404);
    // A login code is not a bind code.
    const login = await nextCode('13800000001', 'login');
    const asBind = await request('PUT', `/users/${demo}/phoneNumber`, demoCookie, {
      phoneNumber: '13900000402',
      code: login,
      ...proof,
    });
    expect(asBind.json().code).toBe(106);
  });

  it('the attack: a stolen session alone cannot move the phone (and so cannot reset through it)', async () => {
    // The attacker holds demo's session and their own new phone, and gets a bind code to it.
    const code = await nextCode('13900000403', 'bind');
    const attempt = { phoneNumber: '13900000403', countryCode: '86', code };
    const bare = await request('PUT', `/users/${demo}/phoneNumber`, demoCookie, attempt);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: 403, key: 'account.reauthRequired' });
    const guessed = await request('PUT', `/users/${demo}/phoneNumber`, demoCookie, {
      ...attempt,
      currentPassword: 'Guess1234',
    });
    expect(guessed.json()).toMatchObject({ code: 104, key: 'account.currentPasswordError' });
    // A code of purpose verify sent to the attacker's own phone proves nothing about demo.
    const own = await nextCode('13900000403', 'verify');
    const foreignProof = await request('PUT', `/users/${demo}/phoneNumber`, demoCookie, {
      ...attempt,
      currentPhoneCode: own,
    });
    expect(foreignProof.json()).toMatchObject({ code: 106, key: 'account.currentPhoneCodeError' });
    // A verify code that is another purpose's (a login code to demo's phone) is not one either.
    const login = await nextCode('13800000001', 'login');
    expect(
      (
        await request('PUT', `/users/${demo}/phoneNumber`, demoCookie, {
          ...attempt,
          currentPhoneCode: login,
        })
      ).json().code,
    ).toBe(106);
    const me = (await request('GET', `/users/${demo}`, demoCookie)).json();
    expect(me.phoneNumber).toBe('13800000001');
    // The bind code was never used up: refused attempts change nothing.
    expect((await sendCode(t.app, { phoneNumber: '13900000403', type: 'bind' })).statusCode).not.toBe(409);
  });

  it('moves the phone with a verify code to the current phone, used once; the old phone is told', async () => {
    const newPhone = '13900000404';
    const verify = await nextCode('13800000001', 'verify');
    const bind = await nextCode(newPhone, 'bind');
    const body = { phoneNumber: newPhone, countryCode: '86', code: bind, currentPhoneCode: verify };
    // Two parallel changes with one proof: exactly one wins.
    const [first, second] = await Promise.all([
      request('PUT', `/users/${demo}/phoneNumber`, demoCookie, body),
      request('PUT', `/users/${demo}/phoneNumber`, demoCookie, body),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect((await request('GET', `/users/${demo}`, demoCookie)).json().phoneNumber).toBe(newPhone);
    const outbox = await readOutbox(t);
    expect(outbox.filter((line) => line.type === 'notice')).toContainEqual(
      expect.objectContaining({ phoneNumber: '13800000001', notice: 'phoneChanged' }),
    );
    const notes = await t.db.db
      .withTables<NotificationTables>()
      .selectFrom('notifications')
      .select(['title', 'content', 'template'])
      .where('user_id', '=', demo)
      .where('template', '=', 'accountSecurityChanged')
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.content).toContain('138****0001');
    // And back, with the password this time (the verify code to the new phone is for the next change).
    const back = await nextCode('13800000001', 'bind');
    const restored = await request('PUT', `/users/${demo}/phoneNumber`, demoCookie, {
      phoneNumber: '13800000001',
      code: back,
      currentPassword: 'Demo1234',
    });
    expect(restored.statusCode).toBe(200);
  });
});

describe('PUT users/{id}/email', () => {
  it('changes your email with the contracts rule and fresh proof; another account may share it', async () => {
    const response = await request('PUT', `/users/${demo}/email`, demoCookie, {
      email: 'shared@example.com',
      currentPassword: 'Demo1234',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('shared@example.com');
    expect(
      (
        await request('PUT', `/users/${zhangsan}/email`, zhangsanCookie, {
          email: 'shared@example.com',
          currentPassword: 'Demo1234',
        })
      ).statusCode,
    ).toBe(200);
    const invalid = await request('PUT', `/users/${demo}/email`, demoCookie, { email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0]).toMatchObject({ path: 'body.email', key: 'account.emailInvalid' });
    expect(
      (await request('PUT', `/users/${demo}/email`, demoCookie, { email: '' })).json().details[0].key,
    ).toBe('account.emailRequired');
    expect(
      (
        await request('PUT', `/users/${demo}/email`, zhangsanCookie, {
          email: 'x@example.com',
          currentPassword: 'Demo1234',
        })
      ).statusCode,
    ).toBe(404);
    // The phone was told, and the notification names the old address masked.
    const outbox = await readOutbox(t);
    expect(outbox).toContainEqual(expect.objectContaining({ type: 'notice', notice: 'emailChanged' }));
    const note = await t.db.db
      .withTables<NotificationTables>()
      .selectFrom('notifications')
      .select(['content'])
      .where('user_id', '=', demo)
      .where('template', '=', 'accountSecurityChanged')
      .where('content', 'like', '%s***@example.com%')
      .executeTakeFirst();
    expect(note?.content).toContain('d***@lintel.example');
  });

  it('the attack: a stolen session alone cannot change the email', async () => {
    const before = (await request('GET', `/users/${demo}`, demoCookie)).json().email;
    const bare = await request('PUT', `/users/${demo}/email`, demoCookie, { email: 'evil@example.com' });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().key).toBe('account.reauthRequired');
    const guessed = await request('PUT', `/users/${demo}/email`, demoCookie, {
      email: 'evil@example.com',
      currentPassword: 'Guess1234',
    });
    expect(guessed.json()).toMatchObject({ code: 104 });
    const wrongCodeProof = await request('PUT', `/users/${demo}/email`, demoCookie, {
      email: 'evil@example.com',
      currentPhoneCode: '000000',
    });
    expect(wrongCodeProof.json().code).toBe(106);
    expect((await request('GET', `/users/${demo}`, demoCookie)).json().email).toBe(before);
    // With a verify code sent to the current phone it goes through.
    const verify = await nextCode('13800000001', 'verify');
    const ok = await request('PUT', `/users/${demo}/email`, demoCookie, {
      email: 'demo@lintel.example',
      currentPhoneCode: verify,
    });
    expect(ok.statusCode).toBe(200);
    // Used once.
    const again = await request('PUT', `/users/${demo}/email`, demoCookie, {
      email: 'other@lintel.example',
      currentPhoneCode: verify,
    });
    expect(again.json()).toMatchObject({ code: 106, key: 'account.currentPhoneCodeError' });
  });
});

describe('guessing the current password through a change (issue 14)', () => {
  it('counts like sign-in attempts: parallel guesses lock the account, and then the right one is refused', async () => {
    // Each guess from its own address, so that only the account's own limit is at work.
    const guess = (password: string, n: number) =>
      t.app.inject({
        method: 'PUT',
        url: `${ACCOUNT}/users/${zhangsan}/email`,
        headers: { cookie: zhangsanCookie },
        payload: { email: 'thief@example.com', currentPassword: password },
        remoteAddress: `10.9.${Math.floor(n / 200)}.${(n % 200) + 1}`,
      });
    const answers = await Promise.all(Array.from({ length: 14 }, (_, n) => guess(`Guess_${n}x`, n)));
    const wrong = answers.filter((a) => a.json().code === 104).length;
    const locked = answers.filter((a) => a.statusCode === 429 && a.json().code === 107).length;
    expect(wrong).toBeLessThanOrEqual(10);
    expect(wrong + locked).toBe(14);
    expect(locked).toBeGreaterThan(0);
    const right = await guess('Demo1234', 99);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe(107);
    expect((await request('GET', `/users/${zhangsan}`, zhangsanCookie)).json().email).not.toBe(
      'thief@example.com',
    );
  });
});

describe('the password rule with the account (issue 14)', () => {
  it('a change refuses common passwords and ones containing the name or phone; the phone is told', async () => {
    const change = (password: string, oldPassword = 'Demo1234') =>
      request('PUT', `/users/${demo}/password?verify=true`, demoCookie, { oldPassword, password });
    for (const [password, key] of [
      ['123456', 'account.passwordTooCommon'],
      ['Password1', 'account.passwordTooCommon'],
      ['woaini1314', 'account.passwordTooCommon'],
      ['DEMO', 'account.passwordLength'],
      ['my_Demo_99', 'account.passwordSameAsUsername'],
      ['x13800000001', 'account.passwordContainsPhone'],
    ] as const) {
      const refused = await change(password);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json().key, password).toBe(key);
    }
    const before = (await readOutbox(t)).filter((line) => line.type === 'notice').length;
    expect((await change('Lintel_7730')).statusCode).toBe(200);
    expect((await change('Back_to_8841', 'Lintel_7730')).statusCode).toBe(200);
    const notices = (await readOutbox(t)).filter((line) => line.type === 'notice');
    expect(notices.length).toBe(before + 2);
    expect(notices.at(-1)).toMatchObject({ phoneNumber: '13800000001', notice: 'passwordChanged' });
  });

  it('registration and reset use the same rule', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/register`,
      payload: {
        name: 'newcomer',
        password: 'qwerty123',
        nickName: '新人',
        email: 'n@example.com',
        phoneNumber: '13900000499',
        code: '123456',
      },
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json().key).toBe('account.passwordTooCommon');
    const reset = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/users/${demo}/password?code=true`,
      payload: { password: '12345678', code: '123456' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().key).toBe('account.passwordTooCommon');
  });
});

describe('users/{id}/settings/{key}', () => {
  it('stores any JSON value per user and key, and shows it in the user', async () => {
    const value = { columns: ['name', 'date'], pageSize: 50, dark: true, nested: { a: null } };
    const put = await request('PUT', `/users/${demo}/settings/topic.list-view_1`, demoCookie, { value });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ value });
    expect((await request('GET', `/users/${demo}/settings/topic.list-view_1`, demoCookie)).json()).toEqual({
      value,
    });
    expect(
      (await request('PUT', `/users/${demo}/settings/lang`, demoCookie, { value: 'en-us' })).statusCode,
    ).toBe(200);
    expect((await request('GET', `/users/${demo}/settings/never-set`, demoCookie)).json()).toEqual({
      value: null,
    });
    expect((await request('GET', '/logged', demoCookie)).json().settings).toEqual({
      'topic.list-view_1': value,
      lang: 'en-us',
    });
    // Overwrite one key, the other stays.
    await request('PUT', `/users/${demo}/settings/lang`, demoCookie, { value: 'zh-cn' });
    expect((await request('GET', '/logged', demoCookie)).json().settings).toEqual({
      'topic.list-view_1': value,
      lang: 'zh-cn',
    });
    // Another user's settings are their own.
    expect((await request('GET', `/users/${zhangsan}/settings/lang`, zhangsanCookie)).json()).toEqual({
      value: null,
    });
  });

  it('keeps concurrent writes of different keys (no lost update)', async () => {
    const writes = Array.from({ length: 16 }, (_, i) =>
      request('PUT', `/users/${zhangsan}/settings/k${i}`, zhangsanCookie, { value: i }),
    );
    for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(200);
    const settings = (await request('GET', '/logged', zhangsanCookie)).json().settings as Record<
      string,
      number
    >;
    for (let i = 0; i < 16; i++) expect(settings[`k${i}`]).toBe(i);
  });

  it('refuses bad keys, prototype keys, a missing value and values over 16 KB', async () => {
    for (const key of ['has space', 'a'.repeat(65), 'ключ', '__proto__', 'constructor', 'prototype']) {
      const response = await request(
        'PUT',
        `/users/${demo}/settings/${encodeURIComponent(key)}`,
        demoCookie,
        { value: 1 },
      );
      expect(response.statusCode, key).toBe(400);
    }
    expect((await request('GET', `/users/${demo}/settings/__proto__`, demoCookie)).statusCode).toBe(400);
    expect((await request('PUT', `/users/${demo}/settings/x`, demoCookie, {})).statusCode).toBe(400);
    expect(
      (await request('PUT', `/users/${demo}/settings/x`, demoCookie, { value: 1, other: 2 })).statusCode,
    ).toBe(400);
    const big = await request('PUT', `/users/${demo}/settings/big`, demoCookie, {
      value: 'x'.repeat(16 * 1024),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 413,
      key: 'account.settingTooLarge',
      message: '设置值过大（最多 16384 字节）',
    });
    const fits = await request('PUT', `/users/${demo}/settings/big`, demoCookie, {
      value: 'x'.repeat(16 * 1024 - 2),
    });
    expect(fits.statusCode).toBe(200);
    await request('PUT', `/users/${demo}/settings/big`, demoCookie, { value: null });
  });

  it('caps the number of keys and the whole size', async () => {
    const fresh = await buildTestApp({ env: { DEMO: '1' } });
    try {
      const cookie = await signIn(fresh.app);
      const id = (
        await fresh.app.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: { cookie } })
      ).json()._id;
      const put = (key: string, value: unknown) =>
        fresh.app.inject({
          method: 'PUT',
          url: `${ACCOUNT}/users/${id}/settings/${key}`,
          headers: { cookie },
          payload: { value },
        });
      for (let i = 0; i < 3; i++) expect((await put(`big${i}`, 'x'.repeat(16_000))).statusCode).toBe(200);
      expect((await put('big3', 'x'.repeat(16_000))).statusCode).toBe(200);
      // Four values of 16 000 characters fill the 64 KB of one user; a fifth does not fit.
      const over = await put('big4', 'x'.repeat(16_000));
      expect(over.statusCode).toBe(413);
      expect(over.json().key).toBe('account.settingsTooLarge');
      // 4 keys so far: 60 more make 64, the most a user may have.
      for (let i = 0; i < 60; i++) expect((await put(`k${i}`, i)).statusCode).toBe(200);
      const keys = await put('one-too-many', 1);
      expect(keys.statusCode).toBe(400);
      expect(keys.json()).toMatchObject({
        key: 'account.settingsTooMany',
        message: '设置项过多（最多 64 项）',
      });
    } finally {
      await fresh.close();
    }
  });

  it('is only for yourself', async () => {
    expect((await request('GET', `/users/${demo}/settings/lang`, zhangsanCookie)).statusCode).toBe(404);
    expect(
      (await request('PUT', `/users/${demo}/settings/lang`, zhangsanCookie, { value: 'x' })).statusCode,
    ).toBe(404);
    expect((await request('GET', `/users/${demo}/settings/lang`, adminCookie)).statusCode).toBe(404);
    expect((await request('GET', `/users/${demo}/settings/lang`)).statusCode).toBe(401);
    expect((await request('GET', `/users/${demo}/settings/lang`, demoCookie)).json()).toEqual({
      value: 'zh-cn',
    });
  });
});
