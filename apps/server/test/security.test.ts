import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  buildTestApp,
  login,
  sessionCookieOf,
  signIn,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from './helper';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'trace' } });
  adminCookie = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

function updateProfile(headers: Record<string, string>, productName: string) {
  return t.app.inject({
    method: 'POST',
    url: `${ACCOUNT}/system/profile`,
    headers: { cookie: adminCookie, ...headers },
    payload: { productName },
  });
}

async function productName(): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: `${ACCOUNT}/system/profile` })).json().productName;
}

describe('Origin check', () => {
  it('refuses a state-changing request from another origin, and nothing changes', async () => {
    const before = await productName();
    for (const origin of [
      'https://evil.example',
      'http://localhost:8081',
      'https://localhost',
      'null',
      'not a url',
    ]) {
      const response = await updateProfile({ origin }, `hacked by ${origin}`);
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toMatchObject({ code: 403, key: 'common.foreignOrigin' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(await productName()).toBe(before);
  });

  it('refuses a foreign sign-in too (login CSRF) without setting a cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      headers: { origin: 'https://evil.example' },
      payload: { name: 'demo', password: 'Demo1234' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('lets the same origin through, and requests without Origin', async () => {
    expect((await updateProfile({ origin: 'http://localhost' }, 'Same origin')).statusCode).toBe(200);
    expect(await productName()).toBe('Same origin');
    expect(
      (await updateProfile({ origin: 'http://bim.local:8080', host: 'bim.local:8080' }, 'By host'))
        .statusCode,
    ).toBe(200);
    expect((await updateProfile({}, 'No origin')).statusCode).toBe(200);
    expect(await productName()).toBe('No origin');
  });

  it('leaves safe methods alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT}/system/profile`,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts PUBLIC_URL as our origin behind a proxy', async () => {
    const proxied = await buildTestApp({ env: { PUBLIC_URL: 'https://bim.example.com' } });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: `${ACCOUNT}/login`,
        headers: { origin: 'https://bim.example.com', host: '10.0.0.7:8080' },
        payload: { name: 'demo', password: 'Demo1234' },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('security headers', () => {
  it('sends API answers a policy that lets nothing load, run or frame them', async () => {
    for (const url of ['/api/v1/health', '/api/v1/nothing']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends pages a strict CSP fit for our SPA and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' 'wasm-unsafe-eval'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "worker-src 'self' blob:",
      "connect-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    // Over plain http (the usual on-premise LAN setup) nothing may force https.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests when served over https', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://bim.example.com', DEMO: '0' } });
    try {
      const page = await secure.app.inject({ method: 'GET', url: '/login' });
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const api = await secure.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });

  it('compresses large answers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString()).openapi).toMatch(/^3\./);
  });
});

describe('request ids', () => {
  it('generates one per request, ignores the client, and logs it on every line of the request', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT}/system/profile`,
      headers: { 'x-request-id': 'client-chosen' },
    });
    const second = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    const firstId = String(first.headers['x-request-id']);
    expect(firstId).toMatch(/^[0-9a-f]{24}$/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f]{24}$/);
    expect(second.headers['x-request-id']).not.toBe(firstId);
    await new Promise((resolve) => setImmediate(resolve));
    const lines = t.logs.filter((line) => line.reqId === firstId);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.some((line) => line.msg === 'request completed')).toBe(true);
    expect(t.logs.some((line) => line.reqId === 'client-chosen')).toBe(false);
  });
});

describe('logs', () => {
  it('never contain a query string (an OAuth callback carries its code there) nor a secret path parameter', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/account-service/passport/callback?code=SECRET-CODE-42&state=x',
    });
    await t.app.inject({ method: 'GET', url: '/api/v1/nothing?token=SECRET-TOKEN-43' });
    // …nor a secret that is part of the path, like an invitation token.
    await t.app.inject({ method: 'GET', url: '/api/v1/account-service/member-invitations/SECRET-TOKEN-44' });
    await new Promise((resolve) => setImmediate(resolve));
    const text = JSON.stringify(t.logs);
    expect(t.logs.length).toBeGreaterThan(0);
    expect(text).not.toContain('SECRET-CODE-42');
    expect(text).not.toContain('SECRET-TOKEN-43');
    expect(text).not.toContain('SECRET-TOKEN-44');
    expect(text).toContain('member-invitations/[redacted]');
  });

  it('never contain passwords, session tokens or cookies', async () => {
    const response = await login(t.app, 'demo', 'Demo1234');
    const cookie = sessionCookieOf(response);
    const token = cookie.split('=')[1] as string;
    await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT}/logged`,
      headers: { cookie, authorization: 'Bearer abc.def' },
    });
    await login(t.app, 'demo', 'Wrong_Password9');
    const text = JSON.stringify(t.logs);
    expect(t.logs.length).toBeGreaterThan(5);
    for (const secret of ['Demo1234', 'Wrong_Password9', TEST_ADMIN_PASSWORD, token, 'abc.def']) {
      expect(text).not.toContain(secret);
    }
  });
});
