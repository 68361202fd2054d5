import type { FormGroup, FormTemplateSummary } from '@lintel/contracts/forms';
import type { WorkflowTemplate } from '@lintel/contracts/workflow';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import type { FakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import {
  TEST_AT as AT,
  fakeApiForFile,
  makeProjectMember,
  makeTestProject,
  requestsTo,
  serveProjectFrame,
} from '../../../test/project';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { WorkbenchLayout } from '../../workbench';
import { PROJECT_ID } from '../testSupport';
import FormTemplatesSection from './FormTemplatesSection';

// A stand-in for form-service's template routes with the rules the list reacts to: the group deletion's
// confirmation (409 with the counts, `confirm` = templates), a template with forms refused (409), copy.

const IDS = {
  projectId: PROJECT_ID,
  enterpriseId: '66f000000000000000000002',
  memberIdPrefix: '66f0000000000000000008',
};
const ADMIN = makeUser({ _id: '66f000000000000000000111', name: 'demo', nickName: '演示用户' });
const F = 'form-service';
const LIST_PATH = `/projects/${PROJECT_ID}/settings/form-templates`;
const templateId = (n: number) => `66f0000000000000000005${String(n).padStart(2, '0')}`;
const groupId = (n: number) => `66f0000000000000000006${String(n).padStart(2, '0')}`;
const POOL = 10;

const world = {
  groups: [] as FormGroup[],
  templates: [] as FormTemplateSummary[],
  /** Templates that have forms (the server refuses to delete them). */
  inUse: new Set<string>(),
  next: { template: 0, group: 0 },
};
const published = { _id: '66f0000000000000000007a1', name: '材料审批流程', publishedVersion: 2 };
const draftOnly = { _id: '66f0000000000000000007a2', name: '未发布流程', publishedVersion: null };

function reset() {
  world.groups = [];
  world.templates = [];
  world.inUse = new Set();
  world.next = { template: 0, group: 0 };
}

function makeGroup(patch: Partial<FormGroup> & { name: string }): FormGroup {
  return {
    _id: groupId(world.next.group++),
    projectId: PROJECT_ID,
    parentId: null,
    templateCount: 0,
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  };
}

function makeTemplate(patch: Partial<FormTemplateSummary> & { name: string }): FormTemplateSummary {
  return {
    _id: templateId(world.next.template++),
    projectId: PROJECT_ID,
    groupId: null,
    description: '',
    kind: 'plain',
    scope: 'custom',
    status: 'enabled',
    workflowTemplateId: null,
    revision: 1,
    createdBy: ADMIN._id,
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  };
}

const conflict = (key: string, extra: object = {}) => ({
  status: 409,
  json: { code: 409, key, message: `服务器：${key}`, ...extra },
});

function serve(api: FakeApi) {
  serveProjectFrame(api, {
    project: makeTestProject(IDS, ADMIN),
    members: [makeProjectMember(IDS, ADMIN, 0)],
    role: () => 'admin',
    modules: () => [],
  });
  api.on(`GET workflow-service/projects/${PROJECT_ID}/workflow-templates`, (request) => ({
    json: request.query.get('status') === 'enabled' ? ([published, draftOnly] as WorkflowTemplate[]) : [],
  }));
  api.on(`GET ${F}/projects/${PROJECT_ID}/form-template-groups`, () => ({
    json: world.groups.map((g) => ({
      ...g,
      templateCount: world.templates.filter((t) => t.groupId === g._id).length,
    })),
  }));
  api.on(`POST ${F}/projects/${PROJECT_ID}/form-template-groups`, (request) => {
    const group = makeGroup(request.body as { name: string; parentId: string | null });
    world.groups.push(group);
    return { json: group };
  });
  api.on(`GET ${F}/projects/${PROJECT_ID}/form-templates`, (request) => {
    const group = request.query.get('groupId');
    const list = world.templates.filter(
      (t) => !group || (group === 'none' ? t.groupId === null : t.groupId === group),
    );
    return { json: request.query.get('only_count') === 'true' ? { count: list.length } : list };
  });
  api.on(`POST ${F}/projects/${PROJECT_ID}/form-templates`, (request) => {
    const template = makeTemplate(request.body as FormTemplateSummary);
    world.templates.unshift(template);
    return { json: { ...template, fields: [], settlers: [], fieldAccess: {} } };
  });
  for (let n = 0; n < POOL; n += 1) {
    const id = templateId(n);
    api.on(`PUT ${F}/form-templates/${id}/status`, (request) => {
      world.templates = world.templates.map((t) =>
        t._id === id ? { ...t, status: (request.body as { status: 'enabled' | 'disabled' }).status } : t,
      );
      return { json: world.templates.find((t) => t._id === id) };
    });
    api.on(`POST ${F}/form-templates/${id}/copy`, () => {
      const { _id: _source, ...rest } = world.templates.find((t) => t._id === id)!;
      const copy = makeTemplate({ ...rest, name: `${rest.name} - 副本` });
      world.templates.unshift(copy);
      return { json: copy };
    });
    api.on(`DELETE ${F}/form-templates/${id}`, () => {
      if (world.inUse.has(id)) return conflict('forms.templateInUse');
      world.templates = world.templates.filter((t) => t._id !== id);
      return { json: {} };
    });
    const gid = groupId(n);
    api.on(`DELETE ${F}/form-template-groups/${gid}`, (request) => {
      const inside = new Set([gid, ...world.groups.filter((g) => g.parentId === gid).map((g) => g._id)]);
      const counts = {
        subgroups: inside.size - 1,
        templates: world.templates.filter((t) => t.groupId && inside.has(t.groupId)).length,
      };
      if ((counts.subgroups || counts.templates) && request.query.get('confirm') !== String(counts.templates))
        return conflict('forms.groupDeleteConfirm', { counts });
      world.groups = world.groups.filter((g) => !inside.has(g._id));
      world.templates = world.templates.filter((t) => !t.groupId || !inside.has(t.groupId));
      return { json: {} };
    });
  }
}

const api = fakeApiForFile(serve, reset);

function render() {
  const view = renderRoutes(
    {
      '/projects/:projectId/settings/form-templates': (
        <App component={false}>
          <WorkbenchLayout>
            <FormTemplatesSection />
          </WorkbenchLayout>
        </App>
      ),
      '/projects/:projectId/settings/form-templates/:templateId': <div data-testid="designer-marker" />,
    },
    { path: LIST_PATH, user: ADMIN },
  );
  return { ...view, user: setupUser() };
}

describe('form template list', { timeout: 90_000 }, () => {
  it('groups: filters, and a group holding templates is deleted only after its counts are confirmed', async () => {
    const site = makeGroup({ name: '现场' });
    const safety = makeGroup({ name: '安全', parentId: site._id });
    world.groups = [site, safety];
    const inGroup = makeTemplate({ name: '安全检查表', groupId: safety._id, kind: 'workflow' });
    const loose = makeTemplate({ name: '材料进场', status: 'disabled' });
    world.templates = [inGroup, loose];
    const { user } = render();

    const row = await screen.findByTestId(`template-row-${inGroup._id}`);
    expect(row).toHaveTextContent('现场 / 安全');
    expect(row).toHaveTextContent('带流程');
    expect(screen.getByTestId(`template-row-${loose._id}`)).toHaveTextContent('已停用');

    await user.click(screen.getByTestId(`group-${safety._id}`));
    await waitFor(() => expect(screen.queryByTestId(`template-row-${loose._id}`)).not.toBeInTheDocument());

    await user.click(screen.getByTestId(`group-actions-${site._id}`));
    await user.click(await screen.findByRole('menuitem', { name: '删除' }));
    expect(
      await screen.findByText('将同时删除 1 个子分组和 1 个表单模板，删除后无法恢复。'),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('group-delete-confirm'));
    await waitFor(() => expect(world.groups).toEqual([]));
    expect(
      requestsTo(api, 'DELETE', `${F}/form-template-groups/${site._id}`).map((r) => r.query.get('confirm')),
    ).toEqual([null, '1']);
    // Back on every template (refetched): only the one outside the group is left.
    await waitFor(() => expect(screen.queryByTestId(`template-row-${inGroup._id}`)).not.toBeInTheDocument());
    expect(screen.getByTestId(`template-row-${loose._id}`)).toBeInTheDocument();
  });

  it('templates: copy, disable, a refused delete, and a new one on a published workflow opens the designer', async () => {
    const template = makeTemplate({ name: '隐蔽验收' });
    world.templates = [template];
    world.inUse.add(template._id);
    const { user, location } = render();
    await screen.findByTestId(`template-row-${template._id}`);

    await user.click(screen.getByTestId(`template-copy-${template._id}`));
    expect(await screen.findByText('已复制为“隐蔽验收 - 副本”')).toBeInTheDocument();
    await user.click(await screen.findByTestId(`template-status-${template._id}`));
    await waitFor(() => expect(world.templates.find((t) => t._id === template._id)?.status).toBe('disabled'));

    // A template with forms: the server's refusal is shown and the row stays.
    await user.click(screen.getByTestId(`template-delete-${template._id}`));
    await user.click(await screen.findByTestId(`template-delete-ok-${template._id}`));
    expect(await screen.findByText('服务器：forms.templateInUse')).toBeInTheDocument();
    expect(screen.getByTestId(`template-row-${template._id}`)).toBeInTheDocument();

    // New, with workflow: the workflow is required and only published ones are offered.
    await user.click(screen.getByTestId('template-new'));
    fireEvent.change(await screen.findByTestId('template-name'), { target: { value: '设计变更' } });
    await user.click(screen.getByTestId('create-template-ok'));
    expect(await screen.findByText('请选择流程模板')).toBeInTheDocument();
    fireEvent.mouseDown(within(screen.getByTestId('template-workflow')).getByRole('combobox'));
    const option = { selector: '.ant-select-item-option-content' };
    const offered = await screen.findByText(published.name, option);
    expect(screen.queryByText(draftOnly.name, option)).not.toBeInTheDocument();
    fireEvent.click(offered);
    await user.click(screen.getByTestId('create-template-ok'));
    await screen.findByTestId('designer-marker');
    const created = world.templates.find((t) => t.name === '设计变更')!;
    expect(requestsTo(api, 'POST', `${F}/projects/${PROJECT_ID}/form-templates`)[0]!.body).toEqual({
      name: '设计变更',
      groupId: null,
      kind: 'workflow',
      workflowTemplateId: published._id,
      description: '',
    });
    expect(location.pathname).toBe(`${LIST_PATH}/${created._id}`);
  });
});
