import { type NotificationParams, renderNotification } from '@lintel/contracts/notifications';
import type { ScopeType } from '@lintel/contracts/org';
import type { NotifyInput, TodoInput } from '../../notifications/index';

/** A member was added to a scope, directly by an admin or by approving a member request. */
export interface MemberAddedEvent {
  memberId: string;
  scope: { type: ScopeType; id: string };
  enterpriseId: string;
  userId: string;
  /** The admin who added or approved. */
  byUserId: string;
  via: 'direct' | 'request';
}

/**
 * Where the hook delivers: the notifications module's producer, wired in by app.ts through createOrgModule.
 * Absent (the org module built on its own), nobody is told.
 */
export interface MemberEventSinks {
  notify(userIds: readonly string[], input: NotifyInput): Promise<unknown>;
  /** The invitee's to-do of a membership invitation; absent: none. */
  addTodo?(userIds: readonly string[], input: TodoInput): Promise<unknown>;
  closeTodo?(target: {
    module: TodoInput['module'];
    recordId: string;
    userIds?: readonly string[];
  }): Promise<unknown>;
  /** The names the message shows; null when the scope is gone meanwhile. */
  describe(
    event: Pick<MemberAddedEvent, 'scope' | 'byUserId'>,
  ): Promise<{ scopeName: string; byName: string } | null>;
  log: { warn(object: object, message: string): void };
}

/** The page a new member opens: the project itself, or the organisation area for enterprises and circles. */
function linkOf(scope: MemberAddedEvent['scope']): string {
  return scope.type === 'project' ? `/projects/${scope.id}` : '/e';
}

/**
 * THE HOOK: the new member gets a 'member management' notification ("You were added to the project …"),
 * shown in their language. Called after the member row is committed, once per added member, from
 * members.service.ts (POST …/members) and requests.service.ts (approving a request), with the app's sinks.
 * It never makes the add fail: a failure to notify is logged and swallowed.
 */
export async function onMemberAdded(
  event: MemberAddedEvent & { sinks?: MemberEventSinks | undefined },
): Promise<void> {
  const { sinks, ...added } = event;
  if (!sinks) return;
  try {
    const names = await sinks.describe(added);
    if (!names) return;
    const params: NotificationParams = {
      scopeType: added.scope.type,
      scopeName: names.scopeName,
      byName: names.byName,
    };
    // Stored in Chinese (the default language); every reader sees the template in their own.
    const text = renderNotification('memberAdded', params, 'zh-CN');
    if (!text) return;
    await sinks.notify([added.userId], {
      module: 'memberManagement',
      title: text.title,
      content: text.content,
      link: linkOf(added.scope),
      projectId: added.scope.type === 'project' ? added.scope.id : null,
      recordId: added.memberId,
      senderId: added.byUserId,
      template: 'memberAdded',
      params,
    });
  } catch (error) {
    sinks.log.warn({ err: error, memberId: added.memberId }, 'could not notify the new member');
  }
}

/** Someone was invited to a scope (issue 14): an invitation they accept or decline. */
export interface MemberInvitedEvent {
  invitationId: string;
  scope: { type: ScopeType; id: string };
  userId: string;
  byUserId: string;
  /** The page where they answer it. */
  link: string;
}

/**
 * The invitee gets a 'member management' notification and a to-do (closed when the invitation ends), in
 * their language. Never makes the invitation fail: a failure is logged and swallowed.
 */
export async function onMemberInvited(
  event: MemberInvitedEvent & { sinks?: MemberEventSinks | undefined },
): Promise<void> {
  const { sinks, ...invited } = event;
  if (!sinks) return;
  try {
    const names = await sinks.describe(invited);
    if (!names) return;
    const params: NotificationParams = {
      scopeType: invited.scope.type,
      scopeName: names.scopeName,
      byName: names.byName,
    };
    const text = renderNotification('memberInvited', params, 'zh-CN');
    if (!text) return;
    const common = {
      module: 'memberManagement' as const,
      title: text.title,
      content: text.content,
      link: invited.link,
      projectId: invited.scope.type === 'project' ? invited.scope.id : null,
      recordId: invited.invitationId,
      senderId: invited.byUserId,
    };
    await sinks.notify([invited.userId], { ...common, template: 'memberInvited', params });
    await sinks.addTodo?.([invited.userId], common);
  } catch (error) {
    sinks.log.warn({ err: error, invitationId: invited.invitationId }, 'could not tell the invitee');
  }
}
