import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_BUILT_MESSAGE } from '../src/plugins/static-web';
import { buildTestApp, type TestApp } from './helper';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'lintel-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX);
  await writeFile(
    join(webDist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(2000))});`,
  );
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(webDist, '.env'), 'SECRET=1');
  t = await buildTestApp({ env: { WEB_DIST: webDist, DEMO: '0' } });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves index.html at / without caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
    expect(response.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  });

  it('serves hashed assets as immutable, other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes (history fallback), GET and HEAD', async () => {
    for (const url of ['/login', '/e/5f2b0c1e9d3a4b0012345678/projects', '/home?tab=1', '/bindTel']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/findPassword' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('keeps API paths and hashed assets out of the fallback', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().key).toBe('common.notFound');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(missingAsset.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('never serves dotfiles or files outside WEB_DIST', async () => {
    const dotfile = await t.app.inject({ method: 'GET', url: '/.env' });
    expect(dotfile.body).not.toContain('SECRET');
    const traversal = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(traversal.body).not.toContain('root:');
    const encoded = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2fpackage.json' });
    expect(encoded.body).not.toContain('"name"');
  });
});

describe('without a built web app', () => {
  it('answers non-API paths with a plain 404 saying how to build it', async () => {
    const bare = await buildTestApp({ env: { DEMO: '0' } });
    try {
      for (const url of ['/', '/login']) {
        const response = await bare.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(response.body).toBe(NOT_BUILT_MESSAGE);
        expect(response.body).toContain('npm run build');
      }
      const api = await bare.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(api.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
