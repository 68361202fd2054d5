import {
  type GrantValue,
  type Module,
  PERMISSION_TYPES,
  type PermissionType,
  READ_PERMISSIONS,
  SCOPE_VALUES,
  type TreeScope,
} from '@lintel/contracts/permissions';
import { Checkbox, Select, Table, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import type { TreeNodeOption } from '../templatesApi';

export type GrantMatrix = Record<string, Record<string, GrantValue>>;
/** moduleKey → tree → the chosen node ids (none chosen: the whole tree). */
export type TreeScopeMatrix = Record<string, Partial<Record<string, string[]>>>;

/**
 * The trees whose nodes can be picked today: personnel units and model tags. Folders come with the
 * documents module (the server refuses folder nodes until then).
 */
export const PICKABLE_TREES: readonly TreeScope[] = ['units', 'tags'];

/** Reading permissions reach a scope (none … all); the others are a plain switch. */
export const isScopeCell = (permission: PermissionType) => READ_PERMISSIONS.includes(permission);

interface PermissionMatrixProps {
  modules: readonly Module[];
  grants: GrantMatrix;
  onChange: (moduleKey: string, permission: PermissionType, value: GrantValue) => void;
  disabled?: boolean;
  /** The tree scopes (spec 001 §3): a picker per tree the module offers whose nodes are loaded. */
  treeScopes?: TreeScopeMatrix;
  treeOptions?: Partial<Record<TreeScope, TreeNodeOption[]>>;
  onTreeScopeChange?: (moduleKey: string, tree: TreeScope, ids: string[]) => void;
}

/**
 * The module × permission matrix of a template: rows are the project's modules, columns the permission
 * types of spec 001 §3; a cell is a scope picker (reading types) or a checkbox, or a dash where the module
 * does not offer the type.
 */
export function PermissionMatrix({
  modules,
  grants,
  onChange,
  disabled,
  treeScopes = {},
  treeOptions = {},
  onTreeScopeChange,
}: PermissionMatrixProps) {
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

  const treesOf = (module: Module) =>
    module.treeScopes.filter((tree) => PICKABLE_TREES.includes(tree) && treeOptions[tree] !== undefined);
  if (onTreeScopeChange && modules.some((module) => treesOf(module).length > 0)) {
    columns.push({
      key: 'treeScopes',
      title: t('projectSettings:templates.treeScope.title'),
      width: 260,
      render: (_, module) => {
        const trees = treesOf(module);
        if (trees.length === 0) return <span aria-hidden>—</span>;
        const moduleName = language === 'en-US' ? module.nameEn : module.name;
        return (
          <div className="project-settings__tree-scopes">
            {trees.map((tree) => (
              <TreeSelect
                key={tree}
                size="small"
                multiple
                allowClear
                showSearch
                treeDefaultExpandAll
                treeNodeFilterProp="title"
                style={{ width: 240 }}
                value={treeScopes[module.moduleKey]?.[tree] ?? []}
                treeData={treeOptions[tree]}
                placeholder={t(`projectSettings:templates.treeScope.all.${tree}`)}
                notFoundContent={t(`projectSettings:templates.treeScope.empty.${tree}`)}
                disabled={disabled}
                aria-label={`${moduleName} · ${t(`projectSettings:templates.treeScope.tree.${tree}`)}`}
                data-testid={`matrix-${module.moduleKey}-tree-${tree}`}
                onChange={(ids: string[]) => onTreeScopeChange(module.moduleKey, tree, ids)}
              />
            ))}
          </div>
        );
      },
    });
  }

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
