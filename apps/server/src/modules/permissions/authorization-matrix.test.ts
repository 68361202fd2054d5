import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCOUNT, buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';
import { addMemberWithConsent } from '../../../test/membership';
import { createUserService } from '../account/user.service';
import { createOrgAccess } from '../org/access';
import { createPermissionsModule } from './index';

/**
 * The authorization matrix of the organisation and permission routes, generated from the registered
 * routes: every route with one of these tags must have a row, or this file fails. A row says what each
 * caller gets: anonymous (always 401), an outsider of another tenant, a plain project member of the demo
 * project (default template: no create, no delete, no admin rights) and the caller who is allowed.
 * Every refused call must leave the organisation tables exactly as they were.
 */
const MATRIX_TAGS = new Set(['org', 'permissions', 'members', 'structures']);

type Actor = 'outsider' | 'member' | 'allowed';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Request {
  url: string;
  payload?: unknown;
}
interface Row {
  /** Who is allowed: the demo admin (enterprise + project admin), the system administrator, wangwu. */
  allowedAs: 'demo' | 'admin' | 'member' | 'wangwu';
  outsider: number;
  member: number;
  request(actor: Actor): Promise<Request> | Request;
}

let t: TestApp;
const cookies: Record<string, string> = {};
let userIds: Record<string, string>;
/**
 * The demo organisation, and the shared targets of refused calls: zhangsan's membership of the demo
 * project, a structure of it, a live invitation token to it and a pending request to join it.
 */
let ids: {
  enterprise: string;
  circle: string;
  project: string;
  member: string;
  structure: string;
  token: string;
  request: string;
  membershipInvitation: string;
};
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;

function call(method: Method, url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${ACCOUNT}/${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json() as T;
const idOf = (response: LightMyRequestResponse) => json<{ _id: string }>(response)._id;

const fresh = {
  /** A new account, signed in. */
  user: async () => {
    const name = unique('user');
    await createUserService({ db: t.db.db, clock: t.clock }).createUser({
      name,
      nickName: name,
      password: 'Passw0rd',
      phoneNumber: null,
    });
    const cookie = await signIn(t.app, name, 'Passw0rd');
    const id = (
      await t.db.db.selectFrom('users').select('id').where('name', '=', name).executeTakeFirstOrThrow()
    ).id;
    return { id, cookie };
  },
  /** A new account made a plain member of the demo project (invited; it accepts): the membership's id. */
  member: async () => {
    const { id, cookie } = await fresh.user();
    return idOf(
      await addMemberWithConsent(t.app, {
        scope: `projects/${ids.project}`,
        adminCookie: cookies.demo!,
        userCookie: cookie,
        body: { userId: id },
      }),
    );
  },
  /** A pending invitation of the demo project, addressed to a new account. */
  membershipInvitation: async () =>
    idOf(
      await call('POST', `projects/${ids.project}/members`, cookies.demo!, {
        userId: (await fresh.user()).id,
      }),
    ),
  /** A pending invitation addressed to wangwu, from a new account's own new project. */
  invitationToWangwu: async () => {
    const { cookie } = await fresh.user();
    const enterprise = idOf(await call('POST', 'enterprises', cookie, { name: unique('企业') }));
    const project = idOf(
      await call('POST', 'projects', cookie, { name: unique('项目'), enterpriseId: enterprise }),
    );
    return idOf(await call('POST', `projects/${project}/members`, cookie, { userId: userIds.wangwu }));
  },
  structure: async () =>
    idOf(await call('POST', `projects/${ids.project}/structures`, cookies.demo!, { name: unique('部门') })),
  /** A live invitation token to the demo project. */
  invitation: async () =>
    json<{ token: string }>(await call('POST', `projects/${ids.project}/invitations`, cookies.demo!, {}))
      .token,
  /** A pending request of a new account to join the demo project. */
  request: async () => {
    const { cookie } = await fresh.user();
    return idOf(await call('POST', `member-invitations/${await fresh.invitation()}/apply`, cookie, {}));
  },
  project: async () =>
    idOf(
      await call('POST', 'projects', cookies.demo!, { name: unique('项目'), enterpriseId: ids.enterprise }),
    ),
  circle: async () =>
    idOf(
      await call('POST', 'circles', cookies.demo!, { name: unique('机构'), enterpriseId: ids.enterprise }),
    ),
  template: async () =>
    idOf(
      await call('POST', `projects/${ids.project}/templates`, cookies.demo!, {
        name: unique('模板'),
        grants: {},
      }),
    ),
  domain: async () =>
    idOf(await call('POST', `projects/${ids.project}/domains`, cookies.demo!, { name: unique('专业') })),
  /** A trial project of a new account, and that account's paid enterprise. */
  trial: async () => {
    const { id: user, cookie } = await fresh.user();
    const plan = json<{ project: { _id: string } }>(
      await call('POST', `users/${user}/trialPlan`, cookie, {}),
    );
    const enterprise = idOf(await call('POST', 'enterprises', cookie, { name: unique('企业') }));
    return { cookie, project: plan.project._id, enterprise };
  },
};
let trialCookie = '';

const CAPACITY = {
  accountCapacity: 500,
  spaceCapacityBytes: 100 * 1024 ** 3,
  projectLimit: 500,
  paidPlan: 'enterprise',
};

const p = () => `projects/${ids.project}`;
const e = () => `enterprises/${ids.enterprise}`;
const c = () => `circles/${ids.circle}`;
const ROWS: Record<string, Row> = {
  // ── org: create ──
  'POST /enterprises': {
    allowedAs: 'demo',
    outsider: 200,
    member: 200,
    request: () => ({ url: 'enterprises', payload: { name: unique('企业') } }),
  },
  'POST /circles': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: 'circles', payload: { name: unique('机构'), enterpriseId: ids.enterprise } }),
  },
  'POST /projects': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: 'projects', payload: { name: unique('项目'), enterpriseId: ids.enterprise } }),
  },
  // ── org: the caller's lists ──
  'GET /enterprises': {
    allowedAs: 'demo',
    outsider: 200,
    member: 200,
    request: () => ({ url: 'enterprises' }),
  },
  'GET /circles': { allowedAs: 'demo', outsider: 200, member: 200, request: () => ({ url: 'circles' }) },
  'GET /projects': { allowedAs: 'demo', outsider: 200, member: 200, request: () => ({ url: 'projects' }) },
  'GET /enterprises/:id/projects': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `enterprises/${ids.enterprise}/projects` }),
  },
  'GET /enterprises/:id/circles': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `enterprises/${ids.enterprise}/circles` }),
  },
  'GET /circles/:id/projects': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `circles/${ids.circle}/projects` }),
  },
  // ── org: one record ──
  'GET /enterprises/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `enterprises/${ids.enterprise}` }),
  },
  'GET /circles/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `circles/${ids.circle}` }),
  },
  'GET /projects/:id': { allowedAs: 'member', outsider: 404, member: 200, request: () => ({ url: p() }) },
  'PUT /enterprises/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `enterprises/${ids.enterprise}`, payload: { shortName: '示范集团' } }),
  },
  'PUT /circles/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `circles/${ids.circle}`, payload: { order: 0 } }),
  },
  'PUT /projects/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: p(), payload: { shortName: '示范一期' } }),
  },
  'PUT /enterprises/:id/enter': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `enterprises/${ids.enterprise}/enter` }),
  },
  'PUT /circles/:id/enter': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `circles/${ids.circle}/enter` }),
  },
  'PUT /projects/:id/enter': {
    allowedAs: 'member',
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/enter` }),
  },
  // ── org: lists, settings, trial plan, admin ──
  'GET /projects_types': {
    allowedAs: 'member',
    outsider: 200,
    member: 200,
    request: () => ({ url: 'projects_types' }),
  },
  'GET /projects_scopes': {
    allowedAs: 'member',
    outsider: 200,
    member: 200,
    request: () => ({ url: 'projects_scopes' }),
  },
  'GET /projects/:id/settings/:key': {
    allowedAs: 'member',
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/settings/board` }),
  },
  'PUT /projects/:id/settings/:key': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/settings/matrix`, payload: { value: 1 } }),
  },
  'POST /users/:id/trialPlan': {
    allowedAs: 'wangwu',
    outsider: 404,
    member: 404,
    request: () => ({ url: `users/${userIds.wangwu}/trialPlan`, payload: {} }),
  },
  'GET /admin/enterprises': {
    allowedAs: 'admin',
    outsider: 403,
    member: 403,
    request: () => ({ url: 'admin/enterprises' }),
  },
  // ── permissions: templates ──
  'GET /projects/:id/templates': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/templates` }),
  },
  'POST /projects/:id/templates': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/templates`, payload: { name: unique('模板'), grants: {} } }),
  },
  'PUT /templates/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async () => ({ url: `templates/${await fresh.template()}`, payload: { name: unique('模板') } }),
  },
  'DELETE /templates/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async () => ({ url: `templates/${await fresh.template()}` }),
  },
  // The member is answered (200) with {value: false}: the refusal is the value (checked below).
  'GET /projects/:id/auth': {
    allowedAs: 'demo',
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/auth?key=create&category=default&moduleKey=announcements` }),
  },
  'GET /projects/:id/administrators': {
    allowedAs: 'member',
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/administrators` }),
  },
  // ── permissions: modules ──
  'GET /projects/:id/modules': {
    allowedAs: 'member',
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/modules?authorized=all` }),
  },
  'GET /module_groups': {
    allowedAs: 'member',
    outsider: 200,
    member: 200,
    request: () => ({ url: 'module_groups?device=web' }),
  },
  'GET /enterprises/:id/modules': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `enterprises/${ids.enterprise}/modules` }),
  },
  // ── permissions: domains ──
  'GET /projects/:id/domains': {
    allowedAs: 'member',
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/domains` }),
  },
  'POST /projects/:id/domains': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/domains`, payload: { name: unique('专业') } }),
  },
  'PUT /domains/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async () => ({ url: `domains/${await fresh.domain()}`, payload: { name: unique('专业') } }),
  },
  'DELETE /domains/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async () => ({ url: `domains/${await fresh.domain()}` }),
  },
  // ── permissions: 4D editors ──
  'GET /projects/:id/edit4d': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/edit4d` }),
  },
  'PUT /projects/:id/edit4d': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/edit4d`, payload: { userIds: [userIds.zhangsan], revoke: true } }),
  },
  'PUT /admin/enterprises/:id/edit4d': {
    allowedAs: 'admin',
    outsider: 403,
    member: 403,
    request: () => ({
      url: `admin/enterprises/${ids.enterprise}/edit4d`,
      payload: { total: 10, expiresAt: '2099-12-31' },
    }),
  },
  // ── permissions: capacity, payment, deletions ──
  'PUT /admin/enterprises/:id/capacity': {
    allowedAs: 'admin',
    outsider: 403,
    member: 403,
    request: () => ({ url: `admin/enterprises/${ids.enterprise}/capacity`, payload: CAPACITY }),
  },
  'PUT /projects/:id/payment': {
    allowedAs: 'wangwu',
    outsider: 404,
    member: 403,
    request: async (actor) => {
      if (actor !== 'allowed')
        return { url: `${p()}/payment`, payload: { paymentId: 'P', enterpriseId: ids.enterprise } };
      const trial = await fresh.trial();
      trialCookie = trial.cookie;
      return {
        url: `projects/${trial.project}/payment`,
        payload: { paymentId: 'P', enterpriseId: trial.enterprise },
      };
    },
  },
  'PUT /projects/:id/deleted': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async (actor) => ({
      url: `projects/${actor === 'allowed' ? await fresh.project() : ids.project}/deleted`,
    }),
  },
  'PUT /circles/:id/deleted': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: async (actor) => {
      const id = actor === 'allowed' ? await fresh.circle() : ids.circle;
      return { url: `circles/${id}/deleted?recordId=${id}` };
    },
  },
  // ── members: lists (members of the scope read; zhangsan is in the project only, not the enterprise) ──
  'GET /enterprises/:id/members': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `${e()}/members?expand=true` }),
  },
  'GET /circles/:id/members': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `${c()}/members?expand=true` }),
  },
  // A project member reads the project's member list (phones kept secret are blanked for them).
  'GET /projects/:id/members': {
    allowedAs: 'member',
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/members?expand=true` }),
  },
  'GET /enterprises/:id/members/projects': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `${e()}/members/projects` }),
  },
  // ── members: adding (admins of the scope), each allowed call with an account of its own ──
  'POST /enterprises/:id/members': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: async (actor) => ({
      url: `${e()}/members`,
      payload: { userId: actor === 'allowed' ? (await fresh.user()).id : userIds.wangwu },
    }),
  },
  'POST /circles/:id/members': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: async (actor) => ({
      url: `${c()}/members`,
      payload: { userId: actor === 'allowed' ? (await fresh.user()).id : userIds.wangwu },
    }),
  },
  'POST /projects/:id/members': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async (actor) => ({
      url: `${p()}/members`,
      payload: { userId: actor === 'allowed' ? (await fresh.user()).id : userIds.wangwu },
    }),
  },
  // ── members: one membership (admins of its scope; a member may not change or remove even their own) ──
  'PUT /members/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async (actor) => ({
      url: `members/${actor === 'allowed' ? await fresh.member() : ids.member}`,
      payload: { remark: unique('备注'), phoneSecret: true },
    }),
  },
  'DELETE /members/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async (actor) => ({ url: `members/${actor === 'allowed' ? await fresh.member() : ids.member}` }),
  },
  // ── members: my own project membership (any member of the project itself) ──
  'PUT /projects/:id/members/me': {
    allowedAs: 'member',
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/members/me`, payload: { phoneSecret: false } }),
  },
  // zhangsan may not leave the demo project here (later rows need him): as a refused 'member' he tries to
  // leave a project he administers (400 org.adminCannotLeave); wangwu leaves a project he just joined.
  'DELETE /projects/:id/members/me': {
    allowedAs: 'wangwu',
    outsider: 404,
    member: 400,
    request: async (actor) => {
      if (actor === 'outsider') return { url: `${p()}/members/me` };
      const project = await fresh.project();
      const userId = actor === 'allowed' ? userIds.wangwu : userIds.zhangsan;
      await addMemberWithConsent(t.app, {
        scope: `projects/${project}`,
        adminCookie: cookies.demo!,
        userCookie: actor === 'allowed' ? cookies.wangwu! : cookies.member!,
        body: { userId },
      });
      if (actor === 'member') {
        await call('PUT', `projects/${project}`, cookies.demo!, { admins: [userIds.demo, userIds.zhangsan] });
      }
      return { url: `projects/${project}/members/me` };
    },
  },
  // ── members: invitations addressed to a person (issue 14) ──
  'GET /enterprises/:id/membership-invitations': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `${e()}/membership-invitations` }),
  },
  'GET /circles/:id/membership-invitations': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `${c()}/membership-invitations` }),
  },
  'GET /projects/:id/membership-invitations': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/membership-invitations` }),
  },
  // Everyone signed in lists their own (an empty list for most).
  'GET /membership-invitations': {
    allowedAs: 'wangwu',
    outsider: 200,
    member: 200,
    request: () => ({ url: 'membership-invitations' }),
  },
  // Only the person invited answers; anyone else's try is a 404 (the id tells nothing).
  'POST /membership-invitations/:id/accept': {
    allowedAs: 'wangwu',
    outsider: 404,
    member: 404,
    request: async (actor) => ({
      url: `membership-invitations/${actor === 'allowed' ? await fresh.invitationToWangwu() : ids.membershipInvitation}/accept`,
      payload: {},
    }),
  },
  'POST /membership-invitations/:id/decline': {
    allowedAs: 'wangwu',
    outsider: 404,
    member: 404,
    request: async (actor) => ({
      url: `membership-invitations/${actor === 'allowed' ? await fresh.invitationToWangwu() : ids.membershipInvitation}/decline`,
      payload: {},
    }),
  },
  'DELETE /membership-invitations/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async (actor) => ({
      url: `membership-invitations/${actor === 'allowed' ? await fresh.membershipInvitation() : ids.membershipInvitation}`,
    }),
  },
  // ── members: invitations and requests ──
  'POST /projects/:id/invitations': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/invitations`, payload: {} }),
  },
  'GET /projects/:id/invitations': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/invitations` }),
  },
  'DELETE /invitations/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async () => ({
      url: `invitations/${idOf(await call('POST', `${p()}/invitations`, cookies.demo!, {}))}`,
    }),
  },
  // Whoever is signed in and holds the token sees where it leads: the token is the authorization.
  'GET /member-invitations/:token': {
    allowedAs: 'wangwu',
    outsider: 200,
    member: 200,
    request: () => ({ url: `member-invitations/${ids.token}` }),
  },
  // Anyone signed in with the token may apply (lisi of another tenant too: 200, a pending request);
  // zhangsan is a member already (409 org.memberExists, nothing written).
  'POST /member-invitations/:token/apply': {
    allowedAs: 'wangwu',
    outsider: 200,
    member: 409,
    request: () => ({ url: `member-invitations/${ids.token}/apply`, payload: { remark: '申请加入' } }),
  },
  'GET /projects/:id/member-requests': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/member-requests` }),
  },
  'PUT /member-requests/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async (actor) => ({
      url: `member-requests/${actor === 'allowed' ? await fresh.request() : ids.request}`,
      payload: { action: 'approve' },
    }),
  },
  // ── structures: reading (members of the scope), changes (admins) ──
  'GET /enterprises/:id/structures': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `${e()}/structures` }),
  },
  'GET /circles/:id/structures': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `${c()}/structures` }),
  },
  'GET /projects/:id/structures': {
    allowedAs: 'member',
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/structures` }),
  },
  'POST /enterprises/:id/structures': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `${e()}/structures`, payload: { name: unique('部门') } }),
  },
  'POST /circles/:id/structures': {
    allowedAs: 'demo',
    outsider: 404,
    member: 404,
    request: () => ({ url: `${c()}/structures`, payload: { name: unique('部门') } }),
  },
  'POST /projects/:id/structures': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/structures`, payload: { name: unique('部门') } }),
  },
  'PUT /structures/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async (actor) => ({
      url: `structures/${actor === 'allowed' ? await fresh.structure() : ids.structure}`,
      payload: { name: unique('部门') },
    }),
  },
  'DELETE /structures/:id': {
    allowedAs: 'demo',
    outsider: 404,
    member: 403,
    request: async (actor) => ({
      url: `structures/${actor === 'allowed' ? await fresh.structure() : ids.structure}`,
    }),
  },
};

const registered: string[] = [];

/** Everything a refused call must not change. */
async function snapshot(): Promise<string> {
  const db = t.db.db;
  const tables = await Promise.all([
    db.selectFrom('enterprises').selectAll().orderBy('id').execute(),
    db.selectFrom('circles').selectAll().orderBy('id').execute(),
    db.selectFrom('projects').selectAll().orderBy('id').execute(),
    db.selectFrom('members').selectAll().orderBy('id').execute(),
    db.selectFrom('project_settings').selectAll().orderBy('project_id').orderBy('key').execute(),
    db.selectFrom('permission_templates').selectAll().orderBy('id').execute(),
    db.selectFrom('project_domains').selectAll().orderBy('id').execute(),
    db.selectFrom('user_places').selectAll().orderBy('user_id').execute(),
    db.selectFrom('structures').selectAll().orderBy('id').execute(),
    db.selectFrom('member_invitations').selectAll().orderBy('id').execute(),
    db.selectFrom('member_requests').selectAll().orderBy('id').execute(),
    db.selectFrom('membership_invitations').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify(tables);
}

beforeAll(async () => {
  t = await buildTestApp({ ready: false });
  t.app.addHook('onRoute', (route) => {
    const tags = (route.schema as { tags?: string[] } | undefined)?.tags ?? [];
    if (!route.url.startsWith(ACCOUNT) || !tags.some((tag) => MATRIX_TAGS.has(tag))) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registered.push(`${method} ${route.url.slice(ACCOUNT.length)}`);
    }
  });
  // The hook of requireProjectPermission, on a route of a later module.
  const permissions = createPermissionsModule({
    db: t.db.db,
    clock: t.clock,
    access: createOrgAccess(t.db.db),
  });
  t.app.get(
    `${ACCOUNT}/test-only/projects/:id/announcements`,
    {
      preHandler: permissions.requireProjectPermission('announcements', 'create'),
      schema: {
        params: z.strictObject({ id: z.string() }),
        querystring: z.strictObject({}),
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async () => ({ ok: true }),
  );
  await t.app.ready();
  const users = createUserService({ db: t.db.db, clock: t.clock });
  for (const name of ['lisi', 'wangwu']) {
    await users.createUser({ name, nickName: name, password: 'Passw0rd', phoneNumber: null });
  }
  cookies.demo = await signIn(t.app);
  cookies.member = await signIn(t.app, 'zhangsan');
  cookies.outsider = await signIn(t.app, 'lisi', 'Passw0rd');
  cookies.wangwu = await signIn(t.app, 'wangwu', 'Passw0rd');
  cookies.admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  const rows = await t.db.db.selectFrom('users').select(['id', 'name']).execute();
  userIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  const [enterprise] = json<Array<{ _id: string }>>(await call('GET', 'enterprises', cookies.demo));
  const [circle] = json<Array<{ _id: string }>>(await call('GET', 'circles', cookies.demo));
  const [project] = json<Array<{ _id: string }>>(await call('GET', 'projects', cookies.demo));
  ids = {
    enterprise: enterprise!._id,
    circle: circle!._id,
    project: project!._id,
    member: '',
    structure: '',
    token: '',
    request: '',
    membershipInvitation: '',
  };
  ids.member = (
    await t.db.db
      .selectFrom('members')
      .select('id')
      .where('scope_type', '=', 'project')
      .where('scope_id', '=', ids.project)
      .where('user_id', '=', userIds.zhangsan!)
      .executeTakeFirstOrThrow()
  ).id;
  ids.structure = await fresh.structure();
  ids.token = await fresh.invitation();
  ids.request = await fresh.request();
  ids.membershipInvitation = await fresh.membershipInvitation();
  // The outsider has a tenant of their own.
  const own = idOf(await call('POST', 'enterprises', cookies.outsider, { name: '李四建设' }));
  await call('POST', 'projects', cookies.outsider, { name: '李四项目', enterpriseId: own });
});
afterAll(() => t?.close());

describe('authorization matrix', () => {
  it('has a row for every registered org and permissions route, and none for a missing one', () => {
    const rows = Object.keys(ROWS);
    expect(registered.length).toBeGreaterThan(40);
    expect(
      registered.filter((route) => !rows.includes(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      rows.filter((row) => !registered.includes(row)),
      'rows without a route',
    ).toEqual([]);
  });

  for (const [route, row] of Object.entries(ROWS)) {
    it(route, async () => {
      const method = route.split(' ')[0] as Method;
      const expectations: Array<[Actor | 'anonymous', string | null, number]> = [
        ['anonymous', null, 401],
        ['outsider', cookies.outsider!, row.outsider],
        ['member', cookies.member!, row.member],
      ];
      for (const [actor, cookie, status] of expectations) {
        const request = await row.request(actor === 'anonymous' ? 'outsider' : actor);
        const before = status >= 400 ? await snapshot() : null;
        const response = await call(method, request.url, cookie, request.payload);
        expect(response.statusCode, `${actor}: ${response.body}`).toBe(status);
        if (before !== null) expect(await snapshot(), `${actor} changed something`).toBe(before);
      }
      const request = await row.request('allowed');
      const cookie =
        row.allowedAs === 'wangwu' && route.includes('payment') ? trialCookie : cookies[row.allowedAs]!;
      const response = await call(method, request.url, cookie, request.payload);
      expect(response.statusCode, `allowed: ${response.body}`).toBe(200);
    });
  }

  it('refuses create to a member whose template lacks it: GET auth answers false', async () => {
    // The default template (项目成员) creates announcements: this member is made read-only (只读).
    const readOnly = await t.db.db
      .selectFrom('permission_templates')
      .select('id')
      .where('project_id', '=', ids.project)
      .where('name', '=', '只读')
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('members')
      .set({ template_id: readOnly.id })
      .where('scope_id', '=', ids.project)
      .where('user_id', '=', userIds.zhangsan!)
      .execute();
    const response = await call(
      'GET',
      `projects/${ids.project}/auth?key=create&category=default&moduleKey=announcements`,
      cookies.member!,
    );
    expect(response.json()).toEqual({ value: false });
  });

  it('requireProjectPermission: 401, 404, 403, then 200 for an admin and a member granted create', async () => {
    const url = `test-only/projects/${ids.project}/announcements`;
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, cookies.outsider!)).statusCode).toBe(404);
    expect((await call('GET', url, cookies.member!)).statusCode).toBe(403);
    expect((await call('GET', `test-only/projects/not-an-id/announcements`, cookies.demo!)).statusCode).toBe(
      404,
    );
    expect((await call('GET', url, cookies.demo!)).statusCode).toBe(200);
    const tpl = idOf(
      await call('POST', `projects/${ids.project}/templates`, cookies.demo!, {
        name: '公告员',
        grants: { announcements: { view: 'all', create: true } },
      }),
    );
    await t.db.db
      .updateTable('members')
      .set({ template_id: tpl })
      .where('scope_id', '=', ids.project)
      .where('user_id', '=', userIds.zhangsan!)
      .execute();
    expect((await call('GET', url, cookies.member!)).statusCode).toBe(200);
  });
});
