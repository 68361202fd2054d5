import type { Named, RosterFilter, RosterPerson, RosterRule } from './roster';

/**
 * What attendance and violations read of the personnel records (personnel-core's tables). Implemented in
 * `people.source.ts` on those tables; read-only.
 */
export interface PeopleSource {
  /** The project's units (deleted ones left out), for names and the "unit with descendants" filter. */
  units(projectId: string): Promise<Array<{ _id: string; parentId: string | null; name: string }>>;
  crafts(projectId: string): Promise<Named[]>;
  rules(projectId: string): Promise<RosterRule[]>;
  /** The project's day-off dates in [from, to]. */
  dayOffs(projectId: string, from: string, to: string): Promise<string[]>;
  /** The project's people (every status), narrowed by the filter, ordered by name then id. */
  roster(projectId: string, filter?: RosterFilter): Promise<RosterPerson[]>;
  /** One person with the project they belong to. */
  person(id: string): Promise<(RosterPerson & { projectId: string }) | undefined>;
  /** The project's people among these ids and ID numbers (another project's people are not found). */
  lookup(
    projectId: string,
    ids: readonly string[],
    idNumbers: readonly string[],
  ): Promise<Array<Pick<RosterPerson, 'id' | 'status' | 'exitDate'> & { idNumber: string }>>;
  violationType(id: string): Promise<(Named & { projectId: string }) | undefined>;
  violationItem(id: string): Promise<(Named & { projectId: string; typeId: string }) | undefined>;
  violationTypes(projectId: string): Promise<Named[]>;
  violationItems(projectId: string): Promise<Named[]>;
}
