import { AppstoreOutlined, SettingOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { useModuleGroups, useProjectModules } from '../api';
import { useCurrentProject } from '../context';
import { buildMenuGroups, WORKBENCH_GROUPS } from '../menu';
import { projectPath, projectSettingsPath } from '../paths';

type Item = Required<MenuProps>['items'][number];

/** One place of the project menu: where it goes and what it is called. */
export interface WorkbenchPlace {
  /** Its path (also the menu item's key). */
  path: string;
  /** The overview, a module entry's key (`problemTopics`, `modelQrCodes` …) or `settings`. */
  key: string;
  label: string;
}

export interface WorkbenchNav {
  /** The side menu's items: the overview, the groups of authorised modules, the settings for admins. */
  items: Item[];
  /** Every place of the menu, in menu order. */
  places: WorkbenchPlace[];
  /** The place the current path is in (the deepest), if any. */
  current: WorkbenchPlace | undefined;
}

/**
 * The project menu's places for the current project and path: what the side menu, the phone drawer, the
 * phone bar's module name and the bottom bar show. Modules the server does not authorise, or this build has
 * no screen for, are not there.
 */
export function useWorkbenchNav(): WorkbenchNav {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const { projectId, isAdmin } = useCurrentProject();
  const modules = useProjectModules(projectId);
  const groups = useModuleGroups();
  const base = projectPath(projectId);
  const menuGroups = buildMenuGroups(modules.data ?? [], groups.data ?? []);

  const places: WorkbenchPlace[] = [];
  const label = (place: WorkbenchPlace): ReactNode => {
    places.push(place);
    return <span data-testid={`workbench-menu-${place.key}`}>{place.label}</span>;
  };

  const items: Item[] = [
    {
      key: base,
      icon: <AppstoreOutlined />,
      label: label({ path: base, key: 'overview', label: t('workbench:menu.overview') }),
    },
  ];
  for (const group of menuGroups) {
    const known = (WORKBENCH_GROUPS as readonly string[]).includes(group.key);
    const serverName = language === 'en-US' ? group.nameEn || group.name : group.name || group.nameEn;
    items.push({
      type: 'group',
      key: `group:${group.key}`,
      label: known ? t(`workbench:group.${group.key}`) : (serverName ?? group.key),
      children: group.modules.map((module) => ({
        key: `${base}/${module.path}`,
        label: label({
          path: `${base}/${module.path}`,
          key: module.key,
          label: t(`workbench:${module.labelKey}`),
        }),
      })),
    });
  }
  if (isAdmin) {
    const path = projectSettingsPath(projectId);
    items.push({
      key: path,
      icon: <SettingOutlined />,
      label: label({ path, key: 'settings', label: t('workbench:menu.settings') }),
    });
  }

  // The deepest place the path is in (settings/… is the settings, models/qrcodes the QR codes).
  const current = places
    .filter((place) => pathname === place.path || pathname.startsWith(`${place.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];

  return { items, places, current };
}
