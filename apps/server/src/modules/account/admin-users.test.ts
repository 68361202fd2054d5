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
    expect(all.body).not.toMatch(/argon2|password_hash|locked_until|blocked_until/);
    expect(all.json()[0]).toMatchObject({ name: 'admin', disabled: false, lockedUntil: null });
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

describe('users administration: actions', () => {
  const detail = async (id: string) =>
    t.app.inject({ method: 'GET', url: `${ACCOUNT}/admin/users/${id}`, headers: { cookie: admin } });
  const act = (id: string, action: string, updatedAt: string, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/admin/users/${id}/${action}`,
      headers: { cookie },
      payload: { updatedAt },
    });
  const userNamed = async (name: string) =>
    (await list({ where: JSON.stringify({ name }) })).json()[0] as { _id: string; updatedAt: string };
  const audited = async (action: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/audit-service/entries?action=${action}&limit=1`,
        headers: { cookie: admin },
      })
    ).json()[0];

  it('shows where a user belongs: enterprises, branches and projects with the role there', async () => {
    const zhangsan = await userNamed('zhangsan');
    const response = await detail(zhangsan._id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ name: 'zhangsan', disabled: false, mustChangePassword: false });
    expect(body.places.length).toBeGreaterThan(0);
    expect(body.places.some((p: { scopeType: string }) => p.scopeType === 'project')).toBe(true);
    expect((await detail('0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await detail('nope')).statusCode).toBe(400);
  });

  it('disables (sessions end, sign-in refused), enables, and audits both; never yourself', async () => {
    const session = await signIn(t.app, 'liuwei', 'Passw0rd');
    let liuwei = await userNamed('liuwei');
    t.clock.advance(1000);
    const disabled = await act(liuwei._id, 'disable', liuwei.updatedAt);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true });
    const logged = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT}/logged`,
      headers: { cookie: session },
    });
    expect(logged.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      payload: { name: 'liuwei', password: 'Passw0rd' },
    });
    expect(again.statusCode).toBe(403);
    expect(await audited('user.disabled')).toMatchObject({
      targetId: liuwei._id,
      detail: { name: 'liuwei' },
    });

    // The version seen before the change is stale now: 409, nothing changed.
    const stale = await act(liuwei._id, 'enable', liuwei.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      key: 'account.userChanged',
      current: { _id: liuwei._id, disabled: true },
    });
    expect(stale.json().message).toBeTruthy();
    liuwei = await userNamed('liuwei');
    t.clock.advance(1000);
    expect((await act(liuwei._id, 'enable', liuwei.updatedAt)).json()).toMatchObject({ disabled: false });
    expect(await audited('user.enabled')).toMatchObject({ targetId: liuwei._id });
    expect((await signIn(t.app, 'liuwei', 'Passw0rd')).length).toBeGreaterThan(0);

    const me = await userNamed('admin');
    const self = await act(me._id, 'disable', me.updatedAt);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ key: 'account.cannotDisableSelf' });
  });

  it('unlocks a locked account and requires a new password at the next sign-in', async () => {
    for (let i = 0; i < 12; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: `${ACCOUNT}/login`,
        payload: { name: 'liuyang', password: `Wrong_pass${i}` },
        remoteAddress: `203.0.113.${i + 1}`,
      });
    }
    let liuyang = (await detail((await userNamed('liuyang'))._id)).json().user;
    expect(liuyang.lockedUntil).not.toBeNull();
    t.clock.advance(1000);
    const unlocked = await act(liuyang._id, 'unlock', liuyang.updatedAt);
    expect(unlocked.json()).toMatchObject({ lockedUntil: null });
    expect(await audited('user.unlocked')).toMatchObject({ targetId: liuyang._id });

    liuyang = unlocked.json();
    t.clock.advance(1000);
    const forced = await act(liuyang._id, 'requirePasswordChange', liuyang.updatedAt);
    expect(forced.json()).toMatchObject({ mustChangePassword: true });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      payload: { name: 'liuyang', password: 'Passw0rd' },
      remoteAddress: '203.0.113.99',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ mustChangePassword: true });
    expect(await audited('user.passwordResetForced')).toMatchObject({ targetId: liuyang._id });
  });

  it('refuses bad input, unknown actions and anyone but a system administrator', async () => {
    const percent = await userNamed('percent');
    expect((await act(percent._id, 'delete', percent.updatedAt)).statusCode).toBe(400);
    const noBody = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/admin/users/${percent._id}/disable`,
      headers: { cookie: admin },
      payload: {},
    });
    expect(noBody.statusCode).toBe(400);
    expect((await act('0123456789abcdef01234567', 'disable', 'x')).statusCode).toBe(404);
    const demo = await signIn(t.app);
    expect((await act(percent._id, 'disable', percent.updatedAt, demo)).statusCode).toBe(403);
    expect((await act(percent._id, 'disable', percent.updatedAt, '')).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${ACCOUNT}/admin/users/${percent._id}`,
          headers: { cookie: demo },
        })
      ).statusCode,
    ).toBe(403);
  });
});
