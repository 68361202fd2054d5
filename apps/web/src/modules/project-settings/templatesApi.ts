import type {
  Module,
  Template,
  TemplateCreate,
  TemplateUpdate,
  TreeScope,
} from '@lintel/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { projectApiPath, projectSettingsKeys } from './api';

const enc = encodeURIComponent;

export const templateKeys = {
  list: (projectId: string) => [...projectSettingsKeys.project(projectId), 'templates'] as const,
  modules: (projectId: string) => [...projectSettingsKeys.project(projectId), 'modules'] as const,
};

/** GET projects/{id}/templates: the project's permission templates, the default one first. */
export function useTemplates(projectId: string) {
  return useQuery({
    queryKey: templateKeys.list(projectId),
    queryFn: ({ signal }) => http.get<Template[]>(`${projectApiPath(projectId)}/templates`, { signal }),
  });
}

/** GET projects/{id}/modules?authorized=all: the modules of the project, with the permission types each offers. */
export function useProjectModulesForMatrix(projectId: string) {
  return useQuery({
    queryKey: templateKeys.modules(projectId),
    queryFn: ({ signal }) =>
      http.get<Module[]>(`${projectApiPath(projectId)}/modules`, { signal, query: { authorized: 'all' } }),
  });
}

function useInvalidateTemplates(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templateKeys.list(projectId) });
}

export function useCreateTemplate(projectId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTemplates(projectId);
  return useMutation({
    mutationFn: (body: TemplateCreate) => http.post<Template>(`${projectApiPath(projectId)}/templates`, body),
    onSuccess: (created) => {
      // In the list at once (the new one gets selected), then the server's list.
      queryClient.setQueryData<Template[]>(templateKeys.list(projectId), (list) => [
        ...(list ?? []),
        created,
      ]);
      return invalidate();
    },
  });
}

export function useUpdateTemplate(projectId: string) {
  const invalidate = useInvalidateTemplates(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: TemplateUpdate & { id: string }) =>
      http.put<Template>(`account-service/templates/${enc(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate(projectId: string) {
  const invalidate = useInvalidateTemplates(projectId);
  return useMutation({
    mutationFn: (id: string) => http.delete<unknown>(`account-service/templates/${enc(id)}`),
    onSuccess: invalidate,
  });
}

/** A node a template can narrow a module to: a personnel unit (with its sub-units) or a model tag. */
export interface TreeNodeOption {
  value: string;
  title: string;
  children?: TreeNodeOption[];
}

/** Units as a tree by parentId (a unit whose parent is gone shows at the top). */
function unitTree(
  units: readonly { _id: string; name: string; parentId?: string | null }[],
): TreeNodeOption[] {
  const ids = new Set(units.map((unit) => unit._id));
  const children = new Map<string | null, TreeNodeOption[]>();
  const nodes = new Map(
    units.map((unit) => [unit._id, { value: unit._id, title: unit.name } as TreeNodeOption]),
  );
  for (const unit of units) {
    const parent = unit.parentId && ids.has(unit.parentId) ? unit.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), nodes.get(unit._id)!]);
  }
  for (const [id, node] of nodes) {
    const below = children.get(id);
    if (below) node.children = below;
  }
  return children.get(null) ?? [];
}

/**
 * The nodes of the trees the project's modules offer: personnel units (personnel-service) and model tags
 * (model-service), each loaded only when some module of the matrix offers that tree. Folders arrive with
 * the documents module; until then no module offers a folder picker.
 */
export function useTemplateTreeNodes(projectId: string, trees: ReadonlySet<TreeScope>) {
  const units = useQuery({
    queryKey: [...projectSettingsKeys.project(projectId), 'treeNodes', 'units'],
    queryFn: ({ signal }) =>
      http.get<{ _id: string; name: string; parentId?: string | null }[]>(
        `personnel-service/projects/${enc(projectId)}/units`,
        { signal },
      ),
    enabled: trees.has('units'),
    select: unitTree,
  });
  const tags = useQuery({
    queryKey: [...projectSettingsKeys.project(projectId), 'treeNodes', 'tags'],
    queryFn: ({ signal }) =>
      http.get<{ _id: string; name: string }[]>(`model-service/projects/${enc(projectId)}/model-tags`, {
        signal,
      }),
    enabled: trees.has('tags'),
    select: (list): TreeNodeOption[] => list.map((tag) => ({ value: tag._id, title: tag.name })),
  });
  const options: Partial<Record<TreeScope, TreeNodeOption[]>> = {
    ...(units.data ? { units: units.data } : {}),
    ...(tags.data ? { tags: tags.data } : {}),
  };
  return {
    options,
    isPending: (trees.has('units') && units.isPending) || (trees.has('tags') && tags.isPending),
    error: units.error ?? tags.error,
    refetch: () => Promise.all([units.refetch(), tags.refetch()]),
  };
}
