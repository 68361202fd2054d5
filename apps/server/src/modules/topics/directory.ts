import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createFileRepository, type FileRow } from '../files/files.repository';
import { createMembersRepository } from '../org/members/members.repository';
import { createOrgRepository } from '../org/org.repository';
import { createStructuresRepository } from '../org/structures/structures.repository';
import { createPermissionsRepository } from '../permissions/permissions.repository';

export interface UserSummary {
  id: string;
  name: string;
  nickName: string;
  avatar: string;
}

export interface DomainSummary {
  id: string;
  projectId: string;
  name: string;
  nameEn: string;
}

export interface ProjectMember {
  userId: string;
  /** A structure id of the project, or '' for none. */
  department: string;
}

/**
 * What the topics read of other modules, through those modules' own repositories (never their tables
 * from here): members and departments (org), user cards, the project's disciplines (permissions' domains)
 * and files.
 */
export function createTopicDirectory(db: Kysely<Database>) {
  const org = createOrgRepository(db);
  const members = createMembersRepository(db);
  const structures = createStructuresRepository(db);
  const files = createFileRepository(db);
  const permissions = createPermissionsRepository(db);

  return {
    /** The user ids among these that are members of the project. */
    async membersAmong(projectId: string, userIds: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      const unique = [...new Set(userIds)];
      for (let i = 0; i < unique.length; i += 500) {
        const rows = await members.membersAmong({ type: 'project', id: projectId }, unique.slice(i, i + 500));
        for (const row of rows) found.add(row.user_id);
      }
      return found;
    },

    async projectMembers(projectId: string): Promise<ProjectMember[]> {
      const rows = await org.membersOf('project', projectId);
      return rows.map((row) => ({ userId: row.user_id, department: row.department }));
    },

    async departments(projectId: string): Promise<Array<{ id: string; parentId: string | null }>> {
      const rows = await structures.listStructures(
        { type: 'project', id: projectId },
        { column: 'sort_order', direction: 'asc' },
      );
      return rows.map((row) => ({ id: row.id, parentId: row.parent_id }));
    },

    async users(ids: readonly string[]): Promise<Map<string, UserSummary>> {
      const found = new Map<string, UserSummary>();
      const unique = [...new Set(ids)];
      for (let i = 0; i < unique.length; i += 1000) {
        for (const row of await members.usersByIds(unique.slice(i, i + 1000))) {
          found.set(row.id, { id: row.id, name: row.name, nickName: row.nick_name, avatar: row.avatar });
        }
      }
      return found;
    },

    async domains(projectId: string): Promise<Map<string, DomainSummary>> {
      const rows = await permissions.listDomains(projectId);
      return new Map(
        rows.map((row) => [
          row.id,
          { id: row.id, projectId: row.project_id, name: row.name, nameEn: row.name_en },
        ]),
      );
    },

    async domain(id: string): Promise<DomainSummary | null> {
      const row = await permissions.findDomain(id);
      return row ? { id: row.id, projectId: row.project_id, name: row.name, nameEn: row.name_en } : null;
    },

    /** The files among these ids, in the order asked; missing ones are left out. */
    async files(ids: readonly string[]): Promise<FileRow[]> {
      const rows = await Promise.all([...new Set(ids)].map((id) => files.findById(id)));
      const byId = new Map(
        rows.filter((row): row is FileRow => row !== undefined).map((row) => [row.id, row]),
      );
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      });
    },
  };
}
export type TopicDirectory = ReturnType<typeof createTopicDirectory>;

/** The departments and every department below them. */
export function withSubDepartments(
  all: ReadonlyArray<{ id: string; parentId: string | null }>,
  chosen: readonly string[],
): Set<string> {
  const children = new Map<string, string[]>();
  for (const department of all) {
    if (department.parentId === null) continue;
    children.set(department.parentId, [...(children.get(department.parentId) ?? []), department.id]);
  }
  const result = new Set<string>();
  const queue = [...chosen];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (result.has(id)) continue;
    result.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return result;
}
