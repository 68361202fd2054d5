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

/** Accepts every invitation waiting for the signed-in user; answers the members made. */
async function acceptMine(cookie: string): Promise<MemberJson[]> {
  const mine = json<Array<{ _id: string }>>(await call('GET', 'membership-invitations', cookie));
  const members: MemberJson[] = [];
  for (const invitation of mine) {
    const accepted = await call('POST', `membership-invitations/${invitation._id}/accept`, cookie, {});
    if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
    members.push(json<MemberJson>(accepted));
  }
  return members;
}
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
  // One after the other: parallel sign-ins from one address count as attempts until each succeeds.
  demo = await signIn(t.app);
  zhangsan = await signIn(t.app, 'zhangsan');
  lisi = await signIn(t.app, 'lisi', 'Passw0rd');
  wangwu = await signIn(t.app, 'wangwu', 'Passw0rd');
  zhao = await signIn(t.app, 'zhaoliu', 'Passw0rd');
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
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
  it('adds someone of the enterprise at once, invites anyone else; the invitee accepting makes the member', async () => {
    const byPhone = await call('POST', `projects/${ids.project}/members`, demo, {
      phoneNumber: '13900000002',
      remark: '现场',
      vip: true,
      category: 'construction',
    });
    expect(byPhone.statusCode).toBe(200);
    // Not in the enterprise: an invitation showing only what was typed; no member yet.
    expect(json(byPhone)).toMatchObject({
      status: 'pending',
      scopeType: 'project',
      invitedAs: { kind: 'phone', value: '13900000002' },
      remark: '现场',
    });
    expect(json(byPhone)).not.toHaveProperty('userId');
    expect(await memberOf(ids.project, userIds.zhaoliu)).toBeUndefined();
    const accepted = await acceptMine(zhao);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({
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
    expect(accepted[0]!.templateId).toBe(defaultTemplate.id);
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
    expect(json(byName)).toMatchObject({ status: 'pending', invitedAs: { kind: 'name', value: 'sunqi' } });
    const sunqi = await signIn(t.app, 'sunqi', 'Passw0rd');
    expect((await acceptMine(sunqi))[0]).toMatchObject({
      userId: userIds.sunqi,
      scopeType: 'circle',
      templateId: null,
    });
    // Now of the enterprise: added at once, the member answered.
    const byId = await call('POST', `enterprises/${ids.enterprise}/members`, demo, { userId: userIds.sunqi });
    expect(json(byId)).toMatchObject({ userId: userIds.sunqi, scopeType: 'enterprise' });

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
    expect(await acceptMine(wangwu)).toHaveLength(1);
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
    // Back in for the rest of the suite: no longer of the enterprise, he is invited and accepts.
    expect(
      (await call('POST', `projects/${ids.project}/members`, demo, { userId: userIds.zhangsan })).statusCode,
    ).toBe(200);
    expect(await acceptMine(zhangsan)).toHaveLength(1);
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

describe('consent (issue 14): adding someone outside the enterprise is an invitation they answer', () => {
  let mallory: string; // registers, makes an enterprise and a project: their admin
  let mallorys: { enterprise: string; project: string };
  let victim: string;
  let victimId: string;
  const victimPhone = '13900000009';
  const path = () => `projects/${mallorys.project}/members`;
  type InvitationJson = { _id: string; status: string; invitedAs: { value: string } } & Record<
    string,
    unknown
  >;

  beforeAll(async () => {
    const users = createUserService({ db: t.db.db, clock: t.clock });
    for (const [name, phoneNumber, email] of [
      ['mallory', null, ''],
      ['victim', victimPhone, 'victim@example.com'],
    ] as const) {
      const row = await users.createUser({ name, password: 'Passw0rd', phoneNumber, email });
      if (name === 'victim') victimId = row.id;
    }
    mallory = await signIn(t.app, 'mallory', 'Passw0rd');
    victim = await signIn(t.app, 'victim', 'Passw0rd');
    const e = json<{ _id: string }>(await call('POST', 'enterprises', mallory, { name: '某某公司' }));
    const p = json<{ _id: string }>(
      await call('POST', 'projects', mallory, { name: '某某项目', enterpriseId: e._id }),
    );
    mallorys = { enterprise: e._id, project: p._id };
  });

  const victimSeenBy = async (cookie: string) =>
    list(await call('GET', `${path()}?expand=true`, cookie)).find((m) => m.userId === victimId);

  it('the attacker adds a stranger by phone: pending, no member, no phone, no email, not even by a search', async () => {
    const added = await call('POST', path(), mallory, { phoneNumber: victimPhone });
    expect(added.statusCode).toBe(200);
    const invitation = json<InvitationJson>(added);
    expect(invitation).toMatchObject({ status: 'pending', invitedAs: { kind: 'phone', value: victimPhone } });
    expect(JSON.stringify(invitation)).not.toContain('victim');
    expect(await victimSeenBy(mallory)).toBeUndefined();
    const search = `${path()}?expand=true&${where({ email: { $regex: 'victim' } })}`;
    expect(list(await call('GET', search, mallory))).toEqual([]);
    // The admin's pending list shows only what was typed, never whom it matched.
    const pending = json<InvitationJson[]>(
      await call('GET', `projects/${mallorys.project}/membership-invitations`, mallory),
    );
    expect(pending.map((row) => [row.status, row.invitedAs.value])).toEqual([['pending', victimPhone]]);
    expect(JSON.stringify(pending)).not.toContain(victimId);
    // Invited the same way again: 409, also when ten requests race (exactly one invitation exists).
    const again = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', path(), mallory, { phoneNumber: victimPhone })),
    );
    expect(new Set(again.map((r) => `${r.statusCode} ${json(r).key}`))).toEqual(
      new Set(['409 org.invitationPending']),
    );
    // The victim is told: a notification and a to-do leading to the invitation page.
    const todos = await t.app.inject({
      method: 'GET',
      url: '/api/v1/base-service/todos',
      headers: { cookie: victim },
    });
    expect(json<Array<{ module: string; link: string }>>(todos)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          module: 'memberManagement',
          link: `/e/member-invite?invitation=${invitation._id}`,
        }),
      ]),
    );
    // Somebody else cannot accept it (its id tells nothing): 404; the stranger list stays empty.
    const foreign = await call('POST', `membership-invitations/${invitation._id}/accept`, wangwu, {});
    expect([foreign.statusCode, json(foreign).key]).toEqual([404, 'org.invitationNotFound']);
    expect(json(await call('GET', 'membership-invitations', wangwu))).toEqual([]);
    // The victim declines: nothing changes for the attacker, who may not read anything more.
    const mine = json<Array<{ _id: string; scopeName: string; enterpriseName: string }>>(
      await call('GET', 'membership-invitations', victim),
    );
    expect(mine).toEqual([
      expect.objectContaining({ _id: invitation._id, scopeName: '某某项目', enterpriseName: '某某公司' }),
    ]);
    const declined = await call('POST', `membership-invitations/${invitation._id}/decline`, victim, {});
    expect(declined.statusCode).toBe(200);
    const late = await call('POST', `membership-invitations/${invitation._id}/accept`, victim, {});
    expect([late.statusCode, json(late).key]).toEqual([409, 'org.invitationHandled']);
    expect(await victimSeenBy(mallory)).toBeUndefined();
    expect(json(await call('GET', `projects/${mallorys.project}/membership-invitations`, mallory))).toEqual(
      [],
    );
  });

  it('accepting makes the member (one of two racing answers wins); then the admin sees what a member shares', async () => {
    const invitation = json<InvitationJson>(
      await call('POST', path(), mallory, { name: 'victim', remark: '甲方' }),
    );
    const answers = await Promise.all([
      call('POST', `membership-invitations/${invitation._id}/accept`, victim, {}),
      call('POST', `membership-invitations/${invitation._id}/accept`, victim, {}),
      call('DELETE', `membership-invitations/${invitation._id}`, mallory),
    ]);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const member = await memberOf(mallorys.project, victimId);
    if (statuses[2] === 200) {
      expect(member).toBeUndefined();
    } else {
      expect(member?.remark).toBe('甲方');
      expect((await victimSeenBy(mallory))?.user?.phoneNumber).toBe(victimPhone);
    }
  });

  it('an administrator cancels a pending invitation; others may not', async () => {
    const invitation = json<InvitationJson>(await call('POST', path(), mallory, { name: 'wangwu' }));
    expect((await call('DELETE', `membership-invitations/${invitation._id}`, wangwu)).statusCode).toBe(404);
    expect((await call('DELETE', `membership-invitations/${invitation._id}`, demo)).statusCode).toBe(404);
    expect((await call('DELETE', `membership-invitations/${invitation._id}`, mallory)).statusCode).toBe(200);
    expect(json(await call('GET', 'membership-invitations', wangwu))).toEqual([]);
    const late = await call('POST', `membership-invitations/${invitation._id}/accept`, wangwu, {});
    expect([late.statusCode, json(late).key]).toEqual([409, 'org.invitationHandled']);
    expect(await memberOf(mallorys.project, userIds.wangwu)).toBeUndefined();
  });

  it('answers the same for a registered and an unknown phone or account (no enumeration)', async () => {
    const shape = (response: LightMyRequestResponse) => {
      const { _id, createdAt, invitedAs, ...rest } = json<Record<string, unknown>>(response);
      return {
        statusCode: response.statusCode,
        keys: Object.keys(json(response)).sort(),
        rest,
        _id,
        createdAt,
        invitedAs,
      };
    };
    const pairs: Array<[Record<string, string>, Record<string, string>]> = [
      [{ phoneNumber: '13900000003' }, { phoneNumber: '13911112222' }],
      [{ name: 'zhangsan' }, { name: 'nobody-such' }],
      [{ userId: userIds.lisi }, { userId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }],
    ];
    for (const [known, unknown] of pairs) {
      const a = shape(await call('POST', path(), mallory, known));
      const b = shape(await call('POST', path(), mallory, unknown));
      expect(a.statusCode, JSON.stringify(known)).toBe(200);
      expect([b.statusCode, b.keys, b.rest]).toEqual([a.statusCode, a.keys, a.rest]);
    }
    // Nobody of them became a member, and nobody's data is in the pending list.
    expect(list(await call('GET', `${path()}?expand=true`, mallory)).map((m) => m.user?.name)).not.toContain(
      'zhangsan',
    );
  });

  it('the system administrator is never made a member by someone else: always an invitation', async () => {
    const adminId = (
      await t.db.db.selectFrom('users').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    for (const body of [{ name: 'admin' }, { userId: adminId }]) {
      const added = await call('POST', path(), mallory, body);
      expect(json(added)).toMatchObject({ status: 'pending' });
    }
    expect(await memberOf(mallorys.project, adminId)).toBeUndefined();
    // Even once they joined the enterprise by their own act, another project of it only invites them.
    const toEnterprise = json<{ _id: string }>(
      await call('POST', `enterprises/${mallorys.enterprise}/members`, mallory, { userId: adminId }),
    );
    expect(
      (await call('POST', `membership-invitations/${toEnterprise._id}/accept`, admin, {})).statusCode,
    ).toBe(200);
    const second = json<{ _id: string }>(
      await call('POST', 'projects', mallory, { name: '某某二期', enterpriseId: mallorys.enterprise }),
    );
    const added = await call('POST', `projects/${second._id}/members`, mallory, { userId: adminId });
    expect(json(added)).toMatchObject({ status: 'pending' });
    expect(await memberOf(second._id, adminId)).toBeUndefined();
  });
});

describe('the addressBook permission (issue 14): none hides the phones and emails of others', () => {
  it('a member whose template sets the address book to none sees names, never phones or emails; admins and self keep theirs', async () => {
    const created = await call('POST', `projects/${ids.project}/templates`, demo, {
      name: '无通讯录',
      grants: { addressBook: { view: 'none' } },
    });
    expect(created.statusCode).toBe(200);
    const templateId = json<{ _id: string }>(created)._id;
    // zhaoliu (phone 13900000002, removed above) joins again; zhangsan gets the template.
    await call('POST', `projects/${ids.project}/members`, demo, { userId: userIds.zhaoliu });
    await acceptMine(zhao);
    await t.db.db
      .updateTable('users')
      .set({ email: 'zhao@example.com' })
      .where('id', '=', userIds.zhaoliu)
      .execute();
    const zhangsanMember = await memberOf(ids.project, userIds.zhangsan);
    expect((await call('PUT', `members/${zhangsanMember!.id}`, demo, { templateId })).statusCode).toBe(200);

    const rows = list(await call('GET', `projects/${ids.project}/members?expand=true`, zhangsan));
    const zhaoRow = rows.find((m) => m.userId === userIds.zhaoliu);
    expect(zhaoRow?.user).toMatchObject({ name: 'zhaoliu', phoneNumber: '', email: '' });
    expect(rows.every((m) => m.userId === userIds.zhangsan || m.user?.phoneNumber === '')).toBe(true);
    // Searches (member pickers) cannot reveal them either.
    for (const w of [{ phoneNumber: { $regex: '1390' } }, { email: { $regex: 'zhao@' } }]) {
      const found = list(
        await call('GET', `projects/${ids.project}/members?expand=true&${where(w)}`, zhangsan),
      );
      expect(found, JSON.stringify(w)).toEqual([]);
      const count = json(
        await call('GET', `projects/${ids.project}/members?only_count=true&${where(w)}`, zhangsan),
      );
      expect(count).toEqual({ count: 0 });
    }
    // The admin keeps what admins see; zhaoliu (default template) sees it too.
    const byAdmin = list(await call('GET', `projects/${ids.project}/members?expand=true`, demo));
    expect(byAdmin.find((m) => m.userId === userIds.zhaoliu)?.user).toMatchObject({
      phoneNumber: '13900000002',
      email: 'zhao@example.com',
    });
    const byZhao = list(await call('GET', `projects/${ids.project}/members?expand=true`, zhao));
    expect(byZhao.find((m) => m.userId === userIds.zhaoliu)?.user?.phoneNumber).toBe('13900000002');
    // Back to the default template: zhangsan sees the phone again.
    await call('PUT', `members/${zhangsanMember!.id}`, demo, { templateId: null });
    const again = list(await call('GET', `projects/${ids.project}/members?expand=true`, zhangsan));
    expect(again.find((m) => m.userId === userIds.zhaoliu)?.user?.phoneNumber).toBe('13900000002');
  });
});
