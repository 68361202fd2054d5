import type { ModuleGroup, ProjectModule } from './api';

/** The workbench groups of spec 001 §2, in their order; the labels are in workbench.json `group.*`. */
export const WORKBENCH_GROUPS = ['collaboration', 'design', 'quality', 'security', 'planManagement'] as const;
export type WorkbenchGroup = (typeof WORKBENCH_GROUPS)[number];

/** A workbench module this build has a screen for. */
export interface WorkbenchModuleEntry {
  /** The module key the server authorises (`GET projects/{id}/modules`); the entry's own id with `moduleKey`. */
  key: string;
  /** When one module key opens several screens (personnel: records, attendance, violations): that key. */
  moduleKey?: string;
  /** Where it goes when the server names no group. */
  group: WorkbenchGroup;
  /** workbench.json key of its label. */
  labelKey: string;
  /** Its path below /projects/{id}. */
  path: string;
}

/**
 * The workbench modules that exist in this build. A module the server authorises but this build has no
 * screen for never shows (no placeholder entries): the list grows as the module issues land.
 */
export const WORKBENCH_MODULES: readonly WorkbenchModuleEntry[] = [
  { key: 'announcements', group: 'collaboration', labelKey: 'module.announcements', path: 'announcements' },
  { key: 'contactLists', group: 'collaboration', labelKey: 'module.contactLists', path: 'contactsheets' },
  { key: 'problemTopics', group: 'quality', labelKey: 'module.problemTopics', path: 'topics' },
  // BIM models: the list, the selection sets and the elements' QR codes share the modelViewer module key.
  { key: 'modelViewer', group: 'design', labelKey: 'module.modelList', path: 'models' },
  {
    key: 'modelSelectionSets',
    moduleKey: 'modelViewer',
    group: 'design',
    labelKey: 'module.modelSelectionSets',
    path: 'models/selection-sets',
  },
  {
    key: 'modelQrCodes',
    moduleKey: 'modelViewer',
    group: 'design',
    labelKey: 'module.modelQrCodes',
    path: 'models/qrcodes',
  },
  { key: 'personnel', group: 'security', labelKey: 'module.personnel', path: 'personnel' },
  // Attendance and violations: screens of the personnel module key.
  {
    key: 'attendance',
    moduleKey: 'personnel',
    group: 'security',
    labelKey: 'module.attendance',
    path: 'attendance',
  },
  {
    key: 'attendanceStatistics',
    moduleKey: 'personnel',
    group: 'security',
    labelKey: 'module.attendanceStatistics',
    path: 'attendance/statistics',
  },
  {
    key: 'violations',
    moduleKey: 'personnel',
    group: 'security',
    labelKey: 'module.violations',
    path: 'violations',
  },
];

export interface MenuGroup {
  key: string;
  /** A label from module_groups, when the server gave one; else the locale's `group.<key>`. */
  name?: string;
  nameEn?: string;
  modules: WorkbenchModuleEntry[];
}

/**
 * The side menu's groups: the authorised modules that exist in this build, grouped by the server's group
 * (else the module's own), groups in module_groups order (else spec 001 §2 order), empty groups left out.
 */
export function buildMenuGroups(
  authorised: readonly ProjectModule[],
  groups: readonly ModuleGroup[],
  available: readonly WorkbenchModuleEntry[] = WORKBENCH_MODULES,
): MenuGroup[] {
  const byKey = new Map<string, WorkbenchModuleEntry[]>();
  for (const entry of available) {
    const key = entry.moduleKey ?? entry.key;
    byKey.set(key, [...(byKey.get(key) ?? []), entry]);
  }
  const order = new Map<string, number>();
  WORKBENCH_GROUPS.forEach((key, i) => {
    order.set(key, 1000 + i);
  });
  groups.forEach((group, i) => {
    order.set(group.key, group.order ?? i);
  });
  const result = new Map<string, MenuGroup>();
  for (const module of authorised) {
    for (const entry of byKey.get(module.key) ?? []) {
      const groupKey = module.group || entry.group;
      let group = result.get(groupKey);
      if (!group) {
        const known = groups.find((g) => g.key === groupKey);
        group = { key: groupKey, modules: [] };
        if (known?.name) group.name = known.name;
        if (known?.nameEn) group.nameEn = known.nameEn;
        result.set(groupKey, group);
      }
      if (!group.modules.includes(entry)) group.modules.push(entry);
    }
  }
  return [...result.values()].sort(
    (a, b) => (order.get(a.key) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.key) ?? Number.MAX_SAFE_INTEGER),
  );
}
