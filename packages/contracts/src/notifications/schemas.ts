import { z } from 'zod';
import { idSchema } from '../common/ids';
import { listQuerySchema } from '../common/paging';
import { NOTIFICATION_MODULES } from './modules';
import { TODO_DELAYS } from './todos';

// ── notifications (base-service) ─────────────────────────────────────────────────────────────────────────

/** One notification of the signed-in user (spec 001 §3: `_id` and the read flag, plus what it is about). */
export const notificationSchema = z.object({
  _id: idSchema,
  module: z.enum(NOTIFICATION_MODULES),
  title: z.string(),
  content: z.string(),
  /** A path of this web app (`/projects/…`), or '' when there is nothing to open. */
  link: z.string(),
  projectId: idSchema.nullable(),
  /** The module's record the notification is about. */
  recordId: z.string().nullable(),
  /** Who caused it; null for the system. */
  senderId: idSchema.nullable(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * GET notifications: the usual list parameters. `where` fields: module, read, projectId, recordId, senderId,
 * title, content, createdAt; `order`: createdAt (default -createdAt), _id.
 */
export const notificationsQuerySchema = listQuerySchema.omit({ expand: true }).strict();

/** PUT notifications/{id}. */
export const notificationReadSchema = z.strictObject({ read: z.boolean() });

/** At most this many ids in one PUT notifications. */
export const MAX_NOTIFICATION_IDS = 500;

/** PUT notifications: the given ids, or 'all' of the caller's notifications. */
export const notificationsReadSchema = z.strictObject({
  ids: z.union([z.array(idSchema).min(1).max(MAX_NOTIFICATION_IDS), z.literal('all')]),
  read: z.boolean(),
});

export const notificationsReadResultSchema = z.object({
  /** Notifications whose flag changed. */
  updated: z.number().int().min(0),
  /** The caller's unread count afterwards. */
  unread: z.number().int().min(0),
});
export type NotificationsReadResult = z.infer<typeof notificationsReadResultSchema>;

/**
 * GET notifications/stream (server-sent events). Each event's `data` is JSON:
 * - `unread` {unread}: the unread count, at connection and whenever it changes without a new notification;
 * - `notification` {notification, unread}: a new notification (id: its _id);
 * - `todos` {count}: the number of open to-dos, at connection and whenever it changes.
 * A comment line (`: ping`) arrives every 25 s so that proxies keep the connection open.
 */
export const NOTIFICATION_STREAM_EVENTS = ['unread', 'notification', 'todos'] as const;
export type NotificationStreamEvent = (typeof NOTIFICATION_STREAM_EVENTS)[number];
export interface UnreadEventData {
  unread: number;
}
export interface NotificationEventData {
  notification: Notification;
  unread: number;
}
export interface TodosEventData {
  count: number;
}

// ── to-dos and stored queries (base-service) ─────────────────────────────────────────────────────────────

/** An item waiting for the signed-in user in some module; the module closes it when it is done. */
export const todoSchema = z.object({
  _id: idSchema,
  module: z.enum(NOTIFICATION_MODULES),
  title: z.string(),
  content: z.string(),
  /** A path of this web app, or ''. */
  link: z.string(),
  projectId: idSchema.nullable(),
  recordId: z.string(),
  senderId: idSchema.nullable(),
  /** A stored query (POST queryParams) the link's page applies. */
  queryParam: idSchema.nullable(),
  /** YYYY-MM-DD, or null when the item has no deadline. */
  dueDate: z.string().nullable(),
  /** Whole days past the due date (0 when not late). */
  delayDays: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Todo = z.infer<typeof todoSchema>;

/**
 * GET todos: `where` (fields module, projectId, recordId, title, dueDate, createdAt) and/or `queryParam`
 * (a stored query's `where` and `delay`, ANDed with the request's), `delay` (a band of spec 001 §9), and the
 * paging parameters; `order`: createdAt (default -createdAt), dueDate.
 */
export const todosQuerySchema = z.strictObject({
  where: listQuerySchema.shape.where,
  queryParam: idSchema.optional(),
  delay: z.enum(TODO_DELAYS).optional(),
  skip: listQuerySchema.shape.skip,
  limit: listQuerySchema.shape.limit,
  order: listQuerySchema.shape.order,
  only_count: listQuerySchema.shape.only_count,
});

/** The stored query's JSON may take at most this many bytes (UTF-8). */
export const QUERY_PARAM_MAX_BYTES = 4096;

/**
 * POST queryParams {data}: any JSON object a page needs to restore its filters. GET todos?queryParam=…
 * reads its `where` (a todos where object) and `delay` members.
 */
export const queryParamCreateSchema = z.strictObject({ data: z.record(z.string(), z.unknown()) });
export const queryParamCreatedSchema = z.object({ _id: idSchema });
