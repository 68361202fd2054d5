import type { FormTemplate } from '@lintel/contracts/forms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { PROJECT_ID } from '../testSupport';
import FormTemplateDesignerPage from './FormTemplateDesignerPage';

const IDS = {
  projectId: PROJECT_ID,
  enterpriseId: '66f000000000000000000002',
  memberIdPrefix: '66f0000000000000000007',
};
const ADMIN = makeUser({ _id: '66f000000000000000000111', name: 'demo', nickName: '演示用户' });
const TEMPLATE_ID = '66f000000000000000000501';
const PATH = `/projects/${PROJECT_ID}/settings/form-templates/${TEMPLATE_ID}`;
const F = 'form-service';
const WORKFLOW_ID = '66f0000000000000000007b1';

const world = {
  role: 'admin' as 'admin' | 'member',
  template: null as unknown as FormTemplate,
  /** The next PUT is answered 409 with this template as it is now. */
  conflict: null as FormTemplate | null,
};

function makeTemplate(patch: Partial<FormTemplate> = {}): FormTemplate {
  return {
    _id: TEMPLATE_ID,
    projectId: PROJECT_ID,
    groupId: null,
    name: '材料进场验收',
    description: '',
    kind: 'plain',
    scope: 'custom',
    status: 'enabled',
    workflowTemplateId: null,
    revision: 3,
    createdBy: ADMIN._id,
    createdAt: AT,
    updatedAt: AT,
    fields: [{ kind: 'text', key: 'name', title: '材料名称', required: true }],
    settlers: [],
    fieldAccess: {},
    ...patch,
  };
}

function serve(api: FakeApi) {
  serveProjectFrame(api, {
    project: makeTestProject(IDS, ADMIN),
    members: [makeProjectMember(IDS, ADMIN, 0)],
    role: () => world.role,
    modules: () => [],
  });
  api.on(`GET ${F}/form-templates/${TEMPLATE_ID}`, () => ({ json: world.template }));
  // The workflow a template runs on: offered when enabled and published; its published nodes for access.
  api.on(`GET workflow-service/projects/${PROJECT_ID}/workflow-templates`, {
    json: [{ _id: WORKFLOW_ID, name: '验收流程', publishedVersion: 1 }],
  });
  api.on(`GET workflow-service/workflow-templates/${WORKFLOW_ID}`, {
    json: {
      _id: WORKFLOW_ID,
      name: '验收流程',
      publishedVersion: 1,
      published: {
        version: 1,
        graph: {
          nodes: [
            { id: 'start', kind: 'start', name: '发起' },
            { id: 'check', kind: 'approval', name: '质检' },
            { id: 'end', kind: 'end', name: '结束' },
          ],
          edges: [],
        },
      },
    },
  });
  api.on(`PUT ${F}/form-templates/${TEMPLATE_ID}`, (request) => {
    const body = request.body as { revision: number; fields: FormTemplate['fields'] };
    if (world.conflict) {
      const current = world.conflict;
      world.conflict = null;
      world.template = current;
      return {
        status: 409,
        json: { code: 409, key: 'forms.staleTemplate', message: '模板已被他人修改', current },
      };
    }
    if (body.revision !== world.template.revision) {
      return {
        status: 409,
        json: { code: 409, key: 'forms.staleTemplate', message: 'stale', current: world.template },
      };
    }
    const { revision: _read, ...change } = body;
    world.template = { ...world.template, ...change, revision: world.template.revision + 1 };
    return { json: world.template };
  });
}

const api = fakeApiForFile(serve, () => {
  world.role = 'admin';
  world.template = makeTemplate();
  world.conflict = null;
});

function open() {
  renderRoutes(
    { '/projects/:projectId/settings/form-templates/:templateId': <FormTemplateDesignerPage /> },
    { path: PATH, user: ADMIN },
  );
  return setupUser();
}

describe('form template designer page', { timeout: 90_000 }, () => {
  it('loads the template, saves the designed fields with the revision read, and resolves a conflict', async () => {
    const user = open();
    expect(await screen.findByText('表单模板：材料进场验收')).toBeInTheDocument();
    expect(screen.getByTestId('designer-field-0')).toHaveTextContent('材料名称');
    await user.click(screen.getByTestId('palette-number'));
    expect(screen.getByTestId('designer-dirty')).toHaveTextContent('有未保存的修改');

    // A field with a problem is not sent.
    fireEvent.change(screen.getByTestId('prop-title'), { target: { value: '' } });
    await user.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('请先修正标出的问题')).toBeInTheDocument();
    expect(requestsTo(api, 'PUT', `${F}/form-templates/${TEMPLATE_ID}`)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('prop-title'), { target: { value: '数量' } });
    await user.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(screen.getByTestId('designer-dirty')).toHaveTextContent('已是最新'));
    const [put] = requestsTo(api, 'PUT', `${F}/form-templates/${TEMPLATE_ID}`);
    expect(put?.body).toEqual({
      revision: 3,
      fields: [
        { kind: 'text', key: 'name', title: '材料名称', required: true },
        { kind: 'number', key: 'number_1', title: '数量', precision: 0 },
      ],
    });

    // Someone else saved meanwhile: 409 with their template; "load their version" replaces the fields.
    world.conflict = makeTemplate({
      revision: 9,
      fields: [{ kind: 'textarea', key: 'memo', title: '说明' }],
    });
    await user.click(screen.getByTestId('palette-text'));
    await user.click(screen.getByTestId('designer-save'));
    expect(await screen.findByTestId('designer-conflict')).toHaveTextContent('其他人已保存了此模板');
    await user.click(screen.getByTestId('conflict-theirs'));
    expect(screen.getByTestId('designer-field-0')).toHaveTextContent('说明');
    expect(screen.queryByTestId('designer-field-1')).toBeNull();
    await user.click(screen.getByTestId('palette-seal'));
    await user.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(requestsTo(api, 'PUT', `${F}/form-templates/${TEMPLATE_ID}`)).toHaveLength(3));
    expect(requestsTo(api, 'PUT', `${F}/form-templates/${TEMPLATE_ID}`)[2]?.body).toMatchObject({
      revision: 9,
    });
  });

  it('shows members the no-permission state, and asks for nothing', async () => {
    world.role = 'member';
    open();
    expect(await screen.findByTestId('settings-no-permission')).toBeInTheDocument();
    expect(requestsTo(api, 'GET', `${F}/form-templates/${TEMPLATE_ID}`)).toHaveLength(0);
  });
  it('template settings: name, settlers and field access per node of the published workflow, then fields at the new revision', async () => {
    world.template = makeTemplate({ kind: 'workflow', workflowTemplateId: WORKFLOW_ID });
    const user = open();
    await screen.findByText('表单模板：材料进场验收');
    await user.click(screen.getByTestId('designer-settings'));
    fireEvent.change(await screen.findByTestId('settings-name'), { target: { value: '材料验收' } });
    // Fields × approval nodes: the start and end nodes have no column.
    const cell = await screen.findByTestId('access-check-name');
    expect(screen.queryByTestId('access-start-name')).not.toBeInTheDocument();
    fireEvent.mouseDown(within(cell).getByRole('combobox'));
    fireEvent.click(await screen.findByText('必填', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('settings-ok'));
    expect(await screen.findByText('设置已保存')).toBeInTheDocument();
    expect(requestsTo(api, 'PUT', `${F}/form-templates/${TEMPLATE_ID}`)[0]!.body).toEqual({
      revision: 3,
      name: '材料验收',
      description: '',
      kind: 'workflow',
      workflowTemplateId: WORKFLOW_ID,
      settlers: [],
      fieldAccess: { check: { name: 'required' } },
    });
    expect(await screen.findByText('表单模板：材料验收')).toBeInTheDocument();

    // The fields are saved next with the revision the settings produced (no 409).
    await user.click(screen.getByTestId('palette-number'));
    expect(screen.getByTestId('designer-settings')).toBeDisabled();
    await user.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(screen.getByTestId('designer-dirty')).toHaveTextContent('已是最新'));
    expect(requestsTo(api, 'PUT', `${F}/form-templates/${TEMPLATE_ID}`)[1]!.body).toMatchObject({
      revision: 4,
    });
  });
});
