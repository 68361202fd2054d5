import { announcementsPages } from '../modules/announcements/routes';
import { attendancePages } from '../modules/attendance/routes';
import { contactSheetsPages } from '../modules/contactsheets/routes';
import { formsPages } from '../modules/forms/routes';
import { modelsPages } from '../modules/models/routes';
import { personnelPages } from '../modules/personnel/routes';
import { projectSettingsPages } from '../modules/project-settings/routes';
import { topicsPages } from '../modules/topics/routes';
import { workbenchPages } from '../modules/workbench/routes';
import { workflowPages } from '../modules/workflow/routes';

/**
 * The page loaders of the project modules, in a chunk of their own: the route table (which /login loads)
 * reaches them through one import (`projectPage` in routeTable.ts) instead of holding one per page.
 */
export const PROJECT_PAGES = {
  announcements: announcementsPages,
  attendance: attendancePages,
  contactSheets: contactSheetsPages,
  forms: formsPages,
  models: modelsPages,
  personnel: personnelPages,
  projectSettings: projectSettingsPages,
  topics: topicsPages,
  workbench: workbenchPages,
  workflow: workflowPages,
};
export type ProjectPages = typeof PROJECT_PAGES;
