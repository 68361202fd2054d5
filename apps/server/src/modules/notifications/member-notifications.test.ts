import type { User } from '@lintel/contracts/account';
import { memberCreateSchema } from '@lintel/contracts/org';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, login, sessionCookieOf, type TestApp } from '../../../test/helper';
import { createUserService } from '../account/user.service';
import { createOrgModule } from '../org/index';

/** The member-added hook (modules/org/members/member-events.ts) wired to the notifications. */

let t: TestApp;
let demo: { cookie: string; user: User };
const users = {} as Record<'lisi' | 'wangwu' | 'sunqi' | 'zhouba', { id: string; cookie: string }>;
let ids: { enterprise: string; project: string; projectName: string; enterpriseName: string };

const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json() as T;
function account(method: 'GET' | 'POST' | 'PUT', path: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${ACCOUNT}/${path}`,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
type N = {
  module: string;
  title: string;
  content: string;
  link: string;
  projectId: string | null;
  recordId: string | null;
};
async function notificationsOf(cookie: string, language = 'zh-CN'): Promise<N[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/base-service/notifications',
    headers: { cookie, 'accept-language': language },
  });
  return json<N[]>(response);
}

beforeAll(async () => {
  t = await buildTestApp();
  const userService = createUserService({ db: t.db.db, clock: t.clock });
  for (const name of ['lisi', 'wangwu', 'sunqi', 'zhouba'] as const) {
    await userService.createUser({ name, nickName: `${name}昵称`, password: 'Passw0rd', phoneNumber: null });
    const response = await login(t.app, name, 'Passw0rd');
    users[name] = { id: json<{ _id: string }>(response)._id, cookie: sessionCookieOf(response) };
  }
  const signedIn = await login(t.app, 'demo', 'Demo1234');
  demo = { cookie: sessionCookieOf(signedIn), user: json<User>(signedIn) };
  const [enterprise] = json<Array<{ _id: string; name: string }>>(
    await account('GET', 'enterprises', demo.cookie),
  );
  const [project] = json<Array<{ _id: string; name: string }>>(await account('GET', 'projects', demo.cookie));
  ids = {
    enterprise: enterprise!._id,
    enterpriseName: enterprise!.name,
    project: project!._id,
    projectName: project!.name,
  };
});
afterAll(() => t.close());

describe('a new member is told', () => {
  it('invited to a project: a notification and a to-do in their language, leading to the invitation page', async () => {
    const invited = await account('POST', `projects/${ids.project}/members`, demo.cookie, {
      userId: users.lisi.id,
    });
    expect(invited.statusCode).toBe(200);
    const invitationId = json<{ _id: string; status: string }>(invited)._id;
    const link = `/e/member-invite?invitation=${invitationId}`;
    const [chinese] = await notificationsOf(users.lisi.cookie);
    expect(chinese).toMatchObject({
      module: 'memberManagement',
      title: `${demo.user.nickName} 邀请您加入项目「${ids.projectName}」`,
      link,
      projectId: ids.project,
      recordId: invitationId,
      senderId: demo.user._id,
      read: false,
    });
    const [english] = await notificationsOf(users.lisi.cookie, 'en-US');
    expect(english?.title).toBe(`${demo.user.nickName} invited you to join the project "${ids.projectName}"`);
    const todos = async () =>
      json<Array<{ module: string; link: string }>>(
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/base-service/todos',
          headers: { cookie: users.lisi.cookie },
        }),
      );
    expect(await todos()).toEqual([expect.objectContaining({ module: 'memberManagement', link })]);
    // The admin who invited is told nothing; accepting closes the to-do (no 'added' message: they chose it).
    expect(await notificationsOf(demo.cookie)).toEqual([]);
    const accepted = await account(
      'POST',
      `membership-invitations/${invitationId}/accept`,
      users.lisi.cookie,
      {},
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await todos()).toEqual([]);
    expect(await notificationsOf(users.lisi.cookie)).toHaveLength(1);
  });

  it('added directly once of the enterprise: the member-added notification, linked to the organisation area', async () => {
    const added = await account('POST', `enterprises/${ids.enterprise}/members`, demo.cookie, {
      name: 'lisi',
    });
    expect(added.statusCode).toBe(200);
    const memberId = json<{ _id: string }>(added)._id;
    const byRecord = async (language?: string) =>
      (await notificationsOf(users.lisi.cookie, language)).find((n) => n.recordId === memberId);
    expect(await byRecord()).toMatchObject({
      module: 'memberManagement',
      title: `您已加入企业「${ids.enterpriseName}」`,
      content: `${demo.user.nickName} 将您添加为成员。`,
      link: '/e',
      projectId: null,
      recordId: memberId,
    });
    expect(await byRecord('en-US')).toMatchObject({
      title: `You were added to the enterprise "${ids.enterpriseName}"`,
      content: `${demo.user.nickName} added you as a member.`,
    });
  });

  it('through an approved member request too; a rejected one tells nobody', async () => {
    const link = json<{ token: string }>(
      await account('POST', `projects/${ids.project}/invitations`, demo.cookie, {}),
    );
    for (const name of ['sunqi', 'zhouba'] as const) {
      const applied = await account('POST', `member-invitations/${link.token}/apply`, users[name].cookie, {});
      expect(applied.statusCode, applied.body).toBe(200);
      const request = json<{ _id: string }>(applied);
      const action = name === 'sunqi' ? 'approve' : 'reject';
      const handled = await account('PUT', `member-requests/${request._id}`, demo.cookie, { action });
      expect(handled.statusCode, handled.body).toBe(200);
    }
    expect(await notificationsOf(users.sunqi.cookie)).toEqual([
      expect.objectContaining({ module: 'memberManagement', title: `您已加入项目「${ids.projectName}」` }),
    ]);
    expect(await notificationsOf(users.zhouba.cookie)).toEqual([]);
  });

  it('a failing notification never makes the invitation fail: it is logged', async () => {
    const warnings: Array<{ object: object; message: string }> = [];
    const org = createOrgModule({
      db: t.db.db,
      engine: t.db.engine,
      clock: t.clock,
      notify: async () => {
        throw new Error('notifications are down');
      },
      log: { warn: (object, message) => warnings.push({ object, message }) },
    });
    const body = memberCreateSchema.parse({ name: 'zhouba' });
    const added = await org.members.members.add(demo.user, { type: 'project', id: ids.project }, body);
    expect(added).toMatchObject({ status: 'pending' });
    expect(warnings).toEqual([
      {
        object: expect.objectContaining({ invitationId: added._id }),
        message: 'could not tell the invitee',
      },
    ]);
    expect(await notificationsOf(users.zhouba.cookie)).toEqual([]);
  });
});
