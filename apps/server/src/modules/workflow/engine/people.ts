import type { ApproverSource } from '@lintel/contracts/workflow';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import type { ErrorKey } from '../../../plugins/messages';
import { createDirectory, withSubDepartments } from '../../directory/index';
import { createOrgRepository } from '../../org/org.repository';
import type { ApproverRow } from './engine.repository';
import type { PeopleSource, ProjectPeople } from './types';

/** The approvers a node names, checked against the project's people as they are inside the transaction. */

export const unique = (ids: readonly string[]) => [...new Set(ids)];

/** The default people source: org's members and the directory's departments (read-only). */
export async function orgPeople(trx: Kysely<Database>, projectId: string): Promise<ProjectPeople> {
  const [rows, departments] = await Promise.all([
    createOrgRepository(trx).membersOf('project', projectId),
    createDirectory(trx).departments(projectId),
  ]);
  return {
    members: rows.map((row) => ({
      userId: row.user_id,
      department: row.department,
      templateId: row.template_id,
    })),
    departments,
  };
}

async function memberIdsOf(people: PeopleSource, trx: Kysely<Database>, projectId: string) {
  return new Set((await people(trx, projectId)).members.map((m) => m.userId));
}

/**
 * The people a node's sources name now (at node entry): members of the project only, in source order,
 * each once. Picks of people who are not members are ignored here (refused at start and pass).
 */
export async function resolveApprovers(
  people: PeopleSource,
  trx: Kysely<Database>,
  projectId: string,
  sources: readonly ApproverSource[],
  picked: readonly string[],
): Promise<string[]> {
  if (sources.length === 0) return [];
  const { members, departments } = await people(trx, projectId);
  const memberIds = new Set(members.map((m) => m.userId));
  const found: string[] = [];
  for (const source of sources) {
    if (source.kind === 'members') found.push(...source.userIds.filter((id) => memberIds.has(id)));
    else if (source.kind === 'department') {
      const within = withSubDepartments(departments, [source.departmentId]);
      found.push(...members.filter((m) => within.has(m.department)).map((m) => m.userId));
    } else if (source.kind === 'template') {
      found.push(...members.filter((m) => m.templateId === source.templateId).map((m) => m.userId));
    } else found.push(...picked.filter((id) => memberIds.has(id)));
  }
  return unique(found);
}

/** The initiator's (or an approver's) picks must all be project members: 400 otherwise. */
export async function checkPicks(
  people: PeopleSource,
  trx: Kysely<Database>,
  projectId: string,
  picks: Record<string, string[]>,
): Promise<void> {
  const ids = unique(Object.values(picks).flat());
  if (ids.length === 0) return;
  const memberIds = await memberIdsOf(people, trx, projectId);
  if (ids.some((id) => !memberIds.has(id))) {
    throw new AppError(400, 'workflow.pickNotMember', {
      details: [{ path: 'pickedApprovers', key: 'workflow.pickNotMember' }],
    });
  }
}

/** A forward target or an added signer: a project member, not the actor, not already on this visit. */
export async function checkNewPerson(
  people: PeopleSource,
  trx: Kysely<Database>,
  projectId: string,
  visit: readonly ApproverRow[],
  actor: string,
  userId: string,
  key: ErrorKey,
): Promise<void> {
  const members = await memberIdsOf(people, trx, projectId);
  if (userId === actor || !members.has(userId) || visit.some((r) => r.user_id === userId)) {
    throw new AppError(400, key, { details: [{ path: 'userId', key }] });
  }
}
