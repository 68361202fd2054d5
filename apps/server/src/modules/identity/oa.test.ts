import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, type TestApp } from '../../../test/helper';

let t: TestApp;
let demo: string;
let zhangsan: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = await signIn(t.app, 'demo', 'Demo1234');
  zhangsan = await signIn(t.app, 'zhangsan', 'Demo1234');
});
afterAll(() => t.close());

function bind(
  cookie: string | undefined,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${ACCOUNT}/oa/bind`,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload,
  });
}

function lookup(oaName: string, cookie: string | null = demo) {
  return t.app.inject({
    method: 'GET',
    url: `${ACCOUNT}/oa/users/${encodeURIComponent(oaName)}`,
    headers: cookie ? { cookie } : {},
  });
}

describe('OA binding', () => {
  it('binds an OA name to the signed-in account and finds the account by it', async () => {
    const response = await bind(demo, { oaName: 'oa.demo', bimName: 'demo', appId: 'bim' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'demo' });
    const found = await lookup('oa.demo', zhangsan);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ name: 'demo', _id: response.json()._id });
    expect(found.body).not.toMatch(/password|hash/i);
    // Another user learns who it is, never how to reach them.
    expect(Object.keys(found.json()).sort()).toEqual(['_id', 'avatar', 'name', 'nickName']);
    expect(found.body).not.toContain('13800000001');
    // The owner sees their whole record.
    expect((await lookup('oa.demo', demo)).json()).toMatchObject({
      name: 'demo',
      phoneNumber: '13800000001',
    });
    // Binding again changes nothing.
    expect((await bind(demo, { oaName: 'oa.demo', bimName: 'demo', appId: 'bim' })).statusCode).toBe(200);
  });

  it('answers {} for an OA name nobody is bound to', async () => {
    const response = await lookup('张三@oa');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('replaces the previous OA name of the account', async () => {
    await bind(zhangsan, { oaName: 'oa.first', bimName: 'zhangsan', appId: 'bim' });
    await bind(zhangsan, { oaName: 'oa.second', bimName: 'zhangsan', appId: 'bim' });
    expect((await lookup('oa.first')).json()).toEqual({});
    expect((await lookup('oa.second')).json().name).toBe('zhangsan');
  });

  it('refuses another BIM account (403), an OA name of another account (409), other appIds (400)', async () => {
    const notMine = await bind(demo, { oaName: 'oa.x', bimName: 'zhangsan', appId: 'bim' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toMatchObject({ key: 'identity.oaNotOwnAccount' });
    const taken = await bind(zhangsan, { oaName: 'oa.demo', bimName: 'zhangsan', appId: 'bim' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().key).toBe('identity.alreadyBound');
    const app = await bind(demo, { oaName: 'oa.x', bimName: 'demo', appId: 'crm' });
    expect(app.statusCode).toBe(400);
    expect(app.json().details).toEqual([expect.objectContaining({ path: 'body.appId' })]);
    const empty = await bind(demo, { oaName: ' ', bimName: 'demo', appId: 'bim' });
    expect(empty.json().details).toEqual([
      expect.objectContaining({ path: 'body.oaName', key: 'validation.required' }),
    ]);
    expect((await lookup('oa.x')).json()).toEqual({});
  });

  it('needs a session (401) and refuses a foreign Origin (403)', async () => {
    expect((await bind(undefined, { oaName: 'oa.y', bimName: 'demo', appId: 'bim' })).statusCode).toBe(401);
    expect((await lookup('oa.demo', null)).statusCode).toBe(401);
    const foreign = await bind(
      demo,
      { oaName: 'oa.y', bimName: 'demo', appId: 'bim' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().key).toBe('common.foreignOrigin');
  });
});
