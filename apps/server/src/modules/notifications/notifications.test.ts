import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, sessionCookieOf, type TestApp } from '../../../test/helper';
import { translate } from '../../plugins/messages';
import { createUserService } from '../account/user.service';
import type { NotifyInput } from './index';

const BASE = '/api/v1/base-service';

let t: TestApp;
const users = {} as Record<'demo' | 'lisi' | 'wangwu', { id: string; cookie: string }>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, path: string, cookie: string | null, payload?: unknown, headers = {}) {
  return t.app.inject({
    method,
    url: `${BASE}/${path}`,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json() as T;
type N = {
  _id: string;
  module: string;
  title: string;
  read: boolean;
  readAt: string | null;
  createdAt: string;
};
const list = async (cookie: string, query = '') =>
  json<N[]>(await call('GET', `notifications${query}`, cookie));
const where = (value: unknown) => `?where=${encodeURIComponent(JSON.stringify(value))}`;

async function notify(userIds: string[], input: Partial<NotifyInput> = {}): Promise<string[]> {
  return t.app.notifications.notify(userIds, {
    module: 'task',
    title: '任务已指派',
    ...input,
  } as NotifyInput);
}

beforeAll(async () => {
  t = await buildTestApp();
  const userService = createUserService({ db: t.db.db, clock: t.clock });
  for (const name of ['lisi', 'wangwu']) {
    await userService.createUser({ name, nickName: name, password: 'Passw0rd', phoneNumber: null });
  }
  for (const [name, password] of [
    ['demo', 'Demo1234'],
    ['lisi', 'Passw0rd'],
    ['wangwu', 'Passw0rd'],
  ] as const) {
    const response = await login(t.app, name, password);
    users[name] = { id: json<{ _id: string }>(response)._id, cookie: sessionCookieOf(response) };
  }
});
afterAll(() => t.close());

describe('who may call', () => {
  it('every call answers 401 without a session', async () => {
    const id = '0123456789abcdef01234567';
    const anonymous = [
      await call('GET', 'notifications', null),
      await call('GET', 'notifications/stream', null),
      await call('PUT', `notifications/${id}`, null, { read: true }),
      await call('PUT', 'notifications', null, { ids: [id], read: true }),
      await call('DELETE', `notifications/${id}`, null),
      await call('GET', 'todos', null),
      await call('POST', 'queryParams', null, { data: {} }),
    ];
    for (const response of anonymous) {
      expect([response.statusCode, json(response).key]).toEqual([401, 'common.unauthenticated']);
    }
  });
});

describe('notify (the producer) and GET notifications', () => {
  it('stores one per receiver, skipping duplicates and unknown accounts; each sees only their own', async () => {
    const ids = await notify([users.lisi.id, users.lisi.id, users.wangwu.id, 'ffffffffffffffffffffffff'], {
      module: 'contactList',
      title: '新的联系单',
      content: '请查收',
      link: '/projects/0123456789abcdef01234567/contacts',
      projectId: null,
      recordId: 'contact-1',
      senderId: users.demo.id,
    });
    expect(ids).toHaveLength(2);
    const [mine] = await list(users.lisi.cookie);
    expect(mine).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      module: 'contactList',
      title: '新的联系单',
      content: '请查收',
      link: '/projects/0123456789abcdef01234567/contacts',
      projectId: null,
      recordId: 'contact-1',
      senderId: users.demo.id,
      read: false,
      readAt: null,
      createdAt: t.clock.now().toISOString(),
    });
    expect(ids).toContain(mine!._id);
    expect((await list(users.wangwu.cookie)).map((n) => n.title)).toEqual(['新的联系单']);
    expect(await list(users.demo.cookie)).toEqual([]);
  });

  it('refuses an unknown module with its own message, in both languages', async () => {
    await expect(notify([users.lisi.id], { module: 'bogus' as never })).rejects.toMatchObject({
      status: 400,
      key: 'notifications.unknownModule',
      params: { module: 'bogus' },
    });
    expect(translate('en-US', 'notifications.unknownModule', { module: 'bogus' })).toBe(
      'Unknown module for a notification: bogus',
    );
    expect(translate('zh-CN', 'notifications.unknownModule', { module: 'bogus' })).toBe(
      '未知的通知模块：bogus',
    );
  });

  it('accepts every module of the list, and refuses bad fields (empty title, foreign link)', async () => {
    const { NOTIFICATION_MODULES } = await import('@lintel/contracts/notifications');
    for (const module of NOTIFICATION_MODULES) {
      expect(await notify([users.demo.id], { module, title: `m:${module}` })).toHaveLength(1);
    }
    for (const bad of [
      { title: '   ' },
      { title: 'x'.repeat(201) },
      { link: 'https://evil.example/' },
      { link: '//evil.example/' },
      { link: 'javascript:alert(1)' },
      { projectId: 'nope' },
    ]) {
      await expect(notify([users.demo.id], bad)).rejects.toMatchObject({
        status: 400,
        key: 'common.validation',
      });
    }
    expect(json(await call('GET', 'notifications?only_count=true', users.demo.cookie))).toEqual({
      count: NOTIFICATION_MODULES.length,
    });
  });

  it('nobody to tell: an empty list stores nothing', async () => {
    expect(await notify([])).toEqual([]);
  });

  it('lists newest first; skip, limit, order, only_count and where (module, read, $regex, createdAt)', async () => {
    const { cookie, id } = users.wangwu;
    t.clock.advance(1000);
    await notify([id], { module: 'task', title: '任务 A' });
    t.clock.advance(1000);
    await notify([id], { module: 'form', title: '表单 B' });
    t.clock.advance(1000);
    await notify([id], { module: 'task', title: '任务 C' });
    expect((await list(cookie)).map((n) => n.title)).toEqual(['任务 C', '表单 B', '任务 A', '新的联系单']);
    expect((await list(cookie, '?skip=1&limit=2')).map((n) => n.title)).toEqual(['表单 B', '任务 A']);
    expect((await list(cookie, '?order=createdAt&limit=1')).map((n) => n.title)).toEqual(['新的联系单']);
    expect((await list(cookie, where({ module: 'task' }))).map((n) => n.title)).toEqual(['任务 C', '任务 A']);
    expect(
      (await list(cookie, where({ module: { $in: ['form', 'contactList'] } }))).map((n) => n.title),
    ).toEqual(['表单 B', '新的联系单']);
    expect((await list(cookie, where({ title: { $regex: '任务' } }))).map((n) => n.title)).toEqual([
      '任务 C',
      '任务 A',
    ]);
    const [oldest] = await list(cookie, '?order=createdAt&limit=1');
    expect((await list(cookie, where({ createdAt: { $gt: oldest!.createdAt } }))).length).toBe(3);
    expect(json(await call('GET', `notifications${where({ read: false })}&only_count=true`, cookie))).toEqual(
      {
        count: 4,
      },
    );
    expect(json(await call('GET', `notifications${where({ read: true })}&only_count=true`, cookie))).toEqual({
      count: 0,
    });
  });

  it('answers 400 for a bad where, order, paging or an unknown parameter', async () => {
    const { cookie } = users.wangwu;
    const cases: Array<[string, string]> = [
      [where({ userId: users.demo.id }), 'common.whereUnknownField'],
      [where({ read: 'yes' }), 'common.whereBadValue'],
      ['?where=%7Bnot', 'common.whereInvalidJson'],
      ['?order=title', 'common.orderUnknownField'],
      ['?limit=201', 'common.validation'],
      ['?expand=true', 'common.validation'],
    ];
    for (const [query, key] of cases) {
      const response = await call('GET', `notifications${query}`, cookie);
      expect([response.statusCode, json(response).key], query).toEqual([400, key]);
    }
  });
});

describe('PUT notifications/{id}, PUT notifications, DELETE notifications/{id}', () => {
  it('marks one read (keeping the first read time), and unread again', async () => {
    const [id] = await notify([users.lisi.id], { title: '标记' });
    const read = await call('PUT', `notifications/${id}`, users.lisi.cookie, { read: true });
    expect(read.statusCode).toBe(200);
    expect(json(read)).toMatchObject({ _id: id, read: true, readAt: t.clock.now().toISOString() });
    const firstRead = json<N>(read).readAt;
    t.clock.advance(5000);
    expect(json(await call('PUT', `notifications/${id}`, users.lisi.cookie, { read: true }))).toMatchObject({
      read: true,
      readAt: firstRead,
    });
    expect(json(await call('PUT', `notifications/${id}`, users.lisi.cookie, { read: false }))).toMatchObject({
      read: false,
      readAt: null,
    });
  });

  it("another user's notification answers 404 to every call and stays as it was", async () => {
    const [id] = await notify([users.lisi.id], { title: '李四的' });
    const { cookie } = users.wangwu;
    for (const response of [
      await call('PUT', `notifications/${id}`, cookie, { read: true }),
      await call('DELETE', `notifications/${id}`, cookie),
    ]) {
      expect([response.statusCode, json(response).key]).toEqual([404, 'common.notFound']);
    }
    expect(json(await call('PUT', 'notifications', cookie, { ids: [id], read: true }))).toMatchObject({
      updated: 0,
    });
    const [still] = await list(users.lisi.cookie, where({ title: '李四的' }));
    expect(still).toMatchObject({ _id: id, read: false });
  });

  it('answers 404 for a missing id and 400 for a malformed id or body', async () => {
    const { cookie } = users.lisi;
    const missing = 'ffffffffffffffffffffffff';
    expect((await call('PUT', `notifications/${missing}`, cookie, { read: true })).statusCode).toBe(404);
    expect((await call('DELETE', `notifications/${missing}`, cookie)).statusCode).toBe(404);
    for (const [path, body] of [
      ['notifications/not-an-id', { read: true }],
      [`notifications/${missing}`, {}],
      [`notifications/${missing}`, { read: 'yes' }],
      [`notifications/${missing}`, { read: true, extra: 1 }],
      ['notifications', { read: true }],
      ['notifications', { ids: [], read: true }],
      ['notifications', { ids: ['nope'], read: true }],
      ['notifications', { ids: 'some', read: true }],
      ['notifications', { ids: Array.from({ length: 501 }, () => missing), read: true }],
    ] as const) {
      const response = await call('PUT', path, cookie, body);
      expect(response.statusCode, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    }
    expect((await call('DELETE', 'notifications/not-an-id', cookie)).statusCode).toBe(400);
  });

  it('marks several, then all, read; answers what changed and the unread count', async () => {
    const { id, cookie } = users.demo;
    await call('PUT', 'notifications', cookie, { ids: 'all', read: true });
    const ids = await Promise.all([
      notify([id], { title: '一' }),
      notify([id], { title: '二' }),
      notify([id], { title: '三' }),
    ]);
    const [one, two, three] = ids.map((x) => x[0]!);
    expect(json(await call('PUT', 'notifications', cookie, { ids: [one, two], read: true }))).toEqual({
      updated: 2,
      unread: 1,
    });
    // Already read: nothing changes.
    expect(json(await call('PUT', 'notifications', cookie, { ids: [one], read: true }))).toEqual({
      updated: 0,
      unread: 1,
    });
    expect(json(await call('PUT', 'notifications', cookie, { ids: 'all', read: true }))).toEqual({
      updated: 1,
      unread: 0,
    });
    expect(json(await call('PUT', 'notifications', cookie, { ids: [three], read: false }))).toEqual({
      updated: 1,
      unread: 1,
    });
  });

  it("deletes one of the caller's; a second delete is 404", async () => {
    const [id] = await notify([users.lisi.id], { title: '删除我' });
    const removed = await call('DELETE', `notifications/${id}`, users.lisi.cookie);
    expect([removed.statusCode, json(removed)]).toEqual([200, {}]);
    expect(await list(users.lisi.cookie, where({ title: '删除我' }))).toEqual([]);
    expect((await call('DELETE', `notifications/${id}`, users.lisi.cookie)).statusCode).toBe(404);
  });

  it('PUT and DELETE through the method override header of the OEM builds', async () => {
    const [id] = await notify([users.lisi.id], { title: '覆盖' });
    const read = await call(
      'POST',
      `notifications/${id}`,
      users.lisi.cookie,
      { read: true },
      {
        'x-http-method-override': 'PUT',
      },
    );
    expect([read.statusCode, json(read).read]).toEqual([200, true]);
  });
});

describe('system notifications (templates)', () => {
  it("show in the reader's language; the stored Chinese text is the fallback for searches", async () => {
    const [id] = await notify([users.lisi.id], {
      module: 'memberManagement',
      title: '您已加入项目「一号楼」',
      content: '张三 将您添加为成员。',
      template: 'memberAdded',
      params: { scopeType: 'project', scopeName: '一号楼', byName: '张三' },
    });
    const english = await call(
      'GET',
      `notifications${where({ title: { $regex: '一号楼' } })}`,
      users.lisi.cookie,
      undefined,
      {
        'accept-language': 'en-US',
      },
    );
    expect(json<N[]>(english)).toEqual([
      expect.objectContaining({
        _id: id,
        title: 'You were added to the project "一号楼"',
        content: '张三 added you as a member.',
      }),
    ]);
    const chinese = await list(users.lisi.cookie, where({ title: { $regex: '一号楼' } }));
    expect(chinese).toEqual([expect.objectContaining({ title: '您已加入项目「一号楼」' })]);
  });
});
