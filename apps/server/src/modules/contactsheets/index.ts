import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import type { Database } from '../../db/schema';
import type { FileReadCheck } from '../files/attachments';
import type { NotificationsModule } from '../notifications/index';
import type { OrgAccess } from '../org/access';
import type { PermissionsModule } from '../permissions/index';
import type { ModelLinkLookup } from './contactsheets.context';
import { contactSheetsRoutes } from './contactsheets.routes';
import { createContactSheetsService } from './contactsheets.service';

export { seedDemoContactSheets } from './contactsheets.seed';
export { contactSheetLink } from './contactsheets.service';

/** worksheet-service, where the specification puts contact sheets. */
export const CONTACT_SHEETS_PREFIX = '/api/v1/worksheet-service';

export interface ContactSheetsDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  permissions: Pick<PermissionsModule, 'authorize' | 'visibleScope'>;
  /** The producers, and the reader's own notifications (marked read when they read the sheet). */
  notifications: Pick<NotificationsModule, 'notify' | 'addTodo' | 'closeTodo' | 'readRecordNotifications'>;
  log: FastifyBaseLogger;
  /** modules/files: may the user read these files? Asked before they are attached (issue 14). */
  readableFiles?: FileReadCheck;
  /** modules/models: a sheet's model, viewpoint and selection set are checked against its project. */
  modelLinks: ModelLinkLookup;
}

/** Contact sheets of a project: numbered formal sheets sent to members, read, replied, forwarded, printed. */
export function createContactSheetsModule({
  db,
  engine,
  clock,
  access,
  permissions,
  notifications,
  log,
  readableFiles,
  modelLinks,
}: ContactSheetsDeps) {
  const contactSheets = createContactSheetsService({
    db,
    engine,
    clock,
    access,
    authorize: permissions.authorize,
    visibleScope: permissions.visibleScope,
    notify: notifications.notify,
    addTodo: notifications.addTodo,
    closeTodo: notifications.closeTodo,
    readNotifications: (user, sheetId) => notifications.readRecordNotifications(user, 'contactList', sheetId),
    log,
    readableFiles,
    modelLinks,
  });
  return { contactSheets };
}
export type ContactSheetsModule = ReturnType<typeof createContactSheetsModule>;

export const contactSheetsPlugin: FastifyPluginAsyncZod<{ module: ContactSheetsModule }> = async (
  app,
  { module },
) => {
  await app.register(contactSheetsRoutes, { contactSheets: module.contactSheets });
};
