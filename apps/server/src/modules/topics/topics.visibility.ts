import type { User } from '@lintel/contracts/account';
import type { ScopeValue } from '@lintel/contracts/permissions';
import type { TopicAbilities } from '@lintel/contracts/topics';
import type { RawBuilder, SqlBool } from 'kysely';
import { AppError } from '../../plugins/app-error';
import { withSubDepartments } from '../directory/index';
import type { ScopeAccess } from '../org/access';
import { need, type Opened, TOPICS_MODULE, type TopicBase } from './topics.context';
import { type PersonRow, type TopicRow, topicConditions } from './topics.repository';

/**
 * Who sees which topic (the view scope: all; relatedToMe: created, mentioned, participating or following;
 * ownDepartment(AndBelow): also those created in one's department and below) and what they may do with it.
 */
export function createTopicVisibility(base: TopicBase) {
  const { access, authorize, visibleScope, repository, directory, project } = base;

  /** The creators whose topics a department scope opens (the caller's department, and below). */
  async function departmentCreators(user: User, projectId: string, below: boolean): Promise<string[]> {
    const members = await directory.projectMembers(projectId);
    const mine = members.find((m) => m.userId === user._id)?.department ?? '';
    if (mine === '') return [];
    const departments = below
      ? withSubDepartments(await directory.departments(projectId), [mine])
      : new Set([mine]);
    return members.filter((m) => departments.has(m.department)).map((m) => m.userId);
  }

  async function scopeOf(user: User, projectId: string, scope: ScopeAccess): Promise<ScopeValue> {
    if (scope.role !== 'member') return 'all';
    return visibleScope(user, projectId, TOPICS_MODULE);
  }

  /** The list's condition for the caller's view scope; null: everything of the project. */
  async function visibility(
    user: User,
    projectId: string,
    scope: ScopeValue,
  ): Promise<RawBuilder<SqlBool> | null> {
    if (scope === 'all') return null;
    const related = [
      topicConditions.creatorIs(user._id),
      topicConditions.personFlag(projectId, user._id, ['mentioned', 'participant', 'following']),
    ];
    if (scope === 'ownDepartment' || scope === 'ownDepartmentAndBelow') {
      const creators = await departmentCreators(user, projectId, scope === 'ownDepartmentAndBelow');
      if (creators.length > 0) related.push(topicConditions.creatorIn(creators));
    }
    return topicConditions.any(related);
  }

  async function canSee(user: User, row: TopicRow, scope: ScopeValue, person: PersonRow | undefined) {
    if (scope === 'all' || row.creator_id === user._id) return true;
    if (person && (person.mentioned === 1 || person.participant === 1 || person.following === 1)) return true;
    if ((scope === 'ownDepartment' || scope === 'ownDepartmentAndBelow') && row.creator_id) {
      const creators = await departmentCreators(user, row.project_id, scope === 'ownDepartmentAndBelow');
      return creators.includes(row.creator_id);
    }
    return false;
  }

  /** 404 for a missing topic, a project the caller cannot see or a topic outside their view scope. */
  async function open(user: User, id: string): Promise<Opened> {
    const row = await repository.find(id);
    if (!row) throw new AppError(404, 'common.notFound');
    const scope = await access.requireScopeRole(user, project(row.project_id), need('view'));
    const person = await repository.person(id, user._id);
    const visible = await scopeOf(user, row.project_id, scope);
    if (!(await canSee(user, row, visible, person))) throw new AppError(404, 'common.notFound');
    return { row, scope, person };
  }

  async function abilitiesOf(user: User, opened: Opened): Promise<TopicAbilities> {
    const { row, scope, person } = opened;
    const creator = row.creator_id === user._id;
    const admin = scope.role === 'admin';
    const [edit, remove] = creator
      ? [true, true]
      : await Promise.all([
          authorize(user, row.project_id, TOPICS_MODULE, 'edit'),
          authorize(user, row.project_id, TOPICS_MODULE, 'delete'),
        ]);
    const involved = person !== undefined && (person.mentioned === 1 || person.participant === 1);
    const processing = row.status === 'processing';
    return {
      edit: processing && edit,
      delete: remove,
      close: creator || admin,
      respond: processing && (creator || involved || admin || edit),
    };
  }

  return { scopeOf, visibility, open, abilitiesOf };
}
export type TopicVisibility = ReturnType<typeof createTopicVisibility>;
