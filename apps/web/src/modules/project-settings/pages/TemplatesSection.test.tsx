import type { Member, Project } from '@lintel/contracts/org';
import { MODULES, presentModule, type Template } from '@lintel/contracts/permissions';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeMember, makeProject, PROJECT_ID, renderSettings, serveWorkbench } from '../testSupport';

const DEFAULT_ID = '66a0000000000000000000d1';
const SITE_ID = '66a0000000000000000000d2';
const UNIT_ID = '66a0000000000000000000e1';
const SUB_UNIT_ID = '66a0000000000000000000e2';
const TAG_ID = '66a0000000000000000000e3';
let api: FakeApi;
let project: Project;
let members: Member[];
let templates: Template[];
let deleteReply: FakeReply | undefined;

function makeTemplate(patch: Partial<Template>): Template {
  return {
    _id: DEFAULT_ID,
    projectId: PROJECT_ID,
    name: '默认模板',
    isDefault: true,
    grants: { announcements: { view: 'all' } },
    treeScopes: {},
    memberCount: 3,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    ...patch,
  };
}

const MODULE_LIST = MODULES.filter((m) =>
  ['announcements', 'progressPlans', 'documents', 'personnel', 'modelViewer'].includes(m.moduleKey),
).map(presentModule);

beforeAll(async () => {
  // The settings pull in the workbench, antd's table and pickers: a busy machine needs more than 5 s.
  configure({ asyncUtilTimeout: 15_000 });
  api = await startFakeApi();
  serveWorkbench(
    api,
    () => project,
    () => members,
  );
  api.on(`GET account-service/projects/${PROJECT_ID}/templates`, () => ({ json: templates }));
  api.on(`GET account-service/projects/${PROJECT_ID}/modules`, { json: MODULE_LIST });
  // The nodes of the trees the matrix offers: personnel units (a tree) and model tags.
  api.on(`GET personnel-service/projects/${PROJECT_ID}/units`, {
    json: [
      { _id: UNIT_ID, name: '中建劳务', parentId: null },
      { _id: SUB_UNIT_ID, name: '钢筋班', parentId: UNIT_ID },
    ],
  });
  api.on(`GET model-service/projects/${PROJECT_ID}/model-tags`, { json: [{ _id: TAG_ID, name: '一号楼' }] });
  api.on(`POST account-service/projects/${PROJECT_ID}/templates`, (seen) => {
    const body = seen.body as { name: string };
    if (templates.some((t) => t.name === body.name)) {
      return {
        status: 409,
        json: { code: 409, key: 'permissions.templateNameTaken', message: '已存在同名权限模板' },
      };
    }
    const created = makeTemplate({
      _id: '66a0000000000000000000d9',
      name: body.name,
      isDefault: false,
      grants: {},
      memberCount: 0,
    });
    templates = [...templates, created];
    return { json: created };
  });
  for (const id of [DEFAULT_ID, SITE_ID, '66a0000000000000000000d9']) {
    api.on(`PUT account-service/templates/${id}`, (seen) => {
      const body = seen.body as Partial<Template>;
      templates = templates.map((t) => (t._id === id ? { ...t, ...body } : t));
      return { json: templates.find((t) => t._id === id) };
    });
    api.on(`DELETE account-service/templates/${id}`, () => {
      if (deleteReply) return deleteReply;
      templates = templates.filter((t) => t._id !== id);
      return { json: {} };
    });
  }
});

afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  project = makeProject();
  members = [makeMember()];
  templates = [
    makeTemplate({}),
    makeTemplate({
      _id: SITE_ID,
      name: '施工员',
      isDefault: false,
      memberCount: 0,
      grants: { announcements: { view: 'all', create: true } },
    }),
  ];
  deleteReply = undefined;
  configureHttp({ baseUrl: api.baseUrl });
});

const requests = (method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === `account-service/${path}`);

async function chooseScope(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const options = await screen.findAllByTitle(label);
  fireEvent.click(options[options.length - 1]!);
}

describe('project settings: permission templates', { timeout: 60_000 }, () => {
  it('lists the templates with the default marked and edits the matrix of the selected one', async () => {
    const { user } = renderSettings('templates');
    const list = await screen.findByTestId('template-list');
    expect(within(list).getByTestId(`template-${DEFAULT_ID}`)).toHaveTextContent('默认');
    expect(within(list).getByTestId(`template-${SITE_ID}`)).toHaveTextContent('施工员');

    await user.click(screen.getByTestId(`template-select-${SITE_ID}`));
    expect(await screen.findByTestId('template-editor-name')).toHaveTextContent('施工员');
    const matrix = await screen.findByTestId('permission-matrix');
    // Only the modules this build has screens for: plans and documents stay in the catalogue, not here.
    expect(within(matrix).queryByTestId('matrix-progressPlans-view')).not.toBeInTheDocument();
    expect(within(matrix).queryByTestId('matrix-documents-view')).not.toBeInTheDocument();
    expect(within(matrix).getByTestId('matrix-personnel-view')).toBeInTheDocument();
    expect(screen.getByTestId('matrix-hint')).toHaveTextContent('自己创建的问题');
    // A reading type is a scope picker, an acting one a checkbox; a type the module lacks is a dash.
    expect(within(matrix).getByTestId('matrix-announcements-view')).toHaveTextContent('全部');
    expect(within(matrix).getByTestId('matrix-announcements-create')).toBeChecked();
    expect(within(matrix).queryByTestId('matrix-announcements-upload')).not.toBeInTheDocument();
    expect(within(matrix).getByTestId('matrix-personnel-view')).toHaveTextContent('无');
    expect(screen.getByTestId('matrix-save')).toBeDisabled();

    await user.click(within(matrix).getByTestId('matrix-announcements-create'));
    await user.click(within(matrix).getByTestId('matrix-modelViewer-upload'));
    await chooseScope('matrix-personnel-view', '本部门及下级部门');
    await user.click(screen.getByTestId('matrix-save'));
    await waitFor(() => expect(requests('PUT', `templates/${SITE_ID}`)).toHaveLength(1));
    expect(requests('PUT', `templates/${SITE_ID}`)[0]!.body).toEqual({
      grants: {
        announcements: { view: 'all', create: false },
        modelViewer: { upload: true },
        personnel: { view: 'ownDepartmentAndBelow' },
      },
    });
    expect(await screen.findByText('权限已保存')).toBeInTheDocument();
  });

  it('narrows a module to chosen units and tags (the data scope) and saves only what changed', async () => {
    const { user } = renderSettings('templates');
    await user.click(await screen.findByTestId(`template-select-${SITE_ID}`));
    const matrix = await screen.findByTestId('permission-matrix');
    const units = await within(matrix).findByTestId('matrix-personnel-tree-units');
    expect(units).toHaveTextContent('全部单位');
    fireEvent.mouseDown(units.querySelector('.ant-select-selector') ?? units);
    fireEvent.click((await screen.findAllByTitle('钢筋班')).at(-1)!);
    const tags = within(matrix).getByTestId('matrix-modelViewer-tree-tags');
    fireEvent.mouseDown(tags.querySelector('.ant-select-selector') ?? tags);
    fireEvent.click((await screen.findAllByTitle('一号楼')).at(-1)!);
    await user.click(screen.getByTestId('matrix-save'));
    await waitFor(() => expect(requests('PUT', `templates/${SITE_ID}`)).toHaveLength(1));
    expect(requests('PUT', `templates/${SITE_ID}`)[0]!.body).toEqual({
      treeScopes: { personnel: { units: [SUB_UNIT_ID] }, modelViewer: { tags: [TAG_ID] } },
    });
  });

  it('creates a template (name required, a taken name refused with the server message) and renames it', async () => {
    const { user } = renderSettings('templates');
    await user.click(await screen.findByTestId('template-create'));
    await user.click(await screen.findByTestId('template-dialog-ok'));
    expect(await screen.findByText('请输入模板名称')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('template-dialog-name'), { target: { value: '施工员' } });
    await user.click(screen.getByTestId('template-dialog-ok'));
    expect(await screen.findByText('已存在同名权限模板')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('template-dialog-name'), { target: { value: '资料员' } });
    await user.click(screen.getByTestId('template-dialog-ok'));
    await waitFor(() => expect(requests('POST', `projects/${PROJECT_ID}/templates`)).toHaveLength(2));
    expect(requests('POST', `projects/${PROJECT_ID}/templates`)[1]!.body).toEqual({
      name: '资料员',
      grants: {},
    });
    await waitFor(() => expect(screen.getByTestId('template-editor-name')).toHaveTextContent('资料员'));

    await user.click(screen.getByTestId(`template-rename-${SITE_ID}`));
    const name = await screen.findByTestId('template-dialog-name');
    await waitFor(() => expect(name).toHaveValue('施工员'));
    fireEvent.change(name, { target: { value: '施工员（土建）' } });
    await user.click(screen.getByTestId('template-dialog-ok'));
    await waitFor(() => expect(requests('PUT', `templates/${SITE_ID}`)).toHaveLength(1));
    expect(requests('PUT', `templates/${SITE_ID}`)[0]!.body).toEqual({ name: '施工员（土建）' });
  });

  it("deletes after confirmation and shows the server's message for a protected template", async () => {
    const { user } = renderSettings('templates');
    deleteReply = {
      status: 409,
      json: { code: 409, key: 'permissions.templateIsDefault', message: '默认权限模板不能删除' },
    };
    await user.click(await screen.findByTestId(`template-delete-${DEFAULT_ID}`));
    await user.click(await screen.findByTestId('template-delete-ok'));
    expect(await screen.findByText('默认权限模板不能删除')).toBeInTheDocument();
    expect(screen.getByTestId(`template-${DEFAULT_ID}`)).toBeInTheDocument();

    deleteReply = undefined;
    await user.click(screen.getByTestId(`template-delete-${SITE_ID}`));
    const confirms = await screen.findAllByTestId('template-delete-ok');
    await user.click(confirms[confirms.length - 1]!);
    await waitFor(() => expect(screen.queryByTestId(`template-${SITE_ID}`)).not.toBeInTheDocument());
    expect(requests('DELETE', `templates/${SITE_ID}`)).toHaveLength(1);
  });
});
