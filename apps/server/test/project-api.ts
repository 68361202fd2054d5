import type { LightMyRequestResponse } from 'fastify';
import { createUserService } from '../src/modules/account/user.service';
import { ACCOUNT, signIn, TEST_ADMIN_PASSWORD, type TestApp } from './helper';

/**
 * The set-up the project modules' API tests share (announcements, topics, contact sheets): requests with
 * a session cookie and a language, and the demo tenant's people signed in.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request with an optional session cookie and Accept-Language, on the app `app()` answers then. */
export function requester(app: () => TestApp) {
  return (method: Method, url: string, cookie: string | null, payload?: unknown, language?: string) => {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (language) headers['accept-language'] = language;
    return app().app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  };
}

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json() as T;
/** The error key of an error answer. */
export const keyOf = (response: LightMyRequestResponse) => json<{ key?: string }>(response).key;

/** The password of the users `signInPeople` creates. */
export const PEOPLE_PASSWORD = 'Passw0rd';

/**
 * The seeded demo (admin of the demo project), zhangsan and the system admin, and new users of these names
 * (nick name `<name>昵称`), each signed in; with every user's id by name.
 */
export async function signInPeople<Name extends string>(
  t: TestApp,
  names: readonly Name[],
): Promise<{ cookies: Record<Name | 'demo' | 'zhangsan' | 'admin', string>; ids: Record<string, string> }> {
  const users = createUserService({ db: t.db.db, clock: t.clock });
  for (const name of names) {
    await users.createUser({ name, nickName: `${name}昵称`, password: PEOPLE_PASSWORD, phoneNumber: null });
  }
  const cookies = {
    demo: await signIn(t.app),
    zhangsan: await signIn(t.app, 'zhangsan'),
    admin: await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD),
  } as Record<Name | 'demo' | 'zhangsan' | 'admin', string>;
  for (const name of names) cookies[name] = await signIn(t.app, name, PEOPLE_PASSWORD);
  const rows = await t.db.db.selectFrom('users').select(['id', 'name']).execute();
  return { cookies, ids: Object.fromEntries(rows.map((row) => [row.name, row.id])) };
}

/** The caller's projects, as GET projects lists them. */
export async function projectsOf(
  t: TestApp,
  cookie: string,
): Promise<Array<{ _id: string; enterpriseId: string }>> {
  const response = await requester(() => t)('GET', `${ACCOUNT}/projects`, cookie);
  if (response.statusCode !== 200) throw new Error(`GET projects: ${response.statusCode} ${response.body}`);
  return json(response);
}
