import type { Language } from '../common/language';

/**
 * Notifications the system writes itself (not a person's words) are stored with a template key and its
 * parameters, and shown in the reader's language. The stored title and content hold the Chinese text, so a
 * client that does not know a template (an older web build) and `where` searches still have something.
 */
export const NOTIFICATION_TEMPLATE_KEYS = ['memberAdded'] as const;
export type NotificationTemplateKey = (typeof NOTIFICATION_TEMPLATE_KEYS)[number];
export type NotificationParams = Readonly<Record<string, string | number>>;

export interface RenderedNotification {
  title: string;
  content: string;
}

const SCOPE_LABELS: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  enterprise: { 'zh-CN': '企业', 'en-US': 'enterprise' },
  circle: { 'zh-CN': '分支', 'en-US': 'branch' },
  project: { 'zh-CN': '项目', 'en-US': 'project' },
};

type Renderer = (params: NotificationParams, language: Language) => RenderedNotification | null;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const TEMPLATES: Readonly<Record<NotificationTemplateKey, Renderer>> = {
  /** params: scopeType (enterprise | circle | project), scopeName, byName (who added the member). */
  memberAdded: (params, language) => {
    const scope = SCOPE_LABELS[String(params.scopeType)];
    const name = text(params.scopeName);
    const by = text(params.byName);
    if (!scope || !name || !by) return null;
    return language === 'en-US'
      ? {
          title: `You were added to the ${scope[language]} "${name}"`,
          content: `${by} added you as a member.`,
        }
      : { title: `您已加入${scope[language]}「${name}」`, content: `${by} 将您添加为成员。` };
  },
};

export function isNotificationTemplate(value: unknown): value is NotificationTemplateKey {
  return typeof value === 'string' && Object.hasOwn(TEMPLATES, value);
}

/**
 * The template's text in a language; null for an unknown template or parameters it cannot use (the caller
 * then shows the stored text).
 */
export function renderNotification(
  template: string | null | undefined,
  params: NotificationParams | null | undefined,
  language: Language,
): RenderedNotification | null {
  if (!isNotificationTemplate(template)) return null;
  return TEMPLATES[template](params ?? {}, language);
}
