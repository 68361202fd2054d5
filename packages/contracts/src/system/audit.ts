import { z } from 'zod';
import { idSchema } from '../common/ids';
import { MAX_LIMIT } from '../common/paging';

/**
 * The audit log (issue 17): who did what, when, from where. Append-only, kept in the database, read by
 * system administrators only (`/api/v1/audit-service/entries`).
 *
 * Every action a module records is named here. A module adding one adds it to this list (and its readable
 * name to the web's `system` locale files, `audit.actions.<action>`).
 */
export const AUDIT_ACTIONS = [
  // Sign-in and credentials
  'auth.signIn',
  'auth.signInFailed',
  'auth.signOut',
  'auth.passwordChanged',
  'auth.passwordReset',
  // Users administration (/system)
  'user.disabled',
  'user.enabled',
  'user.unlocked',
  'user.passwordResetForced',
  // Membership and permission templates
  'member.added',
  'member.removed',
  'member.templateChanged',
  'permissionTemplate.created',
  'permissionTemplate.updated',
  'permissionTemplate.deleted',
  // Deletions of records
  'project.deleted',
  'circle.deleted',
  'announcement.deleted',
  'topic.deleted',
  'contactSheet.deleted',
  'model.deleted',
  // Exports made by the server (detail.kind names the list)
  'data.exported',
  // Workers' personal data (issue 17, PIPL): one worker shown in full; a personnel export (detail.full)
  'personnel.sensitiveViewed',
  'personnel.exported',
  // System settings
  'settings.changed',
  // Enterprises and the OEM profile (/system)
  'enterprise.created',
  'enterprise.updated',
  'systemProfile.updated',
  // Workflow groups and templates (issue 18; a copy is a templateCreated with detail.templateId)
  'workflow.groupCreated',
  'workflow.groupUpdated',
  'workflow.groupDeleted',
  'workflow.templateCreated',
  'workflow.templateUpdated',
  'workflow.templateDeleted',
  'workflow.templatePublished',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

/**
 * The readable name of each action, in both languages (the screen, the export). An action added above needs
 * its name here: the type makes it required.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, { 'zh-CN': string; 'en-US': string }>> = {
  'auth.signIn': { 'zh-CN': '登录', 'en-US': 'Signed in' },
  'auth.signInFailed': { 'zh-CN': '登录失败', 'en-US': 'Failed sign-in' },
  'auth.signOut': { 'zh-CN': '退出登录', 'en-US': 'Signed out' },
  'auth.passwordChanged': { 'zh-CN': '修改密码', 'en-US': 'Changed password' },
  'auth.passwordReset': { 'zh-CN': '重置密码', 'en-US': 'Reset password' },
  'user.disabled': { 'zh-CN': '停用用户', 'en-US': 'Disabled a user' },
  'user.enabled': { 'zh-CN': '启用用户', 'en-US': 'Enabled a user' },
  'user.unlocked': { 'zh-CN': '解锁用户', 'en-US': 'Unlocked a user' },
  'user.passwordResetForced': { 'zh-CN': '要求用户重设密码', 'en-US': 'Required a password change' },
  'member.added': { 'zh-CN': '添加成员', 'en-US': 'Added a member' },
  'member.removed': { 'zh-CN': '移除成员', 'en-US': 'Removed a member' },
  'member.templateChanged': { 'zh-CN': '更改成员权限模板', 'en-US': "Changed a member's template" },
  'permissionTemplate.created': { 'zh-CN': '新建权限模板', 'en-US': 'Created a permission template' },
  'permissionTemplate.updated': { 'zh-CN': '修改权限模板', 'en-US': 'Edited a permission template' },
  'permissionTemplate.deleted': { 'zh-CN': '删除权限模板', 'en-US': 'Deleted a permission template' },
  'project.deleted': { 'zh-CN': '删除项目', 'en-US': 'Deleted a project' },
  'circle.deleted': { 'zh-CN': '删除分支', 'en-US': 'Deleted a branch' },
  'announcement.deleted': { 'zh-CN': '删除公告', 'en-US': 'Deleted an announcement' },
  'topic.deleted': { 'zh-CN': '删除问题', 'en-US': 'Deleted a problem' },
  'contactSheet.deleted': { 'zh-CN': '删除联系单', 'en-US': 'Deleted a contact sheet' },
  'model.deleted': { 'zh-CN': '删除模型', 'en-US': 'Deleted a model' },
  'data.exported': { 'zh-CN': '导出数据', 'en-US': 'Exported data' },
  'personnel.sensitiveViewed': {
    'zh-CN': '查看人员完整证件号和手机号',
    'en-US': "Viewed a worker's full ID number and phones",
  },
  'personnel.exported': { 'zh-CN': '导出人员名单', 'en-US': 'Exported the personnel list' },
  'settings.changed': { 'zh-CN': '修改系统设置', 'en-US': 'Changed system settings' },
  'enterprise.created': { 'zh-CN': '新建企业', 'en-US': 'Created an enterprise' },
  'enterprise.updated': { 'zh-CN': '修改企业套餐或配额', 'en-US': "Changed an enterprise's plan or quotas" },
  'systemProfile.updated': { 'zh-CN': '修改品牌信息', 'en-US': 'Changed the branding (OEM profile)' },
  'workflow.groupCreated': { 'zh-CN': '新建流程分组', 'en-US': 'Created a workflow group' },
  'workflow.groupUpdated': { 'zh-CN': '修改流程分组', 'en-US': 'Edited a workflow group' },
  'workflow.groupDeleted': { 'zh-CN': '删除流程分组', 'en-US': 'Deleted a workflow group' },
  'workflow.templateCreated': { 'zh-CN': '新建流程模板', 'en-US': 'Created a workflow template' },
  'workflow.templateUpdated': { 'zh-CN': '修改流程模板', 'en-US': 'Edited a workflow template' },
  'workflow.templateDeleted': { 'zh-CN': '删除流程模板', 'en-US': 'Deleted a workflow template' },
  'workflow.templatePublished': { 'zh-CN': '发布流程模板', 'en-US': 'Published a workflow template' },
};

/** Groups of actions for the filter of the screen: the prefix before the dot. */
export function auditActionGroup(action: AuditAction): string {
  return action.slice(0, action.indexOf('.'));
}

/** A detail value: scalars only (never secrets, codes or full ID numbers). */
export const auditDetailSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type AuditDetail = z.infer<typeof auditDetailSchema>;

/** One entry as the API answers it. */
export const auditEntrySchema = z.object({
  _id: idSchema,
  action: auditActionSchema,
  /** null: anonymous (a failed sign-in: `detail.account` holds the account name tried). */
  actorId: idSchema.nullable(),
  /** The actor's name when the entry was written. */
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  enterpriseId: z.string().nullable(),
  projectId: z.string().nullable(),
  /** The project's current name; null when it has none any more (or never had a project). */
  projectName: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: auditDetailSchema,
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const queryLimit = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : Number(v)),
  z.number().int().min(1).max(MAX_LIMIT).optional(),
);

/**
 * GET audit-service/entries: newest first, paged by cursor (`after`, the x-next-after header of a full
 * page). `action` is a comma-separated list; `from`/`to` are inclusive dates (UTC).
 */
export const auditQuerySchema = z
  .object({
    /** The actor's name (as recorded) or id, or the account name a failed sign-in tried. */
    actor: z.string().trim().max(64).optional(),
    /** Text anywhere: action, actor, address, target, detail. */
    q: z.string().trim().max(64).optional(),
    action: z
      .string()
      .max(2048)
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        const items = value.split(',').filter((item) => item !== '');
        for (const item of items) {
          if (!(AUDIT_ACTIONS as readonly string[]).includes(item)) {
            ctx.addIssue({ code: 'custom', message: 'audit.unknownAction' });
            return z.NEVER;
          }
        }
        return items as AuditAction[];
      }),
    from: z.string().regex(DATE).optional(),
    to: z.string().regex(DATE).optional(),
    projectId: idSchema.optional(),
    limit: queryLimit,
    after: z.string().min(1).max(512).optional(),
  })
  .strict();
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** GET audit-service/entries/export: the same filter, the whole list (at most AUDIT_EXPORT_MAX_ROWS). */
export const auditExportQuerySchema = auditQuerySchema
  .omit({ limit: true, after: true })
  .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') })
  .strict();
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
