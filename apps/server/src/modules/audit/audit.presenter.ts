import type { AuditAction, AuditDetail, AuditEntryView } from '@lintel/contracts/system';
import type { AuditRow } from './audit.repository';

function parseDetail(text: string): AuditDetail {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as AuditDetail) : {};
  } catch {
    return {};
  }
}

/** Row → answer, field by field. */
export function presentAuditEntry(row: AuditRow): AuditEntryView {
  return {
    _id: row.id,
    action: row.action as AuditAction,
    actorId: row.actor_id,
    actorName: row.actor_name,
    ip: row.ip,
    enterpriseId: row.enterprise_id,
    projectId: row.project_id,
    projectName: row.project_name ?? null,
    targetType: row.target_type,
    targetId: row.target_id,
    detail: parseDetail(row.detail),
    createdAt: row.created_at,
  };
}
