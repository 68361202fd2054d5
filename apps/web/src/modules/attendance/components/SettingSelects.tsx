import { buildUnitTree, type Unit, type UnitTreeNode } from '@lintel/contracts/personnel';
import { Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useCrafts, useUnits } from '../api';

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

interface SelectProps {
  projectId: string;
  value?: string;
  onChange: (value: string | undefined) => void;
  placeholder: string;
  testId: string;
}

/** A unit of the project, picked in its tree (a filter by a unit takes the units below it too). */
export function UnitSelect({ projectId, value, onChange, placeholder, testId }: SelectProps) {
  const units = useUnits(projectId);
  const tree = useMemo(() => buildUnitTree(units.data ?? []).map(toOption), [units.data]);
  return (
    <TreeSelect
      className="attendance__select"
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      value={value}
      onChange={(next?: string) => onChange(next || undefined)}
      treeData={tree}
      loading={units.isPending}
      placeholder={placeholder}
      aria-label={placeholder}
      data-testid={testId}
    />
  );
}

/** A craft of the project. */
export function CraftSelect({ projectId, value, onChange, placeholder, testId }: SelectProps) {
  const crafts = useCrafts(projectId);
  const options = useMemo(
    () => (crafts.data ?? []).map((craft) => ({ value: craft._id, label: craft.name })),
    [crafts.data],
  );
  return (
    <Select
      className="attendance__select"
      allowClear
      showSearch
      optionFilterProp="label"
      value={value}
      onChange={(next?: string) => onChange(next || undefined)}
      options={options}
      loading={crafts.isPending}
      placeholder={placeholder}
      aria-label={placeholder}
      data-testid={testId}
    />
  );
}
