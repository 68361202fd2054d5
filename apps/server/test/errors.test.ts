import { errorBodySchema } from '@lintel/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noQuerySchema } from '../src/plugins/route-schemas';
import { ACCOUNT, buildTestApp, type TestApp } from './helper';

/** Routes only this test has: one that fails with an internal error, one that echoes a validated body. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/test/boom',
    { schema: { querystring: noQuerySchema, response: { 200: z.object({}) } } },
    async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2 at /srv/lintel/secret.ts');
    },
  );
  app.post(
    '/api/v1/test/echo',
    {
      schema: {
        querystring: z.strictObject({ flag: z.enum(['a', 'b']).optional() }),
        body: z.strictObject({
          name: z.string().min(1).max(5),
          size: z.number().int().min(1),
          tags: z.array(z.string()).max(1),
        }),
        response: { 200: z.object({ name: z.string() }) },
      },
    },
    async (request) => ({ name: request.body.name }),
  );
};

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { BODY_LIMIT: '2048' }, ready: false });
  await t.app.register(probeRoutes);
  await t.app.ready();
});
afterAll(() => t.close());

function expectErrorBody(body: unknown) {
  expect(errorBodySchema.safeParse(body).success).toBe(true);
}

describe('request bodies', () => {
  it('answers malformed JSON with 400 common.invalidJson', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "demo",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      key: 'common.invalidJson',
      message: '请求体不是有效的 JSON',
    });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('common.emptyJsonBody');
  });

  it('refuses a prototype-poisoning body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"a","size":1,"tags":[],"__proto__":{"isSystemAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers a wrong content type with 415', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${ACCOUNT}/login`,
        headers: { 'content-type': contentType },
        payload: 'name=demo&password=Demo1234',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toMatchObject({ code: 415, key: 'common.unsupportedMediaType' });
    }
  });

  it('answers an oversize body with 413 naming the limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login?lang=en-us`,
      payload: { name: 'demo', password: 'x'.repeat(4000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 413,
      key: 'common.payloadTooLarge',
      message: 'The request body is too large (at most 2048 bytes)',
    });
  });

  it('answers schema violations with 400 and one detail per problem', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'accept-language': 'en-US' },
      payload: { name: 'toolong', size: 'big', tags: ['a', 'b'], extra: true },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expectErrorBody(body);
    expect(body.key).toBe('common.validation');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'body.name', key: 'validation.tooLong', message: 'At most 5 characters' },
        { path: 'body.size', key: 'validation.invalidType', message: 'Wrong type; expected number' },
        { path: 'body.tags', key: 'validation.tooManyItems', message: 'At most 1 items' },
        { path: 'body.extra', key: 'validation.unrecognizedKey', message: 'Unsupported field extra' },
      ]),
    );
    expect(body.message).toMatch(/^Some fields are invalid: body\.\w+ /);
  });

  it('reports a missing field as required', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: { size: 1, tags: [] },
    });
    expect(response.json().details).toEqual([
      { path: 'body.name', key: 'validation.required', message: '此项必填' },
    ]);
  });
});

describe('query strings', () => {
  it('refuses an unknown query field with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${ACCOUNT}/system/profile?debug=1` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      key: 'common.validation',
      details: [{ path: 'query.debug', key: 'validation.unrecognizedKey', message: '不支持的字段 debug' }],
    });
  });

  it('refuses a bad value of a known query field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo?flag=c',
      payload: { name: 'a', size: 1, tags: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ path: 'query.flag', key: 'validation.invalidValue' });
  });

  it('always accepts lang, which only picks the language', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${ACCOUNT}/system/profile?lang=en-us` });
    expect(response.statusCode).toBe(200);
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404 for any method, in Chinese by default', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'] as const) {
      const response = await t.app.inject({ method, url: '/api/v1/no/such/thing' });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      if (method !== 'HEAD')
        expect(response.json()).toEqual({ code: 404, key: 'common.notFound', message: '请求的资源不存在' });
    }
  });

  it('answer in English by Accept-Language or by lang, lang first', async () => {
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/api/v2/x',
      headers: { 'accept-language': 'en-US,en;q=0.9,zh;q=0.5' },
    });
    expect(byHeader.json().message).toBe('Not found');
    const byParam = await t.app.inject({ method: 'GET', url: '/api?lang=en-us' });
    expect(byParam.json().message).toBe('Not found');
    const paramWins = await t.app.inject({
      method: 'GET',
      url: '/api/x?lang=zh-cn',
      headers: { 'accept-language': 'en-US' },
    });
    expect(paramWins.json().message).toBe('请求的资源不存在');
  });
});

describe('server errors', () => {
  it('answer 500 without internals, and log the error under the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom?lang=en-us' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 500,
      key: 'common.internal',
      message: 'Something went wrong on the server; please try again',
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|secret\.ts|stack/);
    const requestId = response.headers['x-request-id'];
    const logged = t.logs.find((line) => line.reqId === requestId && line.level === 50);
    expect(logged?.msg).toBe('request failed');
    expect(JSON.stringify(logged?.err)).toContain('ECONNREFUSED');
  });
});
