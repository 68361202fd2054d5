import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO: '0' } });
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('lists every API route with its schemas at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Lintel API', version: '6.6.2' });
    const paths = document.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/health',
        '/api/v1/account-service/login',
        '/api/v1/account-service/logged',
        '/api/v1/account-service/logout',
        '/api/v1/account-service/system/profile',
        '/api/v1/account-service/system/profile/countryCodes',
      ]),
    );
    // Static files and the docs themselves are not API routes.
    expect(Object.keys(paths).every((path) => path.startsWith('/api/v1/'))).toBe(true);
    const login = paths['/api/v1/account-service/login']?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      responses: Record<string, unknown>;
      parameters: Array<{ name: string }>;
    };
    expect(login.requestBody.content['application/json']?.schema.properties).toHaveProperty('rememberMe');
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '403']));
    expect(login.parameters.map((p) => p.name)).toEqual(['code', 'double']);
    expect(paths['/api/v1/account-service/system/profile']).toHaveProperty('get');
    expect(paths['/api/v1/account-service/system/profile']).toHaveProperty('post');
  });

  it('is browsable at /api/docs with swagger-ui served by us under its own CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('json');
  });
});

describe('route schema guard', () => {
  it('refuses an API route without declared schemas', async () => {
    const guarded = await buildTestApp({ env: { DEMO: '0' }, ready: false });
    try {
      // Inside a plugin, like every module: the guard sees routes added after it was loaded.
      guarded.app.register(async (scope) => {
        scope.post('/api/v1/test/unchecked', async () => ({ ok: true }));
      });
      await expect(guarded.app.ready()).rejects.toThrowError(
        /route POST \/api\/v1\/test\/unchecked must declare schema\.querystring, schema\.response, schema\.body/,
      );
    } finally {
      await guarded.close().catch(() => undefined);
    }
  });
});
