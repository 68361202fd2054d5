import { AppstoreOutlined, SettingOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { useModuleGroups, useProjectModules } from '../api';
import { useCurrentProject } from '../context';
import { buildMenuGroups, WORKBENCH_GROUPS } from '../menu';
import { projectPath, projectSettingsPath } from '../paths';

type Item = Required<MenuProps>['items'][number];

/**
 * The workbench's side menu: the overview, the authorised modules that exist in this build by group, and
 * for project administrators the project settings. Keyboard: antd's menu (arrows, Enter).
 */
export function WorkbenchMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { projectId, isAdmin } = useCurrentProject();
  const modules = useProjectModules(projectId);
  const groups = useModuleGroups();
  const base = projectPath(projectId);
  const menuGroups = buildMenuGroups(modules.data ?? [], groups.data ?? []);

  const items: Item[] = [
    {
      key: base,
      icon: <AppstoreOutlined />,
      label: <span data-testid="workbench-menu-overview">{t('workbench:menu.overview')}</span>,
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
        label: <span data-testid={`workbench-menu-${module.key}`}>{t(`workbench:${module.labelKey}`)}</span>,
      })),
    });
  }
  if (isAdmin) {
    items.push({
      key: projectSettingsPath(projectId),
      icon: <SettingOutlined />,
      label: <span data-testid="workbench-menu-settings">{t('workbench:menu.settings')}</span>,
    });
  }

  // The deepest entry the path is in (settings/… selects the settings entry).
  const keys = items
    .flatMap((item) => (item && 'children' in item && item.children ? item.children : [item]))
    .map((item) => String(item?.key ?? ''))
    .filter((key) => pathname === key || pathname.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length);

  return (
    <Menu
      mode="inline"
      className="workbench__menu"
      data-testid="workbench-menu"
      selectedKeys={keys.slice(0, 1)}
      items={items}
      onClick={({ key }) => void navigate(key)}
    />
  );
}
