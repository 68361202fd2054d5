import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';

let t: TestApp;
let demo: string;
let zhangsan: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = await signIn(t.app, 'demo', 'Demo1234');
  zhangsan = await signIn(t.app, 'zhangsan', 'Demo1234');
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
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
  it('a system administrator binds an OA name to an account; anyone finds the account by it', async () => {
    const response = await bind(admin, { oaName: 'oa.demo', bimName: 'demo', appId: 'bim' });
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
    expect((await bind(admin, { oaName: 'oa.demo', bimName: 'demo', appId: 'bim' })).statusCode).toBe(200);
  });

  it('refuses everyone else: nobody squats an OA name, for themselves or another (issue 14)', async () => {
    for (const [cookie, bimName] of [
      [zhangsan, 'zhangsan'],
      [zhangsan, 'demo'],
      [demo, 'demo'],
    ] as const) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => bind(cookie, { oaName: 'alice.oa', bimName, appId: 'bim' })),
      );
      for (const answer of answers) {
        expect([answer.statusCode, answer.json().key]).toEqual([403, 'identity.systemAdminOnly']);
      }
    }
    expect((await lookup('alice.oa')).json()).toEqual({});
  });

  it('answers {} for an OA name nobody is bound to', async () => {
    const response = await lookup('张三@oa');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('replaces the previous OA name of the account', async () => {
    await bind(admin, { oaName: 'oa.first', bimName: 'zhangsan', appId: 'bim' });
    await bind(admin, { oaName: 'oa.second', bimName: 'zhangsan', appId: 'bim' });
    expect((await lookup('oa.first')).json()).toEqual({});
    expect((await lookup('oa.second')).json().name).toBe('zhangsan');
  });

  it('refuses an unknown account (404), an OA name of another account (409), other appIds (400)', async () => {
    const unknown = await bind(admin, { oaName: 'oa.x', bimName: 'nobody-such', appId: 'bim' });
    expect([unknown.statusCode, unknown.json().key]).toEqual([404, 'identity.userNotFound']);
    const taken = await bind(admin, { oaName: 'oa.demo', bimName: 'zhangsan', appId: 'bim' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().key).toBe('identity.alreadyBound');
    const app = await bind(admin, { oaName: 'oa.x', bimName: 'demo', appId: 'crm' });
    expect(app.statusCode).toBe(400);
    expect(app.json().details).toEqual([expect.objectContaining({ path: 'body.appId' })]);
    const empty = await bind(admin, { oaName: ' ', bimName: 'demo', appId: 'bim' });
    expect(empty.json().details).toEqual([
      expect.objectContaining({ path: 'body.oaName', key: 'validation.required' }),
    ]);
    expect((await lookup('oa.x')).json()).toEqual({});
  });

  it('needs a session (401) and refuses a foreign Origin (403)', async () => {
    expect((await bind(undefined, { oaName: 'oa.y', bimName: 'demo', appId: 'bim' })).statusCode).toBe(401);
    expect((await lookup('oa.demo', null)).statusCode).toBe(401);
    const foreign = await bind(
      admin,
      { oaName: 'oa.y', bimName: 'demo', appId: 'bim' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().key).toBe('common.foreignOrigin');
  });
});
