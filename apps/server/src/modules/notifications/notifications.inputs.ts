import { idSchema } from '@lintel/contracts';
import {
  isNotificationModule,
  NOTIFICATION_TEMPLATE_KEYS,
  type NotificationModule,
  type NotificationParams,
  type NotificationTemplateKey,
} from '@lintel/contracts/notifications';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error';

/**
 * What a module hands to notify() and addTodo(). Modules are server code, so a bad field is a bug of the
 * caller; it is still checked (400 common.validation), because titles often come from a person's input.
 */

/** A path of this web app, never another site or a javascript: URL: `/` and no second `/` or `\` after it. */
const appLink = z
  .string()
  .max(2048)
  .regex(/^(\/(?![/\\])\S*)?$/);

const common = {
  title: z.string().trim().min(1).max(200),
  content: z.string().max(2000).default(''),
  link: appLink.default(''),
  projectId: idSchema.nullish(),
  senderId: idSchema.nullish(),
};

const notifySchema = z.strictObject({
  ...common,
  module: z.string(),
  recordId: z.string().min(1).max(64).nullish(),
  template: z.enum(NOTIFICATION_TEMPLATE_KEYS).nullish(),
  params: z.record(z.string(), z.union([z.string().max(500), z.number()])).nullish(),
});

const todoSchema = z.strictObject({
  ...common,
  module: z.string(),
  recordId: z.string().min(1).max(64),
  dueDate: z.iso.date().nullish(),
  queryParam: idSchema.nullish(),
});

export interface NotifyInput {
  /** One of NOTIFICATION_MODULES; any other is refused (400 notifications.unknownModule). */
  module: NotificationModule;
  /** ≤ 200 characters; for a template, its Chinese text (kept for search and for clients without it). */
  title: string;
  content?: string;
  /** A path of this web app to open, e.g. `/projects/<id>`. */
  link?: string;
  projectId?: string | null;
  /** The module's record it is about. */
  recordId?: string | null;
  /** Who caused it; absent for the system. */
  senderId?: string | null;
  template?: NotificationTemplateKey | null;
  params?: NotificationParams | null;
}

export interface TodoInput {
  module: NotificationModule;
  /** The module's record; adding the same record again for a user refreshes their open item. */
  recordId: string;
  title: string;
  content?: string;
  link?: string;
  projectId?: string | null;
  senderId?: string | null;
  /** YYYY-MM-DD: from the next day on the item counts as late (GET todos?delay=…). */
  dueDate?: string | null;
  /** A stored query (POST queryParams) for the link's page. */
  queryParam?: string | null;
}

function checked<T>(schema: z.ZodType<T>, input: unknown): T {
  const module = (input as { module?: unknown } | null)?.module;
  if (!isNotificationModule(module)) {
    throw new AppError(400, 'notifications.unknownModule', { params: { module: String(module) } });
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError(400, 'common.validation', {
    details: result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      key: 'validation.invalid' as const,
    })),
  });
}

export const parseNotifyInput = (input: NotifyInput) => checked(notifySchema, input);
export const parseTodoInput = (input: TodoInput) => checked(todoSchema, input);
export type ParsedNotifyInput = ReturnType<typeof parseNotifyInput>;
export type ParsedTodoInput = ReturnType<typeof parseTodoInput>;
