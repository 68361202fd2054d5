import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, type TestApp } from '../../../../test/helper';
import { createUserService } from '../../account/user.service';

let t: TestApp;
let demo: string;
let zhangsan: string;
let lisi: string;
let wangwu: string;
let ids: { enterprise: string; circle: string; project: string };
let other: { project: string; structure: string };

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
type S = { _id: string; name: string; parentId: string | null; kind: string; order: number };

async function create(body: Record<string, unknown>, scope = `projects/${ids.project}`, cookie = demo) {
  const response = await call('POST', `${scope}/structures`, cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return json<S>(response);
}
const tree = async (scope = `projects/${ids.project}`) =>
  json<S[]>(await call('GET', `${scope}/structures`, demo)).map((s) => [s.name, s.parentId, s.kind]);

beforeAll(async () => {
  t = await buildTestApp();
  const users = createUserService({ db: t.db.db, clock: t.clock });
  for (const name of ['lisi', 'wangwu']) {
    await users.createUser({ name, nickName: name, password: 'Passw0rd', phoneNumber: null });
  }
  // One after the other: parallel sign-ins from one address count as attempts until each succeeds.
  demo = await signIn(t.app);
  zhangsan = await signIn(t.app, 'zhangsan');
  lisi = await signIn(t.app, 'lisi', 'Passw0rd');
  wangwu = await signIn(t.app, 'wangwu', 'Passw0rd');
  const [enterprise] = json<Array<{ _id: string }>>(await call('GET', 'enterprises', demo));
  const [circle] = json<Array<{ _id: string }>>(await call('GET', 'circles', demo));
  const [project] = json<Array<{ _id: string }>>(await call('GET', 'projects', demo));
  ids = { enterprise: enterprise!._id, circle: circle!._id, project: project!._id };
  const e = json<{ _id: string }>(await call('POST', 'enterprises', lisi, { name: '李四建设' }));
  const p = json<{ _id: string }>(
    await call('POST', 'projects', lisi, { name: '李四项目', enterpriseId: e._id }),
  );
  const s = await create({ name: '李四部' }, `projects/${p._id}`, lisi);
  other = { project: p._id, structure: s._id };
});
afterAll(() => t.close());

describe('rights', () => {
  it('anonymous 401, non-member 404, member without admin 403, admin 2xx', async () => {
    const path = `projects/${ids.project}/structures`;
    const node = await create({ name: '权限测试' });
    const cases: Array<[Method, string, unknown]> = [
      ['GET', path, undefined],
      ['POST', path, { name: 'x' }],
      ['PUT', `structures/${node._id}`, { name: 'y' }],
      ['DELETE', `structures/${node._id}`, undefined],
    ];
    for (const [method, url, body] of cases) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, wangwu, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', path, zhangsan)).statusCode).toBe(200);
    for (const [method, url, body] of cases.slice(1)) {
      expect((await call(method, url, zhangsan, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('DELETE', `structures/${node._id}`, demo)).statusCode).toBe(200);
    expect(await tree()).toEqual([]);
  });

  it("another tenant's structures and scopes answer 404 and nothing changes", async () => {
    expect((await call('GET', `projects/${other.project}/structures`, demo)).statusCode).toBe(404);
    expect((await call('POST', `projects/${other.project}/structures`, demo, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `structures/${other.structure}`, demo, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `structures/${other.structure}`, demo)).statusCode).toBe(404);
    const parent = await call('POST', `projects/${ids.project}/structures`, demo, {
      name: 'x',
      parentId: other.structure,
    });
    expect([parent.statusCode, json(parent).key]).toEqual([404, 'org.structureNotFound']);
    expect(
      json<S[]>(await call('GET', `projects/${other.project}/structures`, lisi)).map((s) => s.name),
    ).toEqual(['李四部']);
    expect(await tree()).toEqual([]);
  });
});

describe('depth and move rules', () => {
  it('groups two levels, a function under a group of either level, nothing under a function', async () => {
    const a = await create({ name: 'A', order: 1 });
    const b = await create({ name: 'B', order: 2 });
    const a1 = await create({ name: 'A1', parentId: a._id });
    const f = await create({ name: 'F', parentId: a1._id, kind: 'function' });
    const fTop = await create({ name: 'F-top', parentId: a._id, kind: 'function' });
    expect(f).toMatchObject({ kind: 'function', parentId: a1._id });
    const tooDeep = await call('POST', `projects/${ids.project}/structures`, demo, {
      name: 'A11',
      parentId: a1._id,
    });
    expect([tooDeep.statusCode, json(tooDeep).key]).toEqual([400, 'org.structureTooDeep']);
    const underFunction = await call('POST', `projects/${ids.project}/structures`, demo, {
      name: 'x',
      parentId: f._id,
      kind: 'function',
    });
    expect([underFunction.statusCode, json(underFunction).key]).toEqual([400, 'org.structureIntoFunction']);

    // Moves.
    const intoFunction = await call('PUT', `structures/${b._id}`, demo, { parentId: fTop._id });
    expect([intoFunction.statusCode, json(intoFunction).key]).toEqual([400, 'org.structureIntoFunction']);
    const intoSelf = await call('PUT', `structures/${a._id}`, demo, { parentId: a._id });
    expect([intoSelf.statusCode, json(intoSelf).key]).toEqual([400, 'org.structureCycle']);
    const intoSubtree = await call('PUT', `structures/${a._id}`, demo, { parentId: a1._id });
    expect([intoSubtree.statusCode, json(intoSubtree).key]).toEqual([400, 'org.structureCycle']);
    // A with A1 (and F under it) under B would make A1 a third-level group.
    const deepMove = await call('PUT', `structures/${a._id}`, demo, { parentId: b._id });
    expect([deepMove.statusCode, json(deepMove).key]).toEqual([400, 'org.structureTooDeep']);
    // A1 (with its function) under B is fine: a second-level group, the function third.
    const move = await call('PUT', `structures/${a1._id}`, demo, { parentId: b._id, order: 3 });
    expect(json(move)).toMatchObject({ parentId: b._id, order: 3 });
    // Back to the top level.
    expect(json(await call('PUT', `structures/${a1._id}`, demo, { parentId: null }))).toMatchObject({
      parentId: null,
    });
    // A move into a project id (not a structure) is a missing parent.
    const intoProject = await call('PUT', `structures/${a._id}`, demo, { parentId: ids.project });
    expect([intoProject.statusCode, json(intoProject).key]).toEqual([404, 'org.structureNotFound']);
    // Strict: the kind never changes through PUT.
    expect((await call('PUT', `structures/${a._id}`, demo, { kind: 'function' })).statusCode).toBe(400);
  });

  it('refuses duplicate names under one parent (create, rename, move); allows them under different parents', async () => {
    const [a] = json<S[]>(await call('GET', `projects/${ids.project}/structures?order=name`, demo));
    expect(a?.name).toBe('A');
    const dup = await call('POST', `projects/${ids.project}/structures`, demo, { name: 'B' });
    expect([dup.statusCode, json(dup).key]).toEqual([409, 'org.structureNameExists']);
    const sameNameElsewhere = await create({ name: 'B', parentId: a!._id });
    const rename = await call('PUT', `structures/${sameNameElsewhere._id}`, demo, { name: 'F-top' });
    expect([rename.statusCode, json(rename).key]).toEqual([409, 'org.structureNameExists']);
    const moveToDup = await call('PUT', `structures/${sameNameElsewhere._id}`, demo, { parentId: null });
    expect([moveToDup.statusCode, json(moveToDup).key]).toEqual([409, 'org.structureNameExists']);
    expect(
      json(await call('PUT', `structures/${sameNameElsewhere._id}`, demo, { name: 'B2' })),
    ).toMatchObject({
      name: 'B2',
    });
  });

  it('lists in order; order=name, -createdAt; an unknown order is 400', async () => {
    const byOrder = json<S[]>(await call('GET', `projects/${ids.project}/structures`, demo)).map(
      (s) => s.order,
    );
    expect(byOrder).toEqual([...byOrder].sort((x, y) => x - y));
    const byName = json<S[]>(await call('GET', `projects/${ids.project}/structures?order=-name`, demo)).map(
      (s) => s.name,
    );
    expect(byName).toEqual([...byName].sort().reverse());
    expect((await call('GET', `projects/${ids.project}/structures?order=bogus`, demo)).statusCode).toBe(400);
  });
});

describe('delete', () => {
  it('deletes the subtree; members in it lose that department', async () => {
    const top = await create({ name: '施工部' });
    const sub = await create({ name: '一工区', parentId: top._id });
    await create({ name: '质检', parentId: sub._id, kind: 'function' });
    const zhangsanId = (
      await t.db.db.selectFrom('users').select('id').where('name', '=', 'zhangsan').executeTakeFirstOrThrow()
    ).id;
    const member = await t.db.db
      .selectFrom('members')
      .select('id')
      .where('scope_id', '=', ids.project)
      .where('user_id', '=', zhangsanId)
      .executeTakeFirstOrThrow();
    expect(json(await call('PUT', `members/${member.id}`, demo, { department: sub._id }))).toMatchObject({
      department: sub._id,
    });
    expect((await call('DELETE', `structures/${top._id}`, demo)).statusCode).toBe(200);
    const names = (await tree()).map(([name]) => name);
    expect(names).not.toContain('施工部');
    expect(names).not.toContain('一工区');
    expect(names).not.toContain('质检');
    const after = await t.db.db
      .selectFrom('members')
      .select('department')
      .where('id', '=', member.id)
      .executeTakeFirst();
    expect(after?.department).toBe('');
    expect((await call('DELETE', `structures/${top._id}`, demo)).statusCode).toBe(404);
  });

  it('works the same for enterprises and circles', async () => {
    const e = await create({ name: '总部' }, `enterprises/${ids.enterprise}`);
    await create({ name: '财务' }, `circles/${ids.circle}`);
    expect(await tree(`enterprises/${ids.enterprise}`)).toEqual([['总部', null, 'department']]);
    expect(await tree(`circles/${ids.circle}`)).toEqual([['财务', null, 'department']]);
    expect(e).toMatchObject({ scopeType: 'enterprise', scopeId: ids.enterprise });
    // zhangsan is no enterprise member.
    expect((await call('GET', `enterprises/${ids.enterprise}/structures`, zhangsan)).statusCode).toBe(404);
  });
});
