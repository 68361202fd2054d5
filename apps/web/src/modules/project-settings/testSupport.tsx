import type { User } from '@lintel/contracts/account';
import type { Member, Project } from '@lintel/contracts/org';
import type { FakeApi } from '../../test/fakeApi';
import { makeUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/renderRoutes';
import { setupUser } from '../../test/user';
import ProjectSettingsPage from './pages/ProjectSettingsPage';

export const PROJECT_ID = '66a000000000000000000001';
export const ENTERPRISE_ID = '66a000000000000000000002';
export const ADMIN = makeUser({ _id: '66a000000000000000000010', name: 'demo', nickName: '演示用户' });

export function makeProject(patch: Partial<Project> = {}): Project {
  return {
    _id: PROJECT_ID,
    type: 'project',
    enterpriseId: ENTERPRISE_ID,
    circleId: null,
    isTrial: false,
    storage: { allocated: 10 * 1024 ** 3, used: 1536, unlimited: false },
    createdBy: ADMIN._id,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    name: '示范项目一期',
    shortName: '示范一期',
    status: 'underConstruction',
    projectType: 'architecture',
    plannedStartDate: '2026-03-01',
    contractAmount: 12.5,
    contractAmountUnit: 'hundredMillionYuan',
    constructionTechnologies: ['conventional'],
    pictures: [],
    ...patch,
  };
}

export function makeMember(patch: Partial<Member> = {}): Member {
  return {
    _id: '66a000000000000000000100',
    scopeType: 'project',
    scopeId: PROJECT_ID,
    enterpriseId: ENTERPRISE_ID,
    userId: ADMIN._id,
    role: 'admin',
    vip: false,
    department: '',
    remark: '',
    order: 0,
    edit4D: false,
    phoneSecret: false,
    businessShielding: false,
    category: '',
    templateId: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    ...patch,
  };
}

/** The calls the workbench frame makes around every settings section. */
export function serveWorkbench(api: FakeApi, project: () => Project, members: () => Member[]) {
  api.on(`GET account-service/projects/${PROJECT_ID}`, () => ({ json: project() }));
  api.on(`GET account-service/projects/${PROJECT_ID}/members`, () => ({ json: members() }));
  api.on(`GET account-service/enterprises/${ENTERPRISE_ID}/members`, { json: [] });
  api.on(`GET account-service/projects/${PROJECT_ID}/modules`, { json: [] });
  api.on('GET account-service/module_groups', { json: [] });
}

/** Renders the settings at `section`, signed in as `user`, with /home as a marker. */
export function renderSettings(section: string, user: User = ADMIN) {
  const view = renderRoutes(
    {
      '/projects/:projectId/settings/:section': <ProjectSettingsPage />,
      '/projects/:projectId/settings': <ProjectSettingsPage />,
      '/home': <div data-testid="home-marker" />,
      '/projects/:projectId': <div data-testid="overview-marker" />,
    },
    { path: `/projects/${PROJECT_ID}/settings/${section}`, user },
  );
  return { ...view, user: setupUser() };
}
