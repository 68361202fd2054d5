import {
  type Circle,
  type Enterprise,
  type Member,
  type MemberRole,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  type Project,
  type ProjectInfoDocument,
  projectInfoDocumentSchema,
  type ScopeType,
} from '@lintel/contracts/org';
import { fromJson } from '../../db/json';
import type { CircleRow, EnterpriseRow, MemberRow, ProjectRow } from './org.repository';

export function presentEnterprise(row: EnterpriseRow): Enterprise {
  return {
    _id: row.id,
    type: 'enterprise',
    name: row.name,
    shortName: row.short_name,
    isTrial: row.is_trial === 1,
    accountCapacity: row.account_capacity === null ? null : Number(row.account_capacity),
    spaceCapacity: row.space_capacity === null ? null : Number(row.space_capacity),
    projectLimit: row.project_limit === null ? null : Number(row.project_limit),
    paidPlan: row.paid_plan,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentCircle(row: CircleRow): Circle {
  return {
    _id: row.id,
    type: 'circle',
    name: row.name,
    enterpriseId: row.enterprise_id,
    parentId: row.parent_id,
    order: Number(row.sort_order),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const INFO_FIELDS = projectInfoDocumentSchema.shape;

/** The stored info document, field by field: unknown keys and values that no longer validate are dropped. */
export function readProjectInfo(text: string): ProjectInfoDocument {
  const raw = fromJson<Record<string, unknown>>(text, {});
  const info: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(INFO_FIELDS)) {
    if (!Object.hasOwn(raw, key)) continue;
    const parsed = schema.safeParse(raw[key]);
    if (parsed.success && parsed.data !== undefined) info[key] = parsed.data;
  }
  return info as ProjectInfoDocument;
}

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

export function presentProject(row: ProjectRow): Project {
  return {
    ...readProjectInfo(row.info),
    _id: row.id,
    type: 'project',
    enterpriseId: row.enterprise_id,
    circleId: row.circle_id,
    name: row.name,
    shortName: row.short_name,
    status: oneOf(PROJECT_STATUSES, row.status) ?? 'preparation',
    projectType: oneOf(PROJECT_TYPES, row.project_type),
    isTrial: row.is_trial === 1,
    storage: {
      allocated: Number(row.storage_allocated),
      used: Number(row.storage_used),
      unlimited: row.storage_unlimited === 1,
    },
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentMember(row: MemberRow): Member {
  return {
    _id: row.id,
    scopeType: row.scope_type as ScopeType,
    scopeId: row.scope_id,
    enterpriseId: row.enterprise_id,
    userId: row.user_id,
    role: row.role as MemberRole,
    vip: row.vip === 1,
    department: row.department,
    remark: row.remark,
    order: Number(row.sort_order),
    edit4D: row.edit_4d === 1,
    phoneSecret: row.phone_secret === 1,
    businessShielding: row.business_shielding === 1,
    category: row.category,
    templateId: row.template_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
