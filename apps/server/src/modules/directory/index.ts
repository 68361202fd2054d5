import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createFileRepository, type FileRow } from '../files/files.repository';
import { createMembersRepository } from '../org/members/members.repository';
import { createOrgRepository } from '../org/org.repository';
import { createStructuresRepository } from '../org/structures/structures.repository';

export type { FileRow } from '../files/files.repository';

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

/** What a record shows of a person. */
export interface UserSummary {
  id: string;
  name: string;
  nickName: string;
  avatar: string;
}

/** Ids per IN list: well below the parameter limits of SQLite and PostgreSQL. */
const ID_CHUNK = 500;

/**
 * What the project modules (announcements, topics, contact sheets) read of other modules, through those
 * modules' own repositories, never their tables: the project and its members and departments (org), user
 * cards (org's read-only user queries) and the project's files (files). Read-only.
 */
export function createDirectory(db: Kysely<Database>) {
  const org = createOrgRepository(db);
  const structures = createStructuresRepository(db);
  const members = createMembersRepository(db);
  const files = createFileRepository(db);

  async function projectMembers(projectId: string): Promise<ProjectMember[]> {
    const rows = await org.membersOf('project', projectId);
    return rows.map((row) => ({ userId: row.user_id, department: row.department }));
  }

  return {
    projectMembers,

    /** Whether the project exists and is not deleted. */
    async projectLive(projectId: string): Promise<boolean> {
      return (await org.findProject(projectId)) !== undefined;
    },

    async projectName(projectId: string): Promise<string> {
      return (await org.findProject(projectId))?.name ?? '';
    },

    /** The user ids of the project's members. */
    async memberIds(projectId: string): Promise<Set<string>> {
      return new Set((await projectMembers(projectId)).map((member) => member.userId));
    },

    /** The user ids among these that are members of the project. */
    async membersAmong(projectId: string, userIds: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      const unique = [...new Set(userIds)];
      for (let i = 0; i < unique.length; i += ID_CHUNK) {
        const part = unique.slice(i, i + ID_CHUNK);
        for (const row of await members.membersAmong({ type: 'project', id: projectId }, part)) {
          found.add(row.user_id);
        }
      }
      return found;
    },

    /** The project's departments, in their order. */
    async departments(projectId: string): Promise<Department[]> {
      const rows = await structures.listStructures(
        { type: 'project', id: projectId },
        { column: 'sort_order', direction: 'asc' },
      );
      return rows.map((row) => ({ id: row.id, parentId: row.parent_id, name: row.name }));
    },

    /** The name of the user's department in the project; '' when they have none. */
    async departmentName(projectId: string, userId: string): Promise<string> {
      const member = (await projectMembers(projectId)).find((row) => row.userId === userId);
      if (!member?.department) return '';
      const structure = await structures.findStructure(member.department);
      return structure && structure.scope_id === projectId ? structure.name : '';
    },

    async users(ids: readonly string[]): Promise<Map<string, UserSummary>> {
      const found = new Map<string, UserSummary>();
      const unique = [...new Set(ids)];
      for (let i = 0; i < unique.length; i += ID_CHUNK) {
        for (const row of await members.usersByIds(unique.slice(i, i + ID_CHUNK))) {
          found.set(row.id, { id: row.id, name: row.name, nickName: row.nick_name, avatar: row.avatar });
        }
      }
      return found;
    },

    /** The files among these ids, in the order asked (each read once); missing ones are left out. */
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
export type Directory = ReturnType<typeof createDirectory>;

/** The departments and every department below them (a department's people include its sub-departments'). */
export function withSubDepartments(
  all: ReadonlyArray<Pick<Department, 'id' | 'parentId'>>,
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
