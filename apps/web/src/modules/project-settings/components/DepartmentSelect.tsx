import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStructures } from '../membersApi';

interface DepartmentSelectProps {
  projectId: string;
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  testId: string;
}

interface TreeNode {
  value: string;
  title: string;
  children: TreeNode[];
}

/** A department of the project's organisation structure, or none. */
export function DepartmentSelect({ projectId, id, value, onChange, testId }: DepartmentSelectProps) {
  const { t } = useTranslation();
  const structures = useStructures(projectId);
  const tree = useMemo(() => {
    const nodes = new Map<string, TreeNode>();
    for (const s of structures.data ?? []) nodes.set(s._id, { value: s._id, title: s.name, children: [] });
    const roots: TreeNode[] = [];
    for (const s of structures.data ?? []) {
      const node = nodes.get(s._id)!;
      const parent = s.parentId ? nodes.get(s.parentId) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }, [structures.data]);
  return (
    <TreeSelect
      id={id}
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      allowClear
      treeDefaultExpandAll
      loading={structures.isPending}
      treeData={tree}
      placeholder={t('projectSettings:members.departmentPlaceholder')}
      data-testid={testId}
    />
  );
}

/** The department's name for the table ('' when none or unknown). */
export function useDepartmentNames(projectId: string): Map<string, string> {
  const structures = useStructures(projectId);
  return useMemo(() => new Map((structures.data ?? []).map((s) => [s._id, s.name])), [structures.data]);
}
