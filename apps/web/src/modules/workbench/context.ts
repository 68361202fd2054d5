import type { Project } from '@lintel/contracts/org';
import { createContext, useContext } from 'react';

export interface CurrentProject {
  projectId: string;
  /** The loaded project (the layout renders its content only once it is in). */
  project: Project;
  /** The signed-in user administers it (project settings, member management …). */
  isAdmin: boolean;
  /** Loads the project again (after saving its information). */
  refetch: () => Promise<unknown>;
}

export const CurrentProjectContext = createContext<CurrentProject | null>(null);

/** The project of the workbench the component is in; only inside `<WorkbenchLayout>`. */
export function useCurrentProject(): CurrentProject {
  const value = useContext(CurrentProjectContext);
  if (!value) throw new Error('useCurrentProject() is used outside <WorkbenchLayout>');
  return value;
}
