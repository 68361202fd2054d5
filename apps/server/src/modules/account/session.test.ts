import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  buildTestApp,
  login,
  sessionCookieOf,
  signIn,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../../test/helper';
import { createSessionService } from './session.service';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
afterEach(() => t?.close());

function logged(cookie?: string) {
  return t.app.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: cookie ? { cookie } : {} });
}

describe('GET logged', () => {
  it('answers 401 without a session and the user with one', async () => {
    t = await buildTestApp();
    const anonymous = await logged();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 401, key: 'common.unauthenticated', message: '请先登录' });
    expect((await logged('lintel_session=made-up-token')).statusCode).toBe(401);
    const cookie = await signIn(t.app);
    const response = await logged(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'demo', nickName: '演示用户' });
  });
});

describe('sign-in replaces the session (no fixation)', () => {
  it('ends the session the request carried and issues a new token', async () => {
    t = await buildTestApp();
    const first = await signIn(t.app);
    const second = await login(t.app, 'zhangsan', 'Demo1234', { cookie: first });
    expect(second.statusCode).toBe(200);
    const replacement = sessionCookieOf(second);
    expect(replacement).not.toBe(first);
    expect((await logged(first)).statusCode).toBe(401);
    expect((await logged(replacement)).json().name).toBe('zhangsan');
  });

  it('never adopts a token chosen by the client', async () => {
    t = await buildTestApp();
    const planted = 'lintel_session=attacker-chosen-value-0123456789';
    const response = await login(t.app, 'demo', 'Demo1234', { cookie: planted });
    expect(sessionCookieOf(response)).not.toBe(planted);
    expect((await logged(planted)).statusCode).toBe(401);
  });

  it('keeps the old session when the sign-in fails', async () => {
    t = await buildTestApp();
    const cookie = await signIn(t.app);
    expect((await login(t.app, 'demo', 'Wrong1234', { cookie })).statusCode).toBe(400);
    expect((await logged(cookie)).statusCode).toBe(200);
  });
});

describe('GET logout', () => {
  it('ends the session, clears the cookie, and the old cookie is then refused', async () => {
    t = await buildTestApp();
    const cookie = await signIn(t.app);
    const response = await t.app.inject({ method: 'GET', url: `${ACCOUNT}/logout`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(String(response.headers['set-cookie'])).toMatch(
      /^lintel_session=; Path=\/; Max-Age=0; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    expect((await logged(cookie)).statusCode).toBe(401);
    const count = await t.db.db.selectFrom('sessions').select('id').execute();
    expect(count).toHaveLength(0);
  });

  it('answers {} without a session too', async () => {
    t = await buildTestApp({ env: { DEMO: '0' } });
    const response = await t.app.inject({ method: 'GET', url: `${ACCOUNT}/logout` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('ends only its own session', async () => {
    t = await buildTestApp();
    const laptop = await signIn(t.app);
    const phone = await signIn(t.app);
    await t.app.inject({ method: 'GET', url: `${ACCOUNT}/logout`, headers: { cookie: laptop } });
    expect((await logged(phone)).statusCode).toBe(200);
  });

  it('cannot be triggered from another site (a link or an image there); POST is the web form', async () => {
    t = await buildTestApp();
    const cookie = await signIn(t.app);
    const logout = (method: 'GET' | 'POST', headers: Record<string, string>) =>
      t.app.inject({ method, url: `${ACCOUNT}/logout`, headers: { cookie, ...headers } });
    const forged: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:80', referer: 'http://localhost/' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page.html' },
      { origin: 'null' },
    ];
    for (const headers of forged) {
      const response = await logout('GET', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().key).toBe('common.foreignOrigin');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // A cross-site POST is refused by the Origin check; the session survived all of it.
    expect((await logout('POST', { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await logged(cookie)).statusCode).toBe(200);
    // Our own pages (same-origin), the address bar (none) and a same-site Referer still sign out.
    expect((await logout('GET', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await logged(cookie)).statusCode).toBe(401);
    const second = await signIn(t.app);
    const typed = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT}/logout`,
      headers: { cookie: second, 'sec-fetch-site': 'none' },
    });
    expect(typed.statusCode).toBe(200);
    const third = await signIn(t.app);
    const referred = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT}/logout`,
      headers: { cookie: third, host: 'lintel.test', referer: 'http://lintel.test/projects' },
    });
    expect(referred.statusCode).toBe(200);
    // POST from our own page.
    const fourth = await signIn(t.app);
    const posted = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/logout`,
      headers: { cookie: fourth, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({});
    expect((await logged(fourth)).statusCode).toBe(401);
  });
});

describe('server-side expiry', () => {
  it('ends a browser session 12 hours after the last request, sliding', async () => {
    t = await buildTestApp();
    const cookie = await signIn(t.app);
    t.clock.advance(11 * HOUR);
    expect((await logged(cookie)).statusCode).toBe(200);
    t.clock.advance(11 * HOUR);
    expect((await logged(cookie)).statusCode).toBe(200);
    t.clock.advance(12 * HOUR + MINUTE);
    expect((await logged(cookie)).statusCode).toBe(401);
  });

  it('ends a remembered session after 30 days, however active (SESSION_MAX_AGE above that)', async () => {
    t = await buildTestApp({ env: { SESSION_MAX_AGE: '60d' } });
    const cookie = sessionCookieOf(await login(t.app, 'demo', 'Demo1234', { rememberMe: true }));
    for (let day = 0; day < 29; day++) {
      t.clock.advance(DAY);
      expect((await logged(cookie)).statusCode, `day ${day + 1}`).toBe(200);
    }
    t.clock.advance(DAY + MINUTE);
    expect((await logged(cookie)).statusCode).toBe(401);
  });

  it('ends every session 7 days after its sign-in by default, however active (no endless renewal)', async () => {
    t = await buildTestApp();
    const browser = await signIn(t.app);
    const remembered = await login(t.app, 'demo', 'Demo1234', { rememberMe: true });
    // The remembered cookie lives no longer than the session.
    expect(String(remembered.headers['set-cookie'])).toMatch(/Max-Age=604800;/);
    const rememberedCookie = sessionCookieOf(remembered);
    for (let hours = 0; hours < 7 * 24 - 6; hours += 6) {
      t.clock.advance(6 * HOUR);
      expect((await logged(browser)).statusCode, `hour ${hours + 6}`).toBe(200);
      expect((await logged(rememberedCookie)).statusCode).toBe(200);
    }
    t.clock.advance(6 * HOUR);
    expect((await logged(browser)).statusCode).toBe(401);
    expect((await logged(rememberedCookie)).statusCode).toBe(401);
    // A new sign-in starts a new lifetime.
    expect((await logged(await signIn(t.app))).statusCode).toBe(200);
  });

  it('SESSION_MAX_AGE holds even for a session in the cache, and its renewal stops at the end of life', async () => {
    t = await buildTestApp({ env: { SESSION_MAX_AGE: '2h' } });
    const cookie = await signIn(t.app);
    t.clock.advance(HOUR + 30 * MINUTE);
    expect((await logged(cookie)).statusCode).toBe(200);
    const [row] = await t.db.db.selectFrom('sessions').select(['created_at', 'expires_at']).execute();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(2 * HOUR);
    // The session row is cached for 2 s of real time: the lifetime is still checked on every request.
    expect((await logged(cookie)).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect((await logged(cookie)).statusCode).toBe(401);
  });

  it('signs out after the profile idle time (LOGOUT_TIME), activity resetting it', async () => {
    t = await buildTestApp({ env: { LOGOUT_TIME: '5' } });
    const cookie = await signIn(t.app);
    t.clock.advance(4 * MINUTE);
    expect((await logged(cookie)).statusCode).toBe(200);
    t.clock.advance(4 * MINUTE);
    expect((await logged(cookie)).statusCode).toBe(200);
    t.clock.advance(5 * MINUTE + 1000);
    expect((await logged(cookie)).statusCode).toBe(401);
  });

  it('applies an idle time set in the stored profile at once', async () => {
    t = await buildTestApp();
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const cookie = await signIn(t.app);
    t.clock.advance(30 * MINUTE);
    expect((await logged(cookie)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/system/profile`,
      headers: { cookie: admin },
      payload: { logoutTime: 10 },
    });
    t.clock.advance(11 * MINUTE);
    expect((await logged(cookie)).statusCode).toBe(401);
  });
});

describe('expired sessions', () => {
  it('are swept from the table', async () => {
    t = await buildTestApp();
    await signIn(t.app);
    const remembered = sessionCookieOf(await login(t.app, 'demo', 'Demo1234', { rememberMe: true }));
    const sessions = createSessionService({ db: t.db.db, clock: t.clock, idleMinutes: async () => 0 });
    await sessions.deleteExpired();
    expect(await t.db.db.selectFrom('sessions').select('id').execute()).toHaveLength(2);
    t.clock.advance(13 * HOUR);
    await sessions.deleteExpired();
    expect(await t.db.db.selectFrom('sessions').select('remember').execute()).toEqual([{ remember: 1 }]);
    expect((await logged(remembered)).statusCode).toBe(200);
  });
});
