import {
  checkWorkflowGraph,
  defaultWorkflowGraph,
  type WorkflowGraph,
  type WorkflowGroup,
  type WorkflowTemplate,
  workflowProblemPath,
} from '@lintel/contracts/workflow';
import { App } from 'antd';
import type { FakeApi, FakeReply, SeenRequest } from '../../test/fakeApi';
import { makeUser } from '../../test/fixtures';
import {
  TEST_AT as AT,
  makeProjectMember,
  makeTestProject,
  serveProjectFrame,
  type TestProjectIds,
  takeRefusal,
} from '../../test/project';
import { renderRoutes } from '../../test/renderRoutes';
import { setupUser } from '../../test/user';
import { WorkbenchLayout } from '../workbench';
import WorkflowDesignerPage from './pages/WorkflowDesignerPage';
import WorkflowTemplatesSection from './pages/WorkflowTemplatesSection';

// The page tests' stand-in for workflow-service: groups and templates in memory, with the server's rules
// that the pages react to — revisions (409 with `current`), the group deletion's confirmation (409 with
// the counts) and publishing refused with the contracts' own structure check (400, details per node).

export const PROJECT_ID = '66e000000000000000000001';
const IDS: TestProjectIds = {
  projectId: PROJECT_ID,
  enterpriseId: '66e000000000000000000002',
  memberIdPrefix: '66e0000000000000000004',
};
export const ADMIN = makeUser({ _id: '66e000000000000000000101', name: 'demo', nickName: '演示用户' });
export const ZHANGSAN = makeUser({ _id: '66e000000000000000000102', name: 'zhangsan', nickName: '张三' });
const S = 'workflow-service';
const NAMES = { start: '发起人', approval: '审批人', end: '结束' };

/** Ids the fake hands out in order (its routes are exact paths, registered up front). */
const templateId = (n: number) => `66e0000000000000000005${String(n).padStart(2, '0')}`;
const groupId = (n: number) => `66e0000000000000000006${String(n).padStart(2, '0')}`;
const POOL = 30;

export interface WorkflowState {
  groups: WorkflowGroup[];
  templates: WorkflowTemplate[];
  role: 'admin' | 'member';
  refuse: Record<string, FakeReply>;
  nextTemplate: number;
  nextGroup: number;
}

export const state: WorkflowState = {
  groups: [],
  templates: [],
  role: 'admin',
  refuse: {},
  nextTemplate: 0,
  nextGroup: 0,
};

export function resetState(): void {
  state.groups = [];
  state.templates = [];
  state.role = 'admin';
  state.refuse = {};
  state.nextTemplate = 0;
  state.nextGroup = 0;
}

export function makeGroup(patch: Partial<WorkflowGroup> & { name: string }): WorkflowGroup {
  const id = groupId(state.nextGroup++);
  return {
    _id: id,
    projectId: PROJECT_ID,
    parentId: null,
    templateCount: 0,
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  };
}

export function makeTemplate(patch: Partial<WorkflowTemplate> & { name: string }): WorkflowTemplate {
  const id = templateId(state.nextTemplate++);
  return {
    _id: id,
    projectId: PROJECT_ID,
    groupId: null,
    description: '',
    status: 'enabled',
    revision: 1,
    publishedVersion: null,
    hasUnpublishedChanges: true,
    graph: defaultWorkflowGraph(NAMES),
    published: null,
    createdBy: ADMIN._id,
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  };
}

const notFound = { status: 404, json: { code: 404, key: 'common.notFound', message: '请求的资源不存在' } };
const refused = (route: string) => takeRefusal(state.refuse, route);

function counted(): WorkflowGroup[] {
  return state.groups.map((group) => ({
    ...group,
    templateCount: state.templates.filter((template) => template.groupId === group._id).length,
  }));
}

function replaceTemplate(next: WorkflowTemplate) {
  state.templates = state.templates.map((template) => (template._id === next._id ? next : template));
}

function serveTemplate(api: FakeApi, id: string) {
  const path = `${S}/workflow-templates/${id}`;
  const find = () => state.templates.find((template) => template._id === id);
  const guarded = (route: string, run: (found: WorkflowTemplate, request: SeenRequest) => FakeReply) => {
    api.on(route, (request) => {
      const refusal = refused(route);
      if (refusal) return refusal;
      const found = find();
      return found ? run(found, request) : notFound;
    });
  };
  guarded(`GET ${path}`, (found) => ({ json: found }));
  guarded(`PUT ${path}`, (found, request) => {
    const body = request.body as { revision: number; graph?: WorkflowGraph; name?: string };
    if (body.revision !== found.revision) {
      return {
        status: 409,
        json: {
          code: 409,
          key: 'workflow.staleTemplate',
          message: '其他人已修改此流程模板，请查看最新版本后重试',
          current: found,
        },
      };
    }
    const next = {
      ...found,
      ...(body.name ? { name: body.name } : {}),
      graph: body.graph ?? found.graph,
      revision: found.revision + 1,
      hasUnpublishedChanges: true,
    };
    replaceTemplate(next);
    return { json: next };
  });
  guarded(`POST ${path}/publish`, (found) => {
    const problems = checkWorkflowGraph(found.graph as WorkflowGraph);
    if (problems.length > 0) {
      const details = problems.map((problem) => ({
        path: workflowProblemPath(problem),
        key: problem.key,
        message: `服务器：${problem.key}`,
      }));
      return {
        status: 400,
        json: { code: 400, key: details[0]!.key, message: details[0]!.message, details },
      };
    }
    const version = (found.publishedVersion ?? 0) + 1;
    const next = { ...found, publishedVersion: version, hasUnpublishedChanges: false };
    replaceTemplate(next);
    return { json: next };
  });
  guarded(`PUT ${path}/status`, (found, request) => {
    const next = { ...found, status: (request.body as { status: 'enabled' | 'disabled' }).status };
    replaceTemplate(next);
    return { json: next };
  });
  guarded(`POST ${path}/copy`, (found) => {
    const { _id: _source, ...rest } = found;
    const copy = makeTemplate({ ...rest, name: `${found.name} - 副本`, publishedVersion: null });
    state.templates.unshift(copy);
    return { json: copy };
  });
  guarded(`DELETE ${path}`, () => {
    state.templates = state.templates.filter((template) => template._id !== id);
    return { json: {} };
  });
}

function serveGroup(api: FakeApi, id: string) {
  const path = `${S}/workflow-groups/${id}`;
  api.on(`PUT ${path}`, (request) => {
    const found = state.groups.find((group) => group._id === id);
    if (!found) return notFound;
    const next = { ...found, name: (request.body as { name: string }).name };
    state.groups = state.groups.map((group) => (group._id === id ? next : group));
    return { json: next };
  });
  api.on(`DELETE ${path}`, (request) => {
    const found = state.groups.find((group) => group._id === id);
    if (!found) return notFound;
    const inside = new Set([id, ...state.groups.filter((g) => g.parentId === id).map((g) => g._id)]);
    const counts = {
      subgroups: inside.size - 1,
      templates: state.templates.filter((template) => template.groupId && inside.has(template.groupId))
        .length,
    };
    const confirm = request.query.get('confirm');
    if ((counts.subgroups > 0 || counts.templates > 0) && confirm !== String(counts.templates)) {
      return {
        status: 409,
        json: {
          code: 409,
          key: 'workflow.groupDeleteConfirm',
          message: `删除此分组将同时删除其子分组（${counts.subgroups}）和流程模板（${counts.templates}），请确认`,
          counts,
        },
      };
    }
    state.groups = state.groups.filter((group) => !inside.has(group._id));
    state.templates = state.templates.filter(
      (template) => !template.groupId || !inside.has(template.groupId),
    );
    return { json: {} };
  });
}

/** The workflow-service calls, the approver pickers' sources and the workbench frame, over `state`. */
export function serveWorkflow(api: FakeApi): void {
  const members = [makeProjectMember(IDS, ADMIN, 0), makeProjectMember(IDS, ZHANGSAN, 1)];
  serveProjectFrame(api, {
    project: makeTestProject(IDS, ADMIN),
    members,
    role: () => state.role,
    modules: () => [],
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/structures`, { json: [] });
  api.on(`GET account-service/projects/${PROJECT_ID}/templates`, { json: [] });
  api.on(`GET ${S}/projects/${PROJECT_ID}/workflow-groups`, () => ({ json: counted() }));
  api.on(`POST ${S}/projects/${PROJECT_ID}/workflow-groups`, (request) => {
    const body = request.body as { name: string; parentId: string | null };
    if (state.groups.some((group) => group.name === body.name && group.parentId === body.parentId)) {
      return {
        status: 409,
        json: { code: 409, key: 'workflow.groupNameTaken', message: '同级已有同名分组' },
      };
    }
    const group = makeGroup(body);
    state.groups.push(group);
    return { json: group };
  });
  api.on(`GET ${S}/projects/${PROJECT_ID}/workflow-templates`, (request) => {
    const group = request.query.get('groupId');
    const name = request.query.get('name');
    const list = state.templates.filter(
      (template) =>
        (!group || (group === 'none' ? template.groupId === null : template.groupId === group)) &&
        (!name || template.name.includes(name)),
    );
    if (request.query.get('only_count') === 'true') return { json: { count: list.length } };
    return { json: list.map(({ graph: _graph, published: _published, ...row }) => row) };
  });
  api.on(`POST ${S}/projects/${PROJECT_ID}/workflow-templates`, (request) => {
    const body = request.body as { name: string; groupId: string | null; description: string };
    const template = makeTemplate(body);
    state.templates.unshift(template);
    return { json: template };
  });
  for (let n = 0; n < POOL; n += 1) {
    serveTemplate(api, templateId(n));
    serveGroup(api, groupId(n));
  }
}

export const LIST_PATH = `/projects/${PROJECT_ID}/settings/workflows`;
export const designerPath = (id: string) => `${LIST_PATH}/${id}`;

/** The list as the settings frame shows it (the frame's own tests cover its menu and rights). */
function ListInFrame() {
  return (
    <App component={false}>
      <WorkbenchLayout>
        <WorkflowTemplatesSection />
      </WorkbenchLayout>
    </App>
  );
}

/** Renders the workflow pages at `path`, signed in as `user`. */
export function renderWorkflow(path: string, user = ADMIN) {
  const view = renderRoutes(
    {
      '/projects/:projectId/settings/workflows': <ListInFrame />,
      '/projects/:projectId/settings/workflows/:templateId': <WorkflowDesignerPage />,
      '/home': <div data-testid="home-marker" />,
    },
    { path, user },
  );
  return { ...view, user: setupUser() };
}
