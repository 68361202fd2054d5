import type {
  ContactSheet,
  ContactSheetMaxNumber,
  ContactSheetSummary,
} from '@lintel/contracts/contactsheets';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../test/helper';
import { addMemberWithConsent, makeReadOnly } from '../../../test/membership';
import { json, keyOf, type Method, projectsOf, requester, signInPeople } from '../../../test/project-api';
import { attachmentsRebuiltByMigration, idOf, uploadAs } from '../files/test-support';
import { MODELS, readySample } from '../models/test-support';
import { pdfText } from './pdf-text';

/**
 * worksheet-service on the demo project. demo: project admin. zhangsan: member, default template (view all,
 * nothing else). lisi: member whose template grants create, edit and export with view scope relatedToMe.
 * wangwu: member like lisi, in the department 工程部. zhaoliu: member without the module's view right.
 * qianqi: signed in, no member. sunqi: another tenant with a project of its own.
 */

const W = '/api/v1/worksheet-service';

let t: TestApp;
type Person = 'demo' | 'zhangsan' | 'lisi' | 'wangwu' | 'zhaoliu' | 'qianqi' | 'sunqi' | 'admin';
let cookies: Record<Person, string>;
let ids: Record<string, string>;
let project: string;
let otherProject: string;
let file: string;
/** Files their uploaders attach (one may attach only files one may read: issue 14). */
let ownFile: Record<'lisi' | 'wangwu', string>;
let otherFile: string;

const request = requester(() => t);
const call = (method: Method, url: string, who: Person, payload?: unknown, language?: string) =>
  request(method, url, cookies[who], payload, language);

function expectStatus(response: LightMyRequestResponse, status: number, key?: string): void {
  expect(response.statusCode, response.body).toBe(status);
  if (key) expect(keyOf(response)).toBe(key);
}

async function send(who: Person, body: Record<string, unknown> = {}): Promise<ContactSheet> {
  const response = await call('POST', `${W}/contactsheets`, who, {
    projectId: project,
    name: '关于三层梁柱节点钢筋绑扎的工作联系单',
    content: '请于浇筑前复核节点钢筋排布。',
    receivers: [ids.zhangsan],
    cc: [ids.wangwu],
    ...body,
  });
  expectStatus(response, 200);
  return json<ContactSheet>(response);
}

const sheetUrl = (id: string, query = '') => `${W}/contactsheets/${id}${query}`;
async function sheetOf(who: Person, id: string): Promise<ContactSheet> {
  const response = await call('GET', sheetUrl(id), who);
  expectStatus(response, 200);
  return json<ContactSheet>(response);
}
function list(who: Person, query = '', projectId = project) {
  return call('GET', `${W}/projects/${projectId}/contactsheets${query ? `?${query}` : ''}`, who);
}
async function listOf(who: Person, query = ''): Promise<ContactSheetSummary[]> {
  const response = await list(who, query);
  expectStatus(response, 200);
  return json<ContactSheetSummary[]>(response);
}
async function countOf(who: Person, query = ''): Promise<number> {
  const response = await list(who, query ? `${query}&only_count=true` : 'only_count=true');
  expectStatus(response, 200);
  return json<{ count: number }>(response).count;
}
const markRead = (who: Person, id: string) => call('PUT', sheetUrl(id, '?read=true'), who);
const replyTo = (who: Person, id: string, content = '已收到，按要求整改。', extra = {}) =>
  call('POST', sheetUrl(id, '/replies'), who, { content, ...extra });
const recall = (who: Person, id: string) => call('GET', `${W}/recall/contactsheets/${id}`, who);

async function notificationsOf(who: Person, recordId: string, language?: string) {
  const where = encodeURIComponent(JSON.stringify({ module: 'contactList', recordId }));
  const response = await call(
    'GET',
    `/api/v1/base-service/notifications?where=${where}`,
    who,
    undefined,
    language,
  );
  expectStatus(response, 200);
  return json<Array<{ title: string; content: string; link: string; read: boolean }>>(response);
}
async function openTodosOf(who: Person, recordId: string) {
  const where = encodeURIComponent(JSON.stringify({ module: 'contactList', recordId }));
  const response = await call('GET', `/api/v1/base-service/todos?where=${where}`, who);
  expectStatus(response, 200);
  return json<Array<{ title: string; dueDate: string | null; link: string }>>(response);
}

async function addMember(name: string, extra: Record<string, unknown> = {}): Promise<void> {
  const response = await addMemberWithConsent(t.app, {
    scope: `projects/${project}`,
    adminCookie: cookies.demo,
    userCookie: cookies[name as Person],
    body: { userId: ids[name], ...extra },
  });
  expectStatus(response, 200);
}
async function template(name: string, grants: Record<string, unknown>): Promise<string> {
  const response = await call('POST', `${ACCOUNT}/projects/${project}/templates`, 'demo', { name, grants });
  expectStatus(response, 200);
  return json<{ _id: string }>(response)._id;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookies, ids } = await signInPeople(t, ['lisi', 'wangwu', 'zhaoliu', 'qianqi', 'sunqi']));
  project = (await projectsOf(t, cookies.demo))[0]!._id;

  const senders = await template('联系单发起', {
    contactLists: { view: 'relatedToMe', create: true, edit: true, export: true },
  });
  const blind = await template('不看联系单', { announcements: { view: 'all' } });
  const works = json<{ _id: string }>(
    await call('POST', `${ACCOUNT}/projects/${project}/structures`, 'demo', { name: '工程部' }),
  )._id;
  await addMember('lisi', { templateId: senders });
  await addMember('wangwu', { templateId: senders, department: works });
  await addMember('zhaoliu', { templateId: blind });
  // zhangsan without contact-sheet rights: the default template (项目成员) would let them send.
  await makeReadOnly(t.app, { projectId: project, adminCookie: cookies.demo, userIds: [ids.zhangsan] });

  const enterprise = json<{ _id: string }>(
    await call('POST', `${ACCOUNT}/enterprises`, 'sunqi', { name: '孙七建设' }),
  );
  otherProject = json<{ _id: string }>(
    await call('POST', `${ACCOUNT}/projects`, 'sunqi', { name: '孙七项目', enterpriseId: enterprise._id }),
  )._id;

  const upload = (who: Person, projectId: string, filename: string) =>
    uploadAs(
      t,
      cookies[who],
      [{ field: 'file', filename, contentType: 'text/plain', data: Buffer.from('节点图') }],
      {
        projectId,
      },
    );
  const uploaded = await upload('demo', project, '节点详图.txt');
  expectStatus(uploaded, 200);
  file = json<{ files: string[] }>(uploaded).files[0]?.split('/').pop() as string;
  ownFile = { lisi: '', wangwu: '' };
  for (const who of ['lisi', 'wangwu'] as const) {
    const own = await upload(who, project, `${who}的附件.txt`);
    expectStatus(own, 200);
    ownFile[who] = json<{ files: string[] }>(own).files[0]?.split('/').pop() as string;
  }
  const foreign = await upload('sunqi', otherProject, 'other.txt');
  expectStatus(foreign, 200);
  otherFile = json<{ files: string[] }>(foreign).files[0]?.split('/').pop() as string;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo project', () => {
  it('holds demo sheets to zhangsan: one replied, the others unread', async () => {
    const sheets = await listOf('zhangsan', 'visible=received');
    expect(sheets.length).toBeGreaterThanOrEqual(3);
    const replied = sheets.filter((s) => s.replied);
    expect(replied).toHaveLength(1);
    expect(replied[0]?.title).toBe('关于三层梁柱节点钢筋绑扎的工作联系单');
    expect(sheets.filter((s) => s.unRead).length).toBeGreaterThanOrEqual(1);
    expect(sheets.map((s) => s.number)).toContain(
      `TZD-${new Date(sheets[0]?.sentAt ?? '').getUTCFullYear()}-0001`,
    );
  });
});

describe('POST contactsheets', () => {
  it('sends the minimal payload: numbered, people, sender unit, circulation, notifications and to-dos', async () => {
    const sheet = await send('wangwu', {
      receivers: [ids.zhangsan],
      cc: [ids.lisi],
      replyNeeded: true,
      replyDeadline: '2030-01-10',
      attachments: [`/api/v1/base-service/files/${ownFile.wangwu}`],
    });
    expect(sheet).toMatchObject({
      type: 'contact',
      title: '关于三层梁柱节点钢筋绑扎的工作联系单',
      name: '关于三层梁柱节点钢筋绑扎的工作联系单',
      senderId: ids.wangwu,
      senderUnit: '工程部',
      receivers: [ids.zhangsan],
      cc: [ids.lisi],
      replyNeeded: true,
      replyDeadline: '2030-01-10',
      status: 'sent',
      box: 'sent',
      read: true,
      unRead: false,
      canEdit: true,
      canRecall: true,
      attachmentCount: 1,
    });
    expect(sheet.number).toMatch(/^LXD-\d{4}-\d{4}$/);
    expect(sheet.attachments[0]).toMatchObject({ _id: ownFile.wangwu, name: 'wangwu的附件.txt' });
    // A file the sender may not read (demo's, attached nowhere) is no file of the project for them.
    expectStatus(
      await call('POST', `${W}/contactsheets`, 'wangwu', {
        projectId: project,
        name: '借用他人附件',
        content: '附件',
        receivers: [ids.zhangsan],
        attachments: [file],
      }),
      400,
      'contactsheets.attachmentNotFound',
    );
    expect(sheet.circulation).toHaveLength(1);
    expect(sheet.circulation[0]).toMatchObject({ action: 'send', actor: { _id: ids.wangwu } });
    expect(sheet.circulation[0]?.users.map((u) => u._id)).toEqual([ids.zhangsan, ids.lisi]);

    const [notice] = await notificationsOf('zhangsan', sheet._id);
    expect(notice?.title).toContain(sheet.title);
    expect(notice?.link).toBe(`/projects/${project}/contactsheets/${sheet._id}`);
    expect(await notificationsOf('lisi', sheet._id)).toHaveLength(1);
    const todos = await openTodosOf('zhangsan', sheet._id);
    expect(todos).toHaveLength(1);
    expect(todos[0]?.dueDate).toBe('2030-01-10');
    // cc: a notification, no to-do.
    expect(await openTodosOf('lisi', sheet._id)).toHaveLength(0);
  });

  it('takes title as well as name, the kinds with their prefixes, and an explicit sender unit', async () => {
    const visa = await send('lisi', {
      name: undefined,
      title: '签证单标题',
      type: 'visa',
      senderUnit: '监理部',
    });
    expect(visa.number).toMatch(/^QZD-\d{4}-0001$/);
    expect(visa).toMatchObject({ title: '签证单标题', senderUnit: '监理部', cc: [ids.wangwu] });
  });

  it('refuses bad input with the rule named, and writes nothing', async () => {
    const before = await countOf('demo', 'visible=sent');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: '关于\t节点' }, 400, 'contactsheets.illegalCharacters'],
      [{ name: '节点\u0007' }, 400, 'contactsheets.illegalCharacters'],
      [{ name: '  ' }, 400, 'common.validation'],
      [{ content: '' }, 400, 'common.validation'],
      [{ receivers: [] }, 400, 'common.validation'],
      [{ cc: [ids.zhangsan] }, 400, 'contactsheets.ccOverlapsReceivers'],
      [{ receivers: [ids.qianqi] }, 400, 'contactsheets.receiverNotMember'],
      [{ cc: [ids.sunqi] }, 400, 'contactsheets.receiverNotMember'],
      [{ receivers: [ids.demo] }, 400, 'contactsheets.selfReceiver'],
      [{ attachments: [otherFile] }, 400, 'contactsheets.attachmentNotFound'],
      [{ replyNeeded: false, replyDeadline: '2030-01-01' }, 400, 'contactsheets.deadlineWithoutReply'],
      [{ title: '别的标题' }, 400, 'contactsheets.nameTitleDiffer'],
      [{ type: 'memo' }, 400, 'common.validation'],
    ];
    for (const [body, status, key] of cases) {
      const response = await call('POST', `${W}/contactsheets`, 'demo', {
        projectId: project,
        name: '标题',
        content: '内容',
        receivers: [ids.zhangsan],
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const answer = json<{ key: string; details?: Array<{ key: string }> }>(response);
      expect([answer.key, ...(answer.details ?? []).map((d) => d.key)], JSON.stringify(body)).toContain(key);
    }
    expect(await countOf('demo', 'visible=sent')).toBe(before);
  });

  it('answers the illegal-character rule in the request language', async () => {
    const response = await call(
      'POST',
      `${W}/contactsheets`,
      'demo',
      { projectId: project, name: 'a\tb', content: 'x', receivers: [ids.zhangsan] },
      'en-US',
    );
    expectStatus(response, 400);
    expect(json<{ message: string }>(response).message).toContain('cannot contain control characters');
  });

  it('needs the create right (403), membership (404), and a project of the caller (404)', async () => {
    expectStatus(
      await call('POST', `${W}/contactsheets`, 'zhangsan', {
        projectId: project,
        name: 'x',
        content: 'y',
        receivers: [ids.lisi],
      }),
      403,
      'common.forbidden',
    );
    expectStatus(
      await call('POST', `${W}/contactsheets`, 'qianqi', {
        projectId: project,
        name: 'x',
        content: 'y',
        receivers: [ids.lisi],
      }),
      404,
      'common.notFound',
    );
    expectStatus(
      await call('POST', `${W}/contactsheets`, 'demo', {
        projectId: otherProject,
        name: 'x',
        content: 'y',
        receivers: [ids.sunqi],
      }),
      404,
      'common.notFound',
    );
  });
});

describe('attachments and the counter are read through the sheets (issue 14)', () => {
  const FILES = '/api/v1/base-service/files';
  it('a member not on a sheet gets 404 on its attachment by id; its people read it until it is recalled', async () => {
    const uploaded = await uploadAs(
      t,
      cookies.demo,
      [{ field: 'file', filename: '整改单.txt', contentType: 'text/plain', data: Buffer.from('整改要求') }],
      { projectId: project },
    );
    expectStatus(uploaded, 200);
    const attachment = idOf(json<{ files: string[] }>(uploaded).files[0]!);
    // Before it is attached anywhere, a loose file is its uploader's (and the admins').
    expectStatus(await call('GET', `${FILES}/${attachment}`, 'zhangsan'), 404);
    const sheet = await send('demo', {
      receivers: [ids.zhangsan],
      cc: [ids.wangwu],
      attachments: [attachment],
    });

    const readers: Person[] = ['demo', 'zhangsan', 'wangwu'];
    for (const who of readers) expectStatus(await call('GET', `${FILES}/${attachment}`, who), 200);
    // lisi sees only sheets he is on; zhaoliu has no view right; qianqi and sunqi are outside.
    for (const who of ['lisi', 'zhaoliu', 'qianqi', 'sunqi'] as const) {
      for (const query of ['', '?download=true', '?meta=true', '?preview=true']) {
        const response = await call('GET', `${FILES}/${attachment}${query}`, who);
        expectStatus(response, 404, 'common.notFound');
      }
      // Guessing ids does no better: the neighbours of a known id are not files either.
      expectStatus(await call('GET', `${FILES}/${attachment.slice(0, 23)}0`, who), 404);
    }

    // Recalled: the receivers no longer see the sheet, nor its attachment; the sender still does.
    expectStatus(await call('POST', `${W}/recall/contactsheets/${sheet._id}`, 'demo', {}), 200);
    expectStatus(await call('GET', `${FILES}/${attachment}`, 'zhangsan'), 404);
    expectStatus(await call('GET', `${FILES}/${attachment}`, 'demo'), 200);
  });

  it('the counter (max-number) answers those who write sheets or see them all; 403 to a member who sees only their own', async () => {
    const { cookies: more, ids: moreIds } = await signInPeople(t, ['zhouba'] as const);
    const ownOnly = json<{ _id: string }>(
      await call('POST', `${ACCOUNT}/projects/${project}/templates`, 'demo', {
        name: '只看自己的联系单',
        grants: { contactLists: { view: 'relatedToMe' } },
      }),
    )._id;
    expectStatus(
      await addMemberWithConsent(t.app, {
        scope: `projects/${project}`,
        adminCookie: cookies.demo,
        userCookie: more.zhouba,
        body: { userId: moreIds.zhouba, templateId: ownOnly },
      }),
      200,
    );
    const url = `${W}/projects/${project}/contactsheets/max-number?type=contact`;
    for (const who of ['demo', 'zhangsan', 'lisi'] as const) expectStatus(await call('GET', url, who), 200);
    // The unit an empty sending unit stands for: wangwu's department; lisi has neither department nor company.
    expect(json<ContactSheetMaxNumber>(await call('GET', url, 'wangwu')).senderUnit).toBe('工程部');
    expect(json<ContactSheetMaxNumber>(await call('GET', url, 'lisi')).senderUnit).toBe('');
    const refused = await request('GET', url, more.zhouba);
    expectStatus(refused, 403, 'common.forbidden');
    expect(refused.body).not.toContain('lastSequence');
    expectStatus(await call('GET', url, 'zhaoliu'), 403);
    expectStatus(await call('GET', url, 'qianqi'), 404);
    // Their own list's count stays theirs: none.
    expect(
      json(
        await request(
          'GET',
          `${W}/projects/${project}/contactsheets?only_count=true&visible=all`,
          more.zhouba,
        ),
      ),
    ).toEqual({ count: 0 });
  });
});

describe("a sheet's model, viewpoint and selection set are its project's (issue 16)", () => {
  const SOUTH_WALL = '3g46_woBL6sugXeY5_WP6n';
  const camera = { projection: 'perspective', position: [12.5, 8, -3.25], target: [0, 1.5, 0] };
  /** A model of P, a second one, and one of sunqi's project; P's viewport of each of its models. */
  const links = { model: '', second: '', foreignModel: '', viewport: '', secondViewport: '' };
  let foreignViewport = '';
  let selectionSet = '';
  let foreignSet = '';

  async function created(who: Person, url: string, body: unknown): Promise<string> {
    const response = await call('POST', url, who, body);
    expectStatus(response, 200);
    return json<{ _id: string }>(response)._id;
  }
  const viewportOf = (who: Person, projectId: string, modelId: string) =>
    created(who, `${MODELS}/projects/${projectId}/viewports`, { name: '视点', modelIds: [modelId], camera });
  const setOf = (who: Person, projectId: string, modelId: string) =>
    created(who, `${MODELS}/projects/${projectId}/selection-sets`, {
      name: '南墙',
      items: [{ modelId, globalIds: [SOUTH_WALL] }],
    });

  beforeAll(async () => {
    links.model = (await readySample(t.app, cookies.demo, project))._id;
    links.second = (await readySample(t.app, cookies.demo, project, undefined, '联系单第二模型'))._id;
    links.foreignModel = (await readySample(t.app, cookies.sunqi, otherProject))._id;
    links.viewport = await viewportOf('demo', project, links.model);
    links.secondViewport = await viewportOf('demo', project, links.second);
    foreignViewport = await viewportOf('sunqi', otherProject, links.foreignModel);
    selectionSet = await setOf('demo', project, links.model);
    foreignSet = await setOf('sunqi', otherProject, links.foreignModel);
  }, 120_000);

  it("are stored when they are; another project's or an unknown id is refused (400) and nothing is written", async () => {
    const sheet = await send('lisi', {
      modelId: links.model,
      viewportId: links.viewport,
      selectionSetId: selectionSet,
    });
    expect(await sheetOf('lisi', sheet._id)).toMatchObject({
      modelId: links.model,
      viewportId: links.viewport,
      selectionSetId: selectionSet,
    });

    const before = await countOf('demo', 'visible=sent');
    const unknown = '0123456789abcdef01234567';
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ modelId: links.foreignModel }, 'models.unknownModel', 'modelId'],
      [{ modelId: unknown }, 'models.unknownModel', 'modelId'],
      [{ viewportId: foreignViewport }, 'contactsheets.viewportNotFound', 'viewportId'],
      [{ viewportId: unknown }, 'contactsheets.viewportNotFound', 'viewportId'],
      [
        { modelId: links.model, viewportId: links.secondViewport },
        'contactsheets.viewportOtherModel',
        'viewportId',
      ],
      [{ selectionSetId: foreignSet }, 'contactsheets.selectionSetNotFound', 'selectionSetId'],
      [{ selectionSetId: unknown }, 'contactsheets.selectionSetNotFound', 'selectionSetId'],
    ];
    for (const [body, key, path] of cases) {
      const response = await call('POST', `${W}/contactsheets`, 'demo', {
        projectId: project,
        name: '标题',
        content: '内容',
        receivers: [ids.zhangsan],
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = json<{ key: string; details?: Array<{ key: string; path: string }> }>(response);
      expect(answer.key, JSON.stringify(body)).toBe(key);
      expect(answer.details?.[0]?.path, JSON.stringify(body)).toBe(path);
    }
    expect(await countOf('demo', 'visible=sent')).toBe(before);
  });

  it('an edit is checked against the links as they will stand, and a refused edit changes nothing', async () => {
    const sheet = await send('lisi', { modelId: links.model, viewportId: links.viewport });
    const edit = (body: Record<string, unknown>) => call('PUT', sheetUrl(sheet._id), 'lisi', body);
    // A new model the kept viewpoint does not show.
    expectStatus(await edit({ modelId: links.second }), 400, 'contactsheets.viewportOtherModel');
    expectStatus(await edit({ viewportId: foreignViewport }), 400, 'contactsheets.viewportNotFound');
    expectStatus(await edit({ selectionSetId: foreignSet }), 400, 'contactsheets.selectionSetNotFound');
    expect(await sheetOf('lisi', sheet._id)).toMatchObject({
      modelId: links.model,
      viewportId: links.viewport,
      selectionSetId: null,
    });
    // Both together, and clearing them, are accepted.
    expectStatus(await edit({ modelId: links.second, viewportId: links.secondViewport }), 200);
    expectStatus(await edit({ modelId: '', viewportId: '' }), 200);
    expect(await sheetOf('lisi', sheet._id)).toMatchObject({ modelId: null, viewportId: null });
  });
});

describe('numbers', () => {
  it('20 concurrent sends get distinct, gap-free numbers', async () => {
    const before = json<ContactSheetMaxNumber>(
      await call('GET', `${W}/projects/${project}/contactsheets/max-number?type=change`, 'demo'),
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call('POST', `${W}/contactsheets`, 'demo', {
          projectId: project,
          type: 'change',
          name: `变更 ${index}`,
          content: '变更内容',
          receivers: [ids.zhangsan],
        }),
      ),
    );
    for (const response of responses) expectStatus(response, 200);
    const sequences = responses.map((r) => json<ContactSheet>(r).numberSeq).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => before.lastSequence + 1 + i));
    const after = json<ContactSheetMaxNumber>(
      await call('GET', `${W}/projects/${project}/contactsheets/max-number?type=change`, 'demo'),
    );
    expect(after.lastSequence).toBe(before.lastSequence + 20);
    expect(after.lastNumber).toMatch(
      new RegExp(`^BGD-\\d{4}-${String(after.lastSequence).padStart(4, '0')}$`),
    );
    expect(after.nextNumber).toMatch(new RegExp(`-${String(after.lastSequence + 1).padStart(4, '0')}$`));
  });

  it('run per kind, and a deleted sheet keeps its number used', async () => {
    const max = async (type: string) =>
      json<ContactSheetMaxNumber>(
        await call('GET', `${W}/projects/${project}/contactsheets/max-number?type=${type}`, 'demo'),
      );
    const notice = await send('demo', { type: 'notice' });
    const contact = await send('demo');
    expect(notice.number.startsWith('TZD-')).toBe(true);
    expect((await max('notice')).lastSequence).toBe(notice.numberSeq);
    expect((await max('contact')).lastSequence).toBe(contact.numberSeq);
    expectStatus(await call('DELETE', `${W}/contactsheets?ids=${contact._id}`, 'demo'), 200);
    expect(await max('contact')).toMatchObject({
      lastSequence: contact.numberSeq,
      lastNumber: contact.number,
    });
    const next = await send('demo');
    expect(next.numberSeq).toBe(contact.numberSeq + 1);
    expectStatus(
      await call('GET', `${W}/projects/${project}/contactsheets/max-number?type=memo`, 'demo'),
      400,
    );
    expectStatus(await call('GET', `${W}/projects/${project}/contactsheets/max-number`, 'qianqi'), 404);
    expect((await max('visa')).lastSequence).toBeGreaterThanOrEqual(1);
  });
});

describe('reading, replying, forwarding', () => {
  it("a read mark is kept once in the circulation record; a no-reply receiver's to-do closes then", async () => {
    const sheet = await send('lisi', { receivers: [ids.zhangsan], cc: [ids.wangwu] });
    expect((await listOf('zhangsan', 'visible=received&unRead=true')).map((s) => s._id)).toContain(sheet._id);
    expect(await openTodosOf('zhangsan', sheet._id)).toHaveLength(1);
    const read = await markRead('zhangsan', sheet._id);
    expectStatus(read, 200);
    expect(json<ContactSheet>(read)).toMatchObject({
      read: true,
      unRead: false,
      readCount: 1,
      box: 'received',
      role: 'receiver',
    });
    expectStatus(await markRead('zhangsan', sheet._id), 200);
    const after = await sheetOf('lisi', sheet._id);
    expect(after.circulation.map((c) => c.action)).toEqual(['send', 'read']);
    expect(after.participants.find((p) => p.user._id === ids.zhangsan)).toMatchObject({ read: true });
    expect(await openTodosOf('zhangsan', sheet._id)).toHaveLength(0);
    expect((await notificationsOf('zhangsan', sheet._id)).every((n) => n.read)).toBe(true);
    expect((await listOf('zhangsan', 'visible=received&unRead=true')).map((s) => s._id)).not.toContain(
      sheet._id,
    );
    // cc reads too; the sender is not on the sheet.
    expectStatus(await markRead('wangwu', sheet._id), 200);
    expectStatus(await markRead('lisi', sheet._id), 403, 'contactsheets.notOnSheet');
  });

  it('replies come from receivers only, close their to-do and tell the sender', async () => {
    const sheet = await send('lisi', {
      receivers: [ids.zhangsan],
      cc: [ids.wangwu],
      replyNeeded: true,
      attachments: [ownFile.lisi],
    });
    expectStatus(await markRead('zhangsan', sheet._id), 200);
    // Reading does not close a reply-needed to-do.
    expect(await openTodosOf('zhangsan', sheet._id)).toHaveLength(1);
    expectStatus(await replyTo('wangwu', sheet._id), 403, 'contactsheets.notReceiver');
    expectStatus(await replyTo('lisi', sheet._id), 403, 'contactsheets.notReceiver');
    expectStatus(await replyTo('zhangsan', sheet._id, ' '), 400);
    expectStatus(
      await replyTo('zhangsan', sheet._id, '附件', { attachments: [otherFile] }),
      400,
      'contactsheets.attachmentNotFound',
    );
    // zhangsan may not read demo's loose file, so he cannot attach it (issue 14); the sheet's file he reads.
    expectStatus(
      await replyTo('zhangsan', sheet._id, '附件', { attachments: [file] }),
      400,
      'contactsheets.attachmentNotFound',
    );
    const replied = await replyTo('zhangsan', sheet._id, '已收到，按要求整改。', {
      attachments: [ownFile.lisi],
    });
    expectStatus(replied, 200);
    const body = json<ContactSheet>(replied);
    expect(body).toMatchObject({ replied: true, replyCount: 1, canReply: true });
    expect(body.replies[0]).toMatchObject({ content: '已收到，按要求整改。', user: { _id: ids.zhangsan } });
    expect(body.replies[0]?.attachments.map((a) => a._id)).toEqual([ownFile.lisi]);
    expect(body.attachmentCount).toBe(1);
    expect(body.circulation.map((c) => c.action)).toEqual(['send', 'read', 'reply']);
    expect(await openTodosOf('zhangsan', sheet._id)).toHaveLength(0);
    const [toSender] = await notificationsOf('lisi', sheet._id);
    expect(toSender?.title).toContain('回复');
    expect(
      (await listOf('lisi', `where=${encodeURIComponent('{"replied":true}')}`)).map((s) => s._id),
    ).toContain(sheet._id);
  });

  it('forwarding adds people with a to-do and a circulation entry; only the sender or a receiver may', async () => {
    const sheet = await send('lisi', { receivers: [ids.zhangsan], cc: [], replyNeeded: true });
    const forward = (who: Person, body: Record<string, unknown>) =>
      call('POST', sheetUrl(sheet._id, '/forward'), who, body);
    expectStatus(await forward('wangwu', { receivers: [ids.demo] }), 404, 'common.notFound');
    expectStatus(await forward('zhangsan', { receivers: [ids.lisi] }), 400, 'contactsheets.selfReceiver');
    expectStatus(
      await forward('zhangsan', { receivers: [ids.zhangsan] }),
      400,
      'contactsheets.alreadyOnSheet',
    );
    expectStatus(
      await forward('zhangsan', { receivers: [ids.qianqi] }),
      400,
      'contactsheets.receiverNotMember',
    );
    expectStatus(await forward('zhangsan', { receivers: [ids.demo], cc: [ids.demo] }), 400);
    const done = await forward('zhangsan', {
      receivers: [ids.wangwu],
      cc: [ids.demo],
      remark: '请工程部处理',
    });
    expectStatus(done, 200);
    const body = json<ContactSheet>(done);
    expect(body.receivers).toEqual([ids.zhangsan, ids.wangwu]);
    expect(body.cc).toEqual([ids.demo]);
    expect(body.participants.find((p) => p.user._id === ids.wangwu)).toMatchObject({
      role: 'receiver',
      forwardedBy: ids.zhangsan,
    });
    expect(body.circulation.at(-1)).toMatchObject({
      action: 'forward',
      remark: '请工程部处理',
      actor: { _id: ids.zhangsan },
    });
    expect(body.circulation.at(-1)?.users.map((u) => u._id)).toEqual([ids.wangwu, ids.demo]);
    expect(await openTodosOf('wangwu', sheet._id)).toHaveLength(1);
    expect(await notificationsOf('demo', sheet._id)).toHaveLength(1);
    // wangwu is a receiver now: they see it, reply, and may forward in turn; cc demo may not.
    expectStatus(await replyTo('wangwu', sheet._id), 200);
    expectStatus(await forward('demo', { receivers: [ids.zhaoliu] }), 403, 'contactsheets.cannotForward');
  });
});

describe("notifications in the reader's language", () => {
  it('sent (to and cc), forwarded, replied and recalled: English for en-US, stored in Chinese', async () => {
    const sheet = await send('lisi', { receivers: [ids.zhangsan], cc: [ids.wangwu], replyNeeded: true });
    const only = async (who: Person, id: string, language: string) => {
      const [notice, ...more] = await notificationsOf(who, id, language);
      expect(more, who).toEqual([]);
      return notice && { title: notice.title, content: notice.content };
    };
    const sent = {
      title: `lisi昵称 sent the work contact sheet "${sheet.title}"`,
      content: `${sheet.number} 请于浇筑前复核节点钢筋排布。`,
    };
    expect(await only('zhangsan', sheet._id, 'en-US')).toEqual(sent);
    expect(await only('wangwu', sheet._id, 'en-US')).toEqual(sent);
    expect(await only('zhangsan', sheet._id, 'zh-CN')).toEqual({
      title: `lisi昵称 发送了工作联系单「${sheet.title}」`,
      content: sent.content,
    });

    expectStatus(
      await call('POST', sheetUrl(sheet._id, '/forward'), 'wangwu', { receivers: [ids.demo] }),
      403,
    );
    expectStatus(await call('POST', sheetUrl(sheet._id, '/forward'), 'lisi', { receivers: [ids.demo] }), 200);
    expect((await only('demo', sheet._id, 'en-US'))?.title).toBe(
      `lisi昵称 forwarded the work contact sheet "${sheet.title}"`,
    );

    expectStatus(await replyTo('zhangsan', sheet._id, '已收到。'), 200);
    const [zhangsanName] = (await only('lisi', sheet._id, 'zh-CN'))?.title.split(' 回复了') ?? [];
    expect(await only('lisi', sheet._id, 'en-US')).toEqual({
      title: `${zhangsanName} replied to "${sheet.title}"`,
      content: '已收到。',
    });

    const recalled = await send('wangwu', { receivers: [ids.zhangsan], cc: [] });
    expectStatus(await recall('wangwu', recalled._id), 200);
    const told = await notificationsOf('zhangsan', recalled._id, 'en-US');
    expect(told.map((n) => [n.title, n.content])).toContainEqual([
      `wangwu昵称 recalled "${recalled.title}"`,
      recalled.number,
    ]);
  });
});

describe('recall, edit and resend', () => {
  it('the sender recalls before any reply; after a reply it is refused (409)', async () => {
    const sheet = await send('lisi', { receivers: [ids.zhangsan], cc: [ids.wangwu], replyNeeded: true });
    expectStatus(await recall('zhangsan', sheet._id), 403, 'contactsheets.notSender');
    const recalled = await recall('lisi', sheet._id);
    expectStatus(recalled, 200);
    expect(json<ContactSheet>(recalled)).toMatchObject({
      status: 'recalled',
      canEdit: true,
      canRecall: false,
    });
    expect(json<ContactSheet>(recalled).circulation.map((c) => c.action)).toEqual(['send', 'recall']);
    expectStatus(await recall('lisi', sheet._id), 409, 'contactsheets.alreadyRecalled');
    // Gone for the receivers: their to-do closed, their list without it, the sheet 404 recalled.
    expect(await openTodosOf('zhangsan', sheet._id)).toHaveLength(0);
    expect((await listOf('zhangsan', 'visible=received')).map((s) => s._id)).not.toContain(sheet._id);
    expectStatus(await call('GET', sheetUrl(sheet._id), 'zhangsan'), 404, 'contactsheets.recalled');
    expectStatus(await replyTo('zhangsan', sheet._id), 404, 'contactsheets.recalled');
    expect((await listOf('lisi', 'visible=sent')).find((s) => s._id === sheet._id)?.status).toBe('recalled');

    const replied = await send('lisi', { receivers: [ids.zhangsan], cc: [] });
    expectStatus(await replyTo('zhangsan', replied._id), 200);
    expectStatus(await recall('lisi', replied._id), 409, 'contactsheets.recallAfterReply');
    expect((await sheetOf('lisi', replied._id)).status).toBe('sent');
  });

  it('the GET form cannot be triggered from another site; the POST form is what the web app sends', async () => {
    const sheet = await send('lisi', { receivers: [ids.zhangsan], cc: [] });
    const url = `${W}/recall/contactsheets/${sheet._id}`;
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/lure.html' },
    ]) {
      const forged = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: cookies.lisi, ...headers },
      });
      expectStatus(forged, 403, 'common.foreignOrigin');
    }
    const forgedPost = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: cookies.lisi, origin: 'https://evil.example' },
    });
    expectStatus(forgedPost, 403, 'common.foreignOrigin');
    expect((await sheetOf('lisi', sheet._id)).status).toBe('sent');
    const posted = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: cookies.lisi, 'sec-fetch-site': 'same-origin' },
    });
    expectStatus(posted, 200);
    expect(json<ContactSheet>(posted).status).toBe('recalled');
    // The specification's GET from our own pages still works (here: already recalled, so 409).
    const ownPage = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: cookies.lisi, 'sec-fetch-site': 'same-origin' },
    });
    expectStatus(ownPage, 409, 'contactsheets.alreadyRecalled');
  });

  it('the sender edits while unread; once read only after a recall, then sends it again with its number', async () => {
    const sheet = await send('lisi', { receivers: [ids.zhangsan], cc: [ids.wangwu] });
    const edit = (who: Person, body: Record<string, unknown>, query = '') =>
      call('PUT', sheetUrl(sheet._id, query), who, body);
    expectStatus(await edit('zhangsan', { name: '改' }), 403, 'contactsheets.notSender');
    expectStatus(await edit('lisi', { name: 'a\u0001b' }), 400, 'common.validation');
    expectStatus(await edit('lisi', { cc: [ids.zhangsan] }), 400, 'contactsheets.ccOverlapsReceivers');
    const edited = await edit('lisi', { name: '改过的标题', receivers: [ids.zhangsan, ids.demo], cc: [] });
    expectStatus(edited, 200);
    expect(json<ContactSheet>(edited)).toMatchObject({
      title: '改过的标题',
      receivers: [ids.zhangsan, ids.demo],
      cc: [],
    });
    expect(json<ContactSheet>(edited).circulation.map((c) => c.action)).toEqual(['send', 'edit']);
    // demo was added (notified, to-do); wangwu removed (no longer sees it: view scope relatedToMe).
    expect(await openTodosOf('demo', sheet._id)).toHaveLength(1);
    expectStatus(await call('GET', sheetUrl(sheet._id), 'wangwu'), 404, 'common.notFound');
    expect((await openTodosOf('zhangsan', sheet._id))[0]?.title).toContain('改过的标题');

    expectStatus(await markRead('zhangsan', sheet._id), 200);
    expectStatus(await edit('lisi', { content: '新内容' }), 409, 'contactsheets.notEditable');
    expectStatus(await edit('lisi', {}, '?resend=true'), 409, 'contactsheets.notRecalled');
    expectStatus(await recall('lisi', sheet._id), 200);
    expectStatus(await edit('lisi', { content: '撤回后修改的内容' }), 200);
    const resent = await edit('lisi', { replyNeeded: true }, '?resend=true');
    expectStatus(resent, 200);
    const body = json<ContactSheet>(resent);
    expect(body).toMatchObject({
      status: 'sent',
      number: sheet.number,
      content: '撤回后修改的内容',
      replyNeeded: true,
      readCount: 0,
    });
    expect(body.circulation.map((c) => c.action)).toEqual([
      'send',
      'edit',
      'read',
      'recall',
      'edit',
      'resend',
    ]);
    expect((await sheetOf('zhangsan', sheet._id)).unRead).toBe(true);
    expect(await openTodosOf('zhangsan', sheet._id)).toHaveLength(1);
  });
});

describe('lists', () => {
  it('boxes, kinds, unread, where and order; only_count agrees with the list', async () => {
    const queries = [
      '',
      'visible=received',
      'visible=sent',
      'visible=all&type=change',
      'unRead=true',
      `where=${encodeURIComponent(JSON.stringify({ name: { $regex: '钢筋' } }))}`,
      `where=${encodeURIComponent(JSON.stringify({ replyNeeded: true, sentAt: { $gte: '2000-01-01' } }))}`,
      `where=${encodeURIComponent(JSON.stringify({ senderId: ids.lisi }))}`,
    ];
    for (const who of ['demo', 'zhangsan', 'lisi', 'wangwu'] as const) {
      for (const query of queries) {
        const full = await listOf(who, `${query}${query ? '&' : ''}limit=200`);
        expect(await countOf(who, query), `${who} ${query}`).toBe(full.length);
      }
    }
    const changes = await listOf('demo', 'type=change&order=number&limit=5');
    expect(changes.map((s) => s.numberSeq)).toEqual(
      [...changes.map((s) => s.numberSeq)].sort((a, b) => a - b),
    );
    expect(changes.every((s) => s.type === 'change')).toBe(true);
    const newest = await listOf('demo', 'limit=3');
    expect(newest.map((s) => s.sentAt)).toEqual([...newest.map((s) => s.sentAt)].sort().reverse());
    const page2 = await listOf('demo', 'skip=3&limit=3');
    expect(page2.map((s) => s._id)).not.toContain(newest[0]?._id);
    expectStatus(
      await list('demo', `where=${encodeURIComponent('{"content":"x"}')}`),
      400,
      'common.whereUnknownField',
    );
    expectStatus(await list('demo', 'order=-content'), 400, 'common.orderUnknownField');
    expectStatus(await list('demo', 'visible=mine'), 400);
  });

  it('view scope: all sees every sent sheet; relatedToMe only theirs; no view 403; non-members 404', async () => {
    const sheet = await send('demo', { receivers: [ids.zhangsan], cc: [] });
    // zhangsan (view all) and demo (admin) see it; wangwu (relatedToMe, not on it) does not.
    expect((await listOf('wangwu', 'limit=200')).map((s) => s._id)).not.toContain(sheet._id);
    expectStatus(await call('GET', sheetUrl(sheet._id), 'wangwu'), 404, 'common.notFound');
    const seen = (await listOf('zhangsan', 'limit=200')).map((s) => s._id);
    expect(seen).toContain(sheet._id);
    const byLisi = await listOf('lisi', 'visible=sent&limit=200');
    expect((await listOf('zhangsan', 'visible=all&limit=200')).length).toBeGreaterThanOrEqual(
      byLisi.filter((s) => s.status === 'sent').length,
    );
    expectStatus(await list('zhaoliu'), 403, 'common.forbidden');
    expectStatus(await call('GET', sheetUrl(sheet._id), 'zhaoliu'), 403, 'common.forbidden');
    expectStatus(await list('qianqi'), 404, 'common.notFound');
    expectStatus(await call('GET', sheetUrl(sheet._id), 'qianqi'), 404, 'common.notFound');
    expectStatus(await call('GET', sheetUrl(sheet._id), 'sunqi'), 404, 'common.notFound');
    expectStatus(await list('demo', '', otherProject), 404, 'common.notFound');
    expectStatus(await t.app.inject({ method: 'GET', url: `${W}/projects/${project}/contactsheets` }), 401);
  });
});

describe('delete', () => {
  it('bulk delete is all or nothing; deleted sheets answer contactsheets.deleted', async () => {
    const mine = await send('lisi', { receivers: [ids.zhangsan], cc: [] });
    const theirs = await send('demo', { receivers: [ids.lisi], cc: [] });
    // lisi has no delete right: theirs is not deletable, so neither is deleted.
    expectStatus(
      await call('DELETE', `${W}/contactsheets?ids=${mine._id},${theirs._id}`, 'lisi'),
      403,
      'contactsheets.notDeletable',
    );
    expect((await sheetOf('lisi', mine._id)).status).toBe('sent');
    expectStatus(
      await call('DELETE', `${W}/contactsheets?ids=${mine._id},${'f'.repeat(24)}`, 'lisi'),
      404,
      'common.notFound',
    );
    expectStatus(await call('DELETE', `${W}/contactsheets?ids=bad`, 'lisi'), 400);
    expectStatus(await call('DELETE', `${W}/contactsheets`, 'lisi'), 400);
    const deleted = await call('DELETE', `${W}/contactsheets?ids=${mine._id}`, 'lisi');
    expectStatus(deleted, 200);
    expect(json(deleted)).toEqual({ count: 1 });
    for (const who of ['lisi', 'zhangsan', 'demo'] as const) {
      const response = await call(
        'GET',
        sheetUrl(mine._id),
        who,
        undefined,
        who === 'demo' ? 'en-US' : undefined,
      );
      expectStatus(response, 404, 'contactsheets.deleted');
    }
    expect(json<{ message: string }>(await call('GET', sheetUrl(mine._id), 'zhangsan')).message).toBe(
      '该联系单已被删除',
    );
    expect(
      json<{ message: string }>(await call('GET', sheetUrl(mine._id), 'zhangsan', undefined, 'en-US'))
        .message,
    ).toBe('The contact slip has been deleted');
    expect(await openTodosOf('zhangsan', mine._id)).toHaveLength(0);
    expectStatus(
      await call('DELETE', `${W}/contactsheets?ids=${mine._id}`, 'lisi'),
      404,
      'contactsheets.deleted',
    );
    // An admin deletes anyone's; cross-tenant ids are 404 and delete nothing.
    expectStatus(
      await call('DELETE', `${W}/contactsheets?ids=${theirs._id}`, 'sunqi'),
      404,
      'common.notFound',
    );
    expectStatus(await call('DELETE', `${W}/contactsheets?ids=${theirs._id}`, 'demo'), 200);
  });

  it('prjId deletes what the caller may: their own without the delete right, everything with it', async () => {
    const own = await send('wangwu', { receivers: [ids.zhangsan], cc: [] });
    const other = await send('lisi', { receivers: [ids.zhangsan], cc: [] });
    const answer = await call('DELETE', `${W}/contactsheets?prjId=${project}`, 'wangwu');
    expectStatus(answer, 200);
    expect(json<{ count: number }>(answer).count).toBeGreaterThanOrEqual(1);
    expectStatus(await call('GET', sheetUrl(own._id), 'wangwu'), 404, 'contactsheets.deleted');
    expect((await sheetOf('lisi', other._id)).status).toBe('sent');
    expectStatus(await call('DELETE', `${W}/contactsheets?prjId=${project}`, 'qianqi'), 404);
    expectStatus(await call('DELETE', `${W}/contactsheets?prjId=${otherProject}`, 'demo'), 404);
    const all = await call('DELETE', `${W}/contactsheets?prjId=${project}`, 'demo');
    expectStatus(all, 200);
    expect(await countOf('demo')).toBe(0);
    expect(await countOf('zhangsan', 'visible=received')).toBe(0);
  });
});

describe('PDF', () => {
  it('download: an attachment named "<number> <title>.pdf" holding the number and the title', async () => {
    // A subject may hold what a file name cannot ("3/F", "1:100"): the PDF keeps it, the file name is made safe.
    const sheet = await send('lisi', {
      receivers: [ids.zhangsan],
      cc: [ids.wangwu],
      name: '关于3/F梁柱节点钢筋绑扎的工作联系单 1:100（镕喆堃犇淼）',
      content: `第一段：节点钢筋排布需复核。\n${'混凝土浇筑前请完成隐蔽验收。'.repeat(300)}`,
      attachments: [ownFile.lisi],
    });
    expectStatus(await replyTo('zhangsan', sheet._id, '已复核，改用直螺纹套筒连接。'), 200);
    const response = await call('GET', sheetUrl(sheet._id, '?download=true'), 'lisi');
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(sheet.title).toBe('关于3/F梁柱节点钢筋绑扎的工作联系单 1:100（镕喆堃犇淼）');
    const fileName = `${sheet.number} 关于3-F梁柱节点钢筋绑扎的工作联系单 1：100（镕喆堃犇淼）.pdf`;
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(fileName).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Subsets of the CJK font only: a long sheet stays small.
    expect(pdf.length).toBeLessThan(400_000);
    const pages = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join('\n');
    expect(text).toContain(sheet.number);
    expect(text).toContain('关于3/F梁柱节点钢筋绑扎的工作联系单 1:100（镕喆堃犇淼）');
    for (const label of [
      '示范项目一期',
      '工 作 联 系 单',
      '编号',
      '发送单位',
      '接收人',
      '抄送',
      '是否需要回复',
      '主题',
      '流转记录',
      '已复核，改用直螺纹套筒连接。',
      'lisi的附件.txt',
    ]) {
      expect(text, label).toContain(label);
    }
    expect(pages[0]).toContain(`第 1 页 / 共 ${pages.length} 页`);
    expect(pages.at(-1)).toContain(`第 ${pages.length} 页 / 共 ${pages.length} 页`);
  });

  it('preview: the same PDF inline, English labels by request language; download needs export', async () => {
    const sheet = await send('demo', { receivers: [ids.zhangsan], cc: [] });
    const preview = await call('GET', sheetUrl(sheet._id, '?preview=true'), 'zhangsan', undefined, 'en-US');
    expectStatus(preview, 200);
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''/);
    const text = (await pdfText(preview.rawPayload)).join('\n');
    expect(text).toContain(sheet.number);
    expect(text).toContain('Work contact sheet');
    expect(text).toContain('Page 1 of 1');
    expect((await sheetOf('zhangsan', sheet._id)).canDownload).toBe(false);
    expectStatus(
      await call('GET', sheetUrl(sheet._id, '?download=true'), 'zhangsan'),
      403,
      'common.forbidden',
    );
    expectStatus(await call('GET', sheetUrl(sheet._id, '?download=true'), 'qianqi'), 404);
  });
});

describe('migration 2026112640 (issue 14)', () => {
  it('copies the existing references of sheets and replies into file_attachments', async () => {
    const { before, after } = await attachmentsRebuiltByMigration(t, 'contactsheets');
    expect(before.length).toBeGreaterThan(0);
    // As on a database that had these records before the migration: the table rebuilt from the records.
    expect(after).toEqual(before);
  });
});
