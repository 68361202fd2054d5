import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { buildMenuGroups, type WorkbenchModuleEntry } from '../menu';
import ProjectOverviewPage from './ProjectOverviewPage';

const P = '0000000000000000000000a1';
const USER = makeUser();
const project = {
  _id: P,
  type: 'project',
  enterpriseId: '0000000000000000000000e1',
  circleId: null,
  isTrial: false,
  storage: { allocated: 0, used: 0, unlimited: true },
  createdBy: USER._id,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  name: '示范项目一期',
  shortName: '示范一期',
  status: 'underConstruction',
  projectType: null,
  plannedStartDate: '2026-03-01',
  ownerUnit: '示范建设集团',
  city: '上海市/市辖区/浦东新区',
  location: '张江',
};

let api: FakeApi;
let projectReply: FakeReply;
let role: string;
/** The user's row in the member list: the project's own (scopeType project) or an enclosing scope's. */
let ownScope: string;
let phoneSecret: boolean;
let leaveReply: FakeReply;

beforeAll(async () => {
  api = await startFakeApi();
  api.on(`GET account-service/projects/${P}`, () => projectReply);
  api.on(`GET account-service/projects/${P}/members`, () => ({
    json: [{ _id: '0000000000000000000000c1', userId: USER._id, role, scopeType: ownScope, phoneSecret }],
  }));
  api.on(`PUT account-service/projects/${P}/members/me`, (seen) => {
    phoneSecret = (seen.body as { phoneSecret: boolean }).phoneSecret;
    return { json: {} };
  });
  api.on(`DELETE account-service/projects/${P}/members/me`, () => leaveReply);
  // The server authorises modules this build has no screen for: none of them may show.
  api.on(`GET account-service/projects/${P}/modules`, {
    json: [
      { key: 'topics', group: 'collaboration' },
      { key: 'forms', group: 'quality' },
    ],
  });
  api.on('GET account-service/module_groups', {
    json: [
      { key: 'collaboration', name: '协同' },
      { key: 'quality', name: '质量' },
    ],
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  projectReply = { json: project };
  role = 'admin';
  ownScope = 'project';
  phoneSecret = false;
  leaveReply = { json: {} };
  configureHttp({ baseUrl: api.baseUrl });
});

const renderPage = () =>
  renderRoutes(
    { '/projects/:projectId': <ProjectOverviewPage />, '/home': <div data-testid="home-marker" /> },
    { path: `/projects/${P}`, user: USER },
  );
const sent = (method: string) =>
  api.requests.filter((r) => r.method === method && r.path === `account-service/projects/${P}/members/me`);

describe('workbench', () => {
  it('shows the overview with only the modules that exist, and project settings for admins', async () => {
    renderPage();
    expect(await screen.findByTestId('project-overview')).toBeInTheDocument();
    expect(screen.getByTestId('workbench-project-name')).toHaveTextContent('示范一期');
    expect(screen.getByTestId('overview-name')).toHaveTextContent('示范项目一期');
    expect(screen.getByTestId('overview-status')).toHaveTextContent('在建');
    expect(screen.getByTestId('overview-plannedStartDate')).toHaveTextContent('2026-03-01');
    expect(screen.getByTestId('overview-ownerUnit')).toHaveTextContent('示范建设集团');
    expect(screen.getByTestId('overview-location')).toHaveTextContent('张江');
    expect(screen.getByTestId('workbench-menu-overview')).toBeInTheDocument();
    expect(await screen.findByTestId('workbench-menu-settings')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('workbench-menu-topics')).not.toBeInTheDocument();
    expect(screen.queryByTestId('workbench-menu-forms')).not.toBeInTheDocument();
    expect(screen.getByTestId('workbench-menu')).not.toHaveTextContent('协同');
    const modules = api.requests.find((r) => r.path === `account-service/projects/${P}/modules`)!;
    expect(modules.query.get('authorized')).toBe('all');
    expect(api.requests.find((r) => r.path === 'account-service/module_groups')!.query.get('device')).toBe(
      'web',
    );
  });

  it('hides project settings from members', async () => {
    role = 'member';
    renderPage();
    expect(await screen.findByTestId('project-overview')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('workbench-menu-settings')).not.toBeInTheDocument();
  });

  it("shows the server's 404 as 'no project permission'", async () => {
    projectReply = { status: 404, json: { code: 404, key: 'common.notFound', message: '不存在' } };
    renderPage();
    expect(await screen.findByTestId('workbench-no-permission')).toHaveTextContent('无项目权限');
  });
});

describe('my membership on the overview', () => {
  it('a member hides their phone from the other members', async () => {
    role = 'member';
    renderPage();
    const toggle = await screen.findByTestId('my-phone-secret');
    expect(toggle).not.toBeChecked();
    await setupUser().click(toggle);
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]!.body).toEqual({ phoneSecret: true });
    await waitFor(() => expect(screen.getByTestId('my-phone-secret')).toBeChecked());
  });

  it('a member leaves after a confirmation naming the project, and lands on /home', async () => {
    role = 'member';
    const { location } = renderPage();
    const u = setupUser();
    await u.click(await screen.findByTestId('my-leave'));
    expect(await screen.findByText('确定退出项目“示范项目一期”？')).toBeInTheDocument();
    expect(sent('DELETE')).toHaveLength(0);
    await u.click(await screen.findByTestId('my-leave-ok'));
    await waitFor(() => expect(location.pathname).toBe('/home'));
    expect(sent('DELETE')).toHaveLength(1);
  });

  it("shows the server's refusal to leave and stays", async () => {
    role = 'member';
    leaveReply = {
      status: 400,
      json: {
        code: 400,
        key: 'org.adminCannotLeave',
        message: '管理员不能退出项目，请先在项目信息中移除该管理员',
      },
    };
    const { location } = renderPage();
    const u = setupUser();
    await u.click(await screen.findByTestId('my-leave'));
    await u.click(await screen.findByTestId('my-leave-ok'));
    expect(await screen.findByText('管理员不能退出项目，请先在项目信息中移除该管理员')).toBeInTheDocument();
    expect(location.pathname).toBe(`/projects/${P}`);
  });

  it('an administrator is told to leave the admins first and has no leave button', async () => {
    renderPage();
    expect(await screen.findByTestId('my-leave-admin')).toHaveTextContent(
      '请先在项目信息中移除您的管理员身份',
    );
    expect(screen.queryByTestId('my-leave')).not.toBeInTheDocument();
  });

  it('nothing to leave for an admin of an enclosing scope without a membership of the project', async () => {
    ownScope = 'enterprise';
    renderPage();
    expect(await screen.findByTestId('project-overview')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === `account-service/projects/${P}/members`)).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('my-membership')).not.toBeInTheDocument();
  });
});

describe('buildMenuGroups', () => {
  const entries: WorkbenchModuleEntry[] = [
    { key: 'topics', group: 'collaboration', labelKey: 'x', path: 'topics' },
    { key: 'checks', group: 'quality', labelKey: 'y', path: 'checks' },
  ];
  it('keeps the authorised modules that exist, grouped in spec order', () => {
    const groups = buildMenuGroups(
      [{ key: 'checks' }, { key: 'ghost', group: 'design' }, { key: 'topics' }],
      [],
      entries,
    );
    expect(groups.map((g) => [g.key, g.modules.map((m) => m.key)])).toEqual([
      ['collaboration', ['topics']],
      ['quality', ['checks']],
    ]);
    expect(buildMenuGroups([{ key: 'ghost' }], [], entries)).toEqual([]);
  });
});
