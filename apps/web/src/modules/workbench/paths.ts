const enc = encodeURIComponent;

/** The workbench of a project: its overview is the index. */
export const WORKBENCH_ROUTE = '/projects/:projectId';
export const projectPath = (projectId: string) => `/projects/${enc(projectId)}`;
/** The project settings (project-settings module), for project administrators. */
export const PROJECT_SETTINGS_ROUTE = '/projects/:projectId/settings/*';
export const projectSettingsPath = (projectId: string) => `/projects/${enc(projectId)}/settings`;
