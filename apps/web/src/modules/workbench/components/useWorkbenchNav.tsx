import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { useModuleGroups, useProjectModules } from '../api';
import { useCurrentProject } from '../context';
import { buildMenuGroups, WORKBENCH_GROUPS } from '../menu';
import { projectPath, projectSettingsPath } from '../paths';

/** One place of the project menu: where it goes and what it is called. */
export interface WorkbenchPlace {
  /** Its path (also the menu entry's key). */
  path: string;
  /** The overview, a module entry's key (`problemTopics`, `modelQrCodes` …) or `settings`. */
  key: string;
  label: string;
}

/**
 * One section of the side menu, in order: the overview and the settings stand alone (no label); the
 * modules come in their groups (spec 001 §2), each with its heading.
 */
export interface WorkbenchSection {
  key: string;
  /** The group's heading; none for the overview and the settings. */
  label?: string;
  places: WorkbenchPlace[];
}

export interface WorkbenchNav {
  /** The side menu: the overview, the groups of authorised modules, the settings for admins. */
  sections: WorkbenchSection[];
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

  const sections: WorkbenchSection[] = [
    { key: 'overview', places: [{ path: base, key: 'overview', label: t('workbench:menu.overview') }] },
  ];
  for (const group of menuGroups) {
    const known = (WORKBENCH_GROUPS as readonly string[]).includes(group.key);
    const serverName = language === 'en-US' ? group.nameEn || group.name : group.name || group.nameEn;
    sections.push({
      key: `group:${group.key}`,
      label: known ? t(`workbench:group.${group.key}`) : (serverName ?? group.key),
      places: group.modules.map((module) => ({
        path: `${base}/${module.path}`,
        key: module.key,
        label: t(`workbench:${module.labelKey}`),
      })),
    });
  }
  if (isAdmin) {
    const path = projectSettingsPath(projectId);
    sections.push({
      key: 'settings',
      places: [{ path, key: 'settings', label: t('workbench:menu.settings') }],
    });
  }

  const places = sections.flatMap((section) => section.places);
  // The deepest place the path is in (settings/… is the settings, models/qrcodes the QR codes).
  const current = places
    .filter((place) => pathname === place.path || pathname.startsWith(`${place.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];

  return { sections, places, current };
}
