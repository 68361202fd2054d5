import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../../test/helper';
import { createUserService } from '../../account/user.service';

let t: TestApp;
let demo: string; // demo enterprise admin + project admin
let zhangsan: string; // demo project member
let lisi: string; // another tenant's admin
let wangwu: string; // nobody
let zhao: string; // a user with a phone, added below
let admin: string; // system administrator
let ids: { enterprise: string; circle: string; project: string };
let other: { enterprise: string; project: string };
const userIds = {} as Record<'demo' | 'zhangsan' | 'lisi' | 'wangwu' | 'zhaoliu' | 'sunqi', string>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, path: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${ACCOUNT}/${path}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json() as T;
type MemberJson = {
  _id: string;
  userId: string;
  role: string;
  edit4D: boolean;
  phoneSecret: boolean;
  templateId: string | null;
  department: string;
  user?: { name: string; phoneNumber: string; nickName: string };
};
const list = (response: LightMyRequestResponse) => json<MemberJson[]>(response);
const where = (w: unknown) => `where=${encodeURIComponent(JSON.stringify(w))}`;

async function memberOf(scopeId: string, userId: string) {
  return t.db.db
    .selectFrom('members')
    .selectAll()
    .where('scope_id', '=', scopeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

beforeAll(async () => {
  t = await buildTestApp();
  const users = createUserService({ db: t.db.db, clock: t.clock });
  for (const [name, nickName, phoneNumber] of [
    ['lisi', '李四', null],
    ['wangwu', '王五', null],
    ['zhaoliu', '赵六', '13900000002'],
    ['sunqi', '孙七', '13900000003'],
  ] as const) {
    const row = await users.createUser({ name, nickName, password: 'Passw0rd', phoneNumber });
    userIds[name] = row.id;
  }
  [demo, zhangsan, lisi, wangwu, zhao, admin] = await Promise.all([
    signIn(t.app),
    signIn(t.app, 'zhangsan'),
    signIn(t.app, 'lisi', 'Passw0rd'),
    signIn(t.app, 'wangwu', 'Passw0rd'),
    signIn(t.app, 'zhaoliu', 'Passw0rd'),
    signIn(t.app, 'admin', TEST_ADMIN_PASSWORD),
  ]);
  for (const name of ['demo', 'zhangsan'] as const) {
    const row = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    userIds[name] = row.id;
  }
  const [enterprise] = json<Array<{ _id: string }>>(await call('GET', 'enterprises', demo));
  const [circle] = json<Array<{ _id: string }>>(await call('GET', 'circles', demo));
  const [project] = json<Array<{ _id: string }>>(await call('GET', 'projects', demo));
  ids = { enterprise: enterprise!._id, circle: circle!._id, project: project!._id };
  const e = json<{ _id: string }>(await call('POST', 'enterprises', lisi, { name: '李四建设' }));
  const p = json<{ _id: string }>(
    await call('POST', 'projects', lisi, { name: '李四项目', enterpriseId: e._id }),
  );
  other = { enterprise: e._id, project: p._id };
});
afterAll(() => t.close());

describe('rights on the member routes', () => {
  it('anonymous 401, non-member 404, member without admin 403, admin 2xx', async () => {
    const path = `projects/${ids.project}/members`;
    const [zhangsanMember] = list(await call('GET', `${path}?${where({ userId: userIds.zhangsan })}`, demo));
    const cases: Array<[Method, string, unknown]> = [
      ['GET', path, undefined],
      ['POST', path, { userId: userIds.wangwu }],
      ['PUT', `members/${zhangsanMember!._id}`, { remark: 'x' }],
      ['DELETE', `members/${zhangsanMember!._id}`, undefined],
      ['GET', `enterprises/${ids.enterprise}/members/projects`, undefined],
    ];
    for (const [method, url, body] of cases) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, wangwu, body)).statusCode, `${method} ${url} nobody`).toBe(404);
    }
    // zhangsan reads the project's members but may change nothing; the enterprise is not his.
    expect((await call('GET', path, zhangsan)).statusCode).toBe(200);
    expect((await call('POST', path, zhangsan, { userId: userIds.wangwu })).statusCode).toBe(403);
    expect((await call('PUT', `members/${zhangsanMember!._id}`, zhangsan, { remark: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `members/${zhangsanMember!._id}`, zhangsan)).statusCode).toBe(403);
    expect((await call('GET', `enterprises/${ids.enterprise}/members/projects`, zhangsan)).statusCode).toBe(
      404,
    );
    // A system administrator reads but changes nothing.
    expect((await call('GET', path, admin)).statusCode).toBe(200);
    expect((await call('POST', path, admin, { userId: userIds.wangwu })).statusCode).toBe(403);
    expect((await memberOf(ids.project, userIds.zhangsan))?.remark).toBe('');
  });

  it('lists the members of every level; the enterprise admin reads a circle through the enterprise', async () => {
    expect(list(await call('GET', `enterprises/${ids.enterprise}/members`, demo)).map((m) => m.role)).toEqual(
      ['admin'],
    );
    expect(list(await call('GET', `circles/${ids.circle}/members`, demo))).toEqual([]);
    const project = list(await call('GET', `projects/${ids.project}/members?expand=true`, demo));
    expect(project.map((m) => m.user?.name)).toEqual(['demo', 'zhangsan']);
    expect(project[0]).toMatchObject({
      role: 'admin',
      edit4D: true,
      scopeType: 'project',
      scopeId: ids.project,
    });
  });
});

describe('POST …/members', () => {
  it('adds by userId, account name or phone; 404 for an unknown user, 409 for a member', async () => {
    const byPhone = await call('POST', `projects/${ids.project}/members`, demo, {
      phoneNumber: '13900000002',
      remark: '现场',
      vip: true,
      category: 'construction',
    });
    expect(byPhone.statusCode).toBe(200);
    expect(json(byPhone)).toMatchObject({
      userId: userIds.zhaoliu,
      role: 'member',
      remark: '现场',
      vip: true,
      category: 'construction',
      enterpriseId: ids.enterprise,
    });
    // A project member gets the project's default template unless one of its templates is given.
    const defaultTemplate = await t.db.db
      .selectFrom('permission_templates')
      .select('id')
      .where('project_id', '=', ids.project)
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow();
    expect(json(byPhone).templateId).toBe(defaultTemplate.id);
    const foreignTemplate = await t.db.db
      .selectFrom('permission_templates')
      .select('id')
      .where('project_id', '=', other.project)
      .executeTakeFirstOrThrow();
    const foreign = await call('POST', `projects/${ids.project}/members`, demo, {
      userId: userIds.wangwu,
      templateId: foreignTemplate.id,
    });
    expect([foreign.statusCode, json(foreign).key]).toEqual([404, 'org.templateNotFound']);
    expect(await memberOf(ids.project, userIds.wangwu)).toBeUndefined();
    const byName = await call('POST', `circles/${ids.circle}/members`, demo, { name: 'sunqi' });
    expect(json(byName)).toMatchObject({ userId: userIds.sunqi, scopeType: 'circle', templateId: null });
    const byId = await call('POST', `enterprises/${ids.enterprise}/members`, demo, { userId: userIds.sunqi });
    expect(json(byId)).toMatchObject({ userId: userIds.sunqi, scopeType: 'enterprise' });

    const unknown = await call('POST', `projects/${ids.project}/members`, demo, {
      phoneNumber: '13999999999',
    });
    expect([unknown.statusCode, json(unknown).key]).toEqual([404, 'org.userNotFound']);
    const again = await call('POST', `projects/${ids.project}/members`, demo, { userId: userIds.zhangsan });
    expect([again.statusCode, json(again).key]).toEqual([409, 'org.memberExists']);
    expect(json(again).message).toBe('该成员已存在');
    const en = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/projects/${ids.project}/members`,
      headers: { cookie: demo, 'accept-language': 'en-US' },
      payload: { userId: userIds.zhangsan },
    });
    expect(json(en).message).toBe('This member already existed');
  });

  it('refuses bad payloads: none or two identities, unknown fields, a long remark', async () => {
    const path = `projects/${ids.project}/members`;
    for (const body of [
      {},
      { userId: userIds.wangwu, name: 'wangwu' },
      { userId: userIds.wangwu, role: 'admin' },
      { userId: userIds.wangwu, remark: 'x'.repeat(151) },
      { userId: userIds.wangwu, department: 'not-an-id' },
    ]) {
      expect((await call('POST', path, demo, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await memberOf(ids.project, userIds.wangwu)).toBeUndefined();
  });

  it('another tenant: its scope, a template or a department of another scope answer 404; nothing is added', async () => {
    expect(
      (await call('POST', `projects/${other.project}/members`, demo, { userId: userIds.wangwu })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `enterprises/${other.enterprise}/members`, demo, { userId: userIds.wangwu }))
        .statusCode,
    ).toBe(404);
    const structure = json<{ _id: string }>(
      await call('POST', `projects/${other.project}/structures`, lisi, { name: '李四部' }),
    );
    const foreignDept = await call('POST', `projects/${ids.project}/members`, demo, {
      userId: userIds.wangwu,
      department: structure._id,
    });
    expect([foreignDept.statusCode, json(foreignDept).key]).toEqual([404, 'org.structureNotFound']);
    const templateOnEnterprise = await call('POST', `enterprises/${ids.enterprise}/members`, demo, {
      userId: userIds.wangwu,
      templateId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect([templateOnEnterprise.statusCode, json(templateOnEnterprise).key]).toEqual([
      404,
      'org.templateNotFound',
    ]);
    expect(await memberOf(ids.project, userIds.wangwu)).toBeUndefined();
    expect(await memberOf(other.project, userIds.wangwu)).toBeUndefined();
    expect(await memberOf(ids.enterprise, userIds.wangwu)).toBeUndefined();
  });

  it('enforces the enterprise account capacity for users it does not count yet', async () => {
    await t.db.db
      .updateTable('enterprises')
      .set({ account_capacity: 2 })
      .where('id', '=', other.enterprise)
      .execute();
    const first = await call('POST', `projects/${other.project}/members`, lisi, { userId: userIds.wangwu });
    expect(first.statusCode).toBe(200);
    const full = await call('POST', `projects/${other.project}/members`, lisi, { userId: userIds.sunqi });
    expect([full.statusCode, json(full).key]).toEqual([400, 'org.accountLimitReached']);
    expect(await memberOf(other.project, userIds.sunqi)).toBeUndefined();
    // wangwu is counted already: he may join the enterprise itself too.
    const counted = await call('POST', `enterprises/${other.enterprise}/members`, lisi, {
      userId: userIds.wangwu,
    });
    expect(counted.statusCode).toBe(200);
    await t.db.db
      .updateTable('enterprises')
      .set({ account_capacity: null })
      .where('id', '=', other.enterprise)
      .execute();
  });
});

describe('GET …/members: expand, phone secrecy, filters', () => {
  it('hides the phone of a member with phone secrecy from other members, not from admins or the member', async () => {
    const zhaoMember = await memberOf(ids.project, userIds.zhaoliu);
    const put = await call('PUT', `members/${zhaoMember!.id}`, demo, { phoneSecret: true });
    expect(json(put)).toMatchObject({ phoneSecret: true });
    // zhangsan's and demo's phones are visible (demo has one, zhangsan none).
    const phoneOf = async (cookie: string) =>
      list(await call('GET', `projects/${ids.project}/members?expand=true`, cookie)).find(
        (m) => m.userId === userIds.zhaoliu,
      )?.user?.phoneNumber;
    expect(await phoneOf(zhangsan)).toBe('');
    expect(await phoneOf(demo)).toBe('13900000002');
    expect(await phoneOf(zhao)).toBe('13900000002');
    // A keyword search over the phone cannot reveal it either.
    const search = `projects/${ids.project}/members?expand=true&${where({ phoneNumber: { $regex: '0000002' } })}`;
    expect(list(await call('GET', search, zhangsan))).toEqual([]);
    expect(list(await call('GET', search, demo)).map((m) => m.user?.name)).toEqual(['zhaoliu']);
    // The same keyword over name / nickName / phone.
    const keyword = (k: string) =>
      where({
        $or: [{ name: { $regex: k } }, { nickName: { $regex: k } }, { phoneNumber: { $regex: k } }],
      });
    expect(
      list(await call('GET', `projects/${ids.project}/members?expand=true&${keyword('赵')}`, zhangsan)).map(
        (m) => m.user?.name,
      ),
    ).toEqual(['zhaoliu']);
    // Not expanded: no user at all.
    expect(list(await call('GET', `projects/${ids.project}/members`, zhangsan))[0]?.user).toBeUndefined();
  });

  it('filters edit4D, counts, pages and orders; refuses an unknown where field or query parameter', async () => {
    const base = `projects/${ids.project}/members`;
    expect(list(await call('GET', `${base}?edit4D=true`, demo)).map((m) => m.userId)).toEqual([userIds.demo]);
    expect(
      list(await call('GET', `${base}?edit4D=false`, demo))
        .map((m) => m.userId)
        .sort(),
    ).toEqual([userIds.zhangsan, userIds.zhaoliu].sort());
    expect(json(await call('GET', `${base}?only_count=true`, demo))).toEqual({ count: 3 });
    expect(json(await call('GET', `${base}?only_count=true&edit4D=true`, demo))).toEqual({ count: 1 });
    expect(json(await call('GET', `${base}?only_count=true&${where({ vip: true })}`, demo))).toEqual({
      count: 1,
    });
    expect(
      list(await call('GET', `${base}?order=-name&limit=1&skip=1&expand=true`, demo))[0]?.user?.name,
    ).toBe('zhangsan');
    expect((await call('GET', `${base}?${where({ password_hash: 'x' })}`, demo)).statusCode).toBe(400);
    expect((await call('GET', `${base}?order=password`, demo)).statusCode).toBe(400);
    expect((await call('GET', `${base}?foo=1`, demo)).statusCode).toBe(400);
  });
});

describe('PUT members/{id}', () => {
  it('changes the member fields; strict body; edit4D only on project members', async () => {
    const member = await memberOf(ids.project, userIds.zhangsan);
    // 4D rules (spec 001 §5): none available → refused; with an allowance it is granted and timed.
    // The allowance is used up by demo, the one 4D editor so far.
    await t.db.db
      .updateTable('enterprises')
      .set({ edit4d_total: 1 })
      .where('id', '=', ids.enterprise)
      .execute();
    const none = await call('PUT', `members/${member!.id}`, demo, { edit4D: true });
    expect([none.statusCode, json(none).key]).toEqual([400, 'permissions.edit4dNoneAvailable']);
    await t.db.db
      .updateTable('enterprises')
      .set({ edit4d_total: 5 })
      .where('id', '=', ids.enterprise)
      .execute();
    const dept = json<{ _id: string }>(
      await call('POST', `projects/${ids.project}/structures`, demo, { name: '工程部' }),
    );
    const put = await call('PUT', `members/${member!.id}`, demo, {
      department: dept._id,
      remark: '备注',
      vip: true,
      order: 5,
      businessShielding: true,
      category: 'design',
      edit4D: true,
    });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toMatchObject({
      department: dept._id,
      remark: '备注',
      vip: true,
      order: 5,
      businessShielding: true,
      category: 'design',
      edit4D: true,
    });
    expect((await memberOf(ids.project, userIds.zhangsan))?.edit_4d_at).toEqual(expect.any(String));
    expect((await call('PUT', `members/${member!.id}`, demo, { role: 'admin' })).statusCode).toBe(400);
    expect((await call('PUT', `members/${member!.id}`, demo, { remark: 'x'.repeat(151) })).statusCode).toBe(
      400,
    );
    const enterpriseMember = await memberOf(ids.enterprise, userIds.sunqi);
    const edit4D = await call('PUT', `members/${enterpriseMember!.id}`, demo, { edit4D: true });
    expect([edit4D.statusCode, json(edit4D).key]).toEqual([400, 'org.edit4DProjectOnly']);
  });

  it("another tenant's member answers 404 and stays as it was", async () => {
    const foreign = await memberOf(other.project, userIds.wangwu);
    expect((await call('PUT', `members/${foreign!.id}`, demo, { remark: 'hacked' })).statusCode).toBe(404);
    expect((await call('DELETE', `members/${foreign!.id}`, demo)).statusCode).toBe(404);
    expect(await memberOf(other.project, userIds.wangwu)).toMatchObject({ remark: '' });
    expect((await call('PUT', 'members/aaaaaaaaaaaaaaaaaaaaaaaa', demo, { remark: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('admins through project info, DELETE members/{id}', () => {
  it('an admin cannot be deleted until project info removes them from the admins', async () => {
    const zhaoMember = await memberOf(ids.project, userIds.zhaoliu);
    const promote = await call('PUT', `projects/${ids.project}`, demo, {
      admins: [userIds.demo, userIds.zhaoliu],
    });
    expect(promote.statusCode).toBe(200);
    expect((await memberOf(ids.project, userIds.zhaoliu))?.role).toBe('admin');
    expect((await memberOf(ids.project, userIds.zhangsan))?.role).toBe('member');
    // zhaoliu now administers the project.
    expect((await call('GET', `projects/${ids.project}/member-requests`, zhao)).statusCode).toBe(200);
    const refused = await call('DELETE', `members/${zhaoMember!.id}`, demo);
    expect([refused.statusCode, json(refused).key]).toEqual([400, 'org.adminCannotBeDeleted']);
    // Admins must be members (404), at least one (400).
    const notMember = await call('PUT', `projects/${ids.project}`, demo, { admins: [userIds.wangwu] });
    expect([notMember.statusCode, json(notMember).key]).toEqual([404, 'org.memberNotFound']);
    expect((await call('PUT', `projects/${ids.project}`, demo, { admins: [] })).statusCode).toBe(400);
    expect((await memberOf(ids.project, userIds.demo))?.role).toBe('admin');
    // A plain member may not change the admins.
    expect(
      (await call('PUT', `projects/${ids.project}`, zhangsan, { admins: [userIds.zhangsan] })).statusCode,
    ).toBe(403);
    const demote = await call('PUT', `projects/${ids.project}`, demo, { admins: [userIds.demo] });
    expect(demote.statusCode).toBe(200);
    expect((await memberOf(ids.project, userIds.zhaoliu))?.role).toBe('member');
    expect((await call('DELETE', `members/${zhaoMember!.id}`, demo)).statusCode).toBe(200);
    expect(await memberOf(ids.project, userIds.zhaoliu)).toBeUndefined();
  });

  it('a removed member loses access on their very next request', async () => {
    expect((await call('GET', `projects/${ids.project}`, zhangsan)).statusCode).toBe(200);
    expect((await call('GET', `projects/${ids.project}/members`, zhangsan)).statusCode).toBe(200);
    const member = await memberOf(ids.project, userIds.zhangsan);
    expect((await call('DELETE', `members/${member!.id}`, demo)).statusCode).toBe(200);
    expect((await call('GET', `projects/${ids.project}`, zhangsan)).statusCode).toBe(404);
    expect((await call('GET', `projects/${ids.project}/members`, zhangsan)).statusCode).toBe(404);
    expect(json<unknown[]>(await call('GET', 'projects', zhangsan))).toEqual([]);
    expect((await call('DELETE', `members/${member!.id}`, demo)).statusCode).toBe(404);
    // Back in for the rest of the suite.
    expect(
      (await call('POST', `projects/${ids.project}/members`, demo, { userId: userIds.zhangsan })).statusCode,
    ).toBe(200);
  });
});

describe('GET enterprises/{id}/members/projects', () => {
  it("answers each enterprise member's projects in that enterprise", async () => {
    const second = json<{ _id: string }>(
      await call('POST', 'projects', demo, { name: '二期', enterpriseId: ids.enterprise }),
    );
    await call('POST', `projects/${second._id}/members`, demo, { userId: userIds.sunqi });
    const answer = json<Array<{ userId: string; projects: Array<{ _id: string; role: string }> }>>(
      await call('GET', `enterprises/${ids.enterprise}/members/projects`, demo),
    );
    const byUser = Object.fromEntries(answer.map((a) => [a.userId, a.projects.map((p) => [p._id, p.role])]));
    expect(byUser[userIds.demo]).toEqual([
      [ids.project, 'admin'],
      [second._id, 'admin'],
    ]);
    expect(byUser[userIds.sunqi]).toEqual([[second._id, 'member']]);
    expect(Object.keys(byUser).sort()).toEqual([userIds.demo, userIds.sunqi].sort());
    expect((await call('GET', `enterprises/${other.enterprise}/members/projects`, demo)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `enterprises/${ids.enterprise}/members/projects?limit=1`, demo)).json(),
    ).toHaveLength(1);
  });
});

describe('my own membership: PUT / DELETE projects/{id}/members/me', () => {
  let project: string;
  let sunqi: string;
  beforeAll(async () => {
    sunqi = await signIn(t.app, 'sunqi', 'Passw0rd');
    project = json<{ _id: string }>(
      await call('POST', 'projects', demo, { name: '自助项目', enterpriseId: ids.enterprise }),
    )._id;
    for (const userId of [userIds.sunqi, userIds.zhangsan]) {
      expect((await call('POST', `projects/${project}/members`, demo, { userId })).statusCode).toBe(200);
    }
  });
  const me = () => `projects/${project}/members/me`;
  const phoneOf = async (cookie: string) =>
    list(await call('GET', `projects/${project}/members?expand=true`, cookie)).find(
      (m) => m.userId === userIds.sunqi,
    )?.user?.phoneNumber;

  it('a member hides their own phone from the other members (not from admins) and shows it again', async () => {
    const hidden = await call('PUT', me(), sunqi, { phoneSecret: true });
    expect([hidden.statusCode, json(hidden).phoneSecret, json(hidden).userId]).toEqual([
      200,
      true,
      userIds.sunqi,
    ]);
    expect(await phoneOf(zhangsan)).toBe('');
    expect(await phoneOf(demo)).toBe('13900000003');
    expect(await phoneOf(sunqi)).toBe('13900000003');
    // Only their own row changed.
    expect((await memberOf(project, userIds.zhangsan))?.phone_secret).toBe(0);
    expect(json(await call('PUT', me(), sunqi, { phoneSecret: false })).phoneSecret).toBe(false);
    expect(await phoneOf(zhangsan)).toBe('13900000003');
  });

  it('refuses other fields, strangers and another tenant; nothing changes', async () => {
    const before = await memberOf(project, userIds.sunqi);
    const extra = await call('PUT', me(), sunqi, { phoneSecret: true, vip: true });
    expect(extra.statusCode).toBe(400);
    expect((await call('PUT', me(), sunqi, {})).statusCode).toBe(400);
    expect((await call('PUT', me(), null, { phoneSecret: true })).statusCode).toBe(401);
    expect((await call('PUT', me(), wangwu, { phoneSecret: true })).statusCode).toBe(404);
    expect((await call('PUT', me(), lisi, { phoneSecret: true })).statusCode).toBe(404);
    expect(
      (await call('PUT', `projects/${other.project}/members/me`, sunqi, { phoneSecret: true })).statusCode,
    ).toBe(404);
    expect(await memberOf(project, userIds.sunqi)).toEqual(before);
  });

  it('an administrator cannot leave until project info removes them from the admins', async () => {
    const refused = await call('DELETE', me(), demo);
    expect([refused.statusCode, json(refused).key, json(refused).message]).toEqual([
      400,
      'org.adminCannotLeave',
      '管理员不能退出项目，请先在项目信息中移除该管理员',
    ]);
    expect((await memberOf(project, userIds.demo))?.role).toBe('admin');
    // Another tenant's admin has no membership here to give up.
    expect((await call('DELETE', `projects/${project}/members/me`, lisi)).statusCode).toBe(404);
  });

  it('a member leaves: gone at once, their next request is refused, leaving twice answers 404', async () => {
    expect((await call('DELETE', me(), null)).statusCode).toBe(401);
    expect((await call('DELETE', me(), wangwu)).statusCode).toBe(404);
    expect((await call('DELETE', `projects/${other.project}/members/me`, sunqi)).statusCode).toBe(404);
    const left = await call('DELETE', me(), sunqi);
    expect([left.statusCode, left.json()]).toEqual([200, {}]);
    expect(await memberOf(project, userIds.sunqi)).toBeUndefined();
    expect((await memberOf(project, userIds.zhangsan))?.role).toBe('member');
    expect((await call('GET', `projects/${project}`, sunqi)).statusCode).toBe(404);
    expect((await call('DELETE', me(), sunqi)).statusCode).toBe(404);
  });
});
