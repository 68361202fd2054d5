import type {
  Invitation,
  MemberRequest,
  MembershipInvitation,
  MemberView,
  Project,
} from '@lintel/contracts/org';
import type { Template } from '@lintel/contracts/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { ADMIN, makeMember, makeProject, PROJECT_ID, renderSettings, serveWorkbench } from '../testSupport';

const T_DEFAULT = '66a0000000000000000000d1';
const T_SITE = '66a0000000000000000000d2';
const ZHANG = '66a000000000000000000011';
const LI = '66a000000000000000000012';
let api: FakeApi;
let project: Project;
let members: MemberView[];
let requests: MemberRequest[];
let invitations: Invitation[];
let pending: MembershipInvitation[];
const PENDING_ID = '66a0000000000000000000c1';
const pendingRow = (id: string, value: string): MembershipInvitation => ({
  _id: id,
  status: 'pending',
  scopeType: 'project',
  scopeId: PROJECT_ID,
  invitedAs: { kind: 'phone', value, countryCode: '86' },
  templateId: T_SITE,
  department: '',
  remark: '监理',
  inviter: { _id: ADMIN._id, name: 'demo', nickName: '演示用户' },
  createdAt: '2026-01-07T08:00:00.000Z',
});
let reply: Record<string, FakeReply | undefined>;

const template = (id: string, name: string, isDefault: boolean): Template => ({
  _id: id,
  projectId: PROJECT_ID,
  name,
  isDefault,
  grants: {},
  treeScopes: {},
  memberCount: 0,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
});

const user = (id: string, name: string, nickName: string, phoneNumber: string) => ({
  _id: id,
  name,
  nickName,
  avatar: '',
  phoneNumber,
  email: '',
});

function seedMembers(): MemberView[] {
  return [
    {
      ...makeMember({ _id: '66a000000000000000000101', order: 0 }),
      user: user(ADMIN._id, 'demo', '演示用户', '13800000001'),
    },
    {
      ...makeMember({
        _id: '66a000000000000000000102',
        userId: ZHANG,
        role: 'member',
        order: 1,
        templateId: T_SITE,
        phoneSecret: true,
      }),
      user: user(ZHANG, 'zhangsan', '张三', '13912345678'),
    },
    {
      ...makeMember({
        _id: '66a000000000000000000103',
        userId: LI,
        role: 'member',
        order: 2,
        remark: '资料',
      }),
      user: user(LI, 'lisi', '李四', ''),
    },
  ];
}

beforeAll(async () => {
  api = await startFakeApi();
  serveWorkbench(
    api,
    () => project,
    () => members,
  );
  const membersPath = `account-service/projects/${PROJECT_ID}/members`;
  api.on(`GET ${membersPath}`, (seen) => {
    const where = seen.query.get('where');
    const keyword = where ? (JSON.parse(where).$or?.[0]?.name?.$regex as string | undefined) : undefined;
    const userId = where ? (JSON.parse(where).userId as string | undefined) : undefined;
    const rows = members.filter(
      (m) =>
        (!keyword || m.user?.name.includes(keyword) || m.user?.nickName.includes(keyword)) &&
        (!userId || m.userId === userId),
    );
    if (seen.query.get('only_count') === 'true') return { json: { count: rows.length } };
    return { json: rows };
  });
  api.on(
    `POST ${membersPath}`,
    (seen) =>
      reply.add ?? { json: { ...makeMember({ _id: '66a000000000000000000109' }), ...(seen.body as object) } },
  );
  for (const m of seedMembers()) {
    api.on(`PUT account-service/members/${m._id}`, (seen) => {
      members = members.map((row) => (row._id === m._id ? { ...row, ...(seen.body as object) } : row));
      return { json: members.find((row) => row._id === m._id) };
    });
    api.on(`DELETE account-service/members/${m._id}`, () => reply.remove ?? { json: {} });
  }
  api.on(`GET account-service/projects/${PROJECT_ID}/membership-invitations`, () => ({ json: pending }));
  api.on(`DELETE account-service/membership-invitations/${PENDING_ID}`, () => {
    pending = pending.filter((row) => row._id !== PENDING_ID);
    return { json: {} };
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/templates`, {
    json: [template(T_DEFAULT, '默认模板', true), template(T_SITE, '施工员', false)],
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/structures`, { json: [] });
  // A new link works for a week and joins the open links, as on the server.
  api.on(`POST account-service/projects/${PROJECT_ID}/invitations`, () => {
    const createdAt = new Date();
    const expiresAt = new Date(createdAt.getTime() + 7 * 86_400_000).toISOString();
    const _id = `66a0000000000000000001${String(invitations.length).padStart(2, '0')}`;
    invitations = [
      {
        _id,
        scopeType: 'project',
        scopeId: PROJECT_ID,
        inviter: { _id: ADMIN._id, name: 'demo', nickName: '演示用户' },
        createdAt: createdAt.toISOString(),
        expiresAt,
      },
      ...invitations,
    ];
    return {
      json: {
        _id,
        token: 'abcdefghijklmnopqrstuvwxyz',
        url: '/e/member-invite?token=abcdefghijklmnopqrstuvwxyz',
        expiresAt,
      },
    };
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/invitations`, () => ({ json: invitations }));
  api.on('DELETE account-service/invitations/66a0000000000000000000e2', () => {
    if (reply.revoke) return reply.revoke;
    invitations = invitations.filter((i) => i._id !== '66a0000000000000000000e2');
    return { json: {} };
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/member-requests`, (seen) => {
    const rows = requests.filter((r) => r.status === seen.query.get('status'));
    if (seen.query.get('only_count') === 'true') return { json: { count: rows.length } };
    return { json: rows };
  });
  api.on(
    'PUT account-service/member-requests/66a0000000000000000000f1',
    (seen) => reply.handle ?? { json: { ...requests[0], ...(seen.body as object) } },
  );
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  project = makeProject();
  members = seedMembers();
  requests = [
    {
      _id: '66a0000000000000000000f1',
      scopeType: 'project',
      scopeId: PROJECT_ID,
      userId: '66a000000000000000000013',
      inviterId: ADMIN._id,
      status: 'pending',
      applyRemark: '我是王五',
      approvalRemark: '',
      handlerId: null,
      handledAt: null,
      createdAt: '2026-01-06T08:00:00.000Z',
      user: user('66a000000000000000000013', 'wangwu', '王五', '13700000000'),
      inviter: { _id: ADMIN._id, name: 'demo', nickName: '演示用户' },
      handler: null,
    },
  ];
  invitations = [
    {
      _id: '66a0000000000000000000e2',
      scopeType: 'project',
      scopeId: PROJECT_ID,
      inviter: { _id: ADMIN._id, name: 'demo', nickName: '演示用户' },
      createdAt: '2026-01-06T08:00:00.000Z',
      expiresAt: '2026-01-13T08:00:00.000Z',
    },
  ];
  pending = [];
  reply = {};
  configureHttp({ baseUrl: api.baseUrl });
});

const seen = (method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === `account-service/${path}`);

async function pick(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const options = await screen.findAllByTitle(label);
  fireEvent.click(options[options.length - 1]!);
}

describe('project settings: members', { timeout: 60_000 }, () => {
  it('lists the members with their user, template, and the phone masked for phone secrecy', async () => {
    renderSettings('members');
    expect(await screen.findByTestId('member-phone-66a000000000000000000102')).toHaveTextContent(
      '139****5678',
    );
    const table = screen.getByTestId('member-table');
    expect(within(table).getByText('张三')).toBeInTheDocument();
    expect(screen.getByTestId('member-phone-66a000000000000000000101')).toHaveTextContent('13800000001');
    expect(await within(table).findByText('施工员')).toBeInTheDocument();
    expect(within(table).getByText('管理员')).toBeInTheDocument();
    const list = seen('GET', `projects/${PROJECT_ID}/members`).find((r) => r.query.get('expand') === 'true');
    expect(list?.query.get('order')).toBe('order');
  });

  it('reorders by the manual order, and not while a search is active', async () => {
    const { user: u } = renderSettings('members');
    const table = await screen.findByTestId('member-table');
    await within(table).findByText('张三');
    expect(screen.getByTestId('member-row-66a000000000000000000101')).toHaveAttribute('draggable', 'true');
    await u.click(screen.getByTestId('member-down-66a000000000000000000101'));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(seen('PUT', 'members/66a000000000000000000101')[0]!.body).toEqual({ order: 1 });
    expect(seen('PUT', 'members/66a000000000000000000102')[0]!.body).toEqual({ order: 0 });

    const search = within(screen.getByTestId('member-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: '张' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByTestId('member-reorder-disabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('李四')).not.toBeInTheDocument());
    const searched = seen('GET', `projects/${PROJECT_ID}/members`).at(-1)!;
    expect(JSON.parse(searched.query.get('where')!)).toEqual({
      $or: [{ name: { $regex: '张' } }, { nickName: { $regex: '张' } }, { phoneNumber: { $regex: '张' } }],
    });
    const row = screen.getByTestId('member-row-66a000000000000000000102');
    expect(row).toHaveAttribute('draggable', 'false');
    expect(within(row).getByTestId('member-down-66a000000000000000000102')).toBeDisabled();
  });

  it('adds a member by phone, the default template chosen at first', async () => {
    const { user: u } = renderSettings('members');
    // Esc closes the dialog (it did not while every dialog of the page was rendered ahead: antd's
    // forceRender puts them all in the Esc stack and only the last one answered).
    await u.click(await screen.findByTestId('member-add'));
    await screen.findByTestId('member-add-who');
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('member-add-who')).not.toBeVisible());
    await u.click(screen.getByTestId('member-add'));
    await u.click(await screen.findByTestId('member-add-ok'));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    // The project's default template is chosen already (项目成员 in a real project).
    await waitFor(() =>
      expect(screen.getByTestId('member-add-template')).toHaveTextContent('默认模板（默认）'),
    );
    expect(screen.queryByText('添加成员必须选择权限模板')).not.toBeInTheDocument();
    fireEvent.change(screen.getByTestId('member-add-who'), { target: { value: '12345' } });
    expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('member-add-who'), { target: { value: '13700000009' } });
    await pick('member-add-template', '施工员');
    await u.click(screen.getByTestId('member-add-ok'));
    await waitFor(() => expect(seen('POST', `projects/${PROJECT_ID}/members`)).toHaveLength(1));
    expect(seen('POST', `projects/${PROJECT_ID}/members`)[0]!.body).toEqual({
      phoneNumber: '13700000009',
      templateId: T_SITE,
    });
    expect(await screen.findByText('成员已添加')).toBeInTheDocument();
  });

  it('someone outside the enterprise is invited: the message says so, the pending row shows what was typed', async () => {
    reply.add = { json: pendingRow('66a0000000000000000000c2', '13700000009') };
    const { user: u } = renderSettings('members');
    await u.click(await screen.findByTestId('member-add'));
    expect(screen.getByTestId('member-add-hint')).toHaveTextContent('接受后成为成员');
    fireEvent.change(screen.getByTestId('member-add-who'), { target: { value: '13700000009' } });
    await pick('member-add-template', '施工员');
    pending = [pendingRow('66a0000000000000000000c2', '13700000009')];
    await u.click(screen.getByTestId('member-add-ok'));
    expect(await screen.findByText('邀请已发出，对方接受后即成为成员')).toBeInTheDocument();
    const row = await screen.findByTestId('pending-row-66a0000000000000000000c2');
    expect(row).toHaveTextContent('13700000009');
    expect(row).toHaveTextContent('待接受');
    expect(row).toHaveTextContent('施工员');
    expect(within(screen.getByTestId('pending-invitations')).getByText('等待接受（1）')).toBeInTheDocument();
  });

  it('cancels a pending invitation after a confirmation; the section goes when none waits', async () => {
    pending = [pendingRow(PENDING_ID, '13600000006')];
    const { user: u } = renderSettings('members');
    const row = await screen.findByTestId(`pending-row-${PENDING_ID}`);
    expect(row).toHaveTextContent('13600000006');
    expect(row).toHaveTextContent('监理');
    expect(row).toHaveTextContent('演示用户');
    await u.click(within(row).getByTestId(`pending-cancel-${PENDING_ID}`));
    expect(await screen.findByText('确定取消对 13600000006 的邀请吗？')).toBeInTheDocument();
    expect(seen('DELETE', `membership-invitations/${PENDING_ID}`)).toHaveLength(0);
    await u.click(await screen.findByTestId('pending-cancel-ok'));
    await waitFor(() => expect(seen('DELETE', `membership-invitations/${PENDING_ID}`)).toHaveLength(1));
    expect(await screen.findByText('邀请已取消')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('pending-invitations')).toBeNull());
  });

  it("shows the server's refusal when adding (already a member)", async () => {
    reply.add = { status: 409, json: { code: 409, key: 'org.memberExists', message: '该成员已存在' } };
    const { user: u } = renderSettings('members');
    await u.click(await screen.findByTestId('member-add'));
    await u.click(within(screen.getByTestId('member-add-by')).getByText('账号'));
    fireEvent.change(screen.getByTestId('member-add-who'), { target: { value: 'zhangsan' } });
    await pick('member-add-template', '默认模板（默认）');
    await u.click(screen.getByTestId('member-add-ok'));
    expect(await screen.findByTestId('member-add-error')).toHaveTextContent('该成员已存在');
    expect(seen('POST', `projects/${PROJECT_ID}/members`)[0]!.body).toEqual({
      name: 'zhangsan',
      templateId: T_DEFAULT,
    });
  });

  it('edits a member (remark at most 150 characters)', async () => {
    const { user: u } = renderSettings('members');
    await u.click(await screen.findByTestId('member-edit-66a000000000000000000103'));
    const remark = await screen.findByTestId('member-edit-remark');
    await waitFor(() => expect(remark).toHaveValue('资料'));
    fireEvent.change(remark, { target: { value: 'x'.repeat(151) } });
    await u.click(screen.getByTestId('member-edit-ok'));
    expect(await screen.findByText('备注不能超过150个字符', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.change(remark, { target: { value: '资料员' } });
    await u.click(screen.getByTestId('member-edit-phoneSecret'));
    await pick('member-edit-template', '施工员');
    await u.click(screen.getByTestId('member-edit-ok'));
    await waitFor(() => expect(seen('PUT', 'members/66a000000000000000000103')).toHaveLength(1));
    expect(seen('PUT', 'members/66a000000000000000000103')[0]!.body).toEqual({
      department: '',
      remark: '资料员',
      templateId: T_SITE,
      vip: false,
      phoneSecret: true,
      businessShielding: false,
    });
  });

  it("asks before removing and shows 'admin cannot be deleted'", async () => {
    reply.remove = {
      status: 400,
      json: {
        code: 400,
        key: 'org.adminCannotBeDeleted',
        message: '管理员不能被删除，请先在项目信息中移除管理员',
      },
    };
    const { user: u } = renderSettings('members');
    await u.click(await screen.findByTestId('member-remove-66a000000000000000000101'));
    expect(seen('DELETE', 'members/66a000000000000000000101')).toHaveLength(0);
    await u.click(await screen.findByTestId('member-remove-ok'));
    expect(await screen.findByText('管理员不能被删除，请先在项目信息中移除管理员')).toBeInTheDocument();
    expect(seen('DELETE', 'members/66a000000000000000000101')).toHaveLength(1);
  });

  it('creates an invitation link to copy, shows it again at the next opening, and makes another on demand', async () => {
    const { user: u } = renderSettings('members');
    await u.click(await screen.findByTestId('member-invite'));
    expect(await screen.findByTestId('invite-link')).toHaveTextContent(
      '/e/member-invite?token=abcdefghijklmnopqrstuvwxyz',
    );
    expect(seen('POST', `projects/${PROJECT_ID}/invitations`)).toHaveLength(1);
    // Esc closes it (no dialog of the page may keep Esc from the one on top).
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('invite-link')).not.toBeVisible());
    await u.click(screen.getByTestId('member-invite'));
    await waitFor(() => expect(screen.getByTestId('invite-link')).toBeVisible());
    expect(seen('POST', `projects/${PROJECT_ID}/invitations`)).toHaveLength(1);
    await u.click(screen.getByTestId('invite-new-link'));
    await waitFor(() => expect(seen('POST', `projects/${PROJECT_ID}/invitations`)).toHaveLength(2));
  });

  it('lists the open invitation links and revokes one after a confirmation', async () => {
    const { user: u } = renderSettings('members');
    await u.click(await screen.findByTestId('invitations-tab'));
    const row = await screen.findByTestId('invitation-row-66a0000000000000000000e2');
    expect(row).toHaveTextContent('演示用户');
    expect(row).toHaveTextContent('2026-01-13');
    await u.click(within(row).getByTestId('invitation-revoke-66a0000000000000000000e2'));
    expect(await screen.findByText(/撤销 演示用户 于 2026-01-06 .* 生成的邀请链接？/)).toBeInTheDocument();
    expect(seen('DELETE', 'invitations/66a0000000000000000000e2')).toHaveLength(0);
    await u.click(await screen.findByTestId('invitation-revoke-ok'));
    await waitFor(() => expect(seen('DELETE', 'invitations/66a0000000000000000000e2')).toHaveLength(1));
    expect(await screen.findByText('暂无有效的邀请链接')).toBeInTheDocument();
  });

  it("shows the server's refusal to revoke and keeps the row", async () => {
    reply.revoke = { status: 403, json: { code: 403, key: 'common.forbidden', message: '没有权限' } };
    const { user: u } = renderSettings('members');
    await u.click(await screen.findByTestId('invitations-tab'));
    await u.click(await screen.findByTestId('invitation-revoke-66a0000000000000000000e2'));
    await u.click(await screen.findByTestId('invitation-revoke-ok'));
    expect(await screen.findByText('没有权限')).toBeInTheDocument();
    expect(screen.getByTestId('invitation-row-66a0000000000000000000e2')).toBeInTheDocument();
  });

  it('a new invitation link refreshes the list of open links', async () => {
    const { user: u } = renderSettings('members');
    await u.click(await screen.findByTestId('member-invite'));
    await screen.findByTestId('invite-link');
    const before = seen('GET', `projects/${PROJECT_ID}/invitations`).length;
    await u.click(await screen.findByTestId('invitations-tab'));
    await screen.findByTestId('invitation-row-66a0000000000000000000e2');
    expect(seen('GET', `projects/${PROJECT_ID}/invitations`).length).toBeGreaterThan(before);
  });

  it('approves a request with a template (the default chosen at first), and shows a request handled meanwhile', async () => {
    const { user: u } = renderSettings('members');
    await u.click(await screen.findByTestId('requests-tab'));
    await u.click(await screen.findByTestId('request-approve-66a0000000000000000000f1'));
    // The default template is chosen once the templates have come (the dialog renders when it opens).
    const template = await screen.findByTestId('request-template');
    await waitFor(() => expect(template).toHaveTextContent('默认模板（默认）'));
    await pick('request-template', '施工员');
    await u.click(screen.getByTestId('request-handle-ok'));
    await waitFor(() => expect(seen('PUT', 'member-requests/66a0000000000000000000f1')).toHaveLength(1));
    expect(seen('PUT', 'member-requests/66a0000000000000000000f1')[0]!.body).toEqual({
      action: 'approve',
      templateId: T_SITE,
    });

    reply.handle = { status: 409, json: { code: 409, key: 'org.requestHandled', message: '该申请已处理' } };
    await waitFor(() =>
      expect(seen('GET', `projects/${PROJECT_ID}/member-requests`).length).toBeGreaterThan(2),
    );
    await u.click(await screen.findByTestId('request-reject-66a0000000000000000000f1'));
    await screen.findByText('拒绝 王五 的申请');
    await waitFor(() => expect(screen.getByTestId('request-remark')).toHaveValue(''));
    fireEvent.change(screen.getByTestId('request-remark'), { target: { value: '不认识' } });
    await u.click(screen.getByTestId('request-handle-ok'));
    expect(await screen.findByTestId('request-handle-error')).toHaveTextContent('该申请已处理');
    expect(seen('PUT', 'member-requests/66a0000000000000000000f1')[1]!.body).toEqual({
      action: 'reject',
      remark: '不认识',
    });
  });
});
