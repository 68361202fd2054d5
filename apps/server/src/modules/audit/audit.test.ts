import { NEXT_CURSOR_HEADER } from '@lintel/contracts';
import type { AuditEntryView } from '@lintel/contracts/system';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';
import { PEOPLE_PASSWORD } from '../../../test/project-api';
import { createUserService } from '../account/user.service';

const AUDIT = '/api/v1/audit-service';

let t: TestApp;
let admin: string;
let demo: string;
let demoId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  demo = await signIn(t.app, 'demo');
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/v1/account-service/logged',
    headers: { cookie: demo },
  });
  demoId = (me.json() as { _id: string })._id;
});
afterAll(() => t.close());

function get(path: string, cookie: string | null = admin) {
  return t.app.inject({ method: 'GET', url: `${AUDIT}${path}`, headers: cookie ? { cookie } : {} });
}
const entries = (response: { json(): unknown }) => response.json() as AuditEntryView[];

describe('audit log: rights', () => {
  it('answers 401 signed out and 403 to anyone but a system administrator, for the list and the export', async () => {
    expect((await get('/entries', null)).statusCode).toBe(401);
    expect((await get('/entries', demo)).statusCode).toBe(403);
    expect((await get('/entries/export?format=csv', demo)).statusCode).toBe(403);
    expect((await get('/entries/export', null)).statusCode).toBe(401);
  });

  it('is append-only: there is no route that changes or removes an entry', async () => {
    t.clock.advance(1000);
    await t.app.audit.record({
      action: 'settings.changed',
      actorId: demoId,
      ip: '10.0.0.9',
      detail: { key: 'x' },
    });
    const [entry] = entries(await get('/entries?action=settings.changed&limit=1'));
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `${AUDIT}/entries/${entry!._id}`,
        headers: { cookie: admin },
        ...(method === 'DELETE' ? {} : { payload: { action: 'auth.signIn' } }),
      });
      expect(response.statusCode).toBe(404);
    }
    const removeAll = await t.app.inject({
      method: 'DELETE',
      url: `${AUDIT}/entries`,
      headers: { cookie: admin },
    });
    expect(removeAll.statusCode).toBe(404);
    expect(entries(await get('/entries?action=settings.changed&limit=1'))[0]).toEqual(entry);
  });
});

describe('audit log: list', () => {
  beforeAll(async () => {
    const base = { ip: '192.0.2.7' };
    t.clock.advance(60_000);
    await t.app.audit.record({
      ...base,
      action: 'auth.signInFailed',
      actorId: null,
      detail: { account: 'mallory' },
    });
    t.clock.advance(1000);
    await t.app.audit.record({
      ...base,
      action: 'topic.deleted',
      actorId: demoId,
      projectId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      targetType: 'topic',
      targetId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      detail: { title: '3/F 漏水 <b>' },
    });
  });

  it('lists newest first with who, what, when, from where and the name as it was', async () => {
    const response = await get('/entries?limit=200');
    expect(response.statusCode).toBe(200);
    const list = entries(response);
    const times = list.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const deleted = list.find((e) => e.action === 'topic.deleted')!;
    expect(deleted).toMatchObject({
      actorId: demoId,
      ip: '192.0.2.7',
      projectId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      targetType: 'topic',
      detail: { title: '3/F 漏水 <b>' },
    });
    expect(deleted.actorName).toContain('demo');
  });

  it('filters by actor (name, id, or the account a failed sign-in tried), text, action, dates and project', async () => {
    const actions = async (query: string) =>
      entries(await get(`/entries?limit=200&${query}`)).map((e) => e.action);
    expect(await actions('actor=MALLORY')).toEqual(['auth.signInFailed']);
    expect(await actions(`actor=${demoId}&action=topic.deleted`)).toEqual(['topic.deleted']);
    expect(await actions(`q=${encodeURIComponent('漏水')}`)).toEqual(['topic.deleted']);
    expect(await actions('q=192.0.2.7&action=auth.signInFailed,topic.deleted')).toEqual([
      'topic.deleted',
      'auth.signInFailed',
    ]);
    expect(await actions('projectId=aaaaaaaaaaaaaaaaaaaaaaaa')).toEqual(['topic.deleted']);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(await actions(`from=${today}&to=${today}&actor=mallory`)).toEqual(['auth.signInFailed']);
    expect(await actions(`from=2001-01-01&to=2001-01-02`)).toEqual([]);
    // LIKE's wildcards are plain text.
    expect(await actions('q=%25')).toEqual([]);
  });

  it('pages by cursor without repeating or losing an entry', async () => {
    const all = entries(await get('/entries?limit=200')).map((e) => e._id);
    const first = await get('/entries?limit=2');
    const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
    expect(cursor).toBeTruthy();
    const second = await get(`/entries?limit=2&after=${encodeURIComponent(cursor)}`);
    expect([...entries(first), ...entries(second)].map((e) => e._id)).toEqual(all.slice(0, 4));
  });

  it('refuses bad input with 400', async () => {
    for (const query of [
      'action=nope',
      'from=2026-13',
      'limit=0',
      'limit=201',
      'after=garbage',
      'projectId=x',
      'extra=1',
    ]) {
      expect((await get(`/entries?${query}`)).statusCode, query).toBe(400);
    }
    expect((await get('/entries/export?format=pdf')).statusCode).toBe(400);
  });
});

describe('audit log: export', () => {
  it('exports the filtered list as CSV and .xlsx in the reader language, and audits each export', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `${AUDIT}/entries/export?format=csv&action=auth.signInFailed`,
      headers: { cookie: admin, 'accept-language': 'en-US' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('audit-log-');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Action,By,IP address,Project,Target,Details');
    expect(lines.slice(1).every((line) => line.includes('Failed sign-in'))).toBe(true);
    expect(csv.body).toContain('account=mallory');

    const xlsx = await get('/entries/export?format=xlsx&actor=mallory');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('操作');
    expect(sheet.getRow(2).getCell(2).value).toBe('登录失败');

    const exports = entries(await get('/entries?action=data.exported&limit=10'));
    expect(exports.map((e) => e.detail.format)).toEqual(['xlsx', 'csv']);
    expect(exports[1]).toMatchObject({
      targetType: 'audit',
      detail: { kind: 'audit', action: 'auth.signInFailed' },
    });
  });

  it('keeps a spreadsheet from reading an attacker-chosen account name as a formula', async () => {
    await t.app.audit.record({
      action: 'auth.signInFailed',
      actorId: null,
      ip: null,
      detail: { account: '=HYPERLINK("x")' },
    });
    const csv = await get('/entries/export?format=csv&actor=HYPERLINK');
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});

describe('audit log: what the account module records', () => {
  const latest = async (action: string) => entries(await get(`/entries?action=${action}&limit=1`))[0];

  it('records a sign-in, a failed one with the account tried (never the password) and a sign-out', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account-service/login',
      payload: { name: 'zhangsan', password: 'Wrong-Secret-1' },
      remoteAddress: '198.51.100.4',
    });
    expect(failed.statusCode).toBe(400);
    const failure = await latest('auth.signInFailed');
    expect(failure).toMatchObject({
      actorId: null,
      ip: '198.51.100.4',
      detail: { account: 'zhangsan', method: 'password', reason: 'account.passwordError' },
    });
    expect(JSON.stringify(failure)).not.toContain('Wrong-Secret-1');

    // A form error tried nothing: not recorded.
    const before = entries(await get('/entries?action=auth.signInFailed&limit=200')).length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/account-service/login',
      payload: { name: 'zhangsan' },
    });
    expect(entries(await get('/entries?action=auth.signInFailed&limit=200'))).toHaveLength(before);

    const cookie = await signIn(t.app, 'zhangsan', 'Demo1234');
    const signedIn = await latest('auth.signIn');
    expect(signedIn).toMatchObject({ targetType: 'user', detail: { method: 'password' } });
    expect(signedIn!.actorName).toContain('zhangsan');

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/account-service/logout',
      headers: { cookie },
      payload: {},
    });
    expect((await latest('auth.signOut'))?.actorId).toBe(signedIn!.actorId);
  });

  it('records a password change in the same transaction as the change', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/account-service/users/${demoId}/password?verify=true`,
      headers: { cookie: demo },
      payload: { oldPassword: 'Demo1234', password: 'Chosen_pass9' },
    });
    expect(response.statusCode).toBe(200);
    expect(await latest('auth.passwordChanged')).toMatchObject({ actorId: demoId, targetId: demoId });
    expect(JSON.stringify(await latest('auth.passwordChanged'))).not.toContain('Chosen_pass9');
  });
});

describe('audit log: what the other modules record', () => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { cookie: demo },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const latest = async (action: string) => entries(await get(`/entries?action=${action}&limit=1`))[0];

  it('records a member added by invitation when the invitee accepts, as the invitee', async () => {
    // Someone of no enterprise yet (signInPeople would sign zhangsan in, whose password a test above changed).
    const { id: shenjiu } = await createUserService({ db: t.db.db, clock: t.clock }).createUser({
      name: 'shenjiu',
      nickName: '沈九',
      password: PEOPLE_PASSWORD,
      phoneNumber: null,
    });
    const shenjiuCookie = await signIn(t.app, 'shenjiu', PEOPLE_PASSWORD);
    const [project] = (await call('GET', 'account-service/projects')).json() as Array<{ _id: string }>;
    const projectId = project!._id;
    const invited = await call('POST', `account-service/projects/${projectId}/members`, { name: 'shenjiu' });
    expect(invited.statusCode).toBe(200);
    const invitation = invited.json() as { _id: string; invitedAs?: unknown };
    // Not of the enterprise yet: an invitation, which is no membership and records no add.
    expect(invitation.invitedAs).toBeDefined();
    expect(await latest('member.added')).not.toMatchObject({ detail: { userId: shenjiu } });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/account-service/membership-invitations/${invitation._id}/accept`,
      headers: { cookie: shenjiuCookie },
      payload: {},
    });
    expect(accepted.statusCode).toBe(200);
    expect(await latest('member.added')).toMatchObject({
      actorId: shenjiu,
      projectId,
      targetType: 'member',
      targetId: (accepted.json() as { _id: string })._id,
      detail: { userId: shenjiu, scopeType: 'project', invitationId: invitation._id },
    });
  });

  it('records permission template changes, deletions and exports with the project', async () => {
    const [project] = (await call('GET', 'account-service/projects')).json() as Array<{ _id: string }>;
    const projectId = project!._id;
    const created = await call('POST', `account-service/projects/${projectId}/templates`, {
      name: '审计测试模板',
      grants: {},
    });
    expect(created.statusCode).toBe(200);
    const templateId = created.json()._id as string;
    expect(await latest('permissionTemplate.created')).toMatchObject({
      actorId: demoId,
      projectId,
      targetType: 'template',
      targetId: templateId,
      detail: { name: '审计测试模板' },
    });
    await call('PUT', `account-service/templates/${templateId}`, { name: '审计测试模板二' });
    expect(await latest('permissionTemplate.updated')).toMatchObject({ detail: { name: '审计测试模板二' } });
    expect((await call('DELETE', `account-service/templates/${templateId}`)).statusCode).toBe(200);
    expect(await latest('permissionTemplate.deleted')).toMatchObject({ targetId: templateId });

    // A refused change records nothing.
    const before = entries(await get('/entries?action=permissionTemplate.deleted&limit=200')).length;
    expect((await call('DELETE', `account-service/templates/${templateId}`)).statusCode).toBe(404);
    expect(entries(await get('/entries?action=permissionTemplate.deleted&limit=200'))).toHaveLength(before);

    const exported = await call('GET', `topic-service/projects/${projectId}/topics?export=true`);
    expect(exported.statusCode).toBe(200);
    expect(await latest('data.exported')).toMatchObject({
      projectId,
      detail: { kind: 'topics', format: 'xlsx' },
    });

    const cleared = await call(
      'DELETE',
      `announcement-service/projects/${projectId}/announcements?type=received`,
    );
    expect(cleared.statusCode).toBe(200);
    expect(await latest('announcement.deleted')).toMatchObject({ projectId, detail: { all: true } });

    expect((await call('PUT', `account-service/projects/${projectId}/deleted`, {})).statusCode).toBe(200);
    expect(await latest('project.deleted')).toMatchObject({
      projectId,
      actorId: demoId,
      targetType: 'project',
    });
    // The project is gone; its entries stay, filterable by it.
    expect((await get(`/entries?projectId=${projectId}&limit=200`)).json().length).toBeGreaterThanOrEqual(5);
  });
});
