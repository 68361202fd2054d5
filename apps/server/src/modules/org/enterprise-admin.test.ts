import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../test/helper';
import { makePng } from '../../../test/images';
import { addMemberWithConsent } from '../../../test/membership';
import { json, keyOf, requester, signInPeople } from '../../../test/project-api';
import { uploadAs } from '../files/test-support';

const GIB = 1024 ** 3;
const ADMIN_ENTERPRISES = `${ACCOUNT}/admin/enterprises`;
const AUDIT = '/api/v1/audit-service/entries';

let t: TestApp;
let cookies: Record<'demo' | 'zhangsan' | 'admin' | 'wang' | 'zhao' | 'qian', string>;
let ids: Record<string, string>;
const call = requester(() => t);

interface AdminEnterprise {
  _id: string;
  name: string;
  shortName: string;
  paidPlan: string;
  accountCapacity: number | null;
  projectLimit: number | null;
  spaceCapacity: number | null;
  updatedAt: string;
  usage: { accounts: number; projects: number; spaceUsed: number };
  admins: Array<{ _id: string; name: string }>;
}

const standard = (overrides: Record<string, unknown> = {}) => ({
  name: '标准版企业',
  plan: 'standard',
  accountCapacity: 50,
  projectLimit: 5,
  spaceCapacity: 50 * GIB,
  admin: 'wang',
  ...overrides,
});

function editOf(e: AdminEnterprise, overrides: Record<string, unknown> = {}) {
  return {
    name: e.name,
    shortName: e.shortName,
    plan: e.paidPlan,
    accountCapacity: e.accountCapacity,
    projectLimit: e.projectLimit,
    spaceCapacity: e.spaceCapacity,
    updatedAt: e.updatedAt,
    ...overrides,
  };
}

async function create(body: Record<string, unknown>): Promise<AdminEnterprise> {
  const response = await call('POST', ADMIN_ENTERPRISES, cookies.admin, body);
  expect(response.statusCode, response.body).toBe(200);
  return json<AdminEnterprise>(response);
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookies, ids } = await signInPeople(t, ['wang', 'zhao', 'qian'] as const));
});
afterAll(() => t.close());

describe('who may manage enterprises', () => {
  it('answers 401 to visitors and 403 to anyone but a system administrator, and changes nothing', async () => {
    const demoEnterprise = (await t.db.db.selectFrom('enterprises').select('id').executeTakeFirstOrThrow())
      .id;
    const row = await call('GET', `${ADMIN_ENTERPRISES}/${demoEnterprise}`, cookies.admin);
    const requests = [
      ['GET', `${ADMIN_ENTERPRISES}/${demoEnterprise}`, undefined],
      ['POST', ADMIN_ENTERPRISES, standard()],
      ['PUT', `${ADMIN_ENTERPRISES}/${demoEnterprise}`, editOf(json(row), { name: '改名' })],
    ] as const;
    for (const [method, url, body] of requests) {
      expect((await call(method, url, null, body)).statusCode).toBe(401);
      // demo administers the demo enterprise, and still is no system administrator.
      const refused = await call(method, url, cookies.demo, body);
      expect(refused.statusCode).toBe(403);
      expect(keyOf(refused)).toBe('common.forbidden');
    }
    const count = await t.db.db
      .selectFrom('enterprises')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count!.n)).toBe(1);
    expect(
      json<AdminEnterprise>(await call('GET', `${ADMIN_ENTERPRISES}/${demoEnterprise}`, cookies.admin)).name,
    ).not.toBe('改名');
  });

  it('answers 404 for an enterprise that does not exist', async () => {
    const missing = await call('GET', `${ADMIN_ENTERPRISES}/${'f'.repeat(24)}`, cookies.admin);
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST admin/enterprises', () => {
  it('creates the enterprise with its plan, quotas and administrator, who then manages it', async () => {
    const e = await create(standard({ name: '新建企业', shortName: '新建' }));
    expect(e).toMatchObject({
      name: '新建企业',
      shortName: '新建',
      paidPlan: 'standard',
      isTrial: false,
      accountCapacity: 50,
      projectLimit: 5,
      spaceCapacity: 50 * GIB,
      usage: { accounts: 1, projects: 0, spaceUsed: 0 },
      admins: [{ _id: ids.wang, name: 'wang' }],
    });
    const listed = json<Array<{ _id: string }>>(
      await call('GET', `${ADMIN_ENTERPRISES}?isTrial=false&limit=200`, cookies.admin),
    );
    expect(listed.map((x) => x._id)).toContain(e._id);
    // The screen's search: name or short name and plan, newest first.
    const search = async (plan: string) => {
      const where = {
        $or: [{ name: { $regex: '新建' } }, { shortName: { $regex: '新建' } }],
        paidPlan: plan,
      };
      const response = await call(
        'GET',
        `${ADMIN_ENTERPRISES}?where=${encodeURIComponent(JSON.stringify(where))}&order=-createdAt&skip=0&limit=20`,
        cookies.admin,
      );
      expect(response.statusCode, response.body).toBe(200);
      return json<Array<{ _id: string }>>(response).map((x) => x._id);
    };
    expect(await search('standard')).toEqual([e._id]);
    expect(await search('professional')).toEqual([]);
    const own = json<Array<{ _id: string }>>(await call('GET', `${ACCOUNT}/enterprises`, cookies.wang));
    expect(own.map((x) => x._id)).toContain(e._id);
    const audited = json<Array<Record<string, unknown>>>(
      await call('GET', `${AUDIT}?action=enterprise.created`, cookies.admin),
    ).find((entry) => entry.targetId === e._id);
    expect(audited).toMatchObject({
      actorId: ids.admin,
      enterpriseId: e._id,
      targetType: 'enterprise',
      detail: { name: '新建企业', plan: 'standard', accountCapacity: 50, adminId: ids.wang },
    });
    expect(audited!.ip).toBeTruthy();
  });

  it('refuses bad input, unknown administrators and quotas outside the bounds or the plan', async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [standard({ name: '' }), 'common.validation'],
      [standard({ plan: 'gold' }), 'common.validation'],
      [standard({ accountCapacity: 1.5 }), 'common.validation'],
      [standard({ extra: true }), 'common.validation'],
      [{ name: 'x', plan: 'standard' }, 'common.validation'],
      [standard({ admin: 'nobody-here' }), 'enterpriseAdmin.adminNotFound'],
      [standard({ admin: 'admin' }), 'enterpriseAdmin.adminIsSystemAdmin'],
      [standard({ accountCapacity: 0 }), 'enterpriseAdmin.accountCapacity.tooLow', '账号容量低于最小值（1）'],
      [
        standard({ accountCapacity: 101 }),
        'enterpriseAdmin.accountCapacity.overPlan',
        '分配的账号数超过套餐上限（100）',
      ],
      [standard({ accountCapacity: null }), 'enterpriseAdmin.accountCapacity.unlimitedNotInPlan'],
      [standard({ projectLimit: 11 }), 'enterpriseAdmin.projectLimit.overPlan'],
      [
        standard({ spaceCapacity: 1024 }),
        'enterpriseAdmin.spaceCapacity.tooLow',
        '空间容量低于最小值（1 GB）',
      ],
      [
        standard({ plan: 'enterprise', spaceCapacity: 2 * 1024 ** 5 }),
        'enterpriseAdmin.spaceCapacity.tooHigh',
        '空间容量超过最大值（1 PB）',
      ],
      [standard({ plan: 'enterprise', accountCapacity: 100_001 }), 'enterpriseAdmin.accountCapacity.tooHigh'],
    ];
    for (const [body, key, message] of cases) {
      const response = await call('POST', ADMIN_ENTERPRISES, cookies.admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(keyOf(response), JSON.stringify(body)).toBe(key);
      if (message) expect(json(response).message).toBe(message);
    }
    const english = await call(
      'POST',
      ADMIN_ENTERPRISES,
      cookies.admin,
      standard({ accountCapacity: 101 }),
      'en-US',
    );
    expect(json(english).message).toBe("Allocated accounts exceed the plan's limit (100)");
    const names = await t.db.db.selectFrom('enterprises').select('name').execute();
    expect(names.filter((n) => n.name === '标准版企业')).toHaveLength(0);
    const audited = json<Array<{ detail: { name?: string } }>>(
      await call('GET', `${AUDIT}?action=enterprise.created`, cookies.admin),
    );
    expect(audited.filter((entry) => entry.detail.name === '标准版企业')).toHaveLength(0);
  });

  it('lets the enterprise plan be unlimited', async () => {
    const e = await create(
      standard({
        name: '不限企业',
        plan: 'enterprise',
        accountCapacity: null,
        projectLimit: null,
        spaceCapacity: null,
      }),
    );
    expect(e).toMatchObject({ accountCapacity: null, projectLimit: null, spaceCapacity: null });
  });
});

describe('quotas reached: the capacity errors of spec 001 §8', () => {
  it('refuses the account, project and space beyond the quotas set here', async () => {
    const e = await create(
      standard({ name: '小企业', accountCapacity: 2, projectLimit: 1, spaceCapacity: GIB }),
    );
    // Accounts: wang (admin) and zhao fill two; qian is one too many.
    const zhao = await addMemberWithConsent(t.app, {
      scope: `enterprises/${e._id}`,
      adminCookie: cookies.wang,
      userCookie: cookies.zhao,
      body: { userId: ids.zhao },
    });
    expect(zhao.statusCode, zhao.body).toBe(200);
    const qian = await addMemberWithConsent(t.app, {
      scope: `enterprises/${e._id}`,
      adminCookie: cookies.wang,
      userCookie: cookies.qian,
      body: { userId: ids.qian },
    });
    expect(qian.statusCode).toBe(400);
    expect(keyOf(qian)).toBe('org.accountLimitReached');
    // Projects: one.
    const first = await call('POST', `${ACCOUNT}/projects`, cookies.wang, {
      name: '一期',
      enterpriseId: e._id,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('POST', `${ACCOUNT}/projects`, cookies.wang, {
      name: '二期',
      enterpriseId: e._id,
    });
    expect(second.statusCode).toBe(400);
    expect(keyOf(second)).toBe('org.projectLimitReached');
    // Space: nearly full (as if files filled it), then one picture too many.
    await t.db.db
      .updateTable('enterprises')
      .set({ space_used: GIB - 10 })
      .where('id', '=', e._id)
      .execute();
    const projectId = json<{ _id: string }>(first)._id;
    const upload = await uploadAs(
      t,
      cookies.wang,
      [{ field: 'picture', filename: 'a.png', contentType: 'image/png', data: makePng() }],
      { projectId },
    );
    expect(upload.statusCode).toBe(400);
    expect(keyOf(upload)).toBe('files.spaceCapacityFull');
    const detail = json<AdminEnterprise>(await call('GET', `${ADMIN_ENTERPRISES}/${e._id}`, cookies.admin));
    expect(detail.usage).toEqual({ accounts: 2, projects: 1, spaceUsed: GIB - 10 });
  });
});

describe('PUT admin/enterprises/{id}', () => {
  it('edits name, plan and quotas, and a new quota applies at once', async () => {
    const e = await create(standard({ name: '待编辑', accountCapacity: 1 }));
    const refused = await addMemberWithConsent(t.app, {
      scope: `enterprises/${e._id}`,
      adminCookie: cookies.wang,
      userCookie: cookies.qian,
      body: { userId: ids.qian },
    });
    expect(keyOf(refused)).toBe('org.accountLimitReached');
    const edited = await call(
      'PUT',
      `${ADMIN_ENTERPRISES}/${e._id}`,
      cookies.admin,
      editOf(e, { name: '已编辑', shortName: '编辑', plan: 'professional', accountCapacity: 500 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = json<AdminEnterprise>(edited);
    expect(after).toMatchObject({
      name: '已编辑',
      shortName: '编辑',
      paidPlan: 'professional',
      accountCapacity: 500,
    });
    expect(after.updatedAt > e.updatedAt).toBe(true);
    const audited = json<Array<Record<string, unknown>>>(
      await call('GET', `${AUDIT}?action=enterprise.updated`, cookies.admin),
    ).find((entry) => entry.targetId === e._id);
    expect(audited).toMatchObject({
      actorId: ids.admin,
      detail: {
        nameFrom: '待编辑',
        name: '已编辑',
        planFrom: 'standard',
        plan: 'professional',
        accountCapacity: 500,
      },
    });
    // Only what changed is recorded.
    expect(audited!.detail).not.toHaveProperty('spaceCapacity');
    const added = await addMemberWithConsent(t.app, {
      scope: `enterprises/${e._id}`,
      adminCookie: cookies.wang,
      userCookie: cookies.qian,
      body: { userId: ids.qian },
    });
    expect(added.statusCode, added.body).toBe(200);
  });

  it('refuses lowering a quota below what is used, with the figure', async () => {
    const e = await create(standard({ name: '已使用', accountCapacity: 10, projectLimit: 5 }));
    await addMemberWithConsent(t.app, {
      scope: `enterprises/${e._id}`,
      adminCookie: cookies.wang,
      userCookie: cookies.zhao,
      body: { userId: ids.zhao },
    });
    for (const name of ['A', 'B']) {
      const made = await call('POST', `${ACCOUNT}/projects`, cookies.wang, { name, enterpriseId: e._id });
      expect(made.statusCode).toBe(200);
    }
    await t.db.db
      .updateTable('enterprises')
      .set({ space_used: 3 * GIB })
      .where('id', '=', e._id)
      .execute();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { accountCapacity: 1 },
        'enterpriseAdmin.accountCapacity.belowUsage',
        '账号容量不能低于现有成员数（2）',
      ],
      [{ projectLimit: 1 }, 'enterpriseAdmin.projectLimit.belowUsage', '项目数量上限不能低于现有项目数（2）'],
      [
        { spaceCapacity: 2 * GIB },
        'enterpriseAdmin.spaceCapacity.belowUsage',
        '空间容量不能低于已用空间（3 GB）',
      ],
    ];
    for (const [change, key, message] of cases) {
      const response = await call('PUT', `${ADMIN_ENTERPRISES}/${e._id}`, cookies.admin, editOf(e, change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(keyOf(response)).toBe(key);
      expect(json(response).message).toBe(message);
    }
    const english = await call(
      'PUT',
      `${ADMIN_ENTERPRISES}/${e._id}`,
      cookies.admin,
      editOf(e, { spaceCapacity: GIB }),
      'en-US',
    );
    expect(json(english).message).toBe('Space capacity cannot be below the space already used (3 GB)');
    // Down to exactly what is used is fine.
    const exact = await call(
      'PUT',
      `${ADMIN_ENTERPRISES}/${e._id}`,
      cookies.admin,
      editOf(e, { accountCapacity: 2, projectLimit: 2, spaceCapacity: 3 * GIB }),
    );
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('answers 409 with the current record to an edit of a version that changed meanwhile', async () => {
    const e = await create(standard({ name: '并发' }));
    // The clock stands still in tests: every edit still moves updatedAt on.
    const first = await call(
      'PUT',
      `${ADMIN_ENTERPRISES}/${e._id}`,
      cookies.admin,
      editOf(e, { name: '甲改的' }),
    );
    expect(first.statusCode).toBe(200);
    const second = await call(
      'PUT',
      `${ADMIN_ENTERPRISES}/${e._id}`,
      cookies.admin,
      editOf(e, { name: '乙改的' }),
    );
    expect(second.statusCode).toBe(409);
    expect(json(second)).toMatchObject({
      code: 409,
      key: 'enterpriseAdmin.changed',
      message: '该企业已被他人修改，请查看最新内容后再保存',
      current: { _id: e._id, name: '甲改的', updatedAt: json<AdminEnterprise>(first).updatedAt },
    });
    const current = json<{ current: AdminEnterprise }>(second).current;
    const retried = await call(
      'PUT',
      `${ADMIN_ENTERPRISES}/${e._id}`,
      cookies.admin,
      editOf(current, { name: '乙改的' }),
    );
    expect(json<AdminEnterprise>(retried).name).toBe('乙改的');
  });

  it("moves a user's trial enterprise onto a paying plan", async () => {
    const trial = await call('POST', `${ACCOUNT}/users/${ids.qian}/trialPlan`, cookies.qian, {
      project: false,
    });
    expect(trial.statusCode, trial.body).toBe(200);
    const id = json<{ enterprise: { _id: string } }>(trial).enterprise._id;
    const e = json<AdminEnterprise>(await call('GET', `${ADMIN_ENTERPRISES}/${id}`, cookies.admin));
    expect(e).toMatchObject({ isTrial: true, paidPlan: 'trial', accountCapacity: 10 });
    const upgraded = await call(
      'PUT',
      `${ADMIN_ENTERPRISES}/${id}`,
      cookies.admin,
      editOf(e, { plan: 'standard', projectLimit: 5, spaceCapacity: 10 * GIB }),
    );
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(json(upgraded)).toMatchObject({ isTrial: false, paidPlan: 'standard', projectLimit: 5 });
  });

  it('refuses bad input and unknown enterprises', async () => {
    const e = await create(standard({ name: '校验' }));
    for (const body of [editOf(e, { plan: 'gold' }), editOf(e, { updatedAt: undefined }), { name: 'x' }]) {
      const response = await call('PUT', `${ADMIN_ENTERPRISES}/${e._id}`, cookies.admin, body);
      expect(response.statusCode).toBe(400);
      expect(keyOf(response)).toBe('common.validation');
    }
    const overPlan = await call(
      'PUT',
      `${ADMIN_ENTERPRISES}/${e._id}`,
      cookies.admin,
      editOf(e, { plan: 'trial' }),
    );
    expect(keyOf(overPlan)).toBe('enterpriseAdmin.accountCapacity.overPlan');
    const missing = await call('PUT', `${ADMIN_ENTERPRISES}/${'e'.repeat(24)}`, cookies.admin, editOf(e));
    expect(missing.statusCode).toBe(404);
  });
});
