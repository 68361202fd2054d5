import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';

/**
 * The settings sections that exist, in menu order: `key` is the last path segment
 * (/projects/:projectId/settings/<key>), `title` its text in projectSettings:menu.
 * Sections whose server routes do not exist yet are left out on purpose (no placeholders).
 */
export interface SettingsSection {
  key: string;
  component: LazyExoticComponent<ComponentType>;
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { key: 'basic', component: lazy(() => import('./pages/BasicInfoSection')) },
  { key: 'members', component: lazy(() => import('./pages/MembersSection')) },
  { key: 'templates', component: lazy(() => import('./pages/TemplatesSection')) },
  { key: 'structure', component: lazy(() => import('./pages/StructureSection')) },
  { key: 'disciplines', component: lazy(() => import('./pages/DisciplinesSection')) },
  { key: 'edit4d', component: lazy(() => import('./pages/Edit4dSection')) },
];

export const DEFAULT_SECTION = 'basic';

export const settingsPath = (projectId: string, section: string = DEFAULT_SECTION) =>
  `/projects/${encodeURIComponent(projectId)}/settings/${section}`;
