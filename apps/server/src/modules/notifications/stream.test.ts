import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, sessionCookieOf, type TestApp } from '../../../test/helper';
import { createUserService } from '../account/user.service';
import type { EventStreamClient } from './testSupport';
import { openEventStream } from './testSupport';

const STREAM = '/api/v1/base-service/notifications/stream';

let t: TestApp;
let base: string;
const users = {} as Record<'lisi' | 'wangwu', { id: string; cookie: string }>;
const clients: EventStreamClient[] = [];

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function open(cookie: string, query = '', at = base): Promise<EventStreamClient> {
  // A browser asks for compressed answers: the stream must come uncompressed all the same.
  const client = await openEventStream(`${at}${STREAM}${query}`, { cookie, 'accept-encoding': 'gzip, br' });
  clients.push(client);
  return client;
}

async function until(predicate: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO: '0' } });
  const userService = createUserService({ db: t.db.db, clock: t.clock });
  for (const name of ['lisi', 'wangwu'] as const) {
    await userService.createUser({ name, nickName: name, password: 'Passw0rd', phoneNumber: null });
    const response = await login(t.app, name, 'Passw0rd');
    users[name] = { id: (response.json() as { _id: string })._id, cookie: sessionCookieOf(response) };
  }
  base = await listen(t);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

describe('GET base-service/notifications/stream', () => {
  it('answers 401 as JSON without a session', async () => {
    const response = await fetch(`${base}${STREAM}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ key: 'common.unauthenticated' });
  });

  it("opens with the counts, then carries each change of the user, in the stream's language", async () => {
    const { lisi, wangwu } = users;
    const stream = await open(lisi.cookie, '?lang=en-US');
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    await stream.next((e) => e.event === 'todos');
    expect(stream.events.slice(0, 2)).toEqual([
      { event: 'unread', data: { unread: 0 }, id: null },
      { event: 'todos', data: { count: 0 }, id: null },
    ]);

    // Someone else's notification never reaches this stream; lisi's own does, presented in English.
    await t.app.notifications.notify([wangwu.id], { module: 'task', title: '给王五的' });
    const [id] = await t.app.notifications.notify([lisi.id], {
      module: 'memberManagement',
      title: '您已加入项目「一号楼」',
      content: '张三 将您添加为成员。',
      link: '/projects/0123456789abcdef01234567',
      template: 'memberAdded',
      params: { scopeType: 'project', scopeName: '一号楼', byName: '张三' },
    });
    const arrived = await stream.next((e) => e.event === 'notification');
    expect(arrived).toEqual({
      event: 'notification',
      id,
      data: {
        unread: 1,
        notification: expect.objectContaining({
          _id: id,
          module: 'memberManagement',
          title: 'You were added to the project "一号楼"',
          content: '张三 added you as a member.',
          link: '/projects/0123456789abcdef01234567',
          read: false,
        }),
      },
    });

    // Reading it (in any tab) brings the count down.
    const mark = stream.events.length;
    const put = await fetch(`${base}/api/v1/base-service/notifications/${id}`, {
      method: 'PUT',
      headers: { cookie: lisi.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ read: true }),
    });
    expect(put.status).toBe(200);
    await put.text();
    expect((await stream.next((e) => e.event === 'unread', { from: mark })).data).toEqual({ unread: 0 });

    // To-dos: the open count, as modules add and close them.
    const beforeTodo = stream.events.length;
    await t.app.notifications.addTodo([lisi.id], { module: 'form', recordId: 'f1', title: '审批' });
    expect((await stream.next((e) => e.event === 'todos', { from: beforeTodo })).data).toEqual({ count: 1 });
    const beforeClose = stream.events.length;
    await t.app.notifications.closeTodo({ module: 'form', recordId: 'f1' });
    expect((await stream.next((e) => e.event === 'todos', { from: beforeClose })).data).toEqual({ count: 0 });

    const seen = stream.events.filter((e) => e.event === 'notification');
    expect(seen).toHaveLength(1);
    stream.close();
    await until(() => t.app.notifications.live.size === 0);
  });

  it('every open stream of the user gets it (two tabs); a closed one is let go', async () => {
    const { wangwu } = users;
    const before = t.app.notifications.live.size;
    const tabA = await open(wangwu.cookie);
    const tabB = await open(wangwu.cookie);
    await tabA.next((e) => e.event === 'todos');
    await tabB.next((e) => e.event === 'todos');
    expect(t.app.notifications.live.size).toBe(before + 2);
    await t.app.notifications.notify([wangwu.id], { module: 'task', title: '两个标签页' });
    for (const tab of [tabA, tabB]) {
      const event = await tab.next((e) => e.event === 'notification');
      expect(event.data).toMatchObject({ notification: { title: '两个标签页' } });
    }
    tabA.close();
    await until(() => t.app.notifications.live.size === before + 1);
    tabB.close();
    await until(() => t.app.notifications.live.size === before);
  });

  it('refuses more than 20 streams of one user with 429', async () => {
    const { lisi } = users;
    const live = t.app.notifications.live;
    const opened = [];
    const already = live.size;
    try {
      while (live.size - already < 20) opened.push(await live.open(lisi.id, 'zh-CN'));
      await expect(live.open(lisi.id, 'zh-CN')).rejects.toMatchObject({
        status: 429,
        key: 'common.tooManyRequests',
      });
      // Another user is not affected.
      const other = await live.open(users.wangwu.id, 'zh-CN');
      other.end();
    } finally {
      for (const stream of opened) stream.end();
    }
    // One closed: room for one again.
    const again = await live.open(lisi.id, 'zh-CN');
    again.end();
  });
});

describe('shutting down with open streams', () => {
  it('app.close() ends them at once and does not wait for the browsers', async () => {
    const other = await buildTestApp({ env: { DEMO: '0' } });
    let closed = false;
    try {
      const at = await listen(other);
      const userService = createUserService({ db: other.db.db, clock: other.clock });
      await userService.createUser({
        name: 'zhaoliu',
        nickName: 'zhaoliu',
        password: 'Passw0rd',
        phoneNumber: null,
      });
      const cookie = sessionCookieOf(await login(other.app, 'zhaoliu', 'Passw0rd'));
      const streams = [await open(cookie, '', at), await open(cookie, '', at)];
      for (const stream of streams) await stream.next((e) => e.event === 'todos');

      const started = Date.now();
      await other.close();
      closed = true;
      // Well under the 10 s stop timeout of main.ts: nothing waited for the open streams.
      expect(Date.now() - started).toBeLessThan(3000);
      await Promise.all(streams.map((stream) => stream.ended));
      await expect(
        other.app.notifications.live.open('0123456789abcdef01234567', 'zh-CN'),
      ).rejects.toMatchObject({
        status: 503,
      });
    } finally {
      if (!closed) await other.close();
    }
  });
});
