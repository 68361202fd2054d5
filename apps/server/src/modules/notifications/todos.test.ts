import { QUERY_PARAM_MAX_BYTES } from '@lintel/contracts/notifications';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock';
import { buildTestApp, login, sessionCookieOf, type TestApp } from '../../../test/helper';
import { createUserService } from '../account/user.service';
import type { TodoInput } from './index';

const BASE = '/api/v1/base-service';

let t: TestApp;
const users = {} as Record<'lisi' | 'wangwu', { id: string; cookie: string }>;

function call(method: 'GET' | 'POST', path: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${BASE}/${path}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json() as T;
type T = { _id: string; title: string; recordId: string; dueDate: string | null; delayDays: number };
const todos = async (cookie: string, query = '') => {
  const response = await call('GET', `todos${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return json<T[]>(response);
};
const titles = async (cookie: string, query = '') => (await todos(cookie, query)).map((item) => item.title);
const q = (params: Record<string, unknown>) =>
  `?${Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&')}`;

const add = (userIds: string[], input: Partial<TodoInput>) =>
  t.app.notifications.addTodo(userIds, {
    module: 'task',
    recordId: 'r',
    title: '待办',
    ...input,
  } as TodoInput);
const close = (module: TodoInput['module'], recordId: string, userIds?: string[]) =>
  t.app.notifications.closeTodo({ module, recordId, ...(userIds ? { userIds } : {}) });

beforeAll(async () => {
  // 2026-03-15 noon UTC: the delay bands below count from this day.
  t = await buildTestApp({ clock: new TestClock(new Date('2026-03-15T12:00:00Z')), env: { DEMO: '0' } });
  const userService = createUserService({ db: t.db.db, clock: t.clock });
  for (const name of ['lisi', 'wangwu'] as const) {
    await userService.createUser({ name, nickName: name, password: 'Passw0rd', phoneNumber: null });
    const response = await login(t.app, name, 'Passw0rd');
    users[name] = { id: json<{ _id: string }>(response)._id, cookie: sessionCookieOf(response) };
  }
});
afterAll(() => t.close());

describe('addTodo / closeTodo (the producers) and GET todos', () => {
  it('an item per user; adding the same record again refreshes it; closing removes it from the list', async () => {
    const { lisi, wangwu } = users;
    expect(
      await add([lisi.id, wangwu.id, lisi.id, 'ffffffffffffffffffffffff'], {
        module: 'form',
        recordId: 'form-1',
        title: '审批表单 1',
        link: '/forms/form-1',
      }),
    ).toBe(2);
    const [item] = await todos(lisi.cookie);
    expect(item).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      module: 'form',
      title: '审批表单 1',
      content: '',
      link: '/forms/form-1',
      projectId: null,
      recordId: 'form-1',
      senderId: null,
      queryParam: null,
      dueDate: null,
      delayDays: 0,
      createdAt: '2026-03-15T12:00:00.000Z',
      updatedAt: '2026-03-15T12:00:00.000Z',
    });

    t.clock.advance(1000);
    await add([lisi.id], {
      module: 'form',
      recordId: 'form-1',
      title: '审批表单 1（已修改）',
      dueDate: '2026-03-20',
    });
    const refreshed = await todos(lisi.cookie);
    expect(refreshed).toEqual([
      expect.objectContaining({
        _id: item!._id,
        title: '审批表单 1（已修改）',
        dueDate: '2026-03-20',
        createdAt: '2026-03-15T12:00:00.000Z',
        updatedAt: '2026-03-15T12:00:01.000Z',
      }),
    ]);
    // Only lisi's was refreshed.
    expect(await titles(wangwu.cookie)).toEqual(['审批表单 1']);

    expect(await close('form', 'form-1', [lisi.id])).toBe(1);
    expect(await todos(lisi.cookie)).toEqual([]);
    expect(await titles(wangwu.cookie)).toEqual(['审批表单 1']);
    expect(await close('form', 'form-1')).toBe(1);
    expect(await close('form', 'form-1')).toBe(0);
    expect(await close('form', 'form-1', [])).toBe(0);
    expect(await todos(wangwu.cookie)).toEqual([]);

    // Once closed, the same record may wait again (a new item).
    await add([lisi.id], { module: 'form', recordId: 'form-1', title: '再次审批' });
    const [again] = await todos(lisi.cookie);
    expect(again!._id).not.toBe(item!._id);
    await close('form', 'form-1');
  });

  it('refuses an unknown module, bad fields and a stored query that does not exist', async () => {
    await expect(add([users.lisi.id], { module: 'bogus' as never })).rejects.toMatchObject({
      status: 400,
      key: 'notifications.unknownModule',
    });
    for (const bad of [{ recordId: '' }, { dueDate: '2026-02-30' }, { dueDate: 'tomorrow' }, { title: '' }]) {
      await expect(add([users.lisi.id], bad)).rejects.toMatchObject({
        status: 400,
        key: 'common.validation',
      });
    }
    await expect(add([users.lisi.id], { queryParam: 'ffffffffffffffffffffffff' })).rejects.toMatchObject({
      status: 404,
      key: 'notifications.queryParamNotFound',
    });
    expect(await todos(users.lisi.cookie)).toEqual([]);
  });

  it('delay bands count whole days past the due date (spec 001 §9: 1-7, 8-30, over 30)', async () => {
    const { lisi } = users;
    const due: Array<[string, string | null]> = [
      ['today', '2026-03-15'],
      ['1 day late', '2026-03-14'],
      ['7 days late', '2026-03-08'],
      ['8 days late', '2026-03-07'],
      ['30 days late', '2026-02-13'],
      ['31 days late', '2026-02-12'],
      ['undated', null],
    ];
    for (const [title, dueDate] of due) {
      t.clock.advance(1000);
      await add([lisi.id], { module: 'task', recordId: title, title, dueDate });
    }
    const byTitle = new Map((await todos(lisi.cookie)).map((item) => [item.title, item.delayDays]));
    expect(Object.fromEntries(byTitle)).toEqual({
      today: 0,
      '1 day late': 1,
      '7 days late': 7,
      '8 days late': 8,
      '30 days late': 30,
      '31 days late': 31,
      undated: 0,
    });
    const band = (delay: string) => titles(lisi.cookie, `?delay=${delay}&order=dueDate`);
    expect(await band('1-7')).toEqual(['7 days late', '1 day late']);
    expect(await band('8-30')).toEqual(['30 days late', '8 days late']);
    expect(await band('over30')).toEqual(['31 days late']);
    expect((await band('overdue')).length).toBe(5);
    expect(json(await call('GET', 'todos?delay=overdue&only_count=true', lisi.cookie))).toEqual({ count: 5 });
    // A day later everything moved on: 7 days late became 8, today's is late now (a fresh session: a
    // browser session lasts 12 hours). Then back, for the tests below.
    t.clock.advance(24 * 3600 * 1000);
    try {
      const tomorrow = sessionCookieOf(await login(t.app, 'lisi', 'Passw0rd'));
      expect(await titles(tomorrow, '?delay=1-7&order=dueDate')).toEqual(['1 day late', 'today']);
      expect(await titles(tomorrow, '?delay=8-30&order=dueDate')).toEqual(['8 days late', '7 days late']);
    } finally {
      t.clock.advance(-24 * 3600 * 1000);
    }
  });

  it('where, skip, limit, order and only_count over the open items', async () => {
    const { lisi } = users;
    expect(
      await titles(
        lisi.cookie,
        q({ where: { title: { $regex: 'days late' } }, order: '-dueDate', limit: 2 }),
      ),
    ).toEqual(['7 days late', '8 days late']);
    expect(
      await titles(lisi.cookie, q({ where: { dueDate: { $lte: '2026-02-13' } }, order: 'dueDate' })),
    ).toEqual(['31 days late', '30 days late']);
    expect(await titles(lisi.cookie, q({ where: { recordId: 'undated' } }))).toEqual(['undated']);
    expect(await titles(lisi.cookie, '?skip=6')).toEqual(['today']);
    expect(json(await call('GET', 'todos?only_count=true', lisi.cookie))).toEqual({ count: 7 });
    expect(json(await call('GET', 'todos?only_count=true', users.wangwu.cookie))).toEqual({ count: 0 });
    for (const [query, key] of [
      [q({ where: { userId: lisi.id } }), 'common.whereUnknownField'],
      ['?order=title', 'common.orderUnknownField'],
      ['?delay=soon', 'common.validation'],
      ['?queryParam=nope', 'common.validation'],
      ['?status=open', 'common.validation'],
    ]) {
      const response = await call('GET', `todos${query}`, lisi.cookie);
      expect([response.statusCode, json(response).key], query).toEqual([400, key]);
    }
  });
});

describe('POST queryParams and GET todos?queryParam', () => {
  it('stores a query once and answers its id; a to-do carries it; the list applies it', async () => {
    const { lisi, wangwu } = users;
    const data = { where: { title: { $regex: 'late' } }, delay: '8-30', page: 2 };
    const created = await call('POST', 'queryParams', lisi.cookie, { data });
    expect(created.statusCode).toBe(200);
    const { _id } = json<{ _id: string }>(created);
    expect(_id).toMatch(/^[0-9a-f]{24}$/);
    // The same data (from anyone) is the same row.
    expect(json(await call('POST', 'queryParams', wangwu.cookie, { data }))).toEqual({ _id });

    expect(await titles(lisi.cookie, `?queryParam=${_id}&order=dueDate`)).toEqual([
      '30 days late',
      '8 days late',
    ]);
    // ANDed with the request's own where and delay.
    expect(
      await titles(
        lisi.cookie,
        `?queryParam=${_id}${q({ where: { recordId: '8 days late' } }).replace('?', '&')}`,
      ),
    ).toEqual(['8 days late']);
    expect(await titles(lisi.cookie, `?queryParam=${_id}&delay=1-7`)).toEqual([]);
    expect(json(await call('GET', `todos?queryParam=${_id}&only_count=true`, lisi.cookie))).toEqual({
      count: 2,
    });
    // Another user's items are never reached through a stored query.
    expect(await todos(wangwu.cookie, `?queryParam=${_id}`)).toEqual([]);

    await add([wangwu.id], {
      module: 'programme',
      recordId: 'p-1',
      title: '方案审核',
      queryParam: _id,
      link: '/programmes',
    });
    expect(await todos(wangwu.cookie)).toEqual([
      expect.objectContaining({ title: '方案审核', queryParam: _id }),
    ]);
  });

  it('404 for an unknown stored query, 400 for one that does not fit the to-dos', async () => {
    const { lisi } = users;
    const missing = await call('GET', 'todos?queryParam=ffffffffffffffffffffffff', lisi.cookie);
    expect([missing.statusCode, json(missing).key]).toEqual([404, 'notifications.queryParamNotFound']);
    for (const data of [{ where: { bogus: 1 } }, { where: 'title' }, { delay: 'someday' }]) {
      const { _id } = json<{ _id: string }>(await call('POST', 'queryParams', lisi.cookie, { data }));
      const response = await call('GET', `todos?queryParam=${_id}`, lisi.cookie);
      expect([response.statusCode, json(response).key], JSON.stringify(data)).toEqual([
        400,
        'notifications.queryParamInvalid',
      ]);
    }
    // Data for some other page (no where, no delay) leaves the list as it is.
    const { _id } = json<{ _id: string }>(
      await call('POST', 'queryParams', lisi.cookie, { data: { tab: 'x' } }),
    );
    expect((await todos(lisi.cookie, `?queryParam=${_id}`)).length).toBe(7);
  });

  it('413 beyond the size limit; 400 when data is not an object', async () => {
    const { lisi } = users;
    const big = await call('POST', 'queryParams', lisi.cookie, {
      data: { text: 'x'.repeat(QUERY_PARAM_MAX_BYTES) },
    });
    expect([big.statusCode, json(big).key]).toEqual([413, 'notifications.queryParamTooLarge']);
    expect(json(big).message).toContain(String(QUERY_PARAM_MAX_BYTES));
    // Multi-byte text counts in bytes: 1,400 Chinese characters are 4,200 bytes.
    const wide = await call('POST', 'queryParams', lisi.cookie, { data: { text: '字'.repeat(1400) } });
    expect(wide.statusCode).toBe(413);
    for (const body of [{ data: [1, 2] }, { data: 'x' }, {}, { data: {}, extra: 1 }]) {
      const response = await call('POST', 'queryParams', lisi.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
