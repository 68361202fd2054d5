import {
  type GrantValue,
  type Module,
  PERMISSION_TYPES,
  type PermissionType,
  READ_PERMISSIONS,
  SCOPE_VALUES,
} from '@lintel/contracts/permissions';
import { Checkbox, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';

export type GrantMatrix = Record<string, Record<string, GrantValue>>;

/** Reading permissions reach a scope (none … all); the others are a plain switch. */
export const isScopeCell = (permission: PermissionType) => READ_PERMISSIONS.includes(permission);

interface PermissionMatrixProps {
  modules: readonly Module[];
  grants: GrantMatrix;
  onChange: (moduleKey: string, permission: PermissionType, value: GrantValue) => void;
  disabled?: boolean;
}

/**
 * The module × permission matrix of a template: rows are the project's modules, columns the permission
 * types of spec 001 §3; a cell is a scope picker (reading types) or a checkbox, or a dash where the module
 * does not offer the type.
 */
export function PermissionMatrix({ modules, grants, onChange, disabled }: PermissionMatrixProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const scopeOptions = SCOPE_VALUES.map((value) => ({
    value,
    label: t(`projectSettings:templates.scope.${value}`),
  }));
  const offered = new Set(modules.flatMap((module) => module.permissions));
  const types = PERMISSION_TYPES.filter((type) => offered.has(type));

  const columns: ColumnsType<Module> = [
    {
      key: 'module',
      title: t('projectSettings:templates.module'),
      fixed: 'left',
      width: 160,
      render: (_, module) => (language === 'en-US' ? module.nameEn : module.name),
    },
    ...types.map((type) => ({
      key: type,
      title: t(`projectSettings:templates.permission.${type}`),
      width: isScopeCell(type) ? 170 : 90,
      align: 'center' as const,
      render: (_: unknown, module: Module) => {
        if (!module.permissions.includes(type)) return <span aria-hidden>—</span>;
        const value = grants[module.moduleKey]?.[type];
        const label = `${language === 'en-US' ? module.nameEn : module.name} · ${t(`projectSettings:templates.permission.${type}`)}`;
        const testId = `matrix-${module.moduleKey}-${type}`;
        if (isScopeCell(type)) {
          const scope = value === true ? 'all' : typeof value === 'string' ? value : 'none';
          return (
            <Select
              size="small"
              style={{ width: 150 }}
              value={scope}
              options={scopeOptions}
              disabled={disabled}
              aria-label={label}
              data-testid={testId}
              onChange={(next) => onChange(module.moduleKey, type, next)}
            />
          );
        }
        const checked = value === true || (typeof value === 'string' && value !== 'none');
        return (
          <Checkbox
            checked={checked}
            disabled={disabled}
            aria-label={label}
            data-testid={testId}
            onChange={(event) => onChange(module.moduleKey, type, event.target.checked)}
          />
        );
      },
    })),
  ];

  return (
    <Table<Module>
      size="small"
      rowKey="moduleKey"
      columns={columns}
      dataSource={[...modules]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="permission-matrix"
    />
  );
}
