import type { WorkflowGroup } from '@lintel/contracts/workflow';

export interface GroupNode {
  group: WorkflowGroup;
  children: WorkflowGroup[];
}

/** The two levels: top-level groups in the server's order, each with its subgroups. */
export function groupTree(groups: readonly WorkflowGroup[]): GroupNode[] {
  return groups
    .filter((group) => group.parentId === null)
    .map((group) => ({ group, children: groups.filter((child) => child.parentId === group._id) }));
}

/** "Parent / child" for a subgroup, the name for a top-level group. */
export function groupLabel(groups: readonly WorkflowGroup[], id: string | null): string | undefined {
  const group = groups.find((candidate) => candidate._id === id);
  if (!group) return undefined;
  const parent = groups.find((candidate) => candidate._id === group.parentId);
  return parent ? `${parent.name} / ${group.name}` : group.name;
}

export function groupOptions(groups: readonly WorkflowGroup[]) {
  return groupTree(groups).flatMap(({ group, children }) => [
    { value: group._id, label: group.name },
    ...children.map((child) => ({ value: child._id, label: `${group.name} / ${child.name}` })),
  ]);
}
