import type { LightMyRequestResponse } from 'fastify';
import { ACCOUNT, type TestApp } from './helper';

/**
 * Adds a user to an enterprise, circle or project as its administrator does (POST …/members) and, when
 * that made an invitation — the user is not yet of the enterprise (issue 14: membership needs consent) —
 * accepts it as the user. Answers the response carrying the member (the add's or the acceptance's).
 */
export async function addMemberWithConsent(
  app: TestApp['app'],
  input: {
    /** e.g. `projects/<id>` */
    scope: string;
    adminCookie: string;
    userCookie: string;
    body: Record<string, unknown>;
  },
): Promise<LightMyRequestResponse> {
  const added = await app.inject({
    method: 'POST',
    url: `${ACCOUNT}/${input.scope}/members`,
    headers: { cookie: input.adminCookie },
    payload: input.body,
  });
  const answer = added.statusCode === 200 ? (added.json() as { invitedAs?: unknown; _id: string }) : null;
  if (!answer?.invitedAs) return added;
  return app.inject({
    method: 'POST',
    url: `${ACCOUNT}/membership-invitations/${answer._id}/accept`,
    headers: { cookie: input.userCookie },
    payload: {},
  });
}

/**
 * Gives members of a project the project's read-only preset template (只读), as its administrator does
 * (PUT members/{id}). The default template (项目成员, issue 17) creates in the collaboration and quality
 * modules: tests about a member without those rights use this.
 */
export async function makeReadOnly(
  app: TestApp['app'],
  input: { projectId: string; adminCookie: string; userIds: readonly (string | undefined)[] },
): Promise<void> {
  const headers = { cookie: input.adminCookie };
  const templates = (
    await app.inject({ method: 'GET', url: `${ACCOUNT}/projects/${input.projectId}/templates`, headers })
  ).json() as Array<{ _id: string; name: string }>;
  const readOnly = templates.find((template) => template.name === '只读');
  if (!readOnly) throw new Error(`project ${input.projectId} has no 只读 template`);
  for (const userId of input.userIds) {
    if (!userId) throw new Error('makeReadOnly: a user id is missing');
    const where = encodeURIComponent(JSON.stringify({ userId }));
    const [member] = (
      await app.inject({
        method: 'GET',
        url: `${ACCOUNT}/projects/${input.projectId}/members?where=${where}`,
        headers,
      })
    ).json() as Array<{ _id: string }>;
    if (!member) throw new Error(`user ${userId} is not a member of project ${input.projectId}`);
    const changed = await app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/members/${member._id}`,
      headers,
      payload: { templateId: readOnly._id },
    });
    if (changed.statusCode !== 200) throw new Error(`PUT members/${member._id}: ${changed.body}`);
  }
}
