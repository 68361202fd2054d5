import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { PHONE_MAX_WIDTH } from '../../../lib/useIsPhone';
import { makeUser } from '../../../test/fixtures';
import { fakeApiForFile, makeProjectMember, makeTestProject, serveProjectFrame } from '../../../test/project';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import { WorkbenchLayout } from './WorkbenchLayout';

// The workbench frame at a phone's width (issue 16): the project menu in a drawer behind a menu button with
// the module's name beside it, the most used modules in a bottom bar; desktop keeps the side menu.

const IDS = {
  projectId: '0000000000000000000016a1',
  enterpriseId: '0000000000000000000016e1',
  memberIdPrefix: '00000000000000000016c1',
};
const USER = makeUser();
const project = makeTestProject(IDS, USER);
const P = IDS.projectId;
const DESKTOP_WIDTH = window.innerWidth;

fakeApiForFile(
  (fake) =>
    serveProjectFrame(fake, {
      project,
      members: [makeProjectMember(IDS, USER, 0)],
      role: () => 'admin',
      // Problems, personnel and announcements; no contact sheets and no models in this project.
      modules: () => [
        { key: 'problemTopics', group: 'quality' },
        { key: 'personnel', group: 'security' },
        { key: 'announcements', group: 'collaboration' },
      ],
    }),
  () => {},
);

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => setWidth(DESKTOP_WIDTH));

/** A page with state of its own: the frame must not lose it when the window crosses the breakpoint. */
function Page({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-testid={`page-${name}`} onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

const page = (name: string) => (
  <WorkbenchLayout>
    <Page name={name} />
  </WorkbenchLayout>
);

const renderAt = (path: string) =>
  renderRoutes(
    {
      '/projects/:projectId': page('overview'),
      '/projects/:projectId/topics': page('topics'),
      '/projects/:projectId/personnel': page('personnel'),
      '/projects/:projectId/announcements': page('announcements'),
    },
    { path, user: USER },
  );

describe('the workbench on a phone', () => {
  it('puts the menu in a drawer that opens from the menu button or "more" and closes on Esc and on navigation', async () => {
    setWidth(390);
    expect(390).toBeLessThanOrEqual(PHONE_MAX_WIDTH);
    const user = setupUser();
    const { location } = renderAt(`/projects/${P}/topics`);
    await screen.findByTestId('page-topics');

    // No side menu: the page comes first, under the bar with the menu button and the module's name.
    const button = screen.getByRole('button', { name: '打开项目菜单' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.getByTestId('workbench-current')).toHaveTextContent('问题'));
    expect(screen.queryByTestId('workbench-menu')).toBeNull();
    expect(screen.queryByTestId('workbench-project-name')).toBeNull();

    // The bottom bar: overview, problems (here), "more"; no contact sheets or models in this project.
    const tabs = within(screen.getByRole('navigation', { name: '常用模块' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['概况', '问题']);
    expect(tabs.getByRole('link', { name: '问题' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('button', { name: '更多' })).toBeInTheDocument();

    // The menu button opens the drawer: the project, the way home and every module of the menu.
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByText('示范一期')).toBeInTheDocument();
    expect(drawer.getByTestId('workbench-home')).toHaveTextContent('返回首页');
    for (const key of ['overview', 'announcements', 'problemTopics', 'personnel', 'settings']) {
      expect(drawer.getByTestId(`workbench-menu-${key}`)).toBeInTheDocument();
    }

    // Esc closes it.
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));

    // "More" opens it too; choosing a module goes there and closes it.
    await user.click(tabs.getByRole('button', { name: '更多' }));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(await screen.findByRole('dialog')).getByTestId('workbench-menu-personnel'));
    await screen.findByTestId('page-personnel');
    expect(location.pathname).toBe(`/projects/${P}/personnel`);
    expect(screen.getByRole('button', { name: '打开项目菜单' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('workbench-current')).toHaveTextContent('人员管理');

    // The bottom bar navigates in one tap.
    await user.click(tabs.getByRole('link', { name: '概况' }));
    await screen.findByTestId('page-overview');
    expect(screen.getByTestId('workbench-current')).toHaveTextContent('项目概况');

    // In English.
    await act(() => changeLanguage('en-US'));
    expect(screen.getByRole('button', { name: 'Open the project menu' })).toBeInTheDocument();
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Problems']);
    expect(tabs.getByRole('button', { name: 'More' })).toBeInTheDocument();
  });

  it('keeps the side menu on a tablet or desktop, and the page keeps its state across the breakpoint', async () => {
    setWidth(1024);
    const user = setupUser();
    renderAt(`/projects/${P}/announcements`);
    await user.click(await screen.findByTestId('page-announcements'));
    expect(screen.getByTestId('page-announcements')).toHaveTextContent('announcements 1');
    const menu = await screen.findByTestId('workbench-menu');
    expect(screen.queryByTestId('workbench-tabs')).toBeNull();
    expect(screen.queryByRole('button', { name: '打开项目菜单' })).toBeNull();

    // The side menu: links in spec 001 §2's groups (each list named by its heading), the settings for an
    // admin, one entry marked as the current page.
    await within(menu).findByTestId('workbench-menu-personnel');
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      '项目概况',
      '公告',
      '问题',
      '人员管理',
      '考勤管理',
      '考勤统计',
      '违章管理',
      '项目设置',
    ]);
    expect(within(menu).getByRole('list', { name: '协同' })).toHaveTextContent('公告');
    expect(within(menu).getByRole('list', { name: '安全' })).toHaveTextContent('人员管理');
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['公告']);
    expect(current[0]).toHaveAttribute('href', `/projects/${P}/announcements`);

    // Keyboard: the arrow keys move between the entries (wrapping), Home and End to the ends.
    current[0]?.focus();
    fireEvent.keyDown(current[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[2]);
    fireEvent.keyDown(links[2] as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(links[1] as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(links[7]);
    fireEvent.keyDown(links[7] as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(links[7]);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('page-announcements'));

    setWidth(390);
    expect(screen.getByTestId('workbench-tabs')).toBeInTheDocument();
    expect(screen.queryByTestId('workbench-menu')).toBeNull();
    expect(screen.getByTestId('page-announcements')).toHaveTextContent('announcements 1');

    setWidth(768);
    expect(screen.getByTestId('workbench-menu')).toBeInTheDocument();
    expect(screen.queryByTestId('workbench-tabs')).toBeNull();

    // A click on an entry goes there and moves the mark.
    await user.click(
      within(screen.getByTestId('workbench-menu')).getByTestId('workbench-menu-problemTopics'),
    );
    await screen.findByTestId('page-topics');
    expect(
      within(screen.getByTestId('workbench-menu')).getByRole('link', { current: 'page' }),
    ).toHaveTextContent('问题');
  });
});
