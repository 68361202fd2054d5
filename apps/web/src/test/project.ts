import type { User } from '@lintel/contracts/account';
import type { MemberView, Project } from '@lintel/contracts/org';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { configureHttp } from '../lib/http';
import { type FakeApi, type FakeReply, type SeenRequest, startFakeApi } from './fakeApi';

// What the page tests of the project modules share: the project, its members, the workbench frame's calls
// and a fake API per test file.

export const TEST_AT = '2026-03-02T08:30:00.000Z';

/** The ids a module's fixtures use (each module its own prefix, so ids never meet across modules). */
export interface TestProjectIds {
  projectId: string;
  enterpriseId: string;
  /** The first 22 hex digits of the members' row ids (two more are added). */
  memberIdPrefix: string;
}

export function makeTestProject(ids: TestProjectIds, createdBy: User): Project {
  return {
    _id: ids.projectId,
    type: 'project',
    enterpriseId: ids.enterpriseId,
    circleId: null,
    isTrial: false,
    storage: { allocated: 0, used: 0, unlimited: true },
    createdBy: createdBy._id,
    createdAt: TEST_AT,
    updatedAt: TEST_AT,
    name: '示范项目一期',
    shortName: '示范一期',
    status: 'underConstruction',
    projectType: 'architecture',
  };
}

/** A user as the modules' records embed them. */
export const userCard = (user: User) => ({
  _id: user._id,
  name: user.name,
  nickName: user.nickName,
  avatar: '',
});

/** The project's member row of `user`; the first one (index 0) is an admin. */
export function makeProjectMember(
  ids: TestProjectIds,
  user: User,
  index: number,
  department = '',
): MemberView {
  return {
    _id: `${ids.memberIdPrefix}${String(index).padStart(2, '0')}`,
    scopeType: 'project',
    scopeId: ids.projectId,
    enterpriseId: ids.enterpriseId,
    userId: user._id,
    role: index === 0 ? 'admin' : 'member',
    vip: false,
    department,
    remark: '',
    order: index,
    edit4D: false,
    phoneSecret: false,
    businessShielding: false,
    category: '',
    templateId: null,
    createdAt: TEST_AT,
    updatedAt: TEST_AT,
    user: { ...userCard(user), phoneNumber: '', email: '' },
  };
}

/**
 * The workbench frame's calls: the project, its members (and the caller's own row, for the role), the
 * project's modules and the module groups. Functions are read at each request (the tests' state changes).
 */
export function serveProjectFrame(
  api: FakeApi,
  frame: {
    project: Project;
    members: readonly MemberView[];
    role: () => 'admin' | 'member';
    modules: () => unknown[];
  },
): void {
  const projectPath = `account-service/projects/${frame.project._id}`;
  api.on(`GET ${projectPath}`, { json: frame.project });
  api.on(`GET ${projectPath}/members`, (request) => {
    const where = request.query.get('where');
    if (where) {
      // The workbench asks for the user's own row (the role).
      const { userId } = JSON.parse(where) as { userId: string };
      return { json: [{ ...frame.members[0]!, userId, role: frame.role() }] };
    }
    return { json: frame.members };
  });
  api.on(`GET ${projectPath}/modules`, () => ({ json: frame.modules() }));
  api.on('GET account-service/module_groups', { json: [] });
}

/** The reply a test set to replace a route's next answer (`METHOD path`), taken once. */
export function takeRefusal(refuse: Record<string, FakeReply>, route: string): FakeReply | undefined {
  const reply = refuse[route];
  if (reply) delete refuse[route];
  return reply;
}

export function requestsTo(api: FakeApi, method: string, path: string): SeenRequest[] {
  return api.requests.filter((r) => r.method === method && r.path === path);
}

/**
 * One fake API for the test file: started and served before its tests, closed after them; before each
 * test its record is emptied, the module's state reset and the client pointed at it.
 */
export function fakeApiForFile(serve: (api: FakeApi) => void, reset: () => void): FakeApi {
  let started: FakeApi | undefined;
  const api = () => {
    if (!started) throw new Error('The fake API starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startFakeApi();
    serve(started);
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    api().requests.length = 0;
    reset();
    configureHttp({ baseUrl: api().baseUrl });
  });
  return {
    get baseUrl() {
      return api().baseUrl;
    },
    get requests() {
      return api().requests;
    },
    on: (route, handler) => api().on(route, handler),
    close: () => api().close(),
  };
}
