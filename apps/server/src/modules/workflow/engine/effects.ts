import { templated } from '../../notifications/index';
import type { WorkflowEffect, WorkflowEngineDeps } from './types';

/**
 * After the caller's commit: the to-dos and notifications of the actions, through the notifications
 * module's producers in their own transactions. Best effort: a failure is logged and never undoes an
 * approval that has committed.
 */
export async function deliverEffects(
  { notifications, log }: Pick<WorkflowEngineDeps, 'notifications' | 'log'>,
  effects: readonly WorkflowEffect[],
): Promise<void> {
  for (const effect of effects) {
    const { subject } = effect;
    try {
      if (effect.kind === 'closeTodo') {
        await notifications.closeTodo({
          module: subject.module,
          recordId: subject.id,
          ...(effect.userIds ? { userIds: effect.userIds } : {}),
        });
      } else if (effect.kind === 'todo') {
        await notifications.addTodo(effect.userIds, {
          module: subject.module,
          recordId: subject.id,
          title: subject.title,
          content: effect.content,
          link: subject.link,
          projectId: subject.projectId,
          dueDate: effect.dueAt ? effect.dueAt.slice(0, 10) : null,
        });
      } else {
        await notifications.notify(effect.userIds, {
          module: subject.module,
          ...templated('workflowEvent', {
            title: subject.title,
            event: effect.event,
            nodeName: effect.nodeName,
          }),
          link: subject.link,
          projectId: subject.projectId,
          recordId: subject.id,
          senderId: effect.senderId,
        });
      }
    } catch (error) {
      log?.warn({ err: error, recordId: subject.id }, 'workflow: could not tell the people of an instance');
    }
  }
}
