// @vitest-environment node
import { createHash } from 'node:crypto';
import type { ErrorBody } from '@lintel/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../app/i18n';
import { type FakeApi, startFakeApi } from '../test/fakeApi';
import { errorMessage } from './errors';
import {
  apiUrl,
  configureHttp,
  HttpError,
  http,
  isHttpError,
  METHOD_OVERRIDE_HEADER,
  readErrorBody,
  request,
} from './http';

const t = i18n.t.bind(i18n) as (key: string) => string;
let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    api.on(`${method} echo`, (seen) => ({ json: { method: seen.method, body: seen.body ?? null } }));
  }
  api.on('POST account-service/login', {
    status: 400,
    json: { code: 104, key: 'account.passwordError', message: '密码错误' } satisfies ErrorBody,
  });
  api.on('GET gateway', { status: 502, raw: { body: '<html>Bad gateway</html>', contentType: 'text/html' } });
  api.on('GET teapot', { status: 418, json: { error: 'not an ErrorBody' } });
  api.on('GET empty', { status: 204 });
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  configureHttp({ baseUrl: api.baseUrl, methodOverride: false, getLanguage: () => 'zh-CN' });
});

const last = () => api.requests.at(-1)!;

/** The rejection of a call expected to fail. */
function failure(call: Promise<unknown>): Promise<HttpError> {
  return call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as HttpError,
  );
}

describe('http client: proof-of-work challenges (issue 14)', () => {
  const challenge = `1764160000000.${'cd'.repeat(16)}`;
  const refused = (key: string) => ({
    status: 429,
    headers: { 'X-Challenge': challenge, 'X-Challenge-Difficulty': '10' },
    json: { code: 429, key, message: '失败次数较多，请先完成安全验证后再试' } satisfies ErrorBody,
  });

  it('solves the challenge of a 429 and sends the request again with the solution', async () => {
    api.on('POST account-service/guarded', (seen) => {
      const solution = seen.headers['x-challenge-solution'];
      if (typeof solution !== 'string') return refused('account.challengeRequired');
      const bits = Math.clz32(createHash('sha256').update(solution).digest().readUInt32BE(0));
      if (!solution.startsWith(`${challenge}/`) || bits < 10) return refused('account.challengeInvalid');
      return { json: { ok: true, body: seen.body } };
    });
    expect(await http.post('account-service/guarded', { name: 'demo' })).toEqual({
      ok: true,
      body: { name: 'demo' },
    });
    expect(api.requests.map((r) => r.headers['x-challenge-solution'] === undefined)).toEqual([true, false]);
  });

  it('gives up after two solutions, and leaves a plain 429 (Retry-After) to the caller', async () => {
    api.on('POST account-service/stubborn', () => refused('account.challengeInvalid'));
    const error = await failure(http.post('account-service/stubborn', {}));
    expect(error.status).toBe(429);
    expect(error.body.key).toBe('account.challengeInvalid');
    expect(api.requests).toHaveLength(3);
    api.requests.length = 0;
    api.on('POST account-service/waiting', {
      status: 429,
      headers: { 'Retry-After': '60' },
      json: { code: 429, key: 'account.tooManyAttempts', message: '尝试次数过多，请 60 秒后再试' },
    });
    const waiting = await failure(http.post('account-service/waiting', {}));
    expect(waiting.message).toBe('尝试次数过多，请 60 秒后再试');
    expect(api.requests).toHaveLength(1);
  });
});

describe('http client', () => {
  it('calls /api/v1/<path> with JSON, cookies and the chosen language', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    configureHttp({ getLanguage: () => 'en-US' });
    const answer = await http.post<{ method: string; body: unknown }>('echo', { name: 'zhangsan' });
    expect(answer).toEqual({ method: 'POST', body: { name: 'zhangsan' } });
    expect(last().path).toBe('echo');
    expect(last().headers['accept-language']).toBe('en-US');
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().headers.accept).toBe('application/json');
    expect(fetchSpy.mock.calls.at(-1)?.[1]?.credentials).toBe('include');
    fetchSpy.mockRestore();
  });

  it('builds same-origin URLs with query parameters, skipping empty ones', () => {
    configureHttp({ baseUrl: '' });
    expect(apiUrl('account-service/login', { code: true })).toBe('/api/v1/account-service/login?code=true');
    expect(apiUrl('/projects', { skip: 0, limit: 20, where: undefined, q: null })).toBe(
      '/api/v1/projects?skip=0&limit=20',
    );
    expect(apiUrl('x', { where: '{"name":"a b"}' })).toBe('/api/v1/x?where=%7B%22name%22%3A%22a+b%22%7D');
  });

  it('sends every method as itself when the profile has no method override', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const answer = await request<{ method: string }>(method, 'echo');
      expect(answer.method).toBe(method);
      expect(last().headers[METHOD_OVERRIDE_HEADER.toLowerCase()]).toBeUndefined();
    }
  });

  it('sends PUT, PATCH and DELETE as POST with X-HTTP-Method-Override when the profile asks', async () => {
    configureHttp({ methodOverride: true });
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      await request(method, 'echo', { body: method === 'DELETE' ? undefined : { n: 1 } });
      expect(last().method).toBe('POST');
      expect(last().headers['x-http-method-override']).toBe(method);
    }
    expect(last().body).toBeUndefined();
    await http.put('echo', { n: 2 });
    expect(last().body).toEqual({ n: 2 });
    for (const method of ['GET', 'POST'] as const) {
      await request(method, 'echo');
      expect(last().method).toBe(method);
      expect(last().headers['x-http-method-override']).toBeUndefined();
    }
  });

  it("rethrows the server's JSON error body with the status", async () => {
    const error = await failure(http.post('account-service/login', { name: 'a', password: 'b' }));
    expect(isHttpError(error)).toBe(true);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.fromServer).toBe(true);
    expect(error.body).toEqual({ code: 104, key: 'account.passwordError', message: '密码错误' });
    expect(errorMessage(error, t)).toBe('密码错误');
  });

  it('turns an answer without an error body into an HttpError with a localized generic message', async () => {
    const gateway = await failure(http.get('gateway'));
    expect(gateway).toBeInstanceOf(HttpError);
    expect(gateway.status).toBe(502);
    expect(gateway.fromServer).toBe(false);
    expect(gateway.body).toEqual({ code: 502, key: 'http.502', message: '' });
    expect(errorMessage(gateway, t)).toBe(i18n.t('common:error.server'));

    const teapot = await failure(http.get('teapot'));
    expect(teapot.fromServer).toBe(false);
    expect(errorMessage(teapot, t)).toBe(i18n.t('common:error.request'));
  });

  it('rethrows the raw error when there is no answer at all', async () => {
    const unreachable = await startFakeApi();
    const baseUrl = unreachable.baseUrl;
    await unreachable.close();
    configureHttp({ baseUrl });
    const error = await failure(http.get('echo'));
    expect(isHttpError(error)).toBe(false);
    expect(error).toBeInstanceOf(TypeError);
    expect(errorMessage(error, t)).toBe(i18n.t('common:error.network'));
  });

  it('rethrows an abort as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(http.get('echo', { signal: controller.signal }));
    expect(isHttpError(error)).toBe(false);
    expect((error as Error).name).toBe('AbortError');
    expect(errorMessage(error, t)).toBe(i18n.t('common:error.aborted'));
  });

  it('answers undefined for an empty success', async () => {
    await expect(http.get('empty')).resolves.toBeUndefined();
  });
});

describe('readErrorBody', () => {
  it('accepts the ErrorBody shape only', () => {
    expect(readErrorBody({ code: 102, key: 'account.nameNotFound', message: '用户名不存在' })).not.toBeNull();
    expect(readErrorBody({ code: 400, key: 'k', message: 'm', details: [] })).not.toBeNull();
    expect(readErrorBody({ code: '102', key: 'k', message: 'm' })).toBeNull();
    expect(readErrorBody({ code: 1.5, key: 'k', message: 'm' })).toBeNull();
    expect(readErrorBody({ code: 1, message: 'm' })).toBeNull();
    expect(readErrorBody({ code: 1, key: 'k', message: 'm', details: 'x' })).toBeNull();
    expect(readErrorBody('text')).toBeNull();
    expect(readErrorBody(null)).toBeNull();
  });
});

describe('errorMessage', () => {
  const body = (code: number): ErrorBody => ({ code, key: 'k', message: '' });

  it('prefers the server message, else a generic text by status', () => {
    expect(errorMessage(new HttpError(400, { ...body(400), message: '参数错误' }, true), t)).toBe('参数错误');
    expect(errorMessage(new HttpError(401, body(401), false), t)).toBe(i18n.t('common:error.unauthorized'));
    expect(errorMessage(new HttpError(403, body(403), false), t)).toBe(i18n.t('common:error.forbidden'));
    expect(errorMessage(new HttpError(404, body(404), false), t)).toBe(i18n.t('common:error.notFound'));
    expect(errorMessage(new HttpError(429, body(429), false), t)).toBe(
      i18n.t('common:error.tooManyRequests'),
    );
    expect(errorMessage(new HttpError(500, body(500), false), t)).toBe(i18n.t('common:error.server'));
    expect(errorMessage(new Error('boom'), t)).toBe(i18n.t('common:error.unknown'));
    expect(errorMessage('weird', t)).toBe(i18n.t('common:error.unknown'));
  });

  it('follows the language', async () => {
    await i18n.changeLanguage('en-US');
    expect(errorMessage(new TypeError('fetch failed'), t)).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
    await i18n.changeLanguage('zh-CN');
  });
});
