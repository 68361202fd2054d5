/** The form template list is the project settings section `form-templates`; the designer sits below it. */
export const formTemplatesPath = (projectId: string) =>
  `/projects/${encodeURIComponent(projectId)}/settings/form-templates`;

export const formTemplateDesignerPath = (projectId: string, templateId: string) =>
  `${formTemplatesPath(projectId)}/${encodeURIComponent(templateId)}`;
