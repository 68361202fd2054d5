import type { MemberView } from '@lintel/contracts/org';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const projectMemberKeys = {
  all: (projectId: string) => ['projectMembers', projectId] as const,
};

/** Members come in pages of this size; a project's whole list is read for the pickers. */
const MEMBERS_PAGE = 200;
const MEMBERS_MAX_PAGES = 25;

/** Every member of the project with their user (for the member pickers of the project's modules). */
export function useProjectMembers(projectId: string) {
  return useQuery({
    queryKey: projectMemberKeys.all(projectId),
    queryFn: async ({ signal }) => {
      const all: MemberView[] = [];
      for (let page = 0; page < MEMBERS_MAX_PAGES; page += 1) {
        const rows = await http.get<MemberView[]>(
          `account-service/projects/${encodeURIComponent(projectId)}/members`,
          { signal, query: { expand: true, skip: page * MEMBERS_PAGE, limit: MEMBERS_PAGE, order: 'order' } },
        );
        all.push(...rows);
        if (rows.length < MEMBERS_PAGE) break;
      }
      return all;
    },
    staleTime: 30_000,
  });
}
