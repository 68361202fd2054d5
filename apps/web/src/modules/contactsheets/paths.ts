const enc = encodeURIComponent;

/** The list is the module's index (its box and filters in the query); the form and one sheet hang below it. */
export const contactSheetsPath = (projectId: string) => `/projects/${enc(projectId)}/contactsheets`;
export const newContactSheetPath = (projectId: string) => `/projects/${enc(projectId)}/contactsheets/new`;
export const contactSheetPath = (projectId: string, id: string) =>
  `/projects/${enc(projectId)}/contactsheets/${enc(id)}`;
export const editContactSheetPath = (projectId: string, id: string) =>
  `/projects/${enc(projectId)}/contactsheets/${enc(id)}/edit`;
