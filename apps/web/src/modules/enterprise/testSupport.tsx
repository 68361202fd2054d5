import type { User } from '@lintel/contracts/account';
import type { Circle, Enterprise, Project } from '@lintel/contracts/org';
import type { FakeApi, FakeReply, SeenRequest } from '../../test/fakeApi';
import { makeUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/renderRoutes';
import { setupUser } from '../../test/user';
import EnterpriseAreaPage from './pages/EnterpriseAreaPage';

export const ENTERPRISE_ID = '66b000000000000000000001';
/** 华东分公司: a top-level circle holding 分公司项目 and the sub-circle 上海项目部. */
export const FULL_CIRCLE_ID = '66b000000000000000000011';
export const SUB_CIRCLE_ID = '66b000000000000000000012';
/** 华南分公司: empty. */
export const EMPTY_CIRCLE_ID = '66b000000000000000000013';
export const PROJECT_ID = '66b000000000000000000021';
export const CIRCLE_PROJECT_ID = '66b000000000000000000022';

export const ADMIN = makeUser({ _id: '66b000000000000000000101', name: 'demo', nickName: '演示用户' });
export const MEMBER = makeUser({ _id: '66b000000000000000000102', name: 'zhangsan', nickName: '张三' });

const AT = '2026-01-05T08:00:00.000Z';

function makeEnterprise(): Enterprise {
  return {
    _id: ENTERPRISE_ID,
    type: 'enterprise',
    name: '示范建设集团',
    shortName: '示范建设',
    isTrial: false,
    accountCapacity: null,
    spaceCapacity: null,
    projectLimit: null,
    paidPlan: '',
    createdBy: ADMIN._id,
    createdAt: AT,
    updatedAt: AT,
  };
}

function makeCircle(_id: string, name: string, parentId: string | null = null): Circle {
  return {
    _id,
    type: 'circle',
    name,
    enterpriseId: ENTERPRISE_ID,
    parentId,
    order: 0,
    createdAt: AT,
    updatedAt: AT,
  };
}

function makeProject(_id: string, name: string, circleId: string | null): Project {
  return {
    _id,
    type: 'project',
    enterpriseId: ENTERPRISE_ID,
    circleId,
    isTrial: false,
    storage: { allocated: 0, used: 0, unlimited: true },
    createdBy: ADMIN._id,
    createdAt: AT,
    updatedAt: AT,
    name,
    shortName: '',
    status: 'underConstruction',
    projectType: 'architecture',
  };
}

/**
 * The enterprise's records as the fake server holds them: the handlers change them as apps/server would
 * (rename, the empty-circle rule of deletions), and a test may put a refusal in `refuse` for a route.
 */
export interface OrgState {
  enterprise: Enterprise;
  circles: Circle[];
  projects: Project[];
  refuse: Partial<Record<'enterprise' | 'circle' | 'circleDelete' | 'projectDelete', FakeReply>>;
}

export const state: OrgState = { enterprise: makeEnterprise(), circles: [], projects: [], refuse: {} };

export function resetState(): void {
  state.enterprise = makeEnterprise();
  state.circles = [
    makeCircle(FULL_CIRCLE_ID, '华东分公司'),
    makeCircle(SUB_CIRCLE_ID, '上海项目部', FULL_CIRCLE_ID),
    makeCircle(EMPTY_CIRCLE_ID, '华南分公司'),
  ];
  state.projects = [
    makeProject(PROJECT_ID, '示范项目一期', null),
    makeProject(CIRCLE_PROJECT_ID, '分公司项目', FULL_CIRCLE_ID),
  ];
  state.refuse = {};
}

const E = `account-service/enterprises/${ENTERPRISE_ID}`;
const roles = new Map<string, 'admin' | 'member'>([
  [ADMIN._id, 'admin'],
  [MEMBER._id, 'member'],
]);

function members(request: SeenRequest) {
  const rows = [...roles].map(([userId, role], index) => ({
    _id: `66b0000000000000000002${String(index).padStart(2, '0')}`,
    userId,
    role,
    user: { _id: userId, name: userId === ADMIN._id ? 'demo' : 'zhangsan' },
  }));
  const where = request.query.get('where');
  const userId = where ? (JSON.parse(where) as { userId?: string }).userId : undefined;
  return { json: userId ? rows.filter((row) => row.userId === userId) : rows };
}

/** The account-service routes the enterprise area calls, over `state`. */
export function serveOrg(api: FakeApi): void {
  api.on('GET account-service/enterprises', () => ({ json: [state.enterprise] }));
  api.on(`GET ${E}`, () => ({ json: state.enterprise }));
  api.on(`GET ${E}/circles`, () => ({ json: state.circles }));
  api.on(`GET ${E}/projects`, () => ({ json: state.projects }));
  api.on(`GET ${E}/members`, members);
  api.on(`PUT ${E}`, (request) => {
    if (state.refuse.enterprise) return state.refuse.enterprise;
    state.enterprise = { ...state.enterprise, ...(request.body as Partial<Enterprise>) };
    return { json: state.enterprise };
  });
  for (const id of [FULL_CIRCLE_ID, SUB_CIRCLE_ID, EMPTY_CIRCLE_ID]) {
    api.on(`PUT account-service/circles/${id}`, (request) => {
      if (state.refuse.circle) return state.refuse.circle;
      state.circles = state.circles.map((c) =>
        c._id === id ? { ...c, ...(request.body as Partial<Circle>) } : c,
      );
      return { json: state.circles.find((c) => c._id === id) };
    });
    api.on(`PUT account-service/circles/${id}/deleted`, (request) => {
      if (state.refuse.circleDelete) return state.refuse.circleDelete;
      if (request.query.get('recordId') !== id) {
        return {
          status: 400,
          json: { code: 400, key: 'permissions.recordIdMismatch', message: 'recordId 必须是该分支机构的 id' },
        };
      }
      const projects = state.projects.filter((p) => p.circleId === id).length;
      const circles = state.circles.filter((c) => c.parentId === id).length;
      if (projects > 0 || circles > 0) {
        return {
          status: 409,
          json: {
            code: 409,
            key: 'permissions.circleNotEmpty',
            message: `该分支机构下还有 ${projects} 个项目和 ${circles} 个下级机构，请先清空`,
          },
        };
      }
      state.circles = state.circles.filter((c) => c._id !== id);
      return { json: {} };
    });
  }
  for (const id of [PROJECT_ID, CIRCLE_PROJECT_ID]) {
    api.on(`PUT account-service/projects/${id}/deleted`, () => {
      if (state.refuse.projectDelete) return state.refuse.projectDelete;
      state.projects = state.projects.filter((p) => p._id !== id);
      return { json: {} };
    });
  }
}

/** /e on the enterprise, signed in as `user` (its administrator by default). */
export function renderArea(user: User = ADMIN) {
  const view = renderRoutes({ '/e': <EnterpriseAreaPage /> }, { path: `/e?id=${ENTERPRISE_ID}`, user });
  return { ...view, user: setupUser() };
}

/** The requests of one method and path below account-service/. */
export function requestsTo(api: FakeApi, method: string, path: string): SeenRequest[] {
  return api.requests.filter((r) => r.method === method && r.path === `account-service/${path}`);
}
