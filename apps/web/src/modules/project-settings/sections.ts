import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';

/**
 * The settings sections that exist, in menu order: `key` is the last path segment
 * (/projects/:projectId/settings/<key>), `title` its text in projectSettings:menu.
 * Sections whose server routes do not exist yet are left out on purpose (no placeholders). The 4D editing
 * seats (account-service projects/{id}/edit4d) have no section either: this build has no 4D screen for a
 * seat to open, so the tab would advertise a module that does not exist (issue 17). It returns with the
 * plans' 4D screens (git history: Edit4dSection.tsx).
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
  // Issue 18: the workflow templates (the designer of one is a page of its own, below this path).
  { key: 'workflows', component: lazy(() => import('../workflow/pages/WorkflowTemplatesSection')) },
  // Issue 18: the form templates (the designer of one is a page of its own, below this path).
  { key: 'form-templates', component: lazy(() => import('../forms/pages/FormTemplatesSection')) },
];

export const DEFAULT_SECTION = 'basic';

export const settingsPath = (projectId: string, section: string = DEFAULT_SECTION) =>
  `/projects/${encodeURIComponent(projectId)}/settings/${section}`;
