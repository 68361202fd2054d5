import type { Domain, GrantValue, Template } from '@lintel/contracts/permissions';
import { fromJson } from '../../db/json';
import type { DomainRow, TemplateRow } from './permissions.repository';

export function presentTemplate(row: TemplateRow, memberCount: number): Template {
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    isDefault: row.is_default === 1,
    grants: fromJson<Record<string, Record<string, GrantValue>>>(row.grants, {}),
    treeScopes: fromJson<Record<string, Record<string, string[]>>>(row.tree_scopes, {}),
    memberCount,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentDomain(row: DomainRow): Domain {
  return {
    _id: row.id,
    projectId: row.project_id,
    name: row.name,
    nameEn: row.name_en,
    order: Number(row.sort_order),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
