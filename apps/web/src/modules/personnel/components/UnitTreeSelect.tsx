import { buildUnitTree, type Unit, type UnitTreeNode } from '@lintel/contracts/personnel';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useSettings } from '../settingsApi';

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

const toOption = (node: UnitTreeNode<Unit>): TreeOption => ({
  value: node._id,
  title: node.name,
  children: node.children.map(toOption),
});

interface UnitTreeSelectProps {
  projectId: string;
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  placeholder?: string;
  allowClear?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** Picks a unit in the project's unit tree (spec 001 §3: a tree by parentId). */
export function UnitTreeSelect({ projectId, value, onChange, ...rest }: UnitTreeSelectProps) {
  const units = useSettings(projectId, 'units');
  const treeData = useMemo(() => buildUnitTree(units.data ?? []).map(toOption), [units.data]);
  return (
    <TreeSelect<string>
      {...rest}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={units.isPending}
      treeData={treeData}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
    />
  );
}
