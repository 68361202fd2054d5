import type { Member, MemberView, Project } from '@lintel/contracts/org';
import type { Domain, Edit4dStatus } from '@lintel/contracts/permissions';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { ADMIN, makeMember, makeProject, PROJECT_ID, renderSettings, serveWorkbench } from '../testSupport';

const D1 = '66a0000000000000000000b1';
const D2 = '66a0000000000000000000b2';
const WANG = '66a000000000000000000021';
const ZHAO = '66a000000000000000000022';
let api: FakeApi;
let project: Project;
let members: Member[];
let domains: Domain[];
let status: Edit4dStatus;
let reply: Record<string, FakeReply | undefined>;

const domain = (id: string, name: string, order: number): Domain => ({
  _id: id,
  projectId: PROJECT_ID,
  name,
  nameEn: '',
  order,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
});
const view = (userId: string, name: string, nickName: string, edit4D: boolean): MemberView => ({
  ...makeMember({ _id: `${userId.slice(0, 20)}ffff`, userId, role: 'member', edit4D }),
  user: { _id: userId, name, nickName, avatar: '', phoneNumber: '', email: '' },
});

beforeAll(async () => {
  configure({ asyncUtilTimeout: 15_000 });
  api = await startFakeApi();
  serveWorkbench(
    api,
    () => project,
    () => members,
  );
  api.on(`GET account-service/projects/${PROJECT_ID}/domains`, () => ({ json: domains }));
  api.on(`POST account-service/projects/${PROJECT_ID}/domains`, (seen) => {
    if (reply.create) return reply.create;
    const created = domain('66a0000000000000000000b9', (seen.body as { name: string }).name, 9);
    domains = [...domains, created];
    return { json: created };
  });
  for (const id of [D1, D2]) {
    api.on(`PUT account-service/domains/${id}`, (seen) => {
      domains = domains.map((d) => (d._id === id ? { ...d, ...(seen.body as object) } : d));
      return { json: domains.find((d) => d._id === id) };
    });
    api.on(`DELETE account-service/domains/${id}`, () => {
      domains = domains.filter((d) => d._id !== id);
      return { json: {} };
    });
  }
  api.on(`GET account-service/projects/${PROJECT_ID}/edit4d`, () => ({ json: status }));
  api.on(
    `PUT account-service/projects/${PROJECT_ID}/edit4d`,
    () =>
      reply.edit4d ?? {
        json: { ...status, available: status.available - 1, authorized: status.authorized + 1 },
      },
  );
  // The members route answers the admin check (where) and the edit4D lists.
  api.on(`GET account-service/projects/${PROJECT_ID}/members`, (seen) => {
    if (seen.query.get('where')) return { json: members };
    const editors = seen.query.get('edit4D') === 'true';
    return {
      json: [view(WANG, 'wangwu', '王五', false), view(ZHAO, 'zhaoliu', '赵六', true)].filter(
        (m) => m.edit4D === editors,
      ),
    };
  });
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  project = makeProject();
  members = [makeMember({ userId: ADMIN._id })];
  domains = [domain(D1, '建筑', 0), domain(D2, '结构', 1)];
  status = { available: 1, total: 3, authorized: 2, expiresAt: '2027-12-31', expired: false };
  reply = {};
  configureHttp({ baseUrl: api.baseUrl });
});

const seen = (method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === `account-service/${path}`);

async function pickOption(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  fireEvent.click((await screen.findAllByTitle(label)).at(-1)!);
}

describe('project settings: disciplines and 4D editing', { timeout: 60_000 }, () => {
  it('adds a discipline (a duplicate refused with the server message), reorders and deletes after confirmation', async () => {
    reply.create = {
      status: 409,
      json: { code: 409, key: 'permissions.domainNameTaken', message: '已存在同名专业' },
    };
    const { user } = renderSettings('disciplines');
    await screen.findByText('结构');
    await user.click(screen.getByTestId('domain-add'));
    await user.click(await screen.findByTestId('domain-dialog-ok'));
    expect(await screen.findByText('请输入专业名称')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('domain-dialog-name'), { target: { value: '建筑' } });
    await user.click(screen.getByTestId('domain-dialog-ok'));
    expect(await screen.findByTestId('domain-dialog-error')).toHaveTextContent('已存在同名专业');
    reply.create = undefined;
    fireEvent.change(screen.getByTestId('domain-dialog-name'), { target: { value: '暖通' } });
    await user.click(screen.getByTestId('domain-dialog-ok'));
    expect(await screen.findByText('暖通')).toBeInTheDocument();

    await user.click(screen.getByTestId(`domain-down-${D1}`));
    await waitFor(() => expect(seen('PUT', `domains/${D1}`)).toHaveLength(1));
    expect(seen('PUT', `domains/${D1}`)[0]!.body).toEqual({ order: 1 });
    expect(seen('PUT', `domains/${D2}`)[0]!.body).toEqual({ order: 0 });

    await user.click(screen.getByTestId(`domain-delete-${D2}`));
    await user.click(await screen.findByTestId('domain-delete-ok'));
    await waitFor(() => expect(seen('DELETE', `domains/${D2}`)).toHaveLength(1));
  });

  it('shows the allowance, refuses more members than available, and shows the server rule', async () => {
    const { user } = renderSettings('edit4d');
    expect(await screen.findByTestId('edit4d-available')).toHaveTextContent('1');
    expect(await screen.findByText('赵六')).toBeInTheDocument();
    await user.click(screen.getByTestId('edit4d-authorize'));
    await pickOption('edit4d-pick', '王五（wangwu）');
    await user.click(screen.getByTestId('edit4d-authorize-ok'));
    await waitFor(() => expect(seen('PUT', `projects/${PROJECT_ID}/edit4d`)).toHaveLength(1));
    expect(seen('PUT', `projects/${PROJECT_ID}/edit4d`)[0]!.body).toEqual({ userIds: [WANG] });

    reply.edit4d = {
      status: 409,
      json: {
        code: 409,
        key: 'permissions.edit4dAlreadyAuthorized',
        message: '所选成员中有人已获 4D 编辑授权',
      },
    };
    await user.click(screen.getByTestId(`edit4d-revoke-${ZHAO}`));
    await user.click(await screen.findByTestId('edit4d-revoke-ok'));
    expect(await screen.findByText('所选成员中有人已获 4D 编辑授权')).toBeInTheDocument();
  });

  it('blocks authorising when nothing is available', async () => {
    status = { available: 0, total: 2, authorized: 2, expiresAt: null, expired: false };
    renderSettings('edit4d');
    expect(await screen.findByTestId('edit4d-blocked')).toHaveTextContent('没有可用的 4D 编辑账号');
    expect(screen.getByTestId('edit4d-authorize')).toBeDisabled();
  });
});
