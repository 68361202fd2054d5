import type { Language } from '../common/language';

/**
 * The modules a notification or a to-do belongs to: the filter list of the notification centre (spec 001
 * §2: contact list … programme plan) plus announcements and problem topics. Stored and sent as these keys;
 * a producer naming any other module is refused ('unknown module for a notification', spec 001 §8).
 */
export const NOTIFICATION_MODULES = [
  'contactList',
  'checklist',
  'qualityCheck',
  'securityCheck',
  'memberManagement',
  'system',
  'form',
  'task',
  'material',
  'programme',
  'programmePlan',
  'announcement',
  'topic',
] as const;
export type NotificationModule = (typeof NOTIFICATION_MODULES)[number];

type Labels = Readonly<Record<Language, string>>;
const l = (zh: string, en: string): Labels => ({ 'zh-CN': zh, 'en-US': en });

/** The module filter's labels, in both languages. */
export const NOTIFICATION_MODULE_LABELS: Readonly<Record<NotificationModule, Labels>> = {
  contactList: l('联系单', 'Contact sheet'),
  checklist: l('检查单', 'Checklist'),
  qualityCheck: l('质量检查', 'Quality check'),
  securityCheck: l('安全检查', 'Safety check'),
  memberManagement: l('成员管理', 'Member management'),
  system: l('系统', 'System'),
  form: l('表单', 'Form'),
  task: l('任务', 'Task'),
  material: l('材料', 'Material'),
  programme: l('方案', 'Programme'),
  programmePlan: l('进度计划', 'Programme plan'),
  announcement: l('公告', 'Announcement'),
  topic: l('问题', 'Problem'),
};

const MODULE_SET: ReadonlySet<string> = new Set(NOTIFICATION_MODULES);

export function isNotificationModule(value: unknown): value is NotificationModule {
  return typeof value === 'string' && MODULE_SET.has(value);
}

/** The module's label in a language; the key itself for a module this version does not know. */
export function notificationModuleLabel(module: string, language: Language): string {
  return isNotificationModule(module) ? NOTIFICATION_MODULE_LABELS[module][language] : module;
}
