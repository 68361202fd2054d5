import type { NotificationRow } from './notifications.repository';

/**
 * The per-user event channel (src/events): whatever changes a user's notifications or to-dos is published
 * there, and each open stream of that user — in any server process — turns it into server-sent events.
 * A notification travels as its row, so that every stream presents it in its own language.
 */
export type UserEvent =
  | { type: 'notification'; row: NotificationRow; unread: number }
  | { type: 'unread'; unread: number }
  | { type: 'todos'; count: number };

export function userChannel(userId: string): string {
  return `user:${userId}`;
}

/** A message from the channel, checked: another version of the server may publish shapes we do not know. */
export function readUserEvent(message: unknown): UserEvent | null {
  if (typeof message !== 'object' || message === null) return null;
  const event = message as Record<string, unknown>;
  switch (event.type) {
    case 'notification':
      return typeof event.unread === 'number' && typeof event.row === 'object' && event.row !== null
        ? (event as unknown as UserEvent)
        : null;
    case 'unread':
      return typeof event.unread === 'number' ? (event as unknown as UserEvent) : null;
    case 'todos':
      return typeof event.count === 'number' ? (event as unknown as UserEvent) : null;
    default:
      return null;
  }
}
