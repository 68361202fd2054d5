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
import { announcementsRoutes } from './announcements.routes';
import { createAnnouncementsService } from './announcements.service';

export { announcementLink } from './announcements.service';

/** announcement-service, where the specification puts announcements. */
export const ANNOUNCEMENTS_PREFIX = '/api/v1/announcement-service';

export interface AnnouncementsDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  permissions: Pick<PermissionsModule, 'authorize' | 'permissions'>;
  /** The producer and the reader's own notifications (marked read when they open the announcement). */
  notifications: Pick<NotificationsModule, 'notify' | 'readRecordNotifications'>;
  log: FastifyBaseLogger;
  /** modules/files: may the user read these files? Asked before they are attached (issue 14). */
  readableFiles?: FileReadCheck;
}

/** Announcements of a project: published to members, departments or everyone, who are notified. */
export function createAnnouncementsModule({
  db,
  engine,
  clock,
  access,
  permissions,
  notifications,
  log,
  readableFiles,
}: AnnouncementsDeps) {
  const announcements = createAnnouncementsService({
    db,
    engine,
    clock,
    access,
    authorize: permissions.authorize,
    authValue: permissions.permissions.authValue,
    notify: notifications.notify,
    readNotifications: (user, announcementId) =>
      notifications.readRecordNotifications(user, 'announcement', announcementId),
    log,
    readableFiles,
  });
  return { announcements };
}
export type AnnouncementsModule = ReturnType<typeof createAnnouncementsModule>;

export const announcementsPlugin: FastifyPluginAsyncZod<{ module: AnnouncementsModule }> = async (
  app,
  { module },
) => {
  await app.register(announcementsRoutes, { announcements: module.announcements });
};
