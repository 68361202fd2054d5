import type { CountResult, Language } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import type {
  Notification,
  NotificationModule,
  NotificationsReadResult,
  notificationsQuerySchema,
  notificationsReadSchema,
} from '@lintel/contracts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import { parseOrder } from '../../db/order';
import type { Database } from '../../db/schema';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../db/where';
import type { Events } from '../../events/index';
import { AppError } from '../../plugins/app-error';
import { type UserEvent, userChannel } from './channels';
import { chunks } from './chunks';
import { type NotifyInput, parseNotifyInput } from './notifications.inputs';
import { presentNotification } from './notifications.presenter';
import { createNotificationsRepository, type NotificationRow } from './notifications.repository';
import { withNotificationTables } from './tables';

/** The `where` whitelist of GET notifications. */
export const NOTIFICATION_FILTERS: FilterSpec = {
  module: { type: 'string', column: 'notifications.module' },
  read: { type: 'boolean', column: 'notifications.is_read' },
  projectId: { type: 'string', column: 'notifications.project_id' },
  recordId: { type: 'string', column: 'notifications.record_id' },
  senderId: { type: 'string', column: 'notifications.sender_id' },
  title: { type: 'string', column: 'notifications.title' },
  content: { type: 'string', column: 'notifications.content' },
  createdAt: { type: 'date', column: 'notifications.created_at' },
};
const NOTIFICATION_ORDER = { createdAt: 'notifications.created_at', _id: 'notifications.id' } as const;

/** Rows per INSERT (14 parameters each) and ids per IN list. */
const INSERT_CHUNK = 500;
const ID_CHUNK = 1000;

type NotificationsQuery = z.output<typeof notificationsQuerySchema>;
type NotificationsReadBody = z.output<typeof notificationsReadSchema>;

export interface NotificationsServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  events: Events;
  log: FastifyBaseLogger;
}

/**
 * The user's notifications (base-service, spec 001 §3/§7) and the producer every module calls. Each change
 * is published on the user's channel after it is committed; a publish that fails is logged, never
 * reported to the caller: the database has the truth, the stream only hurries the badge along.
 */
export function createNotificationsService({ db, engine, clock, events, log }: NotificationsServiceDeps) {
  const repository = createNotificationsRepository(withNotificationTables(db));

  function publish(userId: string, event: UserEvent): void {
    events.publish(userChannel(userId), event).catch((error: unknown) => {
      log.warn({ err: error, type: event.type }, 'could not publish a live event');
    });
  }

  async function unreadCount(userId: string): Promise<number> {
    return (await repository.unreadCounts([userId])).get(userId) ?? 0;
  }

  async function publishUnread(userId: string): Promise<number> {
    const unread = await unreadCount(userId);
    publish(userId, { type: 'unread', unread });
    return unread;
  }

  return {
    unreadCount,

    async list(
      user: User,
      query: NotificationsQuery,
      language: Language,
    ): Promise<Notification[] | CountResult> {
      const node = parseWhereQuery(query.where, NOTIFICATION_FILTERS);
      const where = node ? compileWhere(node, NOTIFICATION_FILTERS, engine) : null;
      if (query.only_count) return { count: await repository.count(user._id, where) };
      const order = parseOrder(query.order, NOTIFICATION_ORDER, {
        column: NOTIFICATION_ORDER.createdAt,
        direction: 'desc',
      });
      const rows = await repository.list(user._id, { where, order, skip: query.skip, limit: query.limit });
      return rows.map((row) => presentNotification(row, language));
    },

    /** Another user's notification answers 404, like a missing one. */
    async setRead(user: User, id: string, read: boolean, language: Language): Promise<Notification> {
      if (!(await repository.setRead(user._id, id, read, clock.now().toISOString()))) {
        throw new AppError(404, 'common.notFound');
      }
      await publishUnread(user._id);
      const row = await repository.find(user._id, id);
      if (!row) throw new AppError(404, 'common.notFound');
      return presentNotification(row, language);
    },

    /** Ids that are not the caller's are skipped: `updated` counts only what changed. */
    async setReadMany(user: User, body: NotificationsReadBody): Promise<NotificationsReadResult> {
      const updated = await repository.setReadMany(user._id, body.ids, body.read, clock.now().toISOString());
      const unread = updated > 0 ? await publishUnread(user._id) : await unreadCount(user._id);
      return { updated, unread };
    },

    /**
     * The user opened a module's record (an announcement, a topic, a sheet): their unread notifications
     * about it become read, and their badge updates live as if they had read them in the notification centre.
     */
    async readRecordNotifications(user: User, module: NotificationModule, recordId: string): Promise<void> {
      const updated = await repository.readRecord(user._id, module, recordId, clock.now().toISOString());
      if (updated > 0) await publishUnread(user._id);
    },

    async remove(user: User, id: string): Promise<void> {
      if (!(await repository.delete(user._id, id))) throw new AppError(404, 'common.notFound');
      await publishUnread(user._id);
    },

    /**
     * THE PRODUCER: one notification per receiver (duplicates and deleted accounts skipped), then a live
     * event to each. Call it after the change it reports is committed. Answers the new notifications' ids.
     * Throws 400 notifications.unknownModule for a module outside NOTIFICATION_MODULES.
     */
    async notify(userIds: readonly string[], input: NotifyInput): Promise<string[]> {
      const parsed = parseNotifyInput(input);
      const unique = [...new Set(userIds)];
      const receivers: string[] = [];
      for (const part of chunks(unique, ID_CHUNK))
        receivers.push(...(await repository.existingUserIds(part)));
      if (receivers.length === 0) return [];
      const now = clock.now();
      const createdAt = now.toISOString();
      const rows: NotificationRow[] = receivers.map((userId) => ({
        id: newId(now.getTime()),
        user_id: userId,
        module: parsed.module,
        title: parsed.title,
        content: parsed.content,
        link: parsed.link,
        project_id: parsed.projectId ?? null,
        record_id: parsed.recordId ?? null,
        sender_id: parsed.senderId ?? null,
        template: parsed.template ?? null,
        params: parsed.params ? toJson(parsed.params) : null,
        is_read: 0,
        read_at: null,
        created_at: createdAt,
      }));
      await db.transaction().execute(async (trx) => {
        const inTransaction = createNotificationsRepository(withNotificationTables(trx));
        for (const part of chunks(rows, INSERT_CHUNK)) await inTransaction.insertNotifications(part);
      });
      for (const part of chunks(rows, ID_CHUNK)) {
        const unread = await repository.unreadCounts(part.map((row) => row.user_id));
        for (const row of part) {
          publish(row.user_id, { type: 'notification', row, unread: unread.get(row.user_id) ?? 0 });
        }
      }
      return rows.map((row) => row.id);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
