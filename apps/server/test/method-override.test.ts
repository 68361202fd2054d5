import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noQuerySchema } from '../src/plugins/route-schemas';
import { requireUser } from '../src/plugins/session';
import { buildTestApp, signIn, type TestApp } from './helper';

/** One path answering every method with the method it saw; PUT needs a signed-in user. */
const methodProbe: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    querystring: noQuerySchema,
    body: z.object({ _method: z.string().optional(), value: z.string().optional() }).optional(),
    response: { 200: z.object({ method: z.string(), value: z.string().optional() }) },
  };
  for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/v1/test/thing',
      schema,
      handler: async (request) => ({ method: request.method }),
    });
  }
  app.route({
    method: 'PUT',
    url: '/api/v1/test/thing',
    onRequest: requireUser,
    schema,
    handler: async (request) => ({ method: 'PUT', value: request.body?.value }),
  });
  app.get(
    '/api/v1/test/thing',
    { schema: { querystring: noQuerySchema, response: { 200: z.object({ method: z.string() }) } } },
    async (request) => ({ method: request.method }),
  );
};

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp({ ready: false });
  await t.app.register(methodProbe);
  await t.app.ready();
  cookie = await signIn(t.app);
});
afterAll(() => t.close());

function post(headers: Record<string, string>, payload: object = { value: 'v' }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/test/thing',
    headers: { cookie, ...headers },
    payload,
  });
}

describe('X-HTTP-Method-Override', () => {
  it('routes a POST as PUT, PATCH or DELETE, whatever the case', async () => {
    const put = await post({ 'x-http-method-override': 'PUT' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ method: 'PUT', value: 'v' });
    expect((await post({ 'x-http-method-override': 'patch' })).json()).toEqual({ method: 'PATCH' });
    expect((await post({ 'X-HTTP-Method-Override': ' Delete ' })).json()).toEqual({ method: 'DELETE' });
  });

  it('applies authorization to the effective method', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/thing',
      headers: { 'x-http-method-override': 'PUT' },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    // The plain POST of the same path needs no sign-in.
    const plain = await t.app.inject({ method: 'POST', url: '/api/v1/test/thing', payload: {} });
    expect(plain.json()).toEqual({ method: 'POST' });
  });

  it('answers 400 for any other value', async () => {
    for (const value of ['GET', 'POST', 'HEAD', 'OPTIONS', 'TRACE', 'PUT, DELETE', '']) {
      const response = await post({ 'x-http-method-override': value, 'accept-language': 'en' });
      expect(response.statusCode, value).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        key: 'common.badMethodOverride',
        message: 'X-HTTP-Method-Override must be PUT, PATCH or DELETE',
      });
    }
  });

  it('answers 400 for a bad value even where no POST route exists', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account-service/logged',
      headers: { 'x-http-method-override': 'GET' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('common.badMethodOverride');
  });

  it('is ignored on any method but POST', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/thing',
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(get.json()).toEqual({ method: 'GET' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/test/thing',
      headers: { 'x-http-method-override': 'nonsense' },
      payload: {},
    });
    expect(patch.json()).toEqual({ method: 'PATCH' });
  });

  it('ignores a _method field in the body or the query', async () => {
    const body = await post({}, { _method: 'DELETE' });
    expect(body.json()).toEqual({ method: 'POST' });
    const query = await t.app.inject({ method: 'POST', url: '/api/v1/test/thing?_method=PUT', payload: {} });
    // Not an override: an unknown query field like any other.
    expect(query.statusCode).toBe(400);
    expect(query.json().details[0].path).toBe('query._method');
  });

  it('goes through the Origin check as the effective method', async () => {
    const response = await post({ 'x-http-method-override': 'DELETE', origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().key).toBe('common.foreignOrigin');
  });
});
