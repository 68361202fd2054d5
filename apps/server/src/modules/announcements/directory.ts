import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createFileRepository, type FileRow } from '../files/files.repository';
import { createMembersRepository } from '../org/members/members.repository';
import { createOrgRepository } from '../org/org.repository';
import { createStructuresRepository } from '../org/structures/structures.repository';

export interface ProjectMember {
  userId: string;
  /** A structure id of the project, or '' for none. */
  department: string;
}

export interface Department {
  id: string;
  parentId: string | null;
  name: string;
}

export interface UserSummary {
  id: string;
  name: string;
  nickName: string;
  avatar: string;
}

/**
 * What the announcements read of other modules, through those modules' own repositories (never their
 * tables): the project's members and departments (org), user cards (org's read-only user queries) and
 * the project's files (files).
 */
export function createDirectory(db: Kysely<Database>) {
  const org = createOrgRepository(db);
  const structures = createStructuresRepository(db);
  const members = createMembersRepository(db);
  const files = createFileRepository(db);

  return {
    async projectMembers(projectId: string): Promise<ProjectMember[]> {
      const rows = await org.membersOf('project', projectId);
      return rows.map((row) => ({ userId: row.user_id, department: row.department }));
    },

    async departments(projectId: string): Promise<Department[]> {
      const rows = await structures.listStructures(
        { type: 'project', id: projectId },
        { column: 'sort_order', direction: 'asc' },
      );
      return rows.map((row) => ({ id: row.id, parentId: row.parent_id, name: row.name }));
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

    /** The files among these ids, in the order asked; missing ones are left out. */
    async files(ids: readonly string[]): Promise<FileRow[]> {
      const rows = await Promise.all(ids.map((id) => files.findById(id)));
      return rows.filter((row): row is FileRow => row !== undefined);
    },
  };
}
export type Directory = ReturnType<typeof createDirectory>;

/** The departments and every department below them (a department's receivers include its sub-departments). */
export function withSubDepartments(all: readonly Department[], chosen: readonly string[]): Set<string> {
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
