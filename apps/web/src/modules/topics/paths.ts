const enc = encodeURIComponent;

/** The list is the module's index; the form, the settings and one topic hang below it. */
export const topicsPath = (projectId: string, search = '') =>
  `/projects/${enc(projectId)}/topics${search ? `?${search.replace(/^\?/, '')}` : ''}`;
export const newTopicPath = (projectId: string) => `/projects/${enc(projectId)}/topics/new`;
export const topicSettingsPath = (projectId: string) => `/projects/${enc(projectId)}/topics/settings`;
export const topicPath = (projectId: string, id: string) => `/projects/${enc(projectId)}/topics/${enc(id)}`;
export const editTopicPath = (projectId: string, id: string) =>
  `/projects/${enc(projectId)}/topics/${enc(id)}/edit`;
