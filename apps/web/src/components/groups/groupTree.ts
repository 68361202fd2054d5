/** What the group tree needs of a template group (workflow and form template groups alike). */
export interface TemplateGroup {
  _id: string;
  parentId: string | null;
  name: string;
  templateCount: number;
}

/** `all`: every template; `none`: those without a group; else a group's id. */
export type GroupFilter = 'all' | 'none' | string;

export interface GroupNode<G extends TemplateGroup = TemplateGroup> {
  group: G;
  children: G[];
}

/** The two levels: top-level groups in the server's order, each with its subgroups. */
export function groupTree<G extends TemplateGroup>(groups: readonly G[]): GroupNode<G>[] {
  return groups
    .filter((group) => group.parentId === null)
    .map((group) => ({ group, children: groups.filter((child) => child.parentId === group._id) }));
}

/** "Parent / child" for a subgroup, the name for a top-level group. */
export function groupLabel(groups: readonly TemplateGroup[], id: string | null): string | undefined {
  const group = groups.find((candidate) => candidate._id === id);
  if (!group) return undefined;
  const parent = groups.find((candidate) => candidate._id === group.parentId);
  return parent ? `${parent.name} / ${group.name}` : group.name;
}

export function groupOptions(groups: readonly TemplateGroup[]) {
  return groupTree(groups).flatMap(({ group, children }) => [
    { value: group._id, label: group.name },
    ...children.map((child) => ({ value: child._id, label: `${group.name} / ${child.name}` })),
  ]);
}
