import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createDirectory } from '../directory/index';
import { createPermissionsRepository } from '../permissions/permissions.repository';

export interface DomainSummary {
  id: string;
  projectId: string;
  name: string;
  nameEn: string;
}

/**
 * What the topics read of other modules: the shared directory (members, departments, user cards, files),
 * and the project's disciplines (permissions' domains, through its repository).
 */
export function createTopicDirectory(db: Kysely<Database>) {
  const permissions = createPermissionsRepository(db);
  const summary = (row: {
    id: string;
    project_id: string;
    name: string;
    name_en: string;
  }): DomainSummary => ({
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    nameEn: row.name_en,
  });

  return {
    ...createDirectory(db),

    async domains(projectId: string): Promise<Map<string, DomainSummary>> {
      const rows = await permissions.listDomains(projectId);
      return new Map(rows.map((row) => [row.id, summary(row)]));
    },

    async domain(id: string): Promise<DomainSummary | null> {
      const row = await permissions.findDomain(id);
      return row ? summary(row) : null;
    },
  };
}
export type TopicDirectory = ReturnType<typeof createTopicDirectory>;
