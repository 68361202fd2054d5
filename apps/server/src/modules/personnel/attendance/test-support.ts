import { idNumberCheckCharacter } from '@lintel/contracts/personnel';
import { expect } from 'vitest';
import { ACCOUNT, signIn, type TestApp } from '../../../../test/helper';
import { json, PEOPLE_PASSWORD, requester } from '../../../../test/project-api';

/** What the attendance and violations API tests share: the service prefix and set-up calls. */

export const P = '/api/v1/personnel-service';

/** A valid made-up mainland ID number (Beijing Dongcheng, born 1990-05-01), distinct per `n` < 1000. */
export function idNumber(n: number): string {
  const first17 = `11010119900501${String(n).padStart(3, '0')}`;
  return first17 + idNumberCheckCharacter(first17);
}

export function setupCalls(t: () => TestApp) {
  const call = requester(t);
  async function must<T = { _id: string }>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    body?: unknown,
  ): Promise<T> {
    const response = await call(method, url, cookie, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return json<T>(response);
  }
  return {
    call,
    must,
    async newProject(cookie: string, enterpriseId: string, name: string): Promise<string> {
      return (await must('POST', `${ACCOUNT}/projects`, cookie, { name, enterpriseId }))._id;
    },
    async template(cookie: string, projectId: string, name: string, grants: Record<string, unknown>) {
      return (
        await must('POST', `${ACCOUNT}/projects/${projectId}/templates`, cookie, {
          name,
          grants: { personnel: grants },
        })
      )._id;
    },
    /**
     * Adds the user; someone outside the enterprise is invited (issue 14) and accepts here, signed in with
     * the password signInPeople gave them.
     */
    async addMember(cookie: string, projectId: string, userId: string, templateId?: string) {
      const answer = await must<{ _id: string; invitedAs?: unknown }>(
        'POST',
        `${ACCOUNT}/projects/${projectId}/members`,
        cookie,
        { userId, ...(templateId ? { templateId } : {}) },
      );
      if (!answer.invitedAs) return;
      const { name } = await t()
        .db.db.selectFrom('users')
        .select('name')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const userCookie = await signIn(t().app, name, PEOPLE_PASSWORD);
      await must('POST', `${ACCOUNT}/membership-invitations/${answer._id}/accept`, userCookie, {});
    },
    async unit(cookie: string, projectId: string, name: string, parentId?: string) {
      return (
        await must('POST', `${P}/units`, cookie, { projectId, name, ...(parentId ? { parentId } : {}) })
      )._id;
    },
    async craft(cookie: string, projectId: string, name: string) {
      return (await must('POST', `${P}/crafts`, cookie, { projectId, name }))._id;
    },
    async person(cookie: string, body: Record<string, unknown>) {
      return (await must('POST', `${P}/personnel`, cookie, body))._id;
    },
  };
}
