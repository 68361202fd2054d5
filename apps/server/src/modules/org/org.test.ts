import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';
import { createUserService } from '../account/user.service';
import { DEMO_CIRCLE_NAME, DEMO_ENTERPRISE_NAME, DEMO_PROJECT_INFO, DEMO_PROJECT_NAME } from './org.seed';

let t: TestApp;
let demo: string; // demo enterprise admin + project admin
let zhangsan: string; // demo project member
let lisi: string; // another tenant
let wangwu: string; // nobody
let admin: string; // system administrator
let ids: { enterprise: string; circle: string; project: string };
let other: { enterprise: string; circle: string; project: string };

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
const names = (response: LightMyRequestResponse) =>
  json<Array<{ name: string }>>(response).map((r) => r.name);

async function memberRows(scopeId: string) {
  return t.db.db.selectFrom('members').selectAll().where('scope_id', '=', scopeId).orderBy('id').execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  const users = createUserService({ db: t.db.db, clock: t.clock });
  for (const [name, nickName] of [
    ['lisi', '李四'],
    ['wangwu', '王五'],
  ] as const) {
    await users.createUser({ name, nickName, password: 'Passw0rd', phoneNumber: null });
  }
  // One after the other: parallel sign-ins from one address count as attempts until each succeeds.
  demo = await signIn(t.app);
  zhangsan = await signIn(t.app, 'zhangsan');
  lisi = await signIn(t.app, 'lisi', 'Passw0rd');
  wangwu = await signIn(t.app, 'wangwu', 'Passw0rd');
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  const [enterprise] = json<Array<{ _id: string }>>(await call('GET', 'enterprises', demo));
  const [circle] = json<Array<{ _id: string }>>(await call('GET', 'circles', demo));
  const [project] = json<Array<{ _id: string }>>(await call('GET', 'projects', demo));
  ids = { enterprise: enterprise!._id, circle: circle!._id, project: project!._id };
  // lisi's own tenant.
  const e = json<{ _id: string }>(await call('POST', 'enterprises', lisi, { name: '李四建设' }));
  const c = json<{ _id: string }>(
    await call('POST', 'circles', lisi, { name: '西南区', enterpriseId: e._id }),
  );
  const p = json<{ _id: string }>(
    await call('POST', 'projects', lisi, { name: '李四项目', enterpriseId: e._id, circleId: c._id }),
  );
  other = { enterprise: e._id, circle: c._id, project: p._id };
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('has the enterprise, circle and project with full project information and members', async () => {
    const enterprise = json(await call('GET', `enterprises/${ids.enterprise}`, demo));
    expect(enterprise).toMatchObject({ type: 'enterprise', name: DEMO_ENTERPRISE_NAME, isTrial: false });
    const circle = json(await call('GET', `circles/${ids.circle}`, demo));
    expect(circle).toMatchObject({ name: DEMO_CIRCLE_NAME, enterpriseId: ids.enterprise, parentId: null });
    const project = json(await call('GET', `projects/${ids.project}`, zhangsan));
    expect(project).toMatchObject({
      ...DEMO_PROJECT_INFO,
      type: 'project',
      name: DEMO_PROJECT_NAME,
      status: 'underConstruction',
      enterpriseId: ids.enterprise,
      circleId: ids.circle,
    });
    const members = await memberRows(ids.project);
    expect(members.map((m) => m.role).sort()).toEqual(['admin', 'member']);
    expect((await memberRows(ids.enterprise)).map((m) => m.role)).toEqual(['admin']);
  });
});

describe('POST enterprises, circles, projects', () => {
  it('creates an enterprise from {name}; the creator becomes its admin', async () => {
    const response = await call('POST', 'enterprises', wangwu, { name: '王五集团' });
    expect(response.statusCode).toBe(200);
    const created = json(response);
    expect(created).toMatchObject({ type: 'enterprise', name: '王五集团', shortName: '', isTrial: false });
    expect((await memberRows(created._id as string)).map((m) => [m.scope_type, m.role])).toEqual([
      ['enterprise', 'admin'],
    ]);
    expect(names(await call('GET', 'enterprises', wangwu))).toEqual(['王五集团']);
  });

  it('creates circles (two levels at most) for enterprise admins only', async () => {
    const top = await call('POST', 'circles', demo, { name: '华北分公司', enterpriseId: ids.enterprise });
    expect(top.statusCode).toBe(200);
    const topId = json(top)._id as string;
    const sub = await call('POST', 'circles', demo, {
      name: '北京项目群',
      enterpriseId: ids.enterprise,
      parentId: topId,
    });
    expect(json(sub)).toMatchObject({ parentId: topId, enterpriseId: ids.enterprise });
    const tooDeep = await call('POST', 'circles', demo, {
      name: '第三级',
      enterpriseId: ids.enterprise,
      parentId: json(sub)._id,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(json(tooDeep).key).toBe('org.circleTooDeep');
    // A parent of another enterprise is a missing one.
    const foreignParent = await call('POST', 'circles', demo, {
      name: 'x',
      enterpriseId: ids.enterprise,
      parentId: other.circle,
    });
    expect(foreignParent.statusCode).toBe(404);
    // zhangsan is no enterprise member: 404; lisi's enterprise for demo: 404.
    expect(
      (await call('POST', 'circles', zhangsan, { name: 'x', enterpriseId: ids.enterprise })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', 'circles', demo, { name: 'x', enterpriseId: other.enterprise })).statusCode,
    ).toBe(404);
    expect(names(await call('GET', `enterprises/${other.enterprise}/circles`, lisi))).toEqual(['西南区']);
  });

  it('creates projects from {name, enterpriseId}; the creator becomes project admin; ?initial=true sets up', async () => {
    const plain = await call('POST', 'projects', demo, { name: '二期', enterpriseId: ids.enterprise });
    expect(plain.statusCode).toBe(200);
    const p = json(plain);
    expect(p).toMatchObject({
      type: 'project',
      name: '二期',
      shortName: '',
      status: 'preparation',
      projectType: null,
      circleId: null,
      isTrial: false,
      storage: { allocated: 0, used: 0, unlimited: true },
    });
    expect((await memberRows(p._id as string)).map((m) => [m.scope_type, m.role, m.enterprise_id])).toEqual([
      ['project', 'admin', ids.enterprise],
    ]);
    expect(json(await call('GET', `projects/${p._id}/settings/board`, demo))).toEqual({ value: null });

    const initial = await call('POST', 'projects?initial=true', demo, {
      name: '三期',
      enterpriseId: ids.enterprise,
      circleId: ids.circle,
      shortName: '三期',
      projectType: 'structure',
      plannedStartDate: '2027-01-01',
      pictures: ['/api/v1/base-service/files/abc.png'],
    });
    expect(initial.statusCode).toBe(200);
    const q = json(initial);
    expect(q).toMatchObject({
      circleId: ids.circle,
      projectType: 'structure',
      plannedStartDate: '2027-01-01',
    });
    expect(json(await call('GET', `projects/${q._id}/settings/display`, demo))).toEqual({
      value: { overview: true, cockpit: true },
    });
  });

  it('refuses bad project information with 400', async () => {
    const bad = async (extra: Record<string, unknown>) =>
      call('POST', 'projects', demo, { name: 'x', enterpriseId: ids.enterprise, ...extra });
    const shortName = await bad({ shortName: '一二三四五六七八九十一二三' });
    expect(shortName.statusCode).toBe(400);
    expect(json(shortName).key).toBe('common.validation');
    expect(JSON.stringify(json(shortName).details)).toContain('project.shortNameTooLong');
    expect((await bad({ shortName: '一二三四五六七八九十一二' })).statusCode).toBe(200);
    for (const extra of [
      { status: 'flying' },
      { projectType: 'rocket' },
      { level: 'cosmic' },
      { classification: 'classZ' },
      { investmentBody: 'martian' },
      { contractingMode: 'x' },
      { constructionTechnologies: ['teleport'] },
      { plannedStartDate: '2027-02-30' },
      { pictures: Array.from({ length: 10 }, (_, i) => `/api/v1/base-service/files/${i}.png`) },
      { pictures: ['https://evil.example/x.png'] },
      { unknownField: 1 },
    ]) {
      const response = await bad(extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await call('POST', 'projects', demo, { enterpriseId: ids.enterprise })).statusCode).toBe(400);
    expect(
      (await call('POST', 'projects', demo, { name: '  ', enterpriseId: ids.enterprise })).statusCode,
    ).toBe(400);
  });

  it('lets only enterprise admins create projects, in circles of that enterprise', async () => {
    expect(
      (await call('POST', 'projects', zhangsan, { name: 'x', enterpriseId: ids.enterprise })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', 'projects', demo, { name: 'x', enterpriseId: other.enterprise })).statusCode,
    ).toBe(404);
    const foreignCircle = await call('POST', 'projects', demo, {
      name: 'x',
      enterpriseId: ids.enterprise,
      circleId: other.circle,
    });
    expect(foreignCircle.statusCode).toBe(404);
    expect(names(await call('GET', `enterprises/${other.enterprise}/projects`, lisi))).toEqual(['李四项目']);
  });

  it('answers 401 without a session', async () => {
    expect((await call('POST', 'enterprises', null, { name: 'x' })).statusCode).toBe(401);
    for (const path of [
      'enterprises',
      'circles',
      'projects',
      `projects/${ids.project}`,
      `enterprises/${ids.enterprise}/projects`,
      'projects_types',
      'projects_scopes',
      `projects/${ids.project}/settings/board`,
    ]) {
      expect((await call('GET', path, null)).statusCode, path).toBe(401);
    }
    expect((await call('PUT', `projects/${ids.project}/enter`, null)).statusCode).toBe(401);
  });
});

describe('reading', () => {
  it('shows each user their own enterprises, circles and projects', async () => {
    expect(names(await call('GET', 'enterprises', demo))).toContain(DEMO_ENTERPRISE_NAME);
    expect(names(await call('GET', 'enterprises', demo))).not.toContain('李四建设');
    expect(names(await call('GET', 'enterprises', zhangsan))).toEqual([]);
    expect(names(await call('GET', 'circles', zhangsan))).toEqual([]);
    expect(names(await call('GET', 'projects', zhangsan))).toEqual([DEMO_PROJECT_NAME]);
    expect(names(await call('GET', 'projects', lisi))).toEqual(['李四项目']);
    // demo administers the enterprise: sees every project of it, but none of lisi's.
    const demoProjects = names(await call('GET', 'projects', demo));
    expect(demoProjects).toContain(DEMO_PROJECT_NAME);
    expect(demoProjects).not.toContain('李四项目');
    const count = json(await call('GET', 'projects?only_count=true', demo));
    expect(count).toEqual({ count: demoProjects.length });
  });

  it("names each project's enterprise in the caller's project list (a project-only member too)", async () => {
    // zhangsan is a member of the demo project alone: GET enterprises answers none, the project names it.
    const mine = json<Array<{ name: string; enterpriseName?: string }>>(
      await call('GET', 'projects', zhangsan),
    );
    expect(mine.map((p) => [p.name, p.enterpriseName])).toEqual([[DEMO_PROJECT_NAME, DEMO_ENTERPRISE_NAME]]);
    expect(
      json<Array<{ enterpriseName?: string }>>(await call('GET', 'projects', lisi)).map(
        (p) => p.enterpriseName,
      ),
    ).toEqual(['李四建设']);
    // The single project and the lists of a container do not carry it.
    expect(json(await call('GET', `projects/${ids.project}`, zhangsan)).enterpriseName).toBeUndefined();
    const inEnterprise = json<Array<{ enterpriseName?: string }>>(
      await call('GET', `enterprises/${ids.enterprise}/projects`, demo),
    );
    expect(inEnterprise.every((p) => p.enterpriseName === undefined)).toBe(true);
    // Circles too: the caller's own list names each circle's enterprise, an enterprise's list does not.
    const myCircles = json<Array<{ name: string; enterpriseName?: string }>>(
      await call('GET', 'circles', demo),
    );
    expect(myCircles.find((c) => c.name === DEMO_CIRCLE_NAME)?.enterpriseName).toBe(DEMO_ENTERPRISE_NAME);
    const enterpriseCircles = json<Array<{ enterpriseName?: string }>>(
      await call('GET', `enterprises/${ids.enterprise}/circles`, demo),
    );
    expect(enterpriseCircles.every((c) => c.enterpriseName === undefined)).toBe(true);
  });

  it('pages, orders and filters the lists with the whitelists', async () => {
    const all = names(await call('GET', 'projects?order=name', demo));
    expect(names(await call('GET', 'projects?order=name&skip=1&limit=1', demo))).toEqual([all[1]]);
    const where = encodeURIComponent(JSON.stringify({ status: 'underConstruction' }));
    expect(names(await call('GET', `projects?where=${where}`, demo))).toEqual([DEMO_PROJECT_NAME]);
    const bad = encodeURIComponent(JSON.stringify({ info: 'x' }));
    expect(json(await call('GET', `projects?where=${bad}`, demo)).key).toBe('common.whereUnknownField');
    expect((await call('GET', 'projects?order=password', demo)).statusCode).toBe(400);
    expect((await call('GET', 'projects?foo=1', demo)).statusCode).toBe(400);
  });

  it('pages the project lists by cursor (after=) as one long page says, within what the caller sees', async () => {
    const paged = async (path: string, cookie: string, order: string) => {
      const rows: string[] = [];
      let after = '';
      for (;;) {
        const response = await call('GET', `${path}?order=${order}&limit=1${after}`, cookie);
        expect(response.statusCode, response.body).toBe(200);
        rows.push(...names(response));
        const next = response.headers['x-next-after'];
        if (next === undefined) return rows;
        after = `&after=${next}`;
      }
    };
    for (const order of ['name', '-createdAt']) {
      for (const [path, cookie] of [
        [`enterprises/${ids.enterprise}/projects`, demo],
        [`circles/${ids.circle}/projects`, demo],
        ['projects', zhangsan],
      ] as const) {
        const whole = names(await call('GET', `${path}?order=${order}&limit=200`, cookie));
        expect(await paged(path, cookie, order), `${path} ${order}`).toEqual(whole);
      }
    }
    const first = await call('GET', `enterprises/${ids.enterprise}/projects?order=name&limit=1`, demo);
    const cursor = String(first.headers['x-next-after']);
    const wrongOrder = await call('GET', `enterprises/${ids.enterprise}/projects?after=${cursor}`, demo);
    expect([wrongOrder.statusCode, json(wrongOrder).key]).toEqual([400, 'common.badCursor']);
    // Another tenant's list stays closed whatever the cursor.
    expect(
      (await call('GET', `enterprises/${ids.enterprise}/projects?order=name&after=${cursor}`, lisi))
        .statusCode,
    ).toBe(404);
  });

  it('lists the projects of an enterprise and of a circle (with its sub-circles)', async () => {
    const inEnterprise = names(await call('GET', `enterprises/${ids.enterprise}/projects`, demo));
    expect(inEnterprise).toEqual(expect.arrayContaining([DEMO_PROJECT_NAME, '二期', '三期']));
    expect(names(await call('GET', `circles/${ids.circle}/projects`, demo)).sort()).toEqual(
      [DEMO_PROJECT_NAME, '三期'].sort(),
    );
    expect(names(await call('GET', `enterprises/${ids.enterprise}/circles`, demo))).toContain(
      DEMO_CIRCLE_NAME,
    );
    expect(json(await call('GET', `enterprises/${ids.enterprise}/circles?only_count=true`, demo)).count).toBe(
      names(await call('GET', `enterprises/${ids.enterprise}/circles`, demo)).length,
    );
  });

  it('shows a plain enterprise member only the projects they belong to, an administrator all', async () => {
    const path = `enterprises/${ids.enterprise}/projects`;
    const everything = json<Array<{ _id: string; name: string }>>(await call('GET', path, demo));
    const second = everything.find((p) => p.name === '二期')!;
    const created = await createUserService({ db: t.db.db, clock: t.clock }).createUser({
      name: 'zhaoliu',
      nickName: '赵六',
      password: 'Passw0rd',
      phoneNumber: null,
    });
    const zhaoliu = await signIn(t.app, 'zhaoliu', 'Passw0rd');
    // Not yet of the enterprise: invited; accepting makes the member (issue 14).
    const invited = await call('POST', `enterprises/${ids.enterprise}/members`, demo, { userId: created.id });
    expect(invited.statusCode).toBe(200);
    const invitationId = json<{ _id: string }>(invited)._id;
    expect(
      (await call('POST', `membership-invitations/${invitationId}/accept`, zhaoliu, {})).statusCode,
    ).toBe(200);
    expect(names(await call('GET', path, zhaoliu))).toEqual([]);
    expect(json(await call('GET', `${path}?only_count=true`, zhaoliu))).toEqual({ count: 0 });
    expect(
      (await call('POST', `projects/${second._id}/members`, demo, { userId: created.id })).statusCode,
    ).toBe(200);
    expect(names(await call('GET', path, zhaoliu))).toEqual(['二期']);
    expect(json(await call('GET', `${path}?only_count=true`, zhaoliu))).toEqual({ count: 1 });
    expect(json(await call('GET', `${path}?only_count=true`, demo))).toEqual({ count: everything.length });
  });

  it('answers 404 for another tenant, a non-member and a missing id', async () => {
    for (const path of [
      `enterprises/${ids.enterprise}`,
      `circles/${ids.circle}`,
      `projects/${ids.project}`,
      `enterprises/${ids.enterprise}/projects`,
      `enterprises/${ids.enterprise}/circles`,
      `circles/${ids.circle}/projects`,
      `projects/${ids.project}/settings/board`,
    ]) {
      expect((await call('GET', path, lisi)).statusCode, path).toBe(404);
      expect((await call('GET', path, wangwu)).statusCode, path).toBe(404);
    }
    // A project member is no enterprise or circle member.
    expect((await call('GET', `enterprises/${ids.enterprise}`, zhangsan)).statusCode).toBe(404);
    expect((await call('GET', `circles/${ids.circle}`, zhangsan)).statusCode).toBe(404);
    expect((await call('GET', `projects/${'f'.repeat(24)}`, demo)).statusCode).toBe(404);
    expect((await call('GET', 'projects/not-an-id', demo)).statusCode).toBe(400);
  });

  it('lets system administrators read everything', async () => {
    expect(names(await call('GET', 'enterprises', admin))).toEqual(
      expect.arrayContaining([DEMO_ENTERPRISE_NAME, '李四建设']),
    );
    expect((await call('GET', `projects/${other.project}`, admin)).statusCode).toBe(200);
  });
});

describe('PUT', () => {
  it('changes the project information for admins; null clears a field', async () => {
    const response = await call('PUT', `projects/${ids.project}`, demo, {
      shortName: '一期',
      status: 'completed',
      qualityGoal: null,
      floorsAboveGround: 25,
    });
    expect(response.statusCode).toBe(200);
    const project = json(response);
    expect(project).toMatchObject({ shortName: '一期', status: 'completed', floorsAboveGround: 25 });
    expect(project).not.toHaveProperty('qualityGoal');
    expect(project.ownerUnit).toBe(DEMO_PROJECT_INFO.ownerUnit);
    expect(
      (await call('PUT', `projects/${ids.project}`, demo, { shortName: 'x'.repeat(13) })).statusCode,
    ).toBe(400);
    expect((await call('PUT', `projects/${ids.project}`, demo, { isTrial: true })).statusCode).toBe(400);
    expect((await call('PUT', `projects/${ids.project}`, demo, { name: null })).statusCode).toBe(400);
  });

  it('answers 403 to a member without admin role and 404 to other tenants; nothing changes', async () => {
    const before = json(await call('GET', `projects/${ids.project}`, demo));
    const member = await call('PUT', `projects/${ids.project}`, zhangsan, { name: 'hijack' });
    expect(member.statusCode).toBe(403);
    expect(json(member).key).toBe('common.forbidden');
    expect((await call('PUT', `projects/${ids.project}`, lisi, { name: 'hijack' })).statusCode).toBe(404);
    expect((await call('PUT', `projects/${ids.project}`, admin, { name: 'hijack' })).statusCode).toBe(403);
    // Moving into another tenant's circle: 404.
    expect((await call('PUT', `projects/${ids.project}`, demo, { circleId: other.circle })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `enterprises/${ids.enterprise}`, lisi, { name: 'hijack' })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `circles/${ids.circle}`, lisi, { name: 'hijack' })).statusCode).toBe(404);
    expect((await call('PUT', `circles/${ids.circle}`, zhangsan, { name: 'hijack' })).statusCode).toBe(404);
    expect(json(await call('GET', `projects/${ids.project}`, demo))).toEqual(before);
    expect(json(await call('GET', `enterprises/${ids.enterprise}`, demo)).name).toBe(DEMO_ENTERPRISE_NAME);
    expect(json(await call('GET', `circles/${ids.circle}`, demo)).name).toBe(DEMO_CIRCLE_NAME);
  });

  it('renames enterprises and circles for their admins (strict bodies)', async () => {
    const e = await call('PUT', `enterprises/${other.enterprise}`, lisi, {
      name: '李四建设集团',
      shortName: '李四',
    });
    expect(json(e)).toMatchObject({ name: '李四建设集团', shortName: '李四' });
    expect((await call('PUT', `enterprises/${other.enterprise}`, lisi, { isTrial: true })).statusCode).toBe(
      400,
    );
    const c = await call('PUT', `circles/${other.circle}`, lisi, { name: '西南大区', order: 3 });
    expect(json(c)).toMatchObject({ name: '西南大区', order: 3 });
    expect(
      (await call('PUT', `circles/${other.circle}`, lisi, { enterpriseId: ids.enterprise })).statusCode,
    ).toBe(400);
  });

  it('moves a project to another circle of its enterprise', async () => {
    const p = json(
      await call('POST', 'projects', lisi, { name: '李四二期', enterpriseId: other.enterprise }),
    );
    const moved = await call('PUT', `projects/${p._id}`, lisi, { circleId: other.circle });
    expect(json(moved).circleId).toBe(other.circle);
    expect(json(await call('PUT', `projects/${p._id}`, lisi, { circleId: null })).circleId).toBeNull();
  });
});

describe('enter', () => {
  it('remembers the current place of members and answers {}', async () => {
    const response = await call('PUT', `projects/${ids.project}/enter`, zhangsan);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({});
    const zhangsanId = (await t.db.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'zhangsan')
      .executeTakeFirst())!.id;
    const place = await t.db.db
      .selectFrom('user_places')
      .selectAll()
      .where('user_id', '=', zhangsanId)
      .execute();
    expect(place).toMatchObject([{ scope_type: 'project', scope_id: ids.project }]);
    expect((await call('PUT', `enterprises/${ids.enterprise}/enter`, demo, {})).statusCode).toBe(200);
    expect((await call('PUT', `circles/${ids.circle}/enter`, demo)).statusCode).toBe(200);
    expect((await call('PUT', `projects/${ids.project}/enter`, lisi)).statusCode).toBe(404);
    const after = await t.db.db
      .selectFrom('user_places')
      .selectAll()
      .where('user_id', '=', zhangsanId)
      .execute();
    expect(after).toEqual(place);
  });
});

describe('option lists', () => {
  it('answers the project types and the project scopes with labels', async () => {
    const types = json<Array<{ key: string; name: string; nameEn: string }>>(
      await call('GET', 'projects_types', zhangsan),
    );
    expect(types).toHaveLength(10);
    expect(types[0]).toEqual({ key: 'architecture', name: '建筑', nameEn: 'Architecture' });
    const scopes = json<Record<string, Array<{ key: string }>>>(
      await call('GET', 'projects_scopes', zhangsan),
    );
    expect(scopes.statuses!.map((s) => s.key)).toEqual([
      'preparation',
      'underConstruction',
      'completed',
      'suspended',
      'resumed',
      'postponed',
    ]);
    expect(Object.keys(scopes)).toEqual(
      expect.arrayContaining(['levels', 'classifications', 'investmentBodies', 'contractingModes', 'works']),
    );
  });
});
