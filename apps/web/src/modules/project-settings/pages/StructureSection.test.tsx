import type { Member, Project, Structure } from '@lintel/contracts/org';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeMember, makeProject, PROJECT_ID, renderSettings, serveWorkbench } from '../testSupport';

const A = '66a0000000000000000000a1';
const A1 = '66a0000000000000000000a2';
const F = '66a0000000000000000000a3';
const B = '66a0000000000000000000a4';
let api: FakeApi;
let project: Project;
let members: Member[];
let structures: Structure[];
let reply: Record<string, FakeReply | undefined>;

const node = (
  id: string,
  name: string,
  parentId: string | null,
  kind: Structure['kind'],
  order: number,
): Structure => ({
  _id: id,
  scopeType: 'project',
  scopeId: PROJECT_ID,
  parentId,
  name,
  kind,
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
  api.on(`GET account-service/projects/${PROJECT_ID}/structures`, () => ({ json: structures }));
  api.on(`POST account-service/projects/${PROJECT_ID}/structures`, (seen) => {
    const body = seen.body as { name: string; parentId: string | null; kind: Structure['kind'] };
    const created = node('66a0000000000000000000a9', body.name, body.parentId, body.kind, 9);
    structures = [...structures, created];
    return { json: created };
  });
  for (const id of [A, A1, F, B]) {
    api.on(`PUT account-service/structures/${id}`, (seen) => {
      if (reply.put) return reply.put;
      structures = structures.map((s) => (s._id === id ? { ...s, ...(seen.body as object) } : s));
      return { json: structures.find((s) => s._id === id) };
    });
    api.on(`DELETE account-service/structures/${id}`, () => {
      structures = structures.filter((s) => s._id !== id && s.parentId !== id);
      return { json: {} };
    });
  }
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  project = makeProject();
  members = [makeMember()];
  structures = [
    node(A, '工程部', null, 'department', 0),
    node(A1, '土建组', A, 'department', 0),
    node(F, '质检', A1, 'function', 0),
    node(B, '安全部', null, 'department', 1),
  ];
  reply = {};
  configureHttp({ baseUrl: api.baseUrl });
});

const seen = (method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === `account-service/${path}`);

describe('project settings: organisation structure', { timeout: 60_000 }, () => {
  it('shows the tree and adds a top-level group and a function', async () => {
    const { user } = renderSettings('structure');
    const tree = await screen.findByTestId('structure-tree');
    expect(within(tree).getByTestId(`structure-${F}`)).toHaveTextContent('质检');
    // A function holds nothing: no add button on it.
    expect(screen.queryByTestId(`structure-add-${F}`)).not.toBeInTheDocument();

    await user.click(screen.getByTestId('structure-add-top'));
    await user.click(await screen.findByTestId('structure-dialog-ok'));
    expect(await screen.findByText('请输入名称')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('structure-dialog-name'), { target: { value: '技术部' } });
    await user.click(screen.getByTestId('structure-dialog-ok'));
    await waitFor(() => expect(seen('POST', `projects/${PROJECT_ID}/structures`)).toHaveLength(1));
    expect(seen('POST', `projects/${PROJECT_ID}/structures`)[0]!.body).toEqual({
      name: '技术部',
      parentId: null,
      kind: 'department',
    });

    await user.click(screen.getByTestId(`structure-add-${B}`));
    await user.click(await screen.findByText('添加职能'));
    fireEvent.change(await screen.findByTestId('structure-dialog-name'), { target: { value: '安全员' } });
    await user.click(screen.getByTestId('structure-dialog-ok'));
    await waitFor(() => expect(seen('POST', `projects/${PROJECT_ID}/structures`)).toHaveLength(2));
    expect(seen('POST', `projects/${PROJECT_ID}/structures`)[1]!.body).toEqual({
      name: '安全员',
      parentId: B,
      kind: 'function',
    });
  });

  it('"move to" offers only the places the rules allow, then moves', async () => {
    const { user } = renderSettings('structure');
    await user.click(await screen.findByTestId(`structure-move-${A}`));
    const select = await screen.findByTestId('structure-move-target');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    // Into a function, into its own subtree: disabled; 安全部 would make the group three levels deep.
    const option = async (title: string) =>
      (await screen.findAllByTitle(title)).at(-1)!.closest('.ant-select-tree-treenode')!;
    expect(await option('质检')).toHaveClass('ant-select-tree-treenode-disabled');
    expect(await option('土建组')).toHaveClass('ant-select-tree-treenode-disabled');
    expect(await option('安全部')).toHaveClass('ant-select-tree-treenode-disabled');
  });

  it('moves a group under another by "move to"', async () => {
    const { user } = renderSettings('structure');
    await user.click(await screen.findByTestId(`structure-move-${B}`));
    const select2 = await screen.findByTestId('structure-move-target');
    fireEvent.mouseDown(select2.querySelector('.ant-select-selector') ?? select2);
    fireEvent.click((await screen.findAllByTitle('工程部')).at(-1)!);
    await user.click(screen.getByTestId('structure-move-ok'));
    await waitFor(() => expect(seen('PUT', `structures/${B}`)).toHaveLength(1));
    expect(seen('PUT', `structures/${B}`)[0]!.body).toEqual({ parentId: A });
  });

  it("shows the server's message (a taken name) and deletes after confirmation", async () => {
    reply.put = {
      status: 409,
      json: { code: 409, key: 'org.structureNameExists', message: '此处已存在同名的组织架构' },
    };
    const { user } = renderSettings('structure');
    await user.click(await screen.findByTestId(`structure-rename-${B}`));
    const name = await screen.findByTestId('structure-dialog-name');
    await waitFor(() => expect(name).toHaveValue('安全部'));
    fireEvent.change(name, { target: { value: '工程部' } });
    await user.click(screen.getByTestId('structure-dialog-ok'));
    expect(await screen.findByText('此处已存在同名的组织架构')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /取\s*消|Cancel/ }).at(-1)!);

    await user.click(screen.getByTestId(`structure-delete-${A}`));
    expect(seen('DELETE', `structures/${A}`)).toHaveLength(0);
    await user.click(await screen.findByTestId('structure-delete-ok'));
    await waitFor(() => expect(screen.queryByTestId(`structure-${A}`)).not.toBeInTheDocument());
    expect(seen('DELETE', `structures/${A}`)).toHaveLength(1);
  });
});
