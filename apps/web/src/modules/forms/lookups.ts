import type { Structure } from '@lintel/contracts/org';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** Query keys of what the form controls look up (the project's departments; members come from components/project). */
export const formLookupKeys = {
  structures: (projectId: string) => ['forms', 'structures', projectId] as const,
};

/** The project's organisation structure: the departments a department field offers and names. */
export function useFormStructures(projectId: string) {
  return useQuery({
    queryKey: formLookupKeys.structures(projectId),
    queryFn: ({ signal }) =>
      http.get<Structure[]>(`account-service/projects/${encodeURIComponent(projectId)}/structures`, {
        signal,
      }),
    staleTime: 30_000,
  });
}

export interface TreeNode {
  value: string;
  title: string;
  children: TreeNode[];
}

/** Departments as a tree, in their order. */
export function departmentTree(structures: readonly Structure[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  const sorted = [...structures].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  for (const s of sorted) nodes.set(s._id, { value: s._id, title: s.name, children: [] });
  const roots: TreeNode[] = [];
  for (const s of sorted) {
    const node = nodes.get(s._id) as TreeNode;
    const parent = s.parentId ? nodes.get(s.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
