import type { Language } from '@lintel/contracts';
import {
  type Notification,
  type NotificationModule,
  type NotificationParams,
  renderNotification,
  type Todo,
  todoDelayDays,
} from '@lintel/contracts/notifications';
import { fromJson } from '../../db/json';
import type { NotificationRow } from './notifications.repository';
import type { TodoRow } from './todos.repository';

/** Row → answer, field by field. A template's text is shown in the reader's language. */
export function presentNotification(row: NotificationRow, language: Language): Notification {
  const rendered = renderNotification(
    row.template,
    fromJson<NotificationParams | null>(row.params, null),
    language,
  );
  return {
    _id: row.id,
    module: row.module as NotificationModule,
    title: rendered?.title ?? row.title,
    content: rendered?.content ?? row.content,
    link: row.link,
    projectId: row.project_id,
    recordId: row.record_id,
    senderId: row.sender_id,
    read: row.is_read === 1,
    readAt: row.read_at,
    createdAt: row.created_at,
  };
}

/** `today` (YYYY-MM-DD) decides how late the item is. */
export function presentTodo(row: TodoRow, today: string): Todo {
  return {
    _id: row.id,
    module: row.module as NotificationModule,
    title: row.title,
    content: row.content,
    link: row.link,
    projectId: row.project_id,
    recordId: row.record_id,
    senderId: row.sender_id,
    queryParam: row.query_param_id,
    dueDate: row.due_date,
    delayDays: todoDelayDays(row.due_date, today),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
