import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOauthProvider,
  type Person,
  startFakeOauthProvider,
} from '../../../test/fake-oauth-provider';
import { ACCOUNT, buildTestApp, sessionCookieOf, signIn, type TestApp } from '../../../test/helper';
import { ConfigError, loadConfig } from '../../config';
import type { AuditDatabase } from '../audit/tables';

const PUBLIC_URL = 'http://lintel.test';
const CALLBACK = `${PUBLIC_URL}/api/v1/account-service/passport/callback`;

let provider: FakeOauthProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startFakeOauthProvider();
  t = await buildTestApp({ env: { ...provider.env, PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** The `name=value` pairs a response sets, by name. */
function setCookies(response: LightMyRequestResponse): Map<string, string> {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return new Map(
    lines.map((line) => {
      const pair = line.split(';', 1)[0] as string;
      return [pair.slice(0, pair.indexOf('=')), pair];
    }),
  );
}

function setCookieLine(response: LightMyRequestResponse, name: string): string {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return lines.find((line) => line.startsWith(`${name}=`)) ?? '';
}

interface Started {
  /** `lintel_oauth=…` for the next requests of this browser. */
  oauthCookie: string;
  location: URL;
}

async function startSignIn(): Promise<Started> {
  const response = await t.app.inject({ method: 'GET', url: `${ACCOUNT}/passport/authorize` });
  expect(response.statusCode).toBe(302);
  const oauthCookie = setCookies(response).get('lintel_oauth');
  expect(oauthCookie).toBeDefined();
  return { oauthCookie: oauthCookie as string, location: new URL(String(response.headers.location)) };
}

function callback(back: URL, cookie: string | undefined): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `${ACCOUNT}/passport/callback${back.search}`,
    headers: cookie ? { cookie } : {},
  });
}

/** Through the provider as `person`, back to the callback with the browser's oauth cookie. */
async function passportFlow(person: Person) {
  provider.approveAs(person);
  const started = await startSignIn();
  const back = await provider.authorize(started.location.toString());
  return { ...started, back, response: await callback(back, started.oauthCookie) };
}

function bindParams(response: LightMyRequestResponse): { thirdpartyAccount: string; ticket: string } {
  const location = new URL(String(response.headers.location), PUBLIC_URL);
  expect(location.pathname).toBe('/bind/account');
  return JSON.parse(location.searchParams.get('thirdparty') as string);
}

function passportLogin(payload: Record<string, unknown>, cookie?: string, lang?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${ACCOUNT}/passport_login${lang ? `?lang=${lang}` : ''}`,
    headers: cookie ? { cookie } : {},
    payload,
  });
}

async function loggedName(cookie: string): Promise<string | null> {
  const response = await t.app.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: { cookie } });
  return response.statusCode === 200 ? response.json().name : null;
}

describe('passport configuration', () => {
  it('goes all or none, with defaults for scope and name, and never echoes the secret', () => {
    expect(loadConfig({}).passport).toBeNull();
    const config = loadConfig({
      PASSPORT_AUTHORIZE_URL: 'https://sso.example/authorize',
      PASSPORT_TOKEN_URL: 'https://sso.example/token',
      PASSPORT_USERINFO_URL: 'https://sso.example/userinfo',
      PASSPORT_CLIENT_ID: 'bim',
    });
    expect(config.passport).toEqual({
      authorizeUrl: 'https://sso.example/authorize',
      tokenUrl: 'https://sso.example/token',
      userinfoUrl: 'https://sso.example/userinfo',
      clientId: 'bim',
      clientSecret: null,
      scope: 'openid profile',
      name: 'Passport',
    });
    expect(config.uploadImageMaxBytes).toBe(10 * 1024 * 1024);
    for (const env of [{ PASSPORT_CLIENT_ID: 'bim' }, { PASSPORT_NAME: 'SSO' }]) {
      try {
        loadConfig(env);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).variable).toBe('PASSPORT_AUTHORIZE_URL');
      }
    }
    expect(() => loadConfig({ PASSPORT_TOKEN_URL: 'ftp://x' })).toThrowError(/PASSPORT_TOKEN_URL must be/);
    try {
      loadConfig({ PASSPORT_CLIENT_SECRET: 'x'.repeat(2000) });
    } catch (error) {
      expect(String(error)).not.toContain('xxxx');
    }
    expect(() => loadConfig({ UPLOAD_IMAGE_MAX_BYTES: '12' })).toThrowError(/UPLOAD_IMAGE_MAX_BYTES/);
  });
});

describe('passport sign-in', () => {
  it('tells the sign-in page whether it is configured, and its name', async () => {
    const info = await t.app.inject({ method: 'GET', url: `${ACCOUNT}/passport/info` });
    expect(info.json()).toEqual({ enabled: true, name: '测试通行证' });
  });

  it('redirects to the provider with code, PKCE S256 and a state, bound to an HttpOnly cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${ACCOUNT}/passport/authorize` });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(provider.env.PASSPORT_AUTHORIZE_URL);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(provider.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('scope')).toBe('openid profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookieLine(response, 'lintel_oauth')).toMatch(
      /^lintel_oauth=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=600; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    // The state is kept hashed, never as sent; the verifier never leaves the server.
    const rows = await t.db.db.selectFrom('oauth_states').selectAll().execute();
    expect(rows.some((row) => row.id === q.get('state'))).toBe(false);
    expect(rows.every((row) => !location.toString().includes(row.code_verifier))).toBe(true);
  });

  it('binds an unknown identity through the bind page, then signs it in directly next time', async () => {
    const person = { sub: 'p-1001', name: '李工' };
    const first = await passportFlow(person);
    expect(first.response.statusCode).toBe(302);
    const bind = bindParams(first.response);
    expect(bind.thirdpartyAccount).toBe('李工');
    expect(bind.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Not signed in yet; the oauth cookie stays for passport_login.
    expect(setCookies(first.response).has('lintel_session')).toBe(false);
    // The token endpoint saw our verifier and client id, and accepted them.
    expect(provider.tokenRequests.at(-1)).toMatchObject({
      status: 200,
      form: { client_id: provider.clientId, grant_type: 'authorization_code', redirect_uri: CALLBACK },
    });

    const body = { platform: 'passport', yzAccount: 'demo', yzPassword: 'Demo1234', ...bind };
    const bound = await passportLogin(body, first.oauthCookie);
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toMatchObject({ name: 'demo' });
    const session = sessionCookieOf(bound);
    expect(await loggedName(setCookies(bound).get('lintel_session') as string)).toBe('demo');
    expect(session).toMatch(/^lintel_session=/);
    expect(setCookieLine(bound, 'lintel_oauth')).toMatch(/^lintel_oauth=; .*Max-Age=0/);
    // The ticket is used up.
    expect((await passportLogin(body, first.oauthCookie)).json().key).toBe('identity.ticketInvalid');

    const second = await passportFlow(person);
    expect(second.response.statusCode).toBe(302);
    expect(second.response.headers.location).toBe('/home');
    const signedIn = setCookies(second.response).get('lintel_session') as string;
    expect(await loggedName(signedIn)).toBe('demo');
    // Both sign-ins are in the audit log (issue 17).
    const audit = t.db.db as unknown as Kysely<AuditDatabase>;
    const methods = await audit
      .selectFrom('audit_entries')
      .select('detail')
      .where('action', '=', 'auth.signIn')
      .orderBy('id')
      .execute();
    expect(methods.map((row) => JSON.parse(row.detail).method).slice(-2)).toEqual([
      'passportBind',
      'passport',
    ]);
  });

  it('checks the bind form: account and password required, 102 and 104 as at sign-in', async () => {
    const flow = await passportFlow({ sub: 'p-2002' });
    const bind = bindParams(flow.response);
    expect(bind.thirdpartyAccount).toBe('p-2002'); // no name: the subject stands in

    const noAccount = await passportLogin({ ...bind, yzPassword: 'x' }, flow.oauthCookie);
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json()).toEqual({ code: 400, key: 'identity.accountRequired', message: '请输入账号' });
    const noPassword = await passportLogin({ ...bind, yzAccount: 'demo' }, flow.oauthCookie, 'en-US');
    expect(noPassword.json()).toEqual({
      code: 400,
      key: 'identity.passwordRequired',
      message: 'Please enter the password',
    });
    const blank = await passportLogin(
      { ...bind, yzAccount: '  ', yzPassword: 'x' },
      flow.oauthCookie,
      'en-US',
    );
    expect(blank.json().message).toBe('Please enter the account');

    const unknown = await passportLogin(
      { ...bind, yzAccount: 'nobody', yzPassword: 'Demo1234' },
      flow.oauthCookie,
    );
    expect(unknown.json()).toMatchObject({ code: 102, key: 'account.usernameNotFound' });
    const wrong = await passportLogin(
      { ...bind, yzAccount: 'demo', yzPassword: 'Wrong1234' },
      flow.oauthCookie,
    );
    expect(wrong.json()).toMatchObject({ code: 104, key: 'account.passwordError' });
    expect(wrong.headers['set-cookie']).toBeUndefined();

    // A stolen ticket without the browser's cookie is useless; the cookie alone finds the latest ticket.
    const stolen = await passportLogin({ ...bind, yzAccount: 'zhangsan', yzPassword: 'Demo1234' });
    expect(stolen.json()).toMatchObject({ code: 400, key: 'identity.ticketInvalid' });
    const other = await startSignIn();
    const foreignCookie = await passportLogin(
      { ...bind, yzAccount: 'zhangsan', yzPassword: 'Demo1234' },
      other.oauthCookie,
    );
    expect(foreignCookie.json().key).toBe('identity.ticketInvalid');
    const cookieOnly = await passportLogin(
      { yzAccount: 'zhangsan', yzPassword: 'Demo1234' },
      flow.oauthCookie,
    );
    expect(cookieOnly.statusCode).toBe(200);
    expect(cookieOnly.json().name).toBe('zhangsan');
  });

  it('refuses a bad, foreign, expired or replayed state with /login?oauthError=state', async () => {
    provider.approveAs({ sub: 'p-3003' });
    const started = await startSignIn();
    const back = await provider.authorize(started.location.toString());

    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    const bad = await callback(forged, started.oauthCookie);
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe('/login?oauthError=state');
    expect(setCookieLine(bad, 'lintel_oauth')).toMatch(/Max-Age=0/);

    // The right state from another browser (another oauth cookie, or none) is refused, and used up.
    const other = await startSignIn();
    expect((await callback(back, other.oauthCookie)).headers.location).toBe('/login?oauthError=state');
    expect((await callback(back, started.oauthCookie)).headers.location).toBe('/login?oauthError=state');

    const again = await passportFlow({ sub: 'p-3003' });
    expect(again.response.headers.location).toMatch(/^\/bind\/account\?thirdparty=/);
    // Replayed: the same code and state a second time.
    const replay = await callback(again.back, again.oauthCookie);
    expect(replay.headers.location).toBe('/login?oauthError=state');
    expect((await callback(new URL(`${CALLBACK}?code=x`), again.oauthCookie)).headers.location).toBe(
      '/login?oauthError=state',
    );

    // Ten minutes later the state is gone.
    provider.approveAs({ sub: 'p-3003' });
    const late = await startSignIn();
    const lateBack = await provider.authorize(late.location.toString());
    t.clock.advance(10 * 60 * 1000 + 1);
    expect((await callback(lateBack, late.oauthCookie)).headers.location).toBe('/login?oauthError=state');
  });

  it('sends provider refusals and failures to /login with a reason', async () => {
    const denied = await startSignIn();
    const state = denied.location.searchParams.get('state') as string;
    const refusal = new URL(`${CALLBACK}?error=access_denied&state=${state}`);
    expect((await callback(refusal, denied.oauthCookie)).headers.location).toBe('/login?oauthError=denied');

    provider.failNextToken(500);
    const failing = await passportFlow({ sub: 'p-4004' });
    expect(failing.response.headers.location).toBe('/login?oauthError=provider');

    // The token endpoint checks the PKCE verifier: a code presented with another verifier is refused.
    provider.approveAs({ sub: 'p-4004' });
    const started = await startSignIn();
    const back = await provider.authorize(started.location.toString());
    const tampered = await fetch(provider.env.PASSPORT_TOKEN_URL as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') as string,
        redirect_uri: CALLBACK,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
        code_verifier: 'a-verifier-the-attacker-guessed-0000000000000',
      }),
    });
    expect(tampered.status).toBe(400);
    // … which also used the code up: the real callback now fails at the provider.
    expect((await callback(back, started.oauthCookie)).headers.location).toBe('/login?oauthError=provider');
  });

  it('does not sign in a disabled account', async () => {
    const person = { sub: 'p-5005' };
    const flow = await passportFlow(person);
    const bound = await passportLogin(
      { ...bindParams(flow.response), yzAccount: 'zhangsan', yzPassword: 'Demo1234' },
      flow.oauthCookie,
    );
    expect(bound.statusCode).toBe(200);
    await t.db.db.updateTable('users').set({ disabled: 1 }).where('name', '=', 'zhangsan').execute();
    try {
      const again = await passportFlow(person);
      expect(again.response.headers.location).toBe('/login?oauthError=disabled');
      expect(setCookies(again.response).has('lintel_session')).toBe(false);
    } finally {
      await t.db.db.updateTable('users').set({ disabled: 0 }).where('name', '=', 'zhangsan').execute();
    }
  });

  it('answers 409 when the identity was bound to another account meanwhile, and leaves no session', async () => {
    const person = { sub: 'p-6006', name: '王工' };
    const flow = await passportFlow(person);
    const bind = bindParams(flow.response);
    // Meanwhile zhangsan binds the same identity with an access token of it.
    const zhangsan = await signIn(t.app, 'zhangsan', 'Demo1234');
    const associated = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/associate`,
      headers: { cookie: zhangsan },
      payload: { openId: person.sub, accessToken: provider.issueToken(person) },
    });
    expect(associated.statusCode).toBe(200);

    const conflict = await passportLogin(
      { ...bind, yzAccount: 'demo', yzPassword: 'Demo1234' },
      flow.oauthCookie,
    );
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 409, key: 'identity.alreadyBound' });
    const session = setCookies(conflict).get('lintel_session');
    expect(session).toBeUndefined();
    const identities = await t.db.db
      .selectFrom('user_identities')
      .innerJoin('users', 'users.id', 'user_identities.user_id')
      .select('users.name')
      .where('subject', '=', person.sub)
      .execute();
    expect(identities).toEqual([{ name: 'zhangsan' }]);
    // The sign-in with that identity goes to zhangsan.
    expect((await passportFlow(person)).response.headers.location).toBe('/home');
  });

  it('refuses a foreign Origin on passport_login', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/passport_login`,
      headers: { origin: 'https://evil.example' },
      payload: { yzAccount: 'demo', yzPassword: 'Demo1234' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().key).toBe('common.foreignOrigin');
  });
});

describe('PUT associate', () => {
  it('binds the identity the provider confirms for the token', async () => {
    const cookie = await signIn(t.app, 'demo', 'Demo1234');
    const person = { sub: 'p-7007', name: '赵工' };
    const response = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/associate`,
      headers: { cookie },
      payload: { openId: person.sub, accessToken: provider.issueToken(person) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('demo');
    // Binding it again is fine; the passport sign-in now lands in demo's account.
    const again = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/associate`,
      headers: { cookie },
      payload: { openId: person.sub, accessToken: provider.issueToken(person) },
    });
    expect(again.statusCode).toBe(200);
    const flow = await passportFlow(person);
    expect(await loggedName(setCookies(flow.response).get('lintel_session') as string)).toBe('demo');
  });

  it('answers code 100 for a token the provider refuses or that belongs to someone else', async () => {
    const cookie = await signIn(t.app, 'demo', 'Demo1234');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/associate`,
      headers: { cookie },
      payload: { openId: 'p-8008', accessToken: 'not-a-token' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 100, key: 'identity.bindFailed' });
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/associate`,
      headers: { cookie },
      payload: { openId: 'p-8008', accessToken: provider.issueToken({ sub: 'p-9999' }) },
    });
    expect(mismatch.json()).toMatchObject({ code: 100, key: 'identity.bindFailed' });
    const stored = await t.db.db.selectFrom('user_identities').select('subject').execute();
    expect(stored.map((row) => row.subject)).not.toContain('p-8008');
    expect(stored.map((row) => row.subject)).not.toContain('p-9999');
  });

  it('answers 409 for an identity of another account, 401 without a session, 403 from another site', async () => {
    const cookie = await signIn(t.app, 'demo', 'Demo1234');
    const person = { sub: 'p-1010' };
    const zhangsan = await signIn(t.app, 'zhangsan', 'Demo1234');
    const payload = () => ({ openId: person.sub, accessToken: provider.issueToken(person) });
    const first = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/associate`,
      headers: { cookie: zhangsan },
      payload: payload(),
    });
    expect(first.statusCode).toBe(200);
    const taken = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/associate`,
      headers: { cookie },
      payload: payload(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().key).toBe('identity.alreadyBound');
    const anonymous = await t.app.inject({ method: 'PUT', url: `${ACCOUNT}/associate`, payload: payload() });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/associate`,
      headers: { cookie, origin: 'https://evil.example' },
      payload: payload(),
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('without PASSPORT_* configured', () => {
  it('answers 404 identity.passportDisabled on every passport route', async () => {
    const bare = await buildTestApp();
    try {
      const info = await bare.app.inject({ method: 'GET', url: `${ACCOUNT}/passport/info` });
      expect(info.json()).toEqual({ enabled: false, name: null });
      const cookie = await signIn(bare.app);
      const requests = [
        { method: 'GET' as const, url: `${ACCOUNT}/passport/authorize` },
        { method: 'GET' as const, url: `${ACCOUNT}/passport/callback?code=a&state=b` },
        {
          method: 'POST' as const,
          url: `${ACCOUNT}/passport_login`,
          payload: { yzAccount: 'demo', yzPassword: 'Demo1234' },
        },
        { method: 'PUT' as const, url: `${ACCOUNT}/associate`, payload: { openId: 'a', accessToken: 'b' } },
      ];
      for (const request of requests) {
        const response = await bare.app.inject({ ...request, headers: { cookie } });
        expect(response.statusCode, request.url).toBe(404);
        expect(response.json(), request.url).toMatchObject({
          code: 404,
          key: 'identity.passportDisabled',
          message: '未配置第三方通行证登录',
        });
      }
    } finally {
      await bare.close();
    }
  });
});
