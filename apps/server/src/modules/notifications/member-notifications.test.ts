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
type N = { module: string; title: string; content: string; link: string; projectId: string | null };
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
  it('added to a project directly: a member-management notification in their language, linking the project', async () => {
    const added = await account('POST', `projects/${ids.project}/members`, demo.cookie, {
      userId: users.lisi.id,
    });
    expect(added.statusCode).toBe(200);
    const memberId = json<{ _id: string }>(added)._id;
    const [chinese] = await notificationsOf(users.lisi.cookie);
    expect(chinese).toMatchObject({
      module: 'memberManagement',
      title: `您已加入项目「${ids.projectName}」`,
      content: `${demo.user.nickName} 将您添加为成员。`,
      link: `/projects/${ids.project}`,
      projectId: ids.project,
      recordId: memberId,
      senderId: demo.user._id,
      read: false,
    });
    const [english] = await notificationsOf(users.lisi.cookie, 'en-US');
    expect(english).toMatchObject({
      title: `You were added to the project "${ids.projectName}"`,
      content: `${demo.user.nickName} added you as a member.`,
    });
    // The admin who added them is not told anything.
    expect(await notificationsOf(demo.cookie)).toEqual([]);
  });

  it('added to the enterprise: linked to the organisation area, no project', async () => {
    const added = await account('POST', `enterprises/${ids.enterprise}/members`, demo.cookie, {
      name: 'wangwu',
    });
    expect(added.statusCode).toBe(200);
    expect(await notificationsOf(users.wangwu.cookie)).toEqual([
      expect.objectContaining({
        module: 'memberManagement',
        title: `您已加入企业「${ids.enterpriseName}」`,
        link: '/e',
        projectId: null,
      }),
    ]);
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

  it('a failing notification never makes the add fail: it is logged', async () => {
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
    expect(added).toMatchObject({ userId: users.zhouba.id, role: 'member' });
    expect(warnings).toEqual([
      {
        object: expect.objectContaining({ memberId: added._id }),
        message: 'could not notify the new member',
      },
    ]);
    expect(await notificationsOf(users.zhouba.cookie)).toEqual([]);
  });
});
