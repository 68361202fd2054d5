import type { MemberView, Structure } from '@lintel/contracts/org';
import type { Template as PermissionTemplate } from '@lintel/contracts/permissions';
import type { ApproverSource, EdgeCondition, WorkflowStructureProblem } from '@lintel/contracts/workflow';
import type { Translate } from '../../../lib/errors';
import { displayName } from '../../../lib/people';

/** What the designer knows to name people, departments and permission templates by. */
export interface Directory {
  members: readonly MemberView[];
  departments: readonly Structure[];
  templates: readonly PermissionTemplate[];
}

export function memberName(directory: Directory, userId: string, t: Translate): string {
  const member = directory.members.find((candidate) => candidate.userId === userId);
  return (member?.user ? displayName(member.user) : null) ?? t('workflow:approver.unknown');
}

/** One line per source: "张三、李四", "Department: Site", "Chosen by the initiator". */
export function approverSummary(
  sources: readonly ApproverSource[],
  directory: Directory,
  t: Translate,
): string {
  if (sources.length === 0) return t('workflow:approver.nobody');
  return sources
    .map((source) => {
      switch (source.kind) {
        case 'members':
          return source.userIds.map((id) => memberName(directory, id, t)).join(', ');
        case 'department':
          return t('workflow:approver.departmentSummary', {
            name:
              directory.departments.find((d) => d._id === source.departmentId)?.name ??
              t('workflow:approver.unknown'),
          });
        case 'template':
          return t('workflow:approver.templateSummary', {
            name:
              directory.templates.find((d) => d._id === source.templateId)?.name ??
              t('workflow:approver.unknown'),
          });
        default:
          return t('workflow:approver.initiatorPicks');
      }
    })
    .join('; ');
}

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/** A condition as one readable clause: `amount is greater than 1000`. */
export function conditionSummary(condition: EdgeCondition, t: Translate): string {
  const op = t(`workflow:condition.ops.${condition.op}`);
  const field = condition.field;
  switch (condition.op) {
    case 'in':
    case 'notIn':
      return t('workflow:condition.summary.list', {
        field,
        op,
        values: condition.values.map(show).join(', '),
      });
    case 'empty':
    case 'notEmpty':
      return t('workflow:condition.summary.empty', { field, op });
    case 'between':
      if (condition.min !== null && condition.max !== null)
        return t('workflow:condition.summary.between', { field, min: condition.min, max: condition.max });
      if (condition.min !== null)
        return t('workflow:condition.summary.atLeast', { field, min: condition.min });
      return t('workflow:condition.summary.atMost', { field, max: condition.max });
    default:
      return t('workflow:condition.summary.compare', { field, op, value: show(condition.value) });
  }
}

export function conditionsSummary(conditions: readonly EdgeCondition[], t: Translate): string {
  return conditions.map((condition) => conditionSummary(condition, t)).join(t('workflow:flow.and'));
}

/** A problem found on the web is told in the user's language; the server's come with their message. */
export type ShownProblem = WorkflowStructureProblem & { message?: string };

export function problemText(problem: ShownProblem, t: Translate): string {
  return problem.message ?? t(`workflow:problem.${problem.key}`, problem.params ?? {});
}
