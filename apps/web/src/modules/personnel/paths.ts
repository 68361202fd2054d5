const enc = encodeURIComponent;

/** The list is the module's index; the form, the settings and one person hang below it. */
export const personnelPath = (projectId: string) => `/projects/${enc(projectId)}/personnel`;
export const newPersonPath = (projectId: string) => `/projects/${enc(projectId)}/personnel/new`;
export const personnelSettingsPath = (projectId: string) => `/projects/${enc(projectId)}/personnel/settings`;
export const personPath = (projectId: string, id: string) =>
  `/projects/${enc(projectId)}/personnel/${enc(id)}`;
export const editPersonPath = (projectId: string, id: string) =>
  `/projects/${enc(projectId)}/personnel/${enc(id)}/edit`;
