import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, type TestApp } from '../../../../test/helper';
import { createUserService } from '../../account/user.service';
import { onMemberAdded, onMemberInvited } from './member-events';

// The notification hook: a spy here, so the tests see it called once per added member.
vi.mock('./member-events', () => ({
  onMemberAdded: vi.fn(async () => undefined),
  onMemberInvited: vi.fn(async () => undefined),
}));

let t: TestApp;
let demo: string;
let zhangsan: string;
let lisi: string;
let wangwu: string;
let sunqi: string;
let ids: { enterprise: string; project: string };
let other: { project: string };
const userIds = {} as Record<'demo' | 'lisi' | 'wangwu' | 'sunqi', string>;

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
  for (const [name, phone] of [
    ['lisi', null],
    ['wangwu', '13900000005'],
    ['sunqi', null],
  ] as const) {
    userIds[name] = (
      await users.createUser({ name, nickName: name, password: 'Passw0rd', phoneNumber: phone })
    ).id;
  }
  // One after the other: parallel sign-ins from one address count as attempts until each succeeds.
  demo = await signIn(t.app);
  zhangsan = await signIn(t.app, 'zhangsan');
  lisi = await signIn(t.app, 'lisi', 'Passw0rd');
  wangwu = await signIn(t.app, 'wangwu', 'Passw0rd');
  sunqi = await signIn(t.app, 'sunqi', 'Passw0rd');
  userIds.demo = (
    await t.db.db.selectFrom('users').select('id').where('name', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  const [enterprise] = json<Array<{ _id: string }>>(await call('GET', 'enterprises', demo));
  const [project] = json<Array<{ _id: string }>>(await call('GET', 'projects', demo));
  ids = { enterprise: enterprise!._id, project: project!._id };
  const e = json<{ _id: string }>(await call('POST', 'enterprises', lisi, { name: '李四建设' }));
  other = {
    project: json<{ _id: string }>(
      await call('POST', 'projects', lisi, { name: '李四项目', enterpriseId: e._id }),
    )._id,
  };
});
afterAll(() => t.close());

async function invite(cookie = demo, projectId = ids.project) {
  const response = await call('POST', `projects/${projectId}/invitations`, cookie);
  expect(response.statusCode).toBe(200);
  return json<{ _id: string; token: string; url: string; expiresAt: string }>(response);
}

describe('invitations', () => {
  it('admins create a link; others 401 / 404 / 403', async () => {
    const path = `projects/${ids.project}/invitations`;
    expect((await call('POST', path, null)).statusCode).toBe(401);
    expect((await call('POST', path, wangwu)).statusCode).toBe(404);
    expect((await call('POST', path, zhangsan)).statusCode).toBe(403);
    expect((await call('POST', `projects/${other.project}/invitations`, demo)).statusCode).toBe(404);
    const link = await invite();
    expect(link.url).toBe(`/e/member-invite?token=${link.token}`);
    expect(link.token.length).toBeGreaterThanOrEqual(40);
    expect(new Date(link.expiresAt).getTime() - t.clock.now().getTime()).toBe(7 * 24 * 3600 * 1000);
    // Only the hash is kept.
    const row = await t.db.db
      .selectFrom('member_invitations')
      .selectAll()
      .where('id', '=', link._id)
      .executeTakeFirst();
    expect(row?.token_hash).not.toContain(link.token);
    expect(JSON.stringify(row)).not.toContain(link.token);
  });

  it('a signed-in user reads where it leads; unknown tokens answer Failed to obtain invitation', async () => {
    const link = await invite();
    expect((await call('GET', `member-invitations/${link.token}`, null)).statusCode).toBe(401);
    const info = await call('GET', `member-invitations/${link.token}`, wangwu);
    expect(info.statusCode).toBe(200);
    expect(json(info)).toMatchObject({
      scopeType: 'project',
      scopeId: ids.project,
      scopeName: '示范项目一期',
      inviter: { _id: userIds.demo, name: 'demo' },
      isMember: false,
      pending: false,
    });
    const unknown = await call('GET', `member-invitations/${'x'.repeat(43)}`, wangwu);
    expect([unknown.statusCode, json(unknown).key, json(unknown).message]).toEqual([
      404,
      'org.invitationNotFound',
      '获取邀请失败',
    ]);
    expect((await call('GET', 'member-invitations/short', wangwu)).statusCode).toBe(400);
  });
});

describe('listing and revoking invitations', () => {
  type Listed = { _id: string; inviter: { _id: string; name: string } | null; createdAt: string };
  const list = (cookie: string, projectId = ids.project) =>
    call('GET', `projects/${projectId}/invitations`, cookie);

  it('admins list the open links with inviter and time; others 401 / 404 / 403, another tenant 404', async () => {
    const link = await invite();
    const response = await list(demo);
    expect(response.statusCode).toBe(200);
    const listed = json<Listed[]>(response);
    expect(listed[0]).toMatchObject({
      _id: link._id,
      scopeType: 'project',
      scopeId: ids.project,
      inviter: { _id: userIds.demo, name: 'demo' },
      createdAt: t.clock.now().toISOString(),
      expiresAt: link.expiresAt,
    });
    // Neither the token nor its hash is ever answered again.
    expect(response.body).not.toContain(link.token);
    expect(Object.keys(listed[0]!).sort()).toEqual(
      ['_id', 'createdAt', 'expiresAt', 'inviter', 'scopeId', 'scopeType'].sort(),
    );
    expect((await list(null as unknown as string)).statusCode).toBe(401);
    expect((await list(wangwu)).statusCode).toBe(404);
    expect((await list(zhangsan)).statusCode).toBe(403);
    expect((await list(demo, other.project)).statusCode).toBe(404);
  });

  it('a member or another tenant cannot revoke (403 / 404) and the link keeps working', async () => {
    const link = await invite();
    const before = await t.db.db.selectFrom('member_invitations').selectAll().execute();
    const unknown = await call(
      'DELETE',
      `invitations/${link._id.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}`,
      demo,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await call('DELETE', `invitations/${link._id}`, null)).statusCode).toBe(401);
    expect((await call('DELETE', `invitations/${link._id}`, zhangsan)).statusCode).toBe(403);
    expect((await call('DELETE', `invitations/${link._id}`, lisi)).statusCode).toBe(404);
    expect(await t.db.db.selectFrom('member_invitations').selectAll().execute()).toEqual(before);
    expect((await call('GET', `member-invitations/${link.token}`, wangwu)).statusCode).toBe(200);
    // lisi revokes their own tenant's links only: demo's revocation of lisi's link is refused too.
    const theirs = await invite(lisi, other.project);
    expect((await call('DELETE', `invitations/${theirs._id}`, demo)).statusCode).toBe(404);
  });

  it('a revoked link leaves the list and answers org.invitationRevoked to whoever uses it', async () => {
    const link = await invite();
    const revoked = await call('DELETE', `invitations/${link._id}`, demo);
    expect([revoked.statusCode, revoked.json()]).toEqual([200, {}]);
    expect(json<Listed[]>(await list(demo)).map((i) => i._id)).not.toContain(link._id);
    const row = await t.db.db
      .selectFrom('member_invitations')
      .selectAll()
      .where('id', '=', link._id)
      .executeTakeFirstOrThrow();
    expect([row.revoked_at, row.revoked_by]).toEqual([t.clock.now().toISOString(), userIds.demo]);

    const info = await call('GET', `member-invitations/${link.token}`, sunqi);
    expect([info.statusCode, json(info).key, json(info).message]).toEqual([
      410,
      'org.invitationRevoked',
      '该邀请链接已被管理员撤销',
    ]);
    const apply = await call('POST', `member-invitations/${link.token}/apply`, sunqi, { remark: '想加入' });
    expect([apply.statusCode, json(apply).key]).toEqual([410, 'org.invitationRevoked']);
    expect(
      await t.db.db.selectFrom('member_requests').selectAll().where('user_id', '=', userIds.sunqi).execute(),
    ).toEqual([]);
    // Revoking again is harmless and keeps the first revocation.
    expect((await call('DELETE', `invitations/${link._id}`, demo)).statusCode).toBe(200);
  });

  it('a request made before the revocation can still be handled', async () => {
    const link = await invite();
    const applied = await call('POST', `member-invitations/${link.token}/apply`, sunqi, {});
    expect(applied.statusCode).toBe(200);
    expect((await call('DELETE', `invitations/${link._id}`, demo)).statusCode).toBe(200);
    const rejected = await call('PUT', `member-requests/${json(applied)._id}`, demo, { action: 'reject' });
    expect([rejected.statusCode, json(rejected).status]).toEqual([200, 'rejected']);
  });
});

describe('apply → list → approve / reject', () => {
  it('invitation → apply → approve → member, with the hook called once; handled twice → 409', async () => {
    const link = await invite();
    const applied = await call('POST', `member-invitations/${link.token}/apply`, wangwu, {
      remark: '我是王五',
    });
    expect(applied.statusCode).toBe(200);
    const request = json<{ _id: string }>(applied);
    expect(json(applied)).toMatchObject({
      status: 'pending',
      applyRemark: '我是王五',
      inviterId: userIds.demo,
    });
    const twice = await call('POST', `member-invitations/${link.token}/apply`, wangwu, {});
    expect([twice.statusCode, json(twice).key]).toEqual([409, 'org.requestPending']);
    expect(json(await call('GET', `member-invitations/${link.token}`, wangwu))).toMatchObject({
      pending: true,
    });
    const member = await call('POST', `member-invitations/${link.token}/apply`, zhangsan);
    expect([member.statusCode, json(member).key]).toEqual([409, 'org.memberExists']);
    // Still no access before the approval.
    expect((await call('GET', `projects/${ids.project}`, wangwu)).statusCode).toBe(404);

    const listPath = `projects/${ids.project}/member-requests`;
    expect((await call('GET', listPath, null)).statusCode).toBe(401);
    expect((await call('GET', listPath, wangwu)).statusCode).toBe(404);
    expect((await call('GET', listPath, zhangsan)).statusCode).toBe(403);
    const listed = json<Array<Record<string, unknown>>>(
      await call('GET', `${listPath}?status=pending`, demo),
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      _id: request._id,
      user: { _id: userIds.wangwu, name: 'wangwu', phoneNumber: '13900000005' },
      inviter: { _id: userIds.demo, name: 'demo' },
      handler: null,
    });
    expect(json(await call('GET', `${listPath}?only_count=true&status=passed`, demo))).toEqual({ count: 0 });
    expect((await call('GET', `${listPath}?status=bogus`, demo)).statusCode).toBe(400);

    const handlePath = `member-requests/${request._id}`;
    expect((await call('PUT', handlePath, null, { action: 'approve' })).statusCode).toBe(401);
    expect((await call('PUT', handlePath, zhangsan, { action: 'approve' })).statusCode).toBe(403);
    expect((await call('PUT', handlePath, lisi, { action: 'approve' })).statusCode).toBe(404);
    expect((await call('PUT', handlePath, demo, { action: 'maybe' })).statusCode).toBe(400);
    expect(await memberOf(ids.project, userIds.wangwu)).toBeUndefined();

    vi.mocked(onMemberAdded).mockClear();
    const approved = await call('PUT', handlePath, demo, { action: 'approve', remark: '欢迎' });
    expect(approved.statusCode).toBe(200);
    expect(json(approved)).toMatchObject({
      status: 'passed',
      approvalRemark: '欢迎',
      handlerId: userIds.demo,
      handler: { name: 'demo' },
    });
    expect(json(approved).handledAt).toEqual(expect.any(String));
    const row = await memberOf(ids.project, userIds.wangwu);
    expect(row).toMatchObject({ role: 'member', enterprise_id: ids.enterprise });
    const defaultTemplate = await t.db.db
      .selectFrom('permission_templates')
      .select('id')
      .where('project_id', '=', ids.project)
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row?.template_id).toBe(defaultTemplate.id);
    expect(onMemberAdded).toHaveBeenCalledTimes(1);
    expect(onMemberAdded).toHaveBeenCalledWith(
      expect.objectContaining({
        memberId: row!.id,
        userId: userIds.wangwu,
        via: 'request',
        byUserId: userIds.demo,
      }),
    );
    expect((await call('GET', `projects/${ids.project}`, wangwu)).statusCode).toBe(200);

    const again = await call('PUT', handlePath, demo, { action: 'reject' });
    expect([again.statusCode, json(again).key]).toEqual([409, 'org.requestHandled']);
    expect(json(await call('GET', `${listPath}?only_count=true&status=passed`, demo))).toEqual({ count: 1 });
    // Now a member: applying again is 409.
    const after = await call('POST', `member-invitations/${link.token}/apply`, wangwu);
    expect([after.statusCode, json(after).key]).toEqual([409, 'org.memberExists']);
  });

  it('reject: the request is rejected with its remark and nobody is added', async () => {
    const link = await invite();
    const request = json<{ _id: string }>(
      await call('POST', `member-invitations/${link.token}/apply`, sunqi),
    );
    const rejected = await call('PUT', `member-requests/${request._id}`, demo, {
      action: 'reject',
      remark: '不认识',
    });
    expect(json(rejected)).toMatchObject({ status: 'rejected', approvalRemark: '不认识' });
    expect(await memberOf(ids.project, userIds.sunqi)).toBeUndefined();
    expect(
      (await call('PUT', `member-requests/${request._id}`, demo, { action: 'approve' })).statusCode,
    ).toBe(409);
    expect(await memberOf(ids.project, userIds.sunqi)).toBeUndefined();
    // After a rejection one may apply again.
    expect((await call('POST', `member-invitations/${link.token}/apply`, sunqi)).statusCode).toBe(200);
  });

  it('an invitation calls the invited hook; once of the enterprise, the direct add calls the added hook', async () => {
    vi.mocked(onMemberAdded).mockClear();
    const invited = await call('POST', `projects/${other.project}/members`, lisi, { userId: userIds.sunqi });
    expect(invited.statusCode).toBe(200);
    expect(onMemberAdded).not.toHaveBeenCalled();
    expect(onMemberInvited).toHaveBeenCalledWith(expect.objectContaining({ userId: userIds.sunqi }));
    const invitationId = json<{ _id: string }>(invited)._id;
    expect((await call('POST', `membership-invitations/${invitationId}/accept`, sunqi, {})).statusCode).toBe(
      200,
    );
    const { enterpriseId } = json<{ enterpriseId: string }>(
      await call('GET', `projects/${other.project}`, lisi),
    );
    const added = await call('POST', `enterprises/${enterpriseId}/members`, lisi, { userId: userIds.sunqi });
    expect(added.statusCode).toBe(200);
    expect(onMemberAdded).toHaveBeenCalledWith(
      expect.objectContaining({ via: 'direct', userId: userIds.sunqi }),
    );
  });

  it('an expired invitation answers 404 and cannot be applied to', async () => {
    const link = await invite(lisi, other.project);
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    const fresh = await signIn(t.app, 'wangwu', 'Passw0rd');
    const info = await call('GET', `member-invitations/${link.token}`, fresh);
    expect([info.statusCode, json(info).key]).toEqual([404, 'org.invitationNotFound']);
    expect((await call('POST', `member-invitations/${link.token}/apply`, fresh)).statusCode).toBe(404);
    expect(
      await t.db.db.selectFrom('member_requests').selectAll().where('scope_id', '=', other.project).execute(),
    ).toEqual([]);
  });
});
