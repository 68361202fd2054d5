import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../lib/http';
import { type FakeApi, type FakeReply, startFakeApi } from '../../../test/fakeApi';
import { makeProfile, makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { readPlace } from '../place';
import HomePage from './HomePage';

const id = (n: number) => n.toString(16).padStart(24, '0');
const E1 = id(1);
const C1 = id(11);
const C2 = id(12);
const P1 = id(21);
const P2 = id(22);
const P3 = id(23);
const ORPHAN = id(24);
const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

const enterprises = [
  { _id: E1, type: 'enterprise', name: '示范建设集团', shortName: '', isTrial: false, ...stamp },
];
const circles = [
  { _id: C1, type: 'circle', name: '华东分公司', enterpriseId: E1, parentId: null, order: 0, ...stamp },
  { _id: C2, type: 'circle', name: '上海项目部', enterpriseId: E1, parentId: C1, order: 0, ...stamp },
];
const projects = [
  {
    _id: P1,
    type: 'project',
    name: '示范项目一期',
    enterpriseId: E1,
    circleId: C1,
    status: 'preparation',
    ...stamp,
  },
  {
    _id: P2,
    type: 'project',
    name: '浦东住宅',
    enterpriseId: E1,
    circleId: C2,
    status: 'preparation',
    ...stamp,
  },
  {
    _id: P3,
    type: 'project',
    name: '总部大楼',
    enterpriseId: E1,
    circleId: null,
    status: 'preparation',
    ...stamp,
  },
  // Its enterprise is not among the user's: it goes to the 'other' group.
  {
    _id: ORPHAN,
    type: 'project',
    name: '外部协作项目',
    enterpriseId: id(99),
    circleId: null,
    status: 'preparation',
    ...stamp,
  },
];

let api: FakeApi;
let lists: Record<string, unknown[]>;
let enterReply: FakeReply;

beforeAll(async () => {
  api = await startFakeApi();
  for (const list of ['enterprises', 'circles', 'projects']) {
    api.on(`GET account-service/${list}`, () => ({ json: lists[list] }));
  }
  for (const kind of ['enterprises', 'circles', 'projects']) {
    for (const item of [E1, C1, C2, P1, P2, P3, ORPHAN]) {
      api.on(`PUT account-service/${kind}/${item}/enter`, () => enterReply);
    }
  }
  api.on('POST account-service/enterprises', (seen) => ({
    json: { _id: id(2), type: 'enterprise', name: (seen.body as { name: string }).name, ...stamp },
  }));
  api.on(`POST account-service/users/${makeUser()._id}/trialPlan`, {
    json: { enterprise: null, project: null },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  lists = { enterprises, circles, projects };
  enterReply = { json: {} };
  localStorage.clear();
  configureHttp({ baseUrl: api.baseUrl });
});

function renderHome(cloud = false) {
  const view = renderRoutes(
    { '/home': <HomePage />, '/projects/:projectId': <div data-testid="workbench-marker" /> },
    { path: '/home', user: makeUser(), profile: makeProfile({ cloud }) },
  );
  return { ...view, user: setupUser() };
}

const titles = (type: string) => screen.queryAllByTestId(`home-tree-${type}`).map((node) => node.textContent);

describe('/home tree', () => {
  it('builds the tree from the lists: circles nest, parentless items go to the other group', async () => {
    const { user } = renderHome();
    expect(await screen.findByTestId('home-tree')).toBeInTheDocument();
    expect(titles('enterprise')).toEqual(['示范建设集团']);
    expect(titles('other')).toEqual(['其他']);
    // Collapsed at first: no place was remembered.
    expect(titles('circle')).toEqual([]);
    await user.click(screen.getByText('示范建设集团'));
    expect(titles('circle')).toEqual(['华东分公司']);
    expect(titles('project')).toEqual(['总部大楼']);
    await user.click(screen.getByText('华东分公司'));
    expect(titles('circle')).toEqual(['华东分公司', '上海项目部']);
    expect(titles('project')).toEqual(['示范项目一期', '总部大楼']);
    await user.click(screen.getByText('其他'));
    expect(titles('project')).toContain('外部协作项目');
    // Choosing a circle remembers it, on the server and on this device.
    await waitFor(() =>
      expect(
        api.requests.some((r) => r.method === 'PUT' && r.path === `account-service/circles/${C1}/enter`),
      ).toBe(true),
    );
    expect(readPlace(makeUser()._id)).toEqual({ type: 'circle', id: C1 });
    // The lists are read whole, by pages of 200.
    const read = api.requests.find((r) => r.path === 'account-service/projects')!;
    expect(read.query.get('limit')).toBe('200');
    expect(read.query.get('skip')).toBe('0');
  });

  it("heads a project-only (or circle-only) member's project with its enterprise's name (read-only), not 'other'", async () => {
    const PARTNER = id(98);
    const SHARED = id(25);
    const PARTNER_CIRCLE = id(26);
    lists = {
      enterprises,
      circles: [
        ...circles,
        {
          _id: PARTNER_CIRCLE,
          type: 'circle',
          name: '合作方华南公司',
          enterpriseId: PARTNER,
          enterpriseName: '合作方建设',
          parentId: null,
          order: 0,
          ...stamp,
        },
      ],
      projects: [
        ...projects,
        {
          _id: SHARED,
          type: 'project',
          name: '合作方项目',
          enterpriseId: PARTNER,
          enterpriseName: '合作方建设',
          circleId: null,
          status: 'preparation',
          ...stamp,
        },
      ],
    };
    api.on(`PUT account-service/projects/${SHARED}/enter`, () => enterReply);
    const { user, location } = renderHome();
    await screen.findByTestId('home-tree');
    expect(titles('enterprise')).toEqual(['示范建设集团', '合作方建设仅参与其中的部分']);
    // A project without its enterprise's name (an older server) still goes to 'other'.
    expect(titles('other')).toEqual(['其他']);
    await user.click(screen.getByText('合作方建设'));
    expect(titles('project')).toEqual(['合作方项目']);
    expect(titles('circle')).toContain('合作方华南公司');
    // The header only opens: it is not remembered as a place nor entered on the server.
    expect(api.requests.some((r) => r.path === `account-service/enterprises/${PARTNER}/enter`)).toBe(false);
    expect(readPlace(makeUser()._id)).toBeNull();
    await user.click(screen.getByText('合作方项目'));
    await waitFor(() => expect(location.pathname).toBe(`/projects/${SHARED}`));
  });

  it('searches: keeps the matches with their ancestors, opened, the match marked', async () => {
    renderHome();
    await screen.findByTestId('home-tree');
    fireEvent.change(screen.getByTestId('home-tree-search'), { target: { value: '浦东' } });
    await waitFor(() => expect(titles('project')).toEqual(['浦东住宅']));
    expect(titles('circle')).toEqual(['华东分公司', '上海项目部']);
    expect(titles('enterprise')).toEqual(['示范建设集团']);
    expect(titles('other')).toEqual([]);
    const mark = screen.getByTestId('home-tree-project').querySelector('mark');
    expect(mark).toHaveTextContent('浦东');
    fireEvent.change(screen.getByTestId('home-tree-search'), { target: { value: 'nothing here' } });
    expect(await screen.findByTestId('home-tree-no-match')).toBeInTheDocument();
  });

  it('restores the last place: its ancestors open and it is selected', async () => {
    localStorage.setItem(`lintel.home.place.${makeUser()._id}`, JSON.stringify({ type: 'project', id: P2 }));
    renderHome();
    await screen.findByTestId('home-tree');
    expect(titles('project')).toContain('浦东住宅');
    const selected = document.querySelector('.ant-tree-treenode-selected');
    expect(selected).not.toBeNull();
    expect(within(selected as HTMLElement).getByTestId('home-tree-project')).toHaveTextContent('浦东住宅');
  });

  it('enters a project (PUT enter, then the workbench)', async () => {
    const { user, location } = renderHome();
    await screen.findByTestId('home-tree');
    await user.click(screen.getByText('示范建设集团'));
    await user.click(screen.getByText('华东分公司'));
    await user.click(screen.getByText('示范项目一期'));
    expect(await screen.findByTestId('workbench-marker')).toBeInTheDocument();
    expect(location.pathname).toBe(`/projects/${P1}`);
    expect(
      api.requests.some((r) => r.method === 'PUT' && r.path === `account-service/projects/${P1}/enter`),
    ).toBe(true);
    expect(readPlace(makeUser()._id)).toEqual({ type: 'project', id: P1 });
  });

  it("marks a project the server refuses with 'no project permission'", async () => {
    enterReply = { status: 404, json: { code: 404, key: 'common.notFound', message: '不存在' } };
    const { user, location } = renderHome();
    await screen.findByTestId('home-tree');
    await user.click(screen.getByText('其他'));
    await user.click(screen.getByText('外部协作项目'));
    expect(await screen.findByTestId('home-tree-denied')).toHaveTextContent('无项目权限');
    expect(location.pathname).toBe('/home');
  });

  it('shows the empty state with create enterprise (and create trial project on the cloud edition)', async () => {
    lists = { enterprises: [], circles: [], projects: [] };
    const { user } = renderHome(true);
    expect(await screen.findByTestId('home-projects-empty')).toHaveTextContent('您还没有任何项目');
    expect(screen.getByTestId('home-create-trial')).toBeInTheDocument();
    await user.click(screen.getByTestId('home-create-enterprise'));
    await user.type(await screen.findByTestId('create-enterprise-name'), '新建企业');
    await user.click(screen.getByTestId('create-enterprise-submit'));
    await waitFor(() =>
      expect(
        api.requests.find((r) => r.method === 'POST' && r.path === 'account-service/enterprises')?.body,
      ).toEqual({
        name: '新建企业',
      }),
    );
    await user.click(screen.getByTestId('home-create-trial'));
    await waitFor(() => expect(api.requests.some((r) => r.path.endsWith('/trialPlan'))).toBe(true));
  });

  it('offers no trial project off the cloud edition', async () => {
    lists = { enterprises: [], circles: [], projects: [] };
    renderHome(false);
    expect(await screen.findByTestId('home-create-enterprise')).toBeInTheDocument();
    expect(screen.queryByTestId('home-create-trial')).not.toBeInTheDocument();
  });
});
