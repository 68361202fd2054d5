import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createFileRepository, type FileRow } from '../files/files.repository';
import { createMembersRepository } from '../org/members/members.repository';
import { createOrgRepository } from '../org/org.repository';
import { createStructuresRepository } from '../org/structures/structures.repository';

export interface UserCard {
  id: string;
  name: string;
  nickName: string;
  avatar: string;
}

/**
 * What the contact sheets read of other modules, through those modules' own repositories (never their
 * tables): the project (its name, its members and their departments), user cards and the project's files.
 */
export function createDirectory(db: Kysely<Database>) {
  const org = createOrgRepository(db);
  const structures = createStructuresRepository(db);
  const members = createMembersRepository(db);
  const files = createFileRepository(db);

  return {
    async projectName(projectId: string): Promise<string> {
      return (await org.findProject(projectId))?.name ?? '';
    },

    /** The user ids of the project's members. */
    async memberIds(projectId: string): Promise<Set<string>> {
      return new Set((await org.membersOf('project', projectId)).map((row) => row.user_id));
    },

    /** The name of the user's department in the project; '' when they have none. */
    async departmentName(projectId: string, userId: string): Promise<string> {
      const member = (await org.membersOf('project', projectId)).find((row) => row.user_id === userId);
      if (!member?.department) return '';
      const structure = await structures.findStructure(member.department);
      return structure && structure.scope_id === projectId ? structure.name : '';
    },

    async users(ids: readonly string[]): Promise<Map<string, UserCard>> {
      const found = new Map<string, UserCard>();
      const unique = [...new Set(ids)];
      for (let i = 0; i < unique.length; i += 500) {
        for (const row of await members.usersByIds(unique.slice(i, i + 500))) {
          found.set(row.id, { id: row.id, name: row.name, nickName: row.nick_name, avatar: row.avatar });
        }
      }
      return found;
    },

    /** The files among these ids, in the order asked; missing ones are left out. */
    async files(ids: readonly string[]): Promise<FileRow[]> {
      const rows = await Promise.all([...new Set(ids)].map((id) => files.findById(id)));
      return rows.filter((row): row is FileRow => row !== undefined);
    },
  };
}
export type Directory = ReturnType<typeof createDirectory>;
