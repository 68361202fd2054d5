import { z } from 'zod';
import { idSchema } from '../common/ids';

// ── the workbench modules (spec 001 §1) and their groups (spec 001 §2) ───────────────────────────────────

/** The workbench groups of spec 001 §2, in display order. */
export const MODULE_GROUPS = ['collaboration', 'design', 'quality', 'security', 'planManagement'] as const;
export type ModuleGroup = (typeof MODULE_GROUPS)[number];

export const MODULE_GROUP_LABELS: Readonly<Record<ModuleGroup, { name: string; nameEn: string }>> = {
  collaboration: { name: '协同', nameEn: 'Collaboration' },
  design: { name: '设计', nameEn: 'Design' },
  quality: { name: '质量', nameEn: 'Quality' },
  security: { name: '安全', nameEn: 'Security' },
  planManagement: { name: '计划管理', nameEn: 'Plan management' },
};

/** The permission types a template grants per module (spec 001 §3). */
export const PERMISSION_TYPES = [
  'create',
  'delete',
  'view',
  'viewInternalPlan',
  'viewExternalPlan',
  'edit',
  'personalOperation',
  'upload',
  'download',
  'export',
  /** Personnel: see workers' ID numbers and phones in full (masked otherwise, issue 17, PIPL). */
  'viewSensitive',
] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];
export const permissionTypeSchema = z.enum(PERMISSION_TYPES);

/** How far a permission reaches (spec 001 §3), narrowest first. */
export const SCOPE_VALUES = ['none', 'relatedToMe', 'ownDepartment', 'ownDepartmentAndBelow', 'all'] as const;
export type ScopeValue = (typeof SCOPE_VALUES)[number];
export const scopeValueSchema = z.enum(SCOPE_VALUES);

/** The trees whose nodes a template can narrow a module to (spec 001 §3). */
export const TREE_SCOPES = ['tags', 'folders', 'units'] as const;
export type TreeScope = (typeof TREE_SCOPES)[number];

export interface ModuleDefinition {
  /** Stable key: stored in templates and settings, sent by `GET projects/{id}/auth?moduleKey=`. */
  moduleKey: string;
  name: string;
  nameEn: string;
  group: ModuleGroup;
  permissions: readonly PermissionType[];
  treeScopes: readonly TreeScope[];
}

const CRUD: readonly PermissionType[] = ['create', 'delete', 'view', 'edit'];
const FILES: readonly PermissionType[] = ['upload', 'download', 'export'];

/** The workbench modules of spec 001 §1 (shared-link pages are public, not a module). */
export const MODULES = [
  {
    moduleKey: 'home',
    name: '首页',
    nameEn: 'Home dashboard',
    group: 'collaboration',
    permissions: ['view', 'edit'],
    treeScopes: [],
  },
  {
    moduleKey: 'addressBook',
    name: '通讯录',
    nameEn: 'Address book',
    group: 'collaboration',
    permissions: ['view', 'export'],
    treeScopes: ['units'],
  },
  {
    moduleKey: 'announcements',
    name: '公告',
    nameEn: 'Announcements',
    group: 'collaboration',
    permissions: [...CRUD],
    treeScopes: [],
  },
  {
    moduleKey: 'notifications',
    name: '通知与待办',
    nameEn: 'Notifications and to-dos',
    group: 'collaboration',
    permissions: ['view'],
    treeScopes: [],
  },
  {
    moduleKey: 'modelViewer',
    name: '模型浏览',
    nameEn: 'Model viewer',
    group: 'design',
    permissions: [...CRUD, ...FILES],
    treeScopes: ['tags', 'folders'],
  },
  {
    moduleKey: 'contactLists',
    name: '联系单',
    nameEn: 'Contact sheets',
    group: 'collaboration',
    permissions: [...CRUD, 'export'],
    treeScopes: ['units'],
  },
  {
    moduleKey: 'documents',
    name: '文档',
    nameEn: 'Documents',
    group: 'collaboration',
    permissions: [...CRUD, ...FILES],
    treeScopes: ['folders'],
  },
  {
    moduleKey: 'projectActivities',
    name: '项目动态',
    nameEn: 'Project activities',
    group: 'collaboration',
    permissions: [...CRUD],
    treeScopes: [],
  },
  {
    moduleKey: 'forms',
    name: '表单审批',
    nameEn: 'Forms',
    group: 'collaboration',
    permissions: [...CRUD, 'personalOperation', 'export'],
    treeScopes: [],
  },
  {
    moduleKey: 'checklists',
    name: '检查单',
    nameEn: 'Checklists',
    group: 'quality',
    permissions: [...CRUD, 'export'],
    treeScopes: ['units'],
  },
  {
    moduleKey: 'materialTracing',
    name: '过程与材料追踪',
    nameEn: 'Process and material tracing',
    group: 'quality',
    permissions: [...CRUD, 'export'],
    treeScopes: ['tags'],
  },
  {
    moduleKey: 'problemTopics',
    name: '问题',
    nameEn: 'Problems',
    group: 'quality',
    permissions: [...CRUD, 'export'],
    treeScopes: ['units'],
  },
  {
    moduleKey: 'programmeApproval',
    name: '方案审批',
    nameEn: 'Programme approval',
    group: 'planManagement',
    permissions: [...CRUD, 'export'],
    treeScopes: [],
  },
  {
    moduleKey: 'progressPlans',
    name: '进度计划',
    nameEn: 'Progress plans',
    group: 'planManagement',
    permissions: [...CRUD, 'viewInternalPlan', 'viewExternalPlan', 'export'],
    treeScopes: [],
  },
  {
    moduleKey: 'tasks',
    name: '任务',
    nameEn: 'Tasks',
    group: 'planManagement',
    permissions: [...CRUD, 'export'],
    treeScopes: [],
  },
  {
    moduleKey: 'personnel',
    name: '人员、考勤与违章',
    nameEn: 'Personnel, attendance and violations',
    group: 'security',
    permissions: [...CRUD, 'export', 'viewSensitive'],
    treeScopes: ['units'],
  },
  {
    moduleKey: 'towerCranes',
    name: '塔吊',
    nameEn: 'Tower cranes',
    group: 'security',
    permissions: [...CRUD],
    treeScopes: [],
  },
  {
    moduleKey: 'videoCameras',
    name: '视频监控',
    nameEn: 'Video cameras',
    group: 'security',
    permissions: [...CRUD],
    treeScopes: [],
  },
  {
    moduleKey: 'costManagement',
    name: '成本管理',
    nameEn: 'Cost management',
    group: 'planManagement',
    permissions: [...CRUD, 'export'],
    treeScopes: [],
  },
] as const satisfies readonly ModuleDefinition[];

export type ModuleKey = (typeof MODULES)[number]['moduleKey'];
export const MODULE_KEYS = MODULES.map((m) => m.moduleKey) as [ModuleKey, ...ModuleKey[]];
export const moduleKeySchema = z.enum(MODULE_KEYS);

const MODULES_BY_KEY = new Map<string, ModuleDefinition>(MODULES.map((m) => [m.moduleKey, m]));
export function moduleDefinition(key: string): ModuleDefinition | undefined {
  return MODULES_BY_KEY.get(key);
}

/** The permission types that read (a scope value), as opposed to those that act (a switch). */
export const READ_PERMISSIONS: readonly PermissionType[] = ['view', 'viewInternalPlan', 'viewExternalPlan'];

// ── templates ────────────────────────────────────────────────────────────────────────────────────────────

/** One grant: a scope value (how far it reaches) or a plain switch. `none`/false: not granted. */
export const grantValueSchema = z.union([scopeValueSchema, z.boolean()]);
export type GrantValue = z.infer<typeof grantValueSchema>;

export type Grants = Partial<Record<ModuleKey, Partial<Record<PermissionType, GrantValue>>>>;
export type TreeScopes = Partial<Record<ModuleKey, Partial<Record<TreeScope, string[]>>>>;

/** Is a grant value a yes? true, or a scope value other than none. */
export function isGranted(value: GrantValue | undefined | null): boolean {
  return value === true || (typeof value === 'string' && value !== 'none');
}

export const grantsSchema = z
  .record(z.string(), z.record(z.string(), grantValueSchema))
  .superRefine((grants, ctx) => {
    for (const [moduleKey, perms] of Object.entries(grants)) {
      const module = moduleDefinition(moduleKey);
      if (!module) {
        ctx.addIssue({ code: 'custom', path: [moduleKey], message: 'unknown module' });
        continue;
      }
      for (const permission of Object.keys(perms)) {
        if (!module.permissions.includes(permission as PermissionType)) {
          ctx.addIssue({
            code: 'custom',
            path: [moduleKey, permission],
            message: 'not offered by the module',
          });
        }
      }
    }
  })
  .transform((grants) => grants as Grants);

const nodeIds = z.array(idSchema).max(500);
export const treeScopesSchema = z
  .record(z.string(), z.record(z.string(), nodeIds))
  .superRefine((scopes, ctx) => {
    for (const [moduleKey, trees] of Object.entries(scopes)) {
      const module = moduleDefinition(moduleKey);
      if (!module) {
        ctx.addIssue({ code: 'custom', path: [moduleKey], message: 'unknown module' });
        continue;
      }
      for (const tree of Object.keys(trees)) {
        if (!module.treeScopes.includes(tree as TreeScope)) {
          ctx.addIssue({ code: 'custom', path: [moduleKey, tree], message: 'not offered by the module' });
        }
      }
    }
  })
  .transform((scopes) => scopes as TreeScopes);

export const TEMPLATE_NAME_MAX_LENGTH = 30;
const templateNameSchema = z.string().trim().min(1).max(TEMPLATE_NAME_MAX_LENGTH);

export const templateSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  isDefault: z.boolean(),
  grants: z.record(z.string(), z.record(z.string(), grantValueSchema)),
  treeScopes: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
  /** Members of the project that use it (the default template also counts members without one). */
  memberCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const templateCreateSchema = z.strictObject({
  name: templateNameSchema,
  grants: grantsSchema,
  treeScopes: treeScopesSchema.optional(),
});
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

export const templateUpdateSchema = z.strictObject({
  name: templateNameSchema.optional(),
  grants: grantsSchema.optional(),
  treeScopes: treeScopesSchema.optional(),
});
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

export const DEFAULT_TEMPLATE_NAME = '默认模板';

/** The default template every project gets: every read permission at `all`, nothing else. */
export function defaultTemplateGrants(): Grants {
  const grants: Record<string, Record<string, GrantValue>> = {};
  for (const module of MODULES) {
    const reads = module.permissions.filter((p) => READ_PERMISSIONS.includes(p));
    grants[module.moduleKey] = Object.fromEntries(reads.map((p) => [p, 'all' as const]));
  }
  return grants as Grants;
}

// ── the preset templates (issue 17) ──────────────────────────────────────────────────────────────────────

/**
 * The templates every project starts with. `member` is the default one: a member added, invited or
 * admitted without a template chosen gets it. Own records need no edit or delete grant: every module with
 * screens lets the author change and remove what they made (topics: the creator; contact sheets: the
 * sender while they may create; selection sets and viewports: who saved them; announcements: delete only
 * ever reaches the member's own sent or received ones). So "creates, edits and deletes their own" is
 * `create` (plus `delete` on announcements), and the `edit` / `delete` switches stay for other people's.
 */
export const PRESET_TEMPLATE_KEYS = ['admin', 'member', 'readOnly'] as const;
export type PresetTemplateKey = (typeof PRESET_TEMPLATE_KEYS)[number];

export const PRESET_TEMPLATE_NAMES: Readonly<Record<PresetTemplateKey, { name: string; nameEn: string }>> = {
  admin: { name: '项目管理员', nameEn: 'Project administrator' },
  member: { name: '项目成员', nameEn: 'Project member' },
  readOnly: { name: '只读', nameEn: 'Read-only' },
};

/** The preset a template's name is, when it is one of the seeded names unchanged (to show it translated). */
export function presetOfTemplateName(name: string): PresetTemplateKey | undefined {
  return PRESET_TEMPLATE_KEYS.find((key) => PRESET_TEMPLATE_NAMES[key].name === name);
}

/** The groups whose records a project member creates (spec 001 §2: collaboration and quality). */
const MEMBER_CREATES_IN: readonly ModuleGroup[] = ['collaboration', 'quality'];

/** Project administrator: every permission of every module, reads at `all`. */
export function adminTemplateGrants(): Grants {
  const grants: Record<string, Record<string, GrantValue>> = {};
  for (const module of MODULES) {
    grants[module.moduleKey] = Object.fromEntries(
      module.permissions.map((p) => [p, READ_PERMISSIONS.includes(p) ? ('all' as const) : true]),
    );
  }
  return grants as Grants;
}

/**
 * Project member: sees every module of the project; creates in the collaboration and quality modules
 * (announcements also delete: their own); in the model viewer uploads, downloads and saves views. No
 * export, no sensitive personal data, no edit or delete of other people's records.
 */
export function memberTemplateGrants(): Grants {
  const grants = defaultTemplateGrants() as Record<string, Record<string, GrantValue>>;
  for (const module of MODULES) {
    const own = grants[module.moduleKey]!;
    const offers = (p: PermissionType) => (module.permissions as readonly PermissionType[]).includes(p);
    if (MEMBER_CREATES_IN.includes(module.group) && offers('create')) own.create = true;
  }
  grants.announcements = { ...grants.announcements, delete: true };
  grants.modelViewer = { ...grants.modelViewer, create: true, upload: true, download: true };
  return grants as Grants;
}

/** Read-only: every read permission at `all`, nothing else (what the old default template granted). */
export function readOnlyTemplateGrants(): Grants {
  return defaultTemplateGrants();
}

export function presetTemplateGrants(key: PresetTemplateKey): Grants {
  if (key === 'admin') return adminTemplateGrants();
  if (key === 'member') return memberTemplateGrants();
  return readOnlyTemplateGrants();
}

/**
 * GET projects/{id}/administrators: whom a member asks for a right they lack — the project's
 * administrators (else those of the nearest enclosing circle or enterprise), names only.
 */
export const projectAdministratorSchema = z.object({ _id: idSchema, name: z.string() });
export type ProjectAdministrator = z.infer<typeof projectAdministratorSchema>;
/** At most this many names are answered (a note names a few, not a directory). */
export const PROJECT_ADMINISTRATORS_MAX = 10;

// ── the modules this build has screens for ───────────────────────────────────────────────────────────────

/**
 * The modules this build has screens for. MODULES above is spec 001's whole catalogue and stays so:
 * templates keep grants for every module, the API answers them, and later issues add their screens. What a
 * person is shown — the permission matrix, the project menus and workbench, the sign-in page — lists only
 * these, so nothing is advertised that cannot be opened. Add a key here when a module's screens land.
 * (addressBook has no page of its own but its view right decides whether members see each other's
 * contact details in the member lists; notifications is the notification centre.)
 */
export const AVAILABLE_MODULE_KEYS: readonly ModuleKey[] = [
  'addressBook',
  'announcements',
  'notifications',
  'modelViewer',
  'contactLists',
  'problemTopics',
  'personnel',
];
const AVAILABLE = new Set<string>(AVAILABLE_MODULE_KEYS);

/** Does this build have screens for the module? */
export function hasScreens(moduleKey: string): boolean {
  return AVAILABLE.has(moduleKey);
}

// ── GET projects/{id}/auth (spec 000 §6) ─────────────────────────────────────────────────────────────────

/** The keys of spec 000 §6 (read, create, delete, own) next to every permission type. */
export const AUTH_KEY_ALIASES = { read: 'view', own: 'personalOperation' } as const;
export const authKeySchema = z.enum([...PERMISSION_TYPES, 'read', 'own']);
export type AuthKey = z.infer<typeof authKeySchema>;

export function permissionOfAuthKey(key: AuthKey): PermissionType {
  return key in AUTH_KEY_ALIASES
    ? AUTH_KEY_ALIASES[key as keyof typeof AUTH_KEY_ALIASES]
    : (key as PermissionType);
}

export const authQuerySchema = z.strictObject({
  key: authKeySchema,
  category: z.string().max(64).optional(),
  moduleKey: moduleKeySchema,
});
export const authValueSchema = z.object({ value: grantValueSchema });
export type AuthValue = z.infer<typeof authValueSchema>;

/** The client side of spec 000 §6: read is allowed unless `none`; others when truthy and not 'false'. */
export function authAllows(key: AuthKey, value: unknown): boolean {
  if (permissionOfAuthKey(key) === 'view') return value !== 'none' && value !== false && value !== 'false';
  return Boolean(value) && value !== 'false' && value !== 'none';
}

// ── modules ──────────────────────────────────────────────────────────────────────────────────────────────

export const moduleSchema = z.object({
  moduleKey: z.string(),
  name: z.string(),
  nameEn: z.string(),
  group: z.enum(MODULE_GROUPS),
  permissions: z.array(permissionTypeSchema),
  treeScopes: z.array(z.enum(TREE_SCOPES)),
});
export type Module = z.infer<typeof moduleSchema>;

export const moduleGroupSchema = z.object({
  groupKey: z.enum(MODULE_GROUPS),
  name: z.string(),
  nameEn: z.string(),
  modules: z.array(moduleSchema),
});
export type ModuleGroupItem = z.infer<typeof moduleGroupSchema>;

export function presentModule(module: ModuleDefinition): Module {
  return {
    moduleKey: module.moduleKey,
    name: module.name,
    nameEn: module.nameEn,
    group: module.group,
    permissions: [...module.permissions],
    treeScopes: [...module.treeScopes],
  };
}

/** The groups with their modules, in catalogue order; `only` narrows to those keys. */
export function moduleGroups(only?: ReadonlySet<string>): ModuleGroupItem[] {
  return MODULE_GROUPS.map((groupKey) => ({
    groupKey,
    ...MODULE_GROUP_LABELS[groupKey],
    modules: MODULES.filter((m) => m.group === groupKey && (!only || only.has(m.moduleKey))).map(
      presentModule,
    ),
  }));
}

/** The project setting (`project_settings` key) that lists the modules authorised for a project. */
export const PROJECT_MODULES_SETTING = 'modules';

// ── domains (disciplines) ────────────────────────────────────────────────────────────────────────────────

export const DOMAIN_NAME_MAX_LENGTH = 30;
export const DEFAULT_DOMAINS = [
  { name: '建筑', nameEn: 'Architecture' },
  { name: '结构', nameEn: 'Structure' },
  { name: '给排水', nameEn: 'Water supply and drainage' },
  { name: '暖通', nameEn: 'HVAC' },
  { name: '电气', nameEn: 'Electrical' },
  { name: '装饰装修', nameEn: 'Decoration' },
] as const;

export const domainSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  name: z.string(),
  nameEn: z.string(),
  order: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;

const domainName = z.string().trim().min(1).max(DOMAIN_NAME_MAX_LENGTH);
export const domainCreateSchema = z.strictObject({
  name: domainName,
  nameEn: z.string().trim().max(60).optional(),
  order: z.number().int().min(0).max(1_000_000).optional(),
});
export const domainUpdateSchema = domainCreateSchema.partial();
export type DomainCreate = z.infer<typeof domainCreateSchema>;
export type DomainUpdate = z.infer<typeof domainUpdateSchema>;

// ── 4D editing authorisation (spec 001 §3, §5) ───────────────────────────────────────────────────────────

export const edit4dStatusSchema = z.object({
  /** total − authorized, never below 0; 0 once the allowance has expired. */
  available: z.number().int().min(0),
  total: z.number().int().min(0),
  /** Members with edit4D in the enterprise's projects (distinct accounts). */
  authorized: z.number().int().min(0),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});
export type Edit4dStatus = z.infer<typeof edit4dStatusSchema>;

export const edit4dAuthorizeSchema = z.strictObject({
  userIds: z.array(idSchema).min(1).max(500),
  /** true: take the right away from these members instead. */
  revoke: z.boolean().optional(),
});
export type Edit4dAuthorize = z.infer<typeof edit4dAuthorizeSchema>;

/** YYYY-MM-DD: the last day the allowance is valid. */
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const edit4dAllowanceSchema = z.strictObject({
  total: z.number().int().min(0).max(100_000),
  expiresAt: dateSchema.nullable(),
});
export type Edit4dAllowance = z.infer<typeof edit4dAllowanceSchema>;

// ── capacity and plan (spec 001 §8) ──────────────────────────────────────────────────────────────────────

export const CAPACITY_LIMITS = {
  accountCapacity: { min: 1, max: 100_000 },
  spaceCapacityBytes: { min: 1024 ** 3, max: 1024 ** 5 },
  projectLimit: { min: 1, max: 100_000 },
} as const;

/** Deliberately loose numbers: the limits answer the errors of spec 001 §8, not a validation error. */
export const capacitySchema = z.strictObject({
  accountCapacity: z.number().int(),
  spaceCapacityBytes: z.number().int(),
  projectLimit: z.number().int().min(CAPACITY_LIMITS.projectLimit.min).max(CAPACITY_LIMITS.projectLimit.max),
  paidPlan: z.string().trim().min(1).max(40),
});
export type Capacity = z.infer<typeof capacitySchema>;

/** PUT projects/{id}/payment (spec 000 §7): a trial project moves into a paid enterprise. */
export const paymentSchema = z.strictObject({
  paymentId: z.string().trim().min(1).max(100),
  enterpriseId: idSchema,
  circleId: idSchema.nullish(),
});
export type Payment = z.infer<typeof paymentSchema>;
