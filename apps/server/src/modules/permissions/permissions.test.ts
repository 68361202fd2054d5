import type { User } from '@lintel/contracts/account';
import {
  adminTemplateGrants,
  DEFAULT_DOMAINS,
  MODULES,
  memberTemplateGrants,
  moduleGroups,
  readOnlyTemplateGrants,
} from '@lintel/contracts/permissions';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';
import { addMemberWithConsent } from '../../../test/membership';
import { createUserService } from '../account/user.service';
import { createOrgAccess } from '../org/access';
import { createPermissionsModule } from './index';

let t: TestApp;
let demo: string; // enterprise + project admin of the demo
let zhangsan: string; // demo project member (default template)
let lisi: string; // another tenant
let wangwu: string; // nobody, later a trial user
let admin: string; // system administrator
let userIds: Record<string, string>;
let ids: { enterprise: string; circle: string; project: string };
let other: { enterprise: string; project: string };

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
const key = (response: LightMyRequestResponse) => json<{ key?: string }>(response).key;

async function userOf(name: string): Promise<User> {
  return { _id: userIds[name]!, isSystemAdmin: name === 'admin' } as User;
}

async function addProjectMember(
  projectId: string,
  enterpriseId: string,
  name: string,
  templateId: string | null,
) {
  const at = new Date().toISOString();
  await t.db.db
    .insertInto('members')
    .values({
      id: `${Date.now().toString(16).padStart(12, '0')}${Math.random().toString(16).slice(2, 14).padEnd(12, '0')}`,
      scope_type: 'project',
      scope_id: projectId,
      enterprise_id: enterpriseId,
      user_id: userIds[name]!,
      role: 'member',
      vip: 0,
      department: '',
      remark: '',
      sort_order: 5,
      edit_4d: 0,
      phone_secret: 0,
      business_shielding: 0,
      category: '',
      template_id: templateId,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function setTemplate(projectId: string, name: string, templateId: string | null) {
  await t.db.db
    .updateTable('members')
    .set({ template_id: templateId })
    .where('scope_type', '=', 'project')
    .where('scope_id', '=', projectId)
    .where('user_id', '=', userIds[name]!)
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  const users = createUserService({ db: t.db.db, clock: t.clock });
  for (const name of ['lisi', 'wangwu', 'zhaoliu', 'sunqi']) {
    await users.createUser({ name, nickName: name, password: 'Passw0rd', phoneNumber: null });
  }
  // One after another: sign-ins in flight count as attempts of the one test address (issue 14), and a fourth
  // at once would be asked for a proof of work.
  demo = await signIn(t.app);
  zhangsan = await signIn(t.app, 'zhangsan');
  lisi = await signIn(t.app, 'lisi', 'Passw0rd');
  wangwu = await signIn(t.app, 'wangwu', 'Passw0rd');
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  const rows = await t.db.db.selectFrom('users').select(['id', 'name']).execute();
  userIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
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

describe('every project starts with the preset templates and the default disciplines', () => {
  it('has them for the demo project, a created project and a trial project', async () => {
    const trial = json<{ project: { _id: string } }>(
      await call('POST', `users/${userIds.wangwu}/trialPlan`, wangwu, {}),
    );
    for (const [projectId, cookie] of [
      [ids.project, demo],
      [other.project, lisi],
      [trial.project._id, wangwu],
    ] as const) {
      const templates = json<Array<{ name: string; isDefault: boolean; grants: Record<string, unknown> }>>(
        await call('GET', `projects/${projectId}/templates`, cookie),
      );
      // The default one first: 项目成员.
      expect(templates.map((x) => [x.name, x.isDefault])).toEqual([
        ['项目成员', true],
        ['项目管理员', false],
        ['只读', false],
      ]);
      const [member, administrator, readOnly] = templates as [
        (typeof templates)[0],
        (typeof templates)[0],
        (typeof templates)[0],
      ];
      expect(member.grants).toEqual(memberTemplateGrants());
      expect(member.grants.problemTopics).toEqual({ view: 'all', create: true });
      expect(member.grants.personnel).toEqual({ view: 'all' });
      expect(administrator.grants).toEqual(adminTemplateGrants());
      expect(administrator.grants.personnel).toMatchObject({ delete: true, viewSensitive: true });
      expect(readOnly.grants).toEqual(readOnlyTemplateGrants());
      expect(readOnly.grants.progressPlans).toEqual({
        view: 'all',
        viewInternalPlan: 'all',
        viewExternalPlan: 'all',
      });
      for (const module of MODULES) {
        expect(Object.values(readOnly.grants[module.moduleKey] as object).every((v) => v === 'all')).toBe(
          true,
        );
      }
      const domains = json<Array<{ name: string; nameEn: string }>>(
        await call('GET', `projects/${projectId}/domains`, cookie),
      );
      expect(domains.map((d) => [d.name, d.nameEn])).toEqual(DEFAULT_DOMAINS.map((d) => [d.name, d.nameEn]));
    }
  });
});

describe('permission templates', () => {
  let templateId: string;

  it('creates, renames and refuses duplicate names (409)', async () => {
    const created = await call('POST', `projects/${ids.project}/templates`, demo, {
      name: '施工员',
      grants: { announcements: { view: 'ownDepartment', create: true }, documents: { upload: true } },
      treeScopes: { documents: { folders: [] } },
    });
    expect(created.statusCode).toBe(200);
    templateId = json<{ _id: string }>(created)._id;
    expect(json(created)).toMatchObject({ name: '施工员', isDefault: false, memberCount: 0 });
    const dup = await call('POST', `projects/${ids.project}/templates`, demo, { name: '施工员', grants: {} });
    expect(dup.statusCode).toBe(409);
    expect(key(dup)).toBe('permissions.templateNameTaken');
    const renameToDefault = await call('PUT', `templates/${templateId}`, demo, { name: '项目成员' });
    expect(renameToDefault.statusCode).toBe(409);
    const put = await call('PUT', `templates/${templateId}`, demo, {
      name: '施工员A',
      grants: { announcements: { view: 'all', create: true, delete: false } },
    });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toMatchObject({ name: '施工员A', grants: { announcements: { create: true } } });
  });

  it('validates grants against the module catalogue', async () => {
    const unknownModule = await call('POST', `projects/${ids.project}/templates`, demo, {
      name: 'x',
      grants: { nope: { view: 'all' } },
    });
    expect(unknownModule.statusCode).toBe(400);
    const notOffered = await call('POST', `projects/${ids.project}/templates`, demo, {
      name: 'x',
      grants: { notifications: { create: true } },
    });
    expect(notOffered.statusCode).toBe(400);
    const badScope = await call('POST', `projects/${ids.project}/templates`, demo, {
      name: 'x',
      grants: { tasks: { view: 'everything' } },
    });
    expect(badScope.statusCode).toBe(400);
    const badTree = await call('POST', `projects/${ids.project}/templates`, demo, {
      name: 'x',
      grants: {},
      treeScopes: { tasks: { folders: [] } },
    });
    expect(badTree.statusCode).toBe(400);
  });

  it('refuses deleting the default template and a template in use (naming the count)', async () => {
    const templates = json<Array<{ _id: string; isDefault: boolean; memberCount: number }>>(
      await call('GET', `projects/${ids.project}/templates`, demo),
    );
    const fallback = templates.find((x) => x.isDefault)!;
    expect(fallback.memberCount).toBe(1); // zhangsan has no template of their own
    const deleteDefault = await call('DELETE', `templates/${fallback._id}`, demo);
    expect(deleteDefault.statusCode).toBe(409);
    expect(key(deleteDefault)).toBe('permissions.templateIsDefault');
    await setTemplate(ids.project, 'zhangsan', templateId);
    const inUse = await call('DELETE', `templates/${templateId}`, demo);
    expect(inUse.statusCode).toBe(409);
    expect(key(inUse)).toBe('permissions.templateInUse');
    expect(json<{ message: string }>(inUse).message).toContain('1');
    await setTemplate(ids.project, 'zhangsan', null);
    expect((await call('DELETE', `templates/${templateId}`, demo)).statusCode).toBe(200);
    expect((await call('DELETE', `templates/${templateId}`, demo)).statusCode).toBe(404);
  });

  it('is for project admins only: members 403, others 404, anonymous 401', async () => {
    expect((await call('GET', `projects/${ids.project}/templates`, zhangsan)).statusCode).toBe(403);
    expect((await call('GET', `projects/${ids.project}/templates`, lisi)).statusCode).toBe(404);
    expect((await call('GET', `projects/${ids.project}/templates`, null)).statusCode).toBe(401);
    expect(
      (await call('POST', `projects/${ids.project}/templates`, zhangsan, { name: 'z', grants: {} }))
        .statusCode,
    ).toBe(403);
  });

  it("treats another tenant's template as missing and changes nothing", async () => {
    const [theirs] = json<Array<{ _id: string; name: string }>>(
      await call('GET', `projects/${other.project}/templates`, lisi),
    );
    expect((await call('PUT', `templates/${theirs!._id}`, demo, { name: 'hijack' })).statusCode).toBe(404);
    const created = json<{ _id: string }>(
      await call('POST', `projects/${other.project}/templates`, lisi, { name: 'temp', grants: {} }),
    );
    expect((await call('DELETE', `templates/${created._id}`, demo)).statusCode).toBe(404);
    const after = json<Array<{ name: string }>>(
      await call('GET', `projects/${other.project}/templates`, lisi),
    );
    expect(after.map((x) => x.name).sort()).toEqual(['temp', '只读', '项目成员', '项目管理员'].sort());
  });
});

describe('authorize, visibleScope and GET projects/{id}/auth', () => {
  it('refuses create to a member whose template lacks it, in authorize and in GET auth', async () => {
    const module = createPermissionsModule({ db: t.db.db, clock: t.clock, access: createOrgAccess(t.db.db) });
    const zs = await userOf('zhangsan');
    expect(await module.authorize(zs, ids.project, 'personnel', 'view')).toBe(true);
    expect(await module.authorize(zs, ids.project, 'personnel', 'create')).toBe(false);
    expect(await module.visibleScope(zs, ids.project, 'personnel')).toBe('all');
    const read = await call(
      'GET',
      `projects/${ids.project}/auth?key=read&category=default&moduleKey=personnel`,
      zhangsan,
    );
    expect(json(read)).toEqual({ value: 'all' });
    const create = await call(
      'GET',
      `projects/${ids.project}/auth?key=create&category=default&moduleKey=personnel`,
      zhangsan,
    );
    expect(create.statusCode).toBe(200);
    expect(json(create)).toEqual({ value: false });
    // The same check as a route hook.
    await expect(
      createOrgAccess(t.db.db).requireScopeRole(
        zs,
        { type: 'project', id: ids.project },
        {
          moduleKey: 'personnel',
          permission: 'create',
        },
      ),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('follows the template once one is given (takes effect on the next request)', async () => {
    const module = createPermissionsModule({ db: t.db.db, clock: t.clock, access: createOrgAccess(t.db.db) });
    const tpl = json<{ _id: string }>(
      await call('POST', `projects/${ids.project}/templates`, demo, {
        name: '资料员',
        grants: { announcements: { view: 'relatedToMe', create: true }, tasks: { view: 'none' } },
      }),
    );
    await setTemplate(ids.project, 'zhangsan', tpl._id);
    const zs = await userOf('zhangsan');
    expect(await module.authorize(zs, ids.project, 'announcements', 'create')).toBe(true);
    expect(await module.authorize(zs, ids.project, 'announcements', 'delete')).toBe(false);
    expect(await module.authorize(zs, ids.project, 'tasks', 'view')).toBe(false);
    expect(await module.visibleScope(zs, ids.project, 'announcements')).toBe('relatedToMe');
    expect(await module.visibleScope(zs, ids.project, 'tasks')).toBe('none');
    expect(await module.visibleScope(zs, ids.project, 'documents')).toBe('none');
    const auth = (k: string, m: string, cookie: string | null = zhangsan) =>
      call('GET', `projects/${ids.project}/auth?key=${k}&moduleKey=${m}`, cookie);
    expect(json(await auth('create', 'announcements'))).toEqual({ value: true });
    expect(json(await auth('read', 'tasks'))).toEqual({ value: 'none' });
    expect(json(await auth('view', 'announcements'))).toEqual({ value: 'relatedToMe' });
    expect(json(await auth('delete', 'announcements'))).toEqual({ value: false });
    // Only the modules they may view (authorized not all).
    const mine = json<Array<{ moduleKey: string }>>(
      await call('GET', `projects/${ids.project}/modules`, zhangsan),
    );
    expect(mine.map((m) => m.moduleKey)).toEqual(['announcements']);
    // Admins: everything.
    expect(json(await auth('create', 'announcements', demo))).toEqual({ value: true });
    expect(json(await auth('read', 'tasks', demo))).toEqual({ value: 'all' });
    const admin_ = await userOf('demo');
    expect(await module.authorize(admin_, ids.project, 'costManagement', 'delete')).toBe(true);
    expect(await module.visibleScope(admin_, ids.project, 'costManagement')).toBe('all');
    // Non-members: nothing, 404.
    expect(await module.authorize(await userOf('lisi'), ids.project, 'announcements', 'view')).toBe(false);
    expect(await module.visibleScope(await userOf('lisi'), ids.project, 'announcements')).toBe('none');
    expect((await auth('read', 'tasks', lisi)).statusCode).toBe(404);
    expect((await auth('read', 'tasks', null)).statusCode).toBe(401);
    expect((await auth('read', 'nope')).statusCode).toBe(400);
    // Back to the default template (项目成员): creates announcements, not personnel records.
    await setTemplate(ids.project, 'zhangsan', null);
    expect(await module.authorize(zs, ids.project, 'announcements', 'create')).toBe(true);
    expect(await module.authorize(zs, ids.project, 'personnel', 'create')).toBe(false);
  });

  it('lets admins of an enclosing scope do everything', async () => {
    const module = createPermissionsModule({ db: t.db.db, clock: t.clock, access: createOrgAccess(t.db.db) });
    // demo is enterprise admin: a project created by lisi in lisi's enterprise stays closed to demo.
    expect(await module.authorize(await userOf('demo'), other.project, 'tasks', 'view')).toBe(false);
    // zhaoliu, admin of the demo enterprise only, gets everything in its projects.
    await t.db.db
      .insertInto('members')
      .values({
        id: 'aaaaaaaaaaaaaaaaaaaaaa01',
        scope_type: 'enterprise',
        scope_id: ids.enterprise,
        enterprise_id: ids.enterprise,
        user_id: userIds.zhaoliu!,
        role: 'admin',
        vip: 0,
        department: '',
        remark: '',
        sort_order: 9,
        edit_4d: 0,
        phone_secret: 0,
        business_shielding: 0,
        category: '',
        template_id: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect(await module.authorize(await userOf('zhaoliu'), ids.project, 'tasks', 'delete')).toBe(true);
  });
});

describe('modules', () => {
  it('lists the authorised modules of a project (setting `modules`, default all)', async () => {
    const all = json<Array<{ moduleKey: string }>>(
      await call('GET', `projects/${ids.project}/modules?authorized=all`, zhangsan),
    );
    expect(all.map((m) => m.moduleKey)).toEqual(MODULES.map((m) => m.moduleKey));
    await call('PUT', `projects/${ids.project}/settings/modules`, demo, { value: ['tasks', 'documents'] });
    const some = json<Array<{ moduleKey: string }>>(
      await call('GET', `projects/${ids.project}/modules?authorized=all`, demo),
    );
    expect(some.map((m) => m.moduleKey)).toEqual(['documents', 'tasks']);
    await call('PUT', `projects/${ids.project}/settings/modules`, demo, { value: null });
    expect((await call('GET', `projects/${ids.project}/modules`, lisi)).statusCode).toBe(404);
  });

  it('answers the groups and the enterprise modules', async () => {
    const groups = await call('GET', 'module_groups?device=web', zhangsan);
    expect(json(groups)).toEqual(moduleGroups());
    expect(json<Array<{ groupKey: string }>>(groups).map((g) => g.groupKey)).toEqual([
      'collaboration',
      'design',
      'quality',
      'security',
      'planManagement',
    ]);
    expect((await call('GET', 'module_groups?device=tv', zhangsan)).statusCode).toBe(400);
    const enterprise = await call('GET', `enterprises/${ids.enterprise}/modules`, demo);
    expect(json<unknown[]>(enterprise)).toHaveLength(MODULES.length);
    expect((await call('GET', `enterprises/${ids.enterprise}/modules`, lisi)).statusCode).toBe(404);
  });
});

describe('domains', () => {
  it('adds, renames, removes and refuses duplicates', async () => {
    const created = await call('POST', `projects/${ids.project}/domains`, demo, {
      name: '幕墙',
      nameEn: 'Curtain wall',
    });
    expect(created.statusCode).toBe(200);
    const domain = json<{ _id: string; order: number }>(created);
    expect(domain.order).toBe(DEFAULT_DOMAINS.length);
    const dup = await call('POST', `projects/${ids.project}/domains`, demo, { name: '结构' });
    expect(dup.statusCode).toBe(409);
    expect(key(dup)).toBe('permissions.domainNameTaken');
    expect((await call('PUT', `domains/${domain._id}`, demo, { name: '建筑' })).statusCode).toBe(409);
    expect(json(await call('PUT', `domains/${domain._id}`, demo, { name: '幕墙工程' }))).toMatchObject({
      name: '幕墙工程',
    });
    expect((await call('PUT', `domains/${domain._id}`, zhangsan, { name: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `domains/${domain._id}`, lisi)).statusCode).toBe(404);
    expect((await call('DELETE', `domains/${domain._id}`, demo)).statusCode).toBe(200);
    const names = json<Array<{ name: string }>>(
      await call('GET', `projects/${ids.project}/domains`, zhangsan),
    );
    expect(names).toHaveLength(DEFAULT_DOMAINS.length);
  });
});

describe('4D editing authorisation', () => {
  it('counts, authorises and applies the rules of spec 001 §5', async () => {
    const status = await call('GET', `projects/${ids.project}/edit4d`, demo);
    expect(json(status)).toEqual({
      available: 9,
      total: 10,
      authorized: 1,
      expiresAt: '2099-12-31',
      expired: false,
    });
    expect((await call('GET', `projects/${ids.project}/edit4d`, zhangsan)).statusCode).toBe(403);
    const put = (body: unknown, cookie = demo) => call('PUT', `projects/${ids.project}/edit4d`, cookie, body);
    const ok = await put({ userIds: [userIds.zhangsan] });
    expect(json(ok)).toMatchObject({ authorized: 2, available: 8 });
    const row = await t.db.db
      .selectFrom('members')
      .select(['edit_4d', 'edit_4d_at'])
      .where('scope_id', '=', ids.project)
      .where('user_id', '=', userIds.zhangsan!)
      .executeTakeFirstOrThrow();
    expect(row.edit_4d).toBe(1);
    expect(row.edit_4d_at).not.toBeNull();
    const twice = await put({ userIds: [userIds.zhangsan] });
    expect(twice.statusCode).toBe(409);
    expect(key(twice)).toBe('permissions.edit4dAlreadyAuthorized');
    expect((await put({ userIds: [userIds.lisi] })).statusCode).toBe(404);
    expect((await put({ userIds: [userIds.zhangsan] }, zhangsan)).statusCode).toBe(403);

    await addProjectMember(ids.project, ids.enterprise, 'sunqi', null);
    await addProjectMember(ids.project, ids.enterprise, 'wangwu', null);
    const allowance = (body: unknown, cookie: string | null = admin) =>
      call('PUT', `admin/enterprises/${ids.enterprise}/edit4d`, cookie, body);
    expect((await allowance({ total: 2, expiresAt: '2099-12-31' }, demo)).statusCode).toBe(403);
    const below = await allowance({ total: 1, expiresAt: '2099-12-31' });
    expect(below.statusCode).toBe(400);
    expect(key(below)).toBe('permissions.edit4dTotalBelowAuthorized');
    expect(json(await allowance({ total: 2, expiresAt: '2099-12-31' }))).toMatchObject({ available: 0 });
    const none = await put({ userIds: [userIds.sunqi] });
    expect(key(none)).toBe('permissions.edit4dNoneAvailable');
    await allowance({ total: 3, expiresAt: '2099-12-31' });
    const tooMany = await put({ userIds: [userIds.sunqi, userIds.wangwu] });
    expect(tooMany.statusCode).toBe(400);
    expect(key(tooMany)).toBe('permissions.edit4dLimitReached');
    await allowance({ total: 3, expiresAt: '2000-01-01' });
    const expired = await put({ userIds: [userIds.sunqi] });
    expect(key(expired)).toBe('permissions.edit4dExpired');
    await allowance({ total: 3, expiresAt: null });
    expect(json(await put({ userIds: [userIds.sunqi] }))).toMatchObject({ authorized: 3, available: 0 });
    expect(json(await put({ userIds: [userIds.sunqi], revoke: true }))).toMatchObject({ authorized: 2 });
    expect((await allowance({ total: 3, expiresAt: null }, null)).statusCode).toBe(401);
    expect(
      (await call('PUT', `admin/enterprises/${'f'.repeat(24)}/edit4d`, admin, { total: 1, expiresAt: null }))
        .statusCode,
    ).toBe(404);
  });
});

describe('capacity and plan', () => {
  const capacity = {
    accountCapacity: 100,
    spaceCapacityBytes: 2 * 1024 ** 3,
    projectLimit: 5,
    paidPlan: 'pro',
  };
  it('sets capacity with the errors of spec 001 §8 (system administrators)', async () => {
    const put = (body: unknown, cookie = admin) =>
      call('PUT', `admin/enterprises/${ids.enterprise}/capacity`, cookie, body);
    expect((await put(capacity, demo)).statusCode).toBe(403);
    for (const [change, errorKey] of [
      [{ accountCapacity: 1_000_000 }, 'permissions.accountCapacityTooHigh'],
      [{ accountCapacity: 0 }, 'permissions.accountCapacityTooLow'],
      [{ accountCapacity: 2 }, 'permissions.accountCapacityBelowMembers'],
      [{ spaceCapacityBytes: 2 * 1024 ** 5 }, 'permissions.spaceCapacityTooHigh'],
      [{ spaceCapacityBytes: 1024 }, 'permissions.spaceCapacityTooLow'],
    ] as const) {
      const response = await put({ ...capacity, ...change });
      expect(response.statusCode, errorKey).toBe(400);
      expect(key(response)).toBe(errorKey);
    }
    const ok = await put(capacity);
    expect(json(ok)).toMatchObject({
      accountCapacity: 100,
      spaceCapacity: 2 * 1024 ** 3,
      projectLimit: 5,
      paidPlan: 'pro',
    });
  });

  it('refuses a project beyond the project limit', async () => {
    const count = json<{ count: number }>(
      await call('GET', `enterprises/${ids.enterprise}/projects?only_count=true`, demo),
    ).count;
    await call('PUT', `admin/enterprises/${ids.enterprise}/capacity`, admin, {
      ...capacity,
      projectLimit: count,
    });
    const refused = await call('POST', 'projects', demo, { name: '超限项目', enterpriseId: ids.enterprise });
    expect(refused.statusCode).toBe(400);
    expect(key(refused)).toBe('org.projectLimitReached');
    await call('PUT', `admin/enterprises/${ids.enterprise}/capacity`, admin, {
      ...capacity,
      projectLimit: count + 10,
    });
    expect(
      (await call('POST', 'projects', demo, { name: '新项目', enterpriseId: ids.enterprise })).statusCode,
    ).toBe(200);
  });

  it('moves a trial project into a paid enterprise (PUT projects/{id}/payment)', async () => {
    const [trialProject] = json<Array<{ _id: string; isTrial: boolean }>>(
      await call('GET', 'projects?where={"isTrial":true}', wangwu),
    );
    expect(trialProject?.isTrial).toBe(true);
    const paid = json<{ _id: string }>(await call('POST', 'enterprises', wangwu, { name: '王五集团' }));
    const circle = json<{ _id: string }>(
      await call('POST', 'circles', wangwu, { name: '一部', enterpriseId: paid._id }),
    );
    const body = { paymentId: 'PAY-1', enterpriseId: paid._id, circleId: circle._id };
    // lisi administers neither, demo administers the target? no: 404 for both.
    expect((await call('PUT', `projects/${trialProject!._id}/payment`, lisi, body)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `projects/${trialProject!._id}/payment`, wangwu, {
          ...body,
          enterpriseId: ids.enterprise,
          circleId: null,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `projects/${trialProject!._id}/payment`, wangwu, { ...body, circleId: ids.circle }))
        .statusCode,
    ).toBe(404);
    const ok = await call('PUT', `projects/${trialProject!._id}/payment`, wangwu, body);
    expect(ok.statusCode).toBe(200);
    const moved = json(await call('GET', `projects/${trialProject!._id}`, wangwu));
    expect(moved).toMatchObject({ isTrial: false, enterpriseId: paid._id, circleId: circle._id });
    const again = await call('PUT', `projects/${trialProject!._id}/payment`, wangwu, body);
    expect(again.statusCode).toBe(409);
    expect(key(again)).toBe('permissions.projectNotTrial');
  });
});

describe('deletions', () => {
  it('soft-deletes a project: gone from lists, 404 afterwards', async () => {
    const p = json<{ _id: string }>(
      await call('POST', 'projects', demo, { name: '待删项目', enterpriseId: ids.enterprise }),
    );
    expect((await call('PUT', `projects/${p._id}/deleted`, zhangsan)).statusCode).toBe(404);
    expect((await call('PUT', `projects/${p._id}/deleted`, lisi)).statusCode).toBe(404);
    expect((await call('PUT', `projects/${p._id}/deleted`, demo)).statusCode).toBe(200);
    expect((await call('GET', `projects/${p._id}`, demo)).statusCode).toBe(404);
    expect((await call('PUT', `projects/${p._id}/deleted`, demo)).statusCode).toBe(404);
    const list = json<Array<{ _id: string }>>(await call('GET', 'projects?limit=200', demo));
    expect(list.map((x) => x._id)).not.toContain(p._id);
    const enterpriseList = json<Array<{ _id: string }>>(
      await call('GET', `enterprises/${ids.enterprise}/projects?limit=200`, demo),
    );
    expect(enterpriseList.map((x) => x._id)).not.toContain(p._id);
  });

  it('deletes an empty circle only, recordId repeating its id', async () => {
    const full = await call('PUT', `circles/${ids.circle}/deleted?recordId=${ids.circle}`, demo);
    expect(full.statusCode).toBe(409);
    expect(key(full)).toBe('permissions.circleNotEmpty');
    const c = json<{ _id: string }>(
      await call('POST', 'circles', demo, { name: '待删机构', enterpriseId: ids.enterprise }),
    );
    const sub = json<{ _id: string }>(
      await call('POST', 'circles', demo, { name: '下级', enterpriseId: ids.enterprise, parentId: c._id }),
    );
    expect((await call('PUT', `circles/${c._id}/deleted?recordId=${c._id}`, demo)).statusCode).toBe(409);
    expect((await call('PUT', `circles/${sub._id}/deleted?recordId=${c._id}`, demo)).statusCode).toBe(400);
    expect((await call('PUT', `circles/${sub._id}/deleted?recordId=${sub._id}`, lisi)).statusCode).toBe(404);
    expect((await call('PUT', `circles/${sub._id}/deleted?recordId=${sub._id}`, zhangsan)).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `circles/${sub._id}/deleted`, demo)).statusCode).toBe(400);
    expect((await call('PUT', `circles/${sub._id}/deleted?recordId=${sub._id}`, demo)).statusCode).toBe(200);
    expect((await call('PUT', `circles/${c._id}/deleted?recordId=${c._id}`, demo)).statusCode).toBe(200);
    expect((await call('GET', `circles/${c._id}`, demo)).statusCode).toBe(404);
  });
});

describe('the preset templates at work (issue 17)', () => {
  const T = '/api/v1/topic-service';
  const A = '/api/v1/announcement-service';
  const inject = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  let project: string;
  let qianqi: string; // added without a template: 项目成员
  let zhouba: string; // given 只读

  beforeAll(async () => {
    // Two people of no enterprise yet (the earlier tests make zhaoliu and sunqi admins or 4D editors).
    const users = createUserService({ db: t.db.db, clock: t.clock });
    for (const name of ['qianqi', 'zhouba']) {
      const created = await users.createUser({
        name,
        nickName: name,
        password: 'Passw0rd',
        phoneNumber: null,
      });
      userIds[name] = created.id;
    }
    qianqi = await signIn(t.app, 'qianqi', 'Passw0rd');
    zhouba = await signIn(t.app, 'zhouba', 'Passw0rd');
    project = json<{ _id: string }>(
      await call('POST', 'projects', demo, { name: '预设模板项目', enterpriseId: ids.enterprise }),
    )._id;
    const templates = json<Array<{ _id: string; name: string }>>(
      await call('GET', `projects/${project}/templates`, demo),
    );
    const readOnly = templates.find((x) => x.name === '只读')!._id;
    for (const [name, cookie, body] of [
      ['qianqi', () => qianqi, {}],
      ['zhouba', () => zhouba, { templateId: readOnly }],
    ] as const) {
      const added = await addMemberWithConsent(t.app, {
        scope: `projects/${project}`,
        adminCookie: demo,
        userCookie: cookie(),
        body: { userId: userIds[name], ...body },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const members = json<Array<{ userId: string; templateId: string | null }>>(
      await call('GET', `projects/${project}/members`, demo),
    );
    const member = templates.find((x) => x.name === '项目成员')!._id;
    expect(members.find((m) => m.userId === userIds.qianqi)?.templateId).toBe(member);
  });

  it('a new member creates a problem and edits and deletes only their own', async () => {
    const raise = (cookie: string, name: string) =>
      inject('POST', `${T}/topics`, cookie, { projectId: project, name, mentions: [userIds.demo] });
    const own = await raise(qianqi, '二层楼板裂缝');
    expect(own.statusCode, own.body).toBe(200);
    const ownId = json<{ _id: string; abilities: Record<string, boolean> }>(own);
    expect(ownId.abilities).toMatchObject({ edit: true, delete: true });
    const byAdmin = json<{ _id: string }>(await raise(demo, '管理员的问题'));

    const editOwn = await inject('PUT', `${T}/topics/${ownId._id}`, qianqi, {
      name: '二层楼板裂缝（复核）',
    });
    expect(editOwn.statusCode, editOwn.body).toBe(200);
    const editOther = await inject('PUT', `${T}/topics/${byAdmin._id}`, qianqi, { name: '改别人的' });
    expect(editOther.statusCode).toBe(403);
    expect((await inject('DELETE', `${T}/topics/${byAdmin._id}`, qianqi)).statusCode).toBe(403);
    expect((await inject('DELETE', `${T}/topics/${ownId._id}`, qianqi)).statusCode).toBe(200);

    // Also an announcement; but no personnel records (a security module) and no export.
    const announced = await inject('POST', `${A}/announcements`, qianqi, {
      projectId: project,
      title: '明日停水',
      content: '上午九点到十二点',
      receivers: [userIds.demo],
    });
    expect(announced.statusCode, announced.body).toBe(200);
    const personnel = await call('GET', `projects/${project}/auth?key=create&moduleKey=personnel`, qianqi);
    expect(json(personnel)).toEqual({ value: false });
    const exportTopics = await call(
      'GET',
      `projects/${project}/auth?key=export&moduleKey=problemTopics`,
      qianqi,
    );
    expect(json(exportTopics)).toEqual({ value: false });
  });

  it('a read-only member sees but creates nothing (403)', async () => {
    expect((await inject('GET', `${T}/projects/${project}/topics`, zhouba)).statusCode).toBe(200);
    const refused = await inject('POST', `${T}/topics`, zhouba, {
      projectId: project,
      name: '只读成员的问题',
      mentions: [userIds.demo],
    });
    expect([refused.statusCode, key(refused)]).toEqual([403, 'common.forbidden']);
    const announce = await inject('POST', `${A}/announcements`, zhouba, {
      projectId: project,
      title: '通知',
      content: '内容',
      receivers: [userIds.demo],
    });
    expect(announce.statusCode).toBe(403);
  });

  it('tells a member whom to ask: the administrators, names only', async () => {
    const answer = await call('GET', `projects/${project}/administrators`, qianqi);
    expect(answer.statusCode, answer.body).toBe(200);
    const admins = json<Array<Record<string, unknown>>>(answer);
    expect(admins).toEqual([{ _id: userIds.demo, name: expect.any(String) }]);
    expect((await call('GET', `projects/${project}/administrators`, zhouba)).statusCode).toBe(200);
    expect((await call('GET', `projects/${project}/administrators`, lisi)).statusCode).toBe(404);
    expect((await call('GET', `projects/${project}/administrators`, null)).statusCode).toBe(401);
    expect((await call('GET', `projects/not-an-id/administrators`, qianqi)).statusCode).toBe(400);
    expect((await call('GET', `projects/${project}/administrators?x=1`, qianqi)).statusCode).toBe(400);
  });
});
