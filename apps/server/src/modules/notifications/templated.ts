import {
  type NotificationParams,
  type NotificationTemplateKey,
  renderNotification,
} from '@lintel/contracts/notifications';
import type { NotifyInput } from './notifications.inputs';

/**
 * The template fields of a notify() input: the template and its parameters, which every reader sees in their
 * own language, and its Chinese text as the stored title and content (the fallback for clients without the
 * template, and what `where` searches). Parameters the template cannot use are a bug of the caller: thrown.
 */
export function templated(
  template: NotificationTemplateKey,
  params: NotificationParams,
): Required<Pick<NotifyInput, 'title' | 'content' | 'template' | 'params'>> {
  const text = renderNotification(template, params, 'zh-CN');
  if (!text) throw new Error(`the notification template ${template} cannot use these parameters`);
  return { ...text, template, params };
}
