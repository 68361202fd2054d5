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
import type { ElementLinkCheck, ViewportFinder } from './topics.context';
import { topicsRoutes } from './topics.routes';
import { createTopicsService } from './topics.service';
import { createTopicSettingsService } from './topics.settings';

export { topicLink } from './topics.service';
export { createDomainUsageCheck } from './topics.settings';

/** topic-service, where the specification puts problem topics. */
export const TOPICS_PREFIX = '/api/v1/topic-service';

export interface TopicsDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  permissions: Pick<PermissionsModule, 'authorize' | 'visibleScope'>;
  /** The producers, and the reader's own notifications (marked read when they open the topic). */
  notifications: Pick<NotificationsModule, 'notify' | 'addTodo' | 'closeTodo' | 'readRecordNotifications'>;
  /** modules/models: element links name a live model of the project and an element of it. */
  assertElementLinks: ElementLinkCheck;
  /** modules/models: a viewport of the project (a topic's viewpoint) and the models it shows. */
  findViewport: ViewportFinder;
  log: FastifyBaseLogger;
  /** modules/files: may the user read these files? Asked before they are attached (issue 14). */
  readableFiles?: FileReadCheck;
}

/** Problem topics of a project: raised, answered, followed and closed; with their settings. */
export function createTopicsModule({
  db,
  engine,
  clock,
  access,
  permissions,
  notifications,
  assertElementLinks,
  findViewport,
  log,
  readableFiles,
}: TopicsDeps) {
  const topics = createTopicsService({
    db,
    engine,
    clock,
    access,
    authorize: permissions.authorize,
    visibleScope: permissions.visibleScope,
    notify: notifications.notify,
    addTodo: notifications.addTodo,
    closeTodo: notifications.closeTodo,
    readNotifications: (user, topicId) => notifications.readRecordNotifications(user, 'topic', topicId),
    assertElementLinks,
    findViewport,
    log,
    readableFiles,
  });
  const settings = createTopicSettingsService({ db, clock, access });
  return { topics, settings };
}
export type TopicsModule = ReturnType<typeof createTopicsModule>;

export const topicsPlugin: FastifyPluginAsyncZod<{ module: TopicsModule }> = async (app, { module }) => {
  await app.register(topicsRoutes, { topics: module.topics, settings: module.settings });
};
