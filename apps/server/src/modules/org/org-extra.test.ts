import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';
import { createUserService } from '../account/user.service';
import { createOrgAccess } from './access';

let t: TestApp;
let demo: string;
let zhangsan: string;
let lisi: string;
let admin: string;
let userIds: Record<string, string>;
let project: string;
let enterprise: string;

type Method = 'GET' | 'POST' | 'PUT';
function call(method: Method, path: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${ACCOUNT}/${path}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json() as T;

beforeAll(async () => {
  t = await buildTestApp();
  const users = createUserService({ db: t.db.db, clock: t.clock });
  await users.createUser({ name: 'lisi', nickName: '李四', password: 'Passw0rd', phoneNumber: null });
  // One after the other: parallel sign-ins from one address count as attempts until each succeeds.
  demo = await signIn(t.app);
  zhangsan = await signIn(t.app, 'zhangsan');
  lisi = await signIn(t.app, 'lisi', 'Passw0rd');
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  const rows = await t.db.db.selectFrom('users').select(['id', 'name']).execute();
  userIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  project = json<Array<{ _id: string }>>(await call('GET', 'projects', zhangsan))[0]!._id;
  enterprise = json<Array<{ _id: string }>>(await call('GET', 'enterprises', demo))[0]!._id;
});
afterAll(() => t.close());

describe('POST users/{id}/trialPlan', () => {
  it('creates a trial enterprise and project with the user as admin of both, once', async () => {
    const response = await call('POST', `users/${userIds.lisi}/trialPlan`, lisi, {});
    expect(response.statusCode).toBe(200);
    const { enterprise: e, project: p } = json<{
      enterprise: Record<string, unknown>;
      project: Record<string, unknown>;
    }>(response);
    expect(e).toMatchObject({ name: '李四的试用企业', isTrial: true, accountCapacity: 10, projectLimit: 1 });
    expect(p).toMatchObject({ name: '李四的试用项目', isTrial: true, enterpriseId: e._id, circleId: null });
    const members = await t.db.db
      .selectFrom('members')
      .select(['scope_type', 'role'])
      .where('user_id', '=', userIds.lisi!)
      .orderBy('scope_type')
      .execute();
    expect(members).toEqual([
      { scope_type: 'enterprise', role: 'admin' },
      { scope_type: 'project', role: 'admin' },
    ]);
    expect(json(await call('GET', `projects/${p._id}/settings/board`, lisi)).value).not.toBeNull();
    const again = await call('POST', `users/${userIds.lisi}/trialPlan`, lisi);
    expect(again.statusCode).toBe(409);
    expect(json(again).key).toBe('org.trialExists');
    const enterprises = await t.db.db
      .selectFrom('enterprises')
      .select('id')
      .where('is_trial', '=', 1)
      .execute();
    expect(enterprises).toHaveLength(1);
  });

  it('creates the enterprise alone with project false; a project without enterprise is 400', async () => {
    expect(
      (await call('POST', `users/${userIds.zhangsan}/trialPlan`, zhangsan, { enterprise: false })).statusCode,
    ).toBe(400);
    const response = await call('POST', `users/${userIds.zhangsan}/trialPlan`, zhangsan, { project: false });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ enterprise: { name: '张三的试用企业' }, project: null });
    expect(
      (await call('POST', `users/${userIds.zhangsan}/trialPlan`, zhangsan, { bogus: true })).statusCode,
    ).toBe(400);
  });

  it('answers 404 for another user id and 401 without a session', async () => {
    const before = await t.db.db.selectFrom('enterprises').select('id').execute();
    expect((await call('POST', `users/${userIds.lisi}/trialPlan`, demo)).statusCode).toBe(404);
    expect((await call('POST', `users/${userIds.demo}/trialPlan`, admin)).statusCode).toBe(404);
    expect((await call('POST', `users/${userIds.demo}/trialPlan`, null)).statusCode).toBe(401);
    expect(await t.db.db.selectFrom('enterprises').select('id').execute()).toEqual(before);
  });
});

describe('projects/{id}/settings/{key}', () => {
  it('lets project admins write and members read', async () => {
    const put = await call('PUT', `projects/${project}/settings/board`, demo, {
      value: { sections: ['todo'] },
    });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toEqual({ value: { sections: ['todo'] } });
    expect(json(await call('GET', `projects/${project}/settings/board`, zhangsan))).toEqual({
      value: { sections: ['todo'] },
    });
    expect(json(await call('GET', `projects/${project}/settings/never-set`, zhangsan))).toEqual({
      value: null,
    });
    const member = await call('PUT', `projects/${project}/settings/board`, zhangsan, { value: 1 });
    expect(member.statusCode).toBe(403);
    expect((await call('PUT', `projects/${project}/settings/board`, lisi, { value: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `projects/${project}/settings/board`, lisi)).statusCode).toBe(404);
    expect(json(await call('GET', `projects/${project}/settings/board`, demo))).toEqual({
      value: { sections: ['todo'] },
    });
  });

  it('applies the key rule and the 16 KB limit', async () => {
    expect((await call('PUT', `projects/${project}/settings/bad key!`, demo, { value: 1 })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', `projects/${project}/settings/__proto__`, demo, { value: 1 })).statusCode).toBe(
      400,
    );
    const big = await call('PUT', `projects/${project}/settings/big`, demo, { value: 'x'.repeat(17 * 1024) });
    expect(big.statusCode).toBe(413);
    expect((await call('PUT', `projects/${project}/settings/x`, demo, {})).statusCode).toBe(400);
    expect((await call('PUT', `projects/${project}/settings/x`, demo, { value: null })).statusCode).toBe(200);
  });
});

describe('GET admin/enterprises', () => {
  it('lists every enterprise for system administrators, with the isTrial filter and only_count', async () => {
    const all = json<Array<{ name: string; isTrial: boolean }>>(
      await call('GET', 'admin/enterprises', admin),
    );
    expect(all.map((e) => e.name)).toEqual(
      expect.arrayContaining(['示范建设集团', '李四的试用企业', '张三的试用企业']),
    );
    const paid = json<Array<{ name: string; isTrial: boolean }>>(
      await call('GET', 'admin/enterprises?isTrial=false', admin),
    );
    expect(paid.map((e) => e.name)).toEqual(['示范建设集团']);
    const trial = json<Array<{ isTrial: boolean }>>(
      await call('GET', 'admin/enterprises?isTrial=true', admin),
    );
    expect(trial).toHaveLength(2);
    expect(trial.every((e) => e.isTrial)).toBe(true);
    for (const filter of ['', '&isTrial=false', '&isTrial=true']) {
      const count = json<{ count: number }>(
        await call('GET', `admin/enterprises?only_count=true${filter}`, admin),
      );
      const list = json<unknown[]>(await call('GET', `admin/enterprises?limit=200${filter}`, admin));
      expect(count.count, filter).toBe(list.length);
    }
    const where = encodeURIComponent(JSON.stringify({ name: { $regex: '李四' } }));
    expect(json<unknown[]>(await call('GET', `admin/enterprises?where=${where}`, admin))).toHaveLength(1);
    expect(
      json<unknown[]>(await call('GET', 'admin/enterprises?skip=1&limit=1&order=name', admin)),
    ).toHaveLength(1);
    expect((await call('GET', 'admin/enterprises?isTrial=maybe', admin)).statusCode).toBe(400);
  });

  it('refuses everybody else', async () => {
    expect((await call('GET', 'admin/enterprises', demo)).statusCode).toBe(403);
    expect((await call('GET', 'admin/enterprises', null)).statusCode).toBe(401);
  });
});

describe('access.ts', () => {
  it('answers the effective role: own membership, or admin through an enclosing scope', async () => {
    const access = createOrgAccess(t.db.db);
    expect(await access.memberRole(userIds.zhangsan!, { type: 'project', id: project })).toBe('member');
    expect(await access.memberRole(userIds.demo!, { type: 'project', id: project })).toBe('admin');
    expect(await access.memberRole(userIds.zhangsan!, { type: 'enterprise', id: enterprise })).toBeNull();
    expect(await access.memberRole(userIds.lisi!, { type: 'project', id: project })).toBeNull();
    expect(await access.memberRole(userIds.demo!, { type: 'project', id: 'f'.repeat(24) })).toBeNull();
    // An enterprise admin administers a project they are no member of.
    const created = json<{ _id: string }>(
      await call('POST', 'projects', demo, { name: '四期', enterpriseId: enterprise }),
    );
    await t.db.db.deleteFrom('members').where('scope_id', '=', created._id).execute();
    expect(await access.memberRole(userIds.demo!, { type: 'project', id: created._id })).toBe('admin');
    expect((await call('PUT', `projects/${created._id}`, demo, { status: 'postponed' })).statusCode).toBe(
      200,
    );
  });
});

describe('seed with DEMO=0', () => {
  it('creates no organisation', async () => {
    const bare = await buildTestApp({ env: { DEMO: '0' } });
    try {
      for (const table of ['enterprises', 'circles', 'projects', 'members'] as const) {
        expect(await bare.db.db.selectFrom(table).select('id').execute(), table).toEqual([]);
      }
    } finally {
      await bare.close();
    }
  });
});
