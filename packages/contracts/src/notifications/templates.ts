import type { Language } from '../common/language';
import { CONTACT_SHEET_TYPE_LABELS, type ContactSheetType } from '../contactsheets/rules';

/**
 * Notifications the system writes itself (not a person's words) are stored with a template key and its
 * parameters, and shown in the reader's language. The stored title and content hold the Chinese text, so a
 * client that does not know a template (an older web build) and `where` searches still have something.
 */
export const NOTIFICATION_TEMPLATE_KEYS = [
  'memberAdded',
  'memberInvited',
  'topicNew',
  'topicResponse',
  'topicCompleted',
  'topicReopened',
  'contactSheetSent',
  'contactSheetReplied',
  'contactSheetRecalled',
  'accountSecurityChanged',
  'workflowEvent',
] as const;
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
/** A parameter that may be empty (a person's words, e.g. an excerpt of a text that only had images). */
const optionalText = (value: unknown): string | null =>
  value === undefined || typeof value === 'string' ? (value ?? '') : null;
const positiveNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** zh-CN and en-US of one text. */
const pick = (language: Language, zh: string, en: string) => (language === 'en-US' ? en : zh);

/** A topic's title: its number and name, the same in every language (the name is a person's words). */
function topicTitle(params: NotificationParams): string | null {
  const number = positiveNumber(params.number);
  const name = text(params.name);
  return number && name ? `#${number} ${name}` : null;
}

/** A topic notification whose content is a fixed sentence. */
const topicEvent =
  (zh: string, en: string): Renderer =>
  (params, language) => {
    const title = topicTitle(params);
    return title ? { title, content: pick(language, zh, en) } : null;
  };

/** A topic notification whose content is an excerpt of a person's words, or a fixed text without any. */
const topicWords =
  (zhEmpty: string, enEmpty: string): Renderer =>
  (params, language) => {
    const title = topicTitle(params);
    const words = optionalText(params.excerpt);
    if (!title || words === null) return null;
    return { title, content: words || pick(language, zhEmpty, enEmpty) };
  };

const SHEET_ACTIONS: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  send: { 'zh-CN': '发送了', 'en-US': 'sent' },
  resend: { 'zh-CN': '重新发送了', 'en-US': 'sent again' },
  forward: { 'zh-CN': '转发了', 'en-US': 'forwarded' },
};

const sheetLabel = (type: unknown, language: Language): string | null =>
  typeof type === 'string' && Object.hasOwn(CONTACT_SHEET_TYPE_LABELS, type)
    ? CONTACT_SHEET_TYPE_LABELS[type as ContactSheetType][language]
    : null;

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

  /** To the invitee of a membership invitation. params: scopeType, scopeName, byName (the inviter). */
  memberInvited: (params, language) => {
    const scope = SCOPE_LABELS[String(params.scopeType)];
    const name = text(params.scopeName);
    const by = text(params.byName);
    if (!scope || !name || !by) return null;
    return language === 'en-US'
      ? {
          title: `${by} invited you to join the ${scope[language]} "${name}"`,
          content: 'Accept the invitation to become a member, or decline it.',
        }
      : {
          title: `${by} 邀请您加入${scope[language]}「${name}」`,
          content: '接受邀请即成为成员，也可以拒绝。',
        };
  },

  /**
   * To the mentioned and the participants of a new topic, and to people newly mentioned in an edit.
   * params: number, name, excerpt (of its content; may be empty).
   */
  topicNew: topicWords('新问题', 'New topic'),
  /** To everyone on a topic but the author. params: number, name, excerpt (may be empty: images only). */
  topicResponse: topicWords('[图片]', '[image]'),
  /** params: number, name. */
  topicCompleted: topicEvent('问题已完成', 'The topic was completed'),
  /** params: number, name. */
  topicReopened: topicEvent('问题已重新打开', 'The topic was reopened'),

  /**
   * To the receivers and cc of a sheet sent, sent again after a recall, or forwarded to them.
   * params: action (send | resend | forward), byName, sheetType (contracts CONTACT_SHEET_TYPES), title,
   * number, excerpt (may be empty).
   */
  contactSheetSent: (params, language) => {
    const action = SHEET_ACTIONS[String(params.action)];
    const label = sheetLabel(params.sheetType, language);
    const by = text(params.byName);
    const title = text(params.title);
    const number = text(params.number);
    const words = optionalText(params.excerpt);
    if (!action || !label || !by || !title || !number || words === null) return null;
    const content = `${number} ${words}`.slice(0, 2000);
    return language === 'en-US'
      ? { title: `${by} ${action[language]} the ${label.toLowerCase()} "${title}"`, content }
      : { title: `${by} ${action[language]}${label}「${title}」`, content };
  },
  /** To the sender. params: byName (who replied), title, excerpt (of the reply). */
  contactSheetReplied: (params, language) => {
    const by = text(params.byName);
    const title = text(params.title);
    const words = optionalText(params.excerpt);
    if (!by || !title || words === null) return null;
    return {
      title: pick(language, `${by} 回复了「${title}」`, `${by} replied to "${title}"`),
      content: words,
    };
  },
  /** To everyone on the sheet. params: byName (the sender), title, number. */
  contactSheetRecalled: (params, language) => {
    const by = text(params.byName);
    const title = text(params.title);
    const number = text(params.number);
    if (!by || !title || !number) return null;
    return {
      title: pick(language, `${by} 撤回了「${title}」`, `${by} recalled "${title}"`),
      content: number,
    };
  },
  accountSecurityChanged,
  workflowEvent,
};

const WORKFLOW_EVENTS: Readonly<Record<string, (node: string, language: Language) => string>> = {
  ccPassed: (node, language) => pick(language, `抄送：「${node}」已通过`, `CC: "${node}" was approved`),
  urged: (node, language) =>
    pick(language, `催办：请尽快处理「${node}」`, `Reminder: please handle "${node}"`),
  completed: (_node, language) => pick(language, '审批已通过', 'The approval was completed'),
  closed: (_node, language) => pick(language, '审批已关闭', 'The approval was closed'),
};

/**
 * The approval engine's news (issue 18) about a module's record. params: title (the record's), event
 * (ccPassed | urged | completed | closed), nodeName (the node it happened on).
 */
function workflowEvent(params: NotificationParams, language: Language): RenderedNotification | null {
  const event = WORKFLOW_EVENTS[String(params.event)];
  const title = text(params.title);
  const node = text(params.nodeName);
  if (!event || !title || !node) return null;
  return { title, content: event(node, language) };
}

const SECURITY_CHANGES: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  phone: { 'zh-CN': '手机号', 'en-US': 'phone number' },
  email: { 'zh-CN': '邮箱', 'en-US': 'email' },
  password: { 'zh-CN': '密码', 'en-US': 'password' },
};

/**
 * To the account's owner after a change of phone, email or password (issue 14). params: change (phone |
 * email | password), from and to (masked old and new values; '' for a password).
 */
function accountSecurityChanged(params: NotificationParams, language: Language): RenderedNotification | null {
  const what = SECURITY_CHANGES[String(params.change)];
  const from = optionalText(params.from);
  const to = optionalText(params.to);
  if (!what || from === null || to === null) return null;
  const en = language === 'en-US';
  const title = en ? `Your ${what[language]} was changed` : `您的${what[language]}已修改`;
  const change = to === '' ? '' : en ? `${from || '(none)'} → ${to}. ` : `${from || '（无）'} → ${to}。`;
  const advice = en
    ? 'If this was not you, reset your password at once and tell your administrator.'
    : '如果不是您本人操作，请立即重置密码并联系管理员。';
  return { title, content: `${change}${advice}` };
}

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
