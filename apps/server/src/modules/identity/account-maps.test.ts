import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';

const HONGWA = '/api/v1/hongwa-service/usermaps';
const ZYF = '/api/v1/zyf-service/accountmaps';
const OAUTH = '/api/v1/thirdparty-oauth-service/accountmaps';

let t: TestApp;
let demo: { cookie: string; id: string };
let zhangsan: { cookie: string; id: string };
let admin: string;

async function member(name: string) {
  const cookie = await signIn(t.app, name, 'Demo1234');
  const logged = await t.app.inject({
    method: 'GET',
    url: '/api/v1/account-service/logged',
    headers: { cookie },
  });
  return { cookie, id: logged.json()._id as string };
}

beforeAll(async () => {
  t = await buildTestApp();
  demo = await member('demo');
  zhangsan = await member('zhangsan');
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

function post(url: string, cookie: string | undefined, payload: Record<string, unknown>, headers = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload,
  });
}

describe('hongwa-service usermaps', () => {
  it('a system administrator maps a relation id to a user; the same map posted again answers the same', async () => {
    const body = { yzUserId: demo.id, relationId: 'hw-778899', vendor: 'hongwa' };
    const response = await post(HONGWA, admin, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      yzUserId: demo.id,
      relationId: 'hw-778899',
      vendor: 'hongwa',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const again = await post(HONGWA, admin, body);
    expect(again.json()._id).toBe(response.json()._id);
    const rows = await t.db.db
      .selectFrom('account_maps')
      .selectAll()
      .where('relation_id', '=', 'hw-778899')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ service: 'hongwa', user_id: demo.id });
  });

  it('nobody else maps anything, not even themselves (issue 14: no squatting a partner account)', async () => {
    const before = await t.db.db.selectFrom('account_maps').selectAll().execute();
    for (const [cookie, yzUserId] of [
      [demo.cookie, demo.id],
      [demo.cookie, zhangsan.id],
      [zhangsan.cookie, zhangsan.id],
    ] as const) {
      // Racing posts change nothing either.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          post(HONGWA, cookie, { yzUserId, relationId: 'hw-1', vendor: 'hongwa' }),
        ),
      );
      for (const answer of answers) {
        expect([answer.statusCode, answer.json().key]).toEqual([403, 'identity.systemAdminOnly']);
      }
    }
    expect(await t.db.db.selectFrom('account_maps').selectAll().execute()).toEqual(before);
    const byAdmin = await post(HONGWA, admin, {
      yzUserId: zhangsan.id,
      relationId: 'hw-1',
      vendor: 'hongwa',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().yzUserId).toBe(zhangsan.id);
    const nobody = await post(HONGWA, admin, {
      yzUserId: '0123456789abcdef01234567',
      relationId: 'hw-2',
      vendor: 'x',
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().key).toBe('identity.userNotFound');
    const taken = await post(HONGWA, admin, { yzUserId: demo.id, relationId: 'hw-1', vendor: 'hongwa' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().key).toBe('identity.mapConflict');
  });

  it('validates the body strictly', async () => {
    const missing = await post(HONGWA, admin, { yzUserId: demo.id, vendor: 'hongwa' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([expect.objectContaining({ path: 'body.relationId' })]);
    const extra = await post(HONGWA, admin, {
      yzUserId: demo.id,
      relationId: 'a',
      vendor: 'b',
      role: 'x',
    });
    expect(extra.json().details).toEqual([expect.objectContaining({ key: 'validation.unrecognizedKey' })]);
  });
});

describe('zyf-service and thirdparty-oauth-service accountmaps', () => {
  it('a system administrator maps an account to a user (themselves by default), each service on its own', async () => {
    const zyf = await post(ZYF, admin, { account: 'zs@zyf', vendor: 'zyf', userId: zhangsan.id });
    expect(zyf.statusCode).toBe(200);
    expect(zyf.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      userId: zhangsan.id,
      account: 'zs@zyf',
      vendor: 'zyf',
      relationId: '',
      createdAt: expect.any(String),
    });
    // The same outside account name in another service is another account.
    const oauth = await post(OAUTH, admin, { account: 'zs@zyf', relationId: 'r-1', userId: demo.id });
    expect(oauth.statusCode).toBe(200);
    expect(oauth.json()).toMatchObject({ userId: demo.id, account: 'zs@zyf', vendor: '', relationId: 'r-1' });
    const services = await t.db.db
      .selectFrom('account_maps')
      .select('service')
      .where('account', '=', 'zs@zyf')
      .execute();
    expect(services.map((s) => s.service).sort()).toEqual(['thirdparty-oauth', 'zyf']);
    const taken = await post(ZYF, admin, { account: 'zs@zyf', vendor: 'zyf', userId: demo.id });
    expect(taken.statusCode).toBe(409);
    const own = await post(OAUTH, admin, { account: 'mine' });
    expect(own.statusCode).toBe(200);
    // Anyone else is refused, for themselves as for others.
    for (const body of [{ account: 'alice@zyf' }, { account: 'alice@zyf', userId: zhangsan.id }]) {
      const refused = await post(ZYF, demo.cookie, body);
      expect([refused.statusCode, refused.json().key]).toEqual([403, 'identity.systemAdminOnly']);
    }
    expect((await post(ZYF, admin, { vendor: 'zyf' })).statusCode).toBe(400);
  });

  it('need a session (401) and refuse a foreign Origin (403)', async () => {
    for (const url of [HONGWA, ZYF, OAUTH]) {
      const payload = url === HONGWA ? { yzUserId: demo.id, relationId: 'a', vendor: 'b' } : { account: 'a' };
      expect((await post(url, undefined, payload)).statusCode, url).toBe(401);
      const foreign = await post(url, admin, payload, { origin: 'https://evil.example' });
      expect(foreign.statusCode, url).toBe(403);
      expect(foreign.json().key).toBe('common.foreignOrigin');
    }
  });
});
