import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';
import { createUserService } from './user.service';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  const users = createUserService({ db: t.db.db, clock: t.clock });
  const extra = [
    { name: 'liuwei', nickName: '刘伟', email: 'LiuWei@Example.com', phoneNumber: '13900000501' },
    { name: 'liuyang', nickName: '刘洋', email: 'ly@example.com', phoneNumber: '13900000502' },
    { name: 'percent', nickName: '100%_sure', email: 'p@example.com', phoneNumber: null },
  ];
  for (const user of extra) {
    t.clock.advance(1000);
    await users.createUser({ ...user, password: 'Passw0rd' });
  }
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

function list(query: Record<string, string>, cookie = admin) {
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'GET',
    url: `${ACCOUNT}/admin/users?${search}`,
    headers: cookie ? { cookie } : {},
  });
}

const names = (response: { json(): unknown }) =>
  (response.json() as Array<{ name: string }>).map((u) => u.name);

describe('GET admin/users', () => {
  it('lists users oldest first, paged with skip and limit', async () => {
    const all = await list({});
    expect(all.statusCode).toBe(200);
    expect(names(all)).toEqual(['admin', 'demo', 'zhangsan', 'liuwei', 'liuyang', 'percent']);
    expect(all.body).not.toMatch(/argon2|password_hash|locked/);
    expect(names(await list({ skip: '2', limit: '2' }))).toEqual(['zhangsan', 'liuwei']);
    expect(names(await list({ order: '-name', limit: '3' }))).toEqual(['zhangsan', 'percent', 'liuyang']);
  });

  it('searches name, nickName, phoneNumber and email with $regex (substring, any case, literal)', async () => {
    expect(names(await list({ where: JSON.stringify({ name: { $regex: 'LIU' } }) }))).toEqual([
      'liuwei',
      'liuyang',
    ]);
    expect(names(await list({ where: JSON.stringify({ nickName: { $regex: '刘' } }) }))).toEqual([
      'liuwei',
      'liuyang',
    ]);
    expect(names(await list({ where: JSON.stringify({ phoneNumber: { $regex: '0502' } }) }))).toEqual([
      'liuyang',
    ]);
    expect(names(await list({ where: JSON.stringify({ email: { $regex: 'example.COM' } }) }))).toEqual(
      expect.arrayContaining(['liuwei', 'liuyang', 'percent']),
    );
    expect(names(await list({ where: JSON.stringify({ nickName: { $regex: '%_' } }) }))).toEqual(['percent']);
    expect(names(await list({ where: JSON.stringify({ nickName: { $regex: '.*' } }) }))).toEqual([]);
    const either = { $or: [{ name: 'demo' }, { phoneNumber: { $regex: '0501' } }] };
    expect(names(await list({ where: JSON.stringify(either) }))).toEqual(['demo', 'liuwei']);
  });

  it('counts with only_count', async () => {
    expect((await list({ only_count: 'true' })).json()).toEqual({ count: 6 });
    expect(
      (await list({ only_count: 'true', where: JSON.stringify({ name: { $regex: 'liu' } }) })).json(),
    ).toEqual({
      count: 2,
    });
  });

  it('refuses unknown fields, operators, orders and parameters with 400', async () => {
    const field = await list({ where: JSON.stringify({ password_hash: { $regex: 'a' } }) });
    expect(field.statusCode).toBe(400);
    expect(field.json()).toMatchObject({ key: 'common.whereUnknownField' });
    expect((await list({ where: JSON.stringify({ name: { $where: '1' } }) })).json().key).toBe(
      'common.whereUnknownOperator',
    );
    expect((await list({ where: '{bad json' })).json().key).toBe('common.whereInvalidJson');
    expect((await list({ order: 'password_hash' })).json().key).toBe('common.orderUnknownField');
    expect((await list({ limit: '201' })).statusCode).toBe(400);
    expect((await list({ isAdmin: 'true' })).statusCode).toBe(400);
  });

  it('is for system administrators only', async () => {
    expect((await list({}, '')).statusCode).toBe(401);
    const demo = await signIn(t.app);
    const refused = await list({}, demo);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 403, key: 'common.forbidden' });
  });
});
