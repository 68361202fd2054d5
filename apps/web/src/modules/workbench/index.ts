// The workbench's public face for other modules (project settings and, later, every workbench module).
export { useProject, useProjectAdmin } from './api';
export { WorkbenchLayout } from './components/WorkbenchLayout';
export { type CurrentProject, useCurrentProject } from './context';
export { WORKBENCH_GROUPS, WORKBENCH_MODULES } from './menu';
export { PROJECT_SETTINGS_ROUTE, projectPath, projectSettingsPath, WORKBENCH_ROUTE } from './paths';
