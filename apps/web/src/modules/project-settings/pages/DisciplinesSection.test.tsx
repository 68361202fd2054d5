import type { Member, Project } from '@lintel/contracts/org';
import type { Domain } from '@lintel/contracts/permissions';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { ADMIN, makeMember, makeProject, PROJECT_ID, renderSettings, serveWorkbench } from '../testSupport';

const D1 = '66a0000000000000000000b1';
const D2 = '66a0000000000000000000b2';
let api: FakeApi;
let project: Project;
let members: Member[];
let domains: Domain[];
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
  // The members route answers the admin check.
  api.on(`GET account-service/projects/${PROJECT_ID}/members`, () => ({ json: members }));
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  project = makeProject();
  members = [makeMember({ userId: ADMIN._id })];
  domains = [domain(D1, '建筑', 0), domain(D2, '结构', 1)];
  reply = {};
  configureHttp({ baseUrl: api.baseUrl });
});

const seen = (method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === `account-service/${path}`);

describe('project settings: disciplines', { timeout: 60_000 }, () => {
  it('adds a discipline (a duplicate refused with the server message), reorders and deletes after confirmation', async () => {
    reply.create = {
      status: 409,
      json: { code: 409, key: 'permissions.domainNameTaken', message: '已存在同名专业' },
    };
    const { user } = renderSettings('disciplines');
    await screen.findByText('结构');
    // No 4D seats tab: this build has no 4D screen for a seat to open (issue 17).
    expect(screen.queryByTestId('settings-menu-edit4d')).not.toBeInTheDocument();
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
});
