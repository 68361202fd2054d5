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
