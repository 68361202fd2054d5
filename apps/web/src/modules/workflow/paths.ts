const enc = encodeURIComponent;

/** The list is a section of the project settings; the designer of one template hangs below it. */
export const WORKFLOW_SETTINGS_SECTION = 'workflows';
export const workflowTemplatesPath = (projectId: string) =>
  `/projects/${enc(projectId)}/settings/${WORKFLOW_SETTINGS_SECTION}`;
export const workflowDesignerPath = (projectId: string, templateId: string) =>
  `${workflowTemplatesPath(projectId)}/${enc(templateId)}`;
