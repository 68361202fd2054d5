import {
  AppstoreOutlined,
  BlockOutlined,
  EllipsisOutlined,
  ExclamationCircleOutlined,
  FileTextOutlined,
  MenuOutlined,
} from '@ant-design/icons';
import type { Project } from '@lintel/contracts/org';
import { Button } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { lazyComponent } from '../../../lib/lazyComponent';
import { useWorkbenchNav } from './useWorkbenchNav';

/** antd's Drawer loads on the first opening: desktops never fetch it, phones not before the menu is wanted. */
const WorkbenchMenuDrawer = lazyComponent(
  () => import('./WorkbenchMenuDrawer').then((m) => m.WorkbenchMenuDrawer),
  {
    when: ({ open }) => open,
  },
);

/** The bottom bar's modules (besides the overview and "more"): the ones site staff open most. */
const BOTTOM_BAR: ReadonlyArray<{ key: string; icon: ReactNode }> = [
  { key: 'problemTopics', icon: <ExclamationCircleOutlined /> },
  { key: 'contactLists', icon: <FileTextOutlined /> },
  { key: 'modelViewer', icon: <BlockOutlined /> },
];

/** The drawer's open state, shared by the bar's menu button and the bottom bar's "more"; closes on navigation. */
export function usePhoneDrawer() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const id = useId();
  // Any navigation closes the drawer (a menu click, the bottom bar, a link in the page, Back).
  useEffect(() => {
    if (pathname) setOpen(false);
  }, [pathname]);
  return { open, setOpen, id };
}
export type PhoneDrawer = ReturnType<typeof usePhoneDrawer>;

/**
 * The top of the workbench on a phone (useIsPhone): the menu button and the current module's name, and the
 * project menu in a drawer (closed on navigation and by Esc). docs/decisions.md, "The project workspace on
 * a phone".
 */
export function WorkbenchPhoneBar({ project, drawer }: { project: Project; drawer: PhoneDrawer }) {
  const { t } = useTranslation();
  const { current } = useWorkbenchNav();
  const { open, setOpen, id } = drawer;

  return (
    <>
      <div className="workbench__bar">
        <Button
          type="text"
          className="workbench__menu-button"
          icon={<MenuOutlined />}
          aria-label={t('workbench:phone.openMenu')}
          aria-expanded={open}
          aria-controls={id}
          data-testid="workbench-menu-button"
          onClick={() => setOpen(true)}
        />
        <span className="workbench__current" data-testid="workbench-current">
          {current?.label ?? (project.shortName || project.name)}
        </span>
      </div>
      <WorkbenchMenuDrawer open={open} id={id} project={project} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * The bottom bar on a phone: the overview, problems, contact sheets and models (those the project
 * authorises) one tap away, and "more", which opens the project menu's drawer.
 */
export function WorkbenchTabs({ drawer }: { drawer: PhoneDrawer }) {
  const { t } = useTranslation();
  const { places, current } = useWorkbenchNav();
  const overview = places.find((place) => place.key === 'overview');
  const tabs = [
    ...(overview ? [{ place: overview, icon: <AppstoreOutlined /> }] : []),
    ...BOTTOM_BAR.flatMap(({ key, icon }) => {
      const place = places.find((p) => p.key === key);
      return place ? [{ place, icon }] : [];
    }),
  ];

  return (
    <nav className="workbench__tabs" aria-label={t('workbench:phone.tabs')} data-testid="workbench-tabs">
      {tabs.map(({ place, icon }) => {
        const here = current?.path === place.path;
        return (
          <Link
            key={place.key}
            to={place.path}
            className={`workbench__tab${here ? ' workbench__tab--current' : ''}`}
            aria-current={here ? 'page' : undefined}
            data-testid={`workbench-tab-${place.key}`}
          >
            <span className="workbench__tab-icon" aria-hidden>
              {icon}
            </span>
            <span className="workbench__tab-label">{t(`workbench:phone.tab.${place.key}`)}</span>
          </Link>
        );
      })}
      <button
        type="button"
        className="workbench__tab"
        aria-expanded={drawer.open}
        aria-controls={drawer.id}
        data-testid="workbench-tab-more"
        onClick={() => drawer.setOpen(true)}
      >
        <span className="workbench__tab-icon" aria-hidden>
          <EllipsisOutlined />
        </span>
        <span className="workbench__tab-label">{t('workbench:phone.more')}</span>
      </button>
    </nav>
  );
}
