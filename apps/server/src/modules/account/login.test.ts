import { createHash } from 'node:crypto';
import { userSchema } from '@lintel/contracts/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, login, sessionCookieOf, type TestApp } from '../../../test/helper';

let t: TestApp;
let calls = 0;
/** Failures each from another address: the per-address throttle has tests of its own (code-login.test). */
function failFrom(name: string, password: string) {
  calls++;
  return t.app.inject({
    method: 'POST',
    url: `${ACCOUNT}/login`,
    payload: { name, password },
    remoteAddress: `192.0.2.${calls}`,
  });
}
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('POST login: failures', () => {
  it('answers an unknown account with code 102, in both languages', async () => {
    const zh = await failFrom('nobody', 'Demo1234');
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({ code: 102, key: 'account.usernameNotFound', message: '账号不存在' });
    const en = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login?lang=en-us`,
      payload: { name: '13999999999', password: 'Demo1234' },
      remoteAddress: '192.0.2.200',
    });
    expect(en.json()).toEqual({
      code: 102,
      key: 'account.usernameNotFound',
      message: 'Account does not exist',
    });
    expect(zh.headers['set-cookie']).toBeUndefined();
  });

  it('answers a wrong password with code 104 and sets no cookie', async () => {
    const response = await failFrom('demo', 'Wrong1234');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 104, key: 'account.passwordError', message: '密码错误' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('asks for the missing account name or password', async () => {
    const noName = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      payload: { password: 'x' },
    });
    expect(noName.json()).toMatchObject({
      code: 400,
      key: 'account.usernameRequired',
      message: '请输入用户名',
    });
    const noPassword = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      payload: { name: 'demo' },
    });
    expect(noPassword.json()).toMatchObject({ code: 400, key: 'account.passwordRequired' });
    const blank = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      payload: { name: '  ', password: 'x' },
    });
    expect(blank.statusCode).toBe(400);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      payload: { name: 'demo', password: 1234 },
    });
    expect(wrongType.json()).toMatchObject({
      key: 'common.validation',
      details: [{ path: 'body.password' }],
    });
  });

  it('refuses a disabled account with 403 once the password is right, and ends its sessions', async () => {
    const cookie = sessionCookieOf(await login(t.app, 'zhangsan', 'Demo1234'));
    await t.db.db.updateTable('users').set({ disabled: 1 }).where('name', '=', 'zhangsan').execute();
    try {
      expect((await failFrom('zhangsan', 'Wrong1234')).json().code).toBe(104);
      const response = await login(t.app, 'zhangsan', 'Demo1234');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 403, key: 'account.disabled' });
      const logged = await t.app.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: { cookie } });
      expect(logged.statusCode).toBe(401);
    } finally {
      await t.db.db.updateTable('users').set({ disabled: 0 }).where('name', '=', 'zhangsan').execute();
    }
  });
});

describe('POST login: success', () => {
  it('answers the user, never a hash or a token', async () => {
    const response = await login(t.app, 'demo', 'Demo1234');
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(userSchema.strict().parse(user)).toEqual(user);
    expect(user).toMatchObject({
      name: 'demo',
      nickName: '演示用户',
      phoneNumber: '13800000001',
      countryCode: '86',
      email: 'demo@lintel.example',
      avatar: '',
      settings: {},
      isTrial: false,
      isSystemAdmin: false,
    });
    expect(user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(response.body).not.toMatch(/argon2|password|token/i);
  });

  it('accepts the phone number in place of the account name', async () => {
    const byPhone = await login(t.app, '13800000001', 'Demo1234');
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().name).toBe('demo');
    const withCountry = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      payload: { name: '13800000001', countryCode: '852', password: 'Demo1234' },
    });
    expect(withCountry.json().code).toBe(102);
  });

  it('sets an HttpOnly SameSite=Lax browser-session cookie by default', async () => {
    const response = await login(t.app, 'demo', 'Demo1234');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^lintel_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Max-Age|Expires|Secure/);
  });

  it('keeps the cookie with rememberMe for SESSION_MAX_AGE (7 days), not the 30 days a session may idle', async () => {
    const response = await login(t.app, 'demo', 'Demo1234', { rememberMe: true });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/; Max-Age=604800; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  });

  it('stores only the sha256 of the token, and argon2id password hashes', async () => {
    const token = sessionCookieOf(await login(t.app, 'demo', 'Demo1234')).split('=')[1] as string;
    const hash = createHash('sha256').update(token).digest('hex');
    const session = await t.db.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    expect(session).toBeDefined();
    expect(JSON.stringify(await t.db.db.selectFrom('sessions').selectAll().execute())).not.toContain(token);
    const user = await t.db.db
      .selectFrom('users')
      .select('password_hash')
      .where('name', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('cookies over https', () => {
  it('use the __Host- prefix and Secure, and ignore a plain cookie', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://bim.example.com' } });
    try {
      const response = await login(secure.app, 'demo', 'Demo1234');
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-lintel_session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      const token = sessionCookieOf(response).split('=')[1];
      const good = await secure.app.inject({
        method: 'GET',
        url: `${ACCOUNT}/logged`,
        headers: { cookie: `__Host-lintel_session=${token}` },
      });
      expect(good.statusCode).toBe(200);
      const plain = await secure.app.inject({
        method: 'GET',
        url: `${ACCOUNT}/logged`,
        headers: { cookie: `lintel_session=${token}` },
      });
      expect(plain.statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });
});
