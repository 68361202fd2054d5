import type { Topic, TopicResponse, TopicSetting, TopicState, TopicSummary } from '@lintel/contracts/topics';
import { addDays, TOPIC_EXPORT_COLUMNS, TOPIC_EXPORT_MAX_ROWS } from '@lintel/contracts/topics';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../test/helper';
import { makePng } from '../../../test/images';
import { addMemberWithConsent, makeReadOnly } from '../../../test/membership';
import { json, keyOf, projectsOf, requester, signInPeople } from '../../../test/project-api';
import { uploadAs } from '../files/test-support';
import { readySample } from '../models/test-support';
import { withTopicTables } from './tables';

/**
 * topic-service on a fresh project P of the demo enterprise. demo: its admin. Members, by template:
 * zhangsan default (view all); lisi editor (view all, create, edit, delete, export); wangwu reporter (view
 * all, create); zhaoliu related (view relatedToMe, create); wuji department (view ownDepartment) in 工程部
 * with wangwu; zhouba blind (view none). qianqi: signed in, no member. sunqi: another tenant.
 */

const T = '/api/v1/topic-service';
const TODAY = '2026-03-10';

type Name = 'demo' | 'zhangsan' | 'lisi' | 'wangwu' | 'zhaoliu' | 'wuji' | 'zhouba' | 'qianqi' | 'sunqi';
let t: TestApp;
let cookies: Record<Name, string>;
let ids: Record<string, string>;
let project: string;
let otherProject: string;
let enterprise: string;
let domains: { structure: string; electric: string; foreign: string };
/** A converted model of P (IfcOpenHouse): element links must name a real element of a model of the project. */
let projectModel: string;
/** GlobalIds of IfcOpenHouse's South and North walls. */
const SOUTH_WALL = '3g46_woBL6sugXeY5_WP6n';
const NORTH_WALL = '3xUPAVO39FGgNkCUQqf4JV';

const call = requester(() => t);

async function raise(who: Name, body: Record<string, unknown>, projectId = project): Promise<Topic> {
  const response = await call('POST', `${T}/topics`, cookies[who], {
    projectId,
    name: '地下室渗水',
    mentions: [ids.zhangsan],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<Topic>(response);
}

function list(who: Name, query = '', projectId = project) {
  return call('GET', `${T}/projects/${projectId}/topics${query ? `?${query}` : ''}`, cookies[who]);
}
async function listOf(who: Name, query = '', projectId = project): Promise<TopicSummary[]> {
  const response = await list(who, query, projectId);
  expect(response.statusCode, response.body).toBe(200);
  return json<TopicSummary[]>(response);
}
async function countOf(who: Name, query = '', projectId = project): Promise<number> {
  const response = await list(who, `${query}${query ? '&' : ''}only_count=true`, projectId);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ count: number }>(response).count;
}
const where = (value: unknown) => `where=${encodeURIComponent(JSON.stringify(value))}`;

async function topicNotifications(who: Name, recordId?: string, language?: string) {
  const filter = recordId ? { module: 'topic', recordId } : { module: 'topic' };
  const response = await call(
    'GET',
    `/api/v1/base-service/notifications?${where(filter)}`,
    cookies[who],
    undefined,
    language,
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<Array<{ title: string; content: string; link: string; recordId: string; read: boolean }>>(
    response,
  );
}
async function topicTodos(who: Name, recordId: string) {
  const response = await call(
    'GET',
    `/api/v1/base-service/todos?${where({ module: 'topic', recordId })}`,
    cookies[who],
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<Array<{ title: string; recordId: string; dueDate: string | null; link: string }>>(response);
}

async function template(name: string, grants: Record<string, unknown>): Promise<string> {
  const response = await call('POST', `${ACCOUNT}/projects/${project}/templates`, cookies.demo, {
    name,
    grants: { problemTopics: grants },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ _id: string }>(response)._id;
}
async function addMember(name: string, extra: Record<string, unknown> = {}, projectId = project) {
  const response = await addMemberWithConsent(t.app, {
    scope: `projects/${projectId}`,
    adminCookie: cookies.demo,
    userCookie: cookies[name as keyof typeof cookies],
    body: { userId: ids[name], ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
}
async function newProject(name: string): Promise<string> {
  const response = await call('POST', `${ACCOUNT}/projects`, cookies.demo, {
    name,
    enterpriseId: enterprise,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ _id: string }>(response)._id;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date(`${TODAY}T08:00:00.000Z`)) });
  ({ cookies, ids } = await signInPeople(t, [
    'lisi',
    'wangwu',
    'zhaoliu',
    'wuji',
    'zhouba',
    'qianqi',
    'sunqi',
  ] as const));
  const [demoProject] = await projectsOf(t, cookies.demo);
  enterprise = demoProject!.enterpriseId;
  project = await newProject('问题测试项目');

  const works = json<{ _id: string }>(
    await call('POST', `${ACCOUNT}/projects/${project}/structures`, cookies.demo, { name: '工程部' }),
  )._id;
  await addMember('zhangsan');
  // zhangsan creates nothing here (the default template, 项目成员, would let them raise topics).
  await makeReadOnly(t.app, { projectId: project, adminCookie: cookies.demo, userIds: [ids.zhangsan] });
  await addMember('lisi', {
    templateId: await template('编辑', { view: 'all', create: true, edit: true, delete: true, export: true }),
  });
  await addMember('wangwu', {
    templateId: await template('上报', { view: 'all', create: true }),
    department: works,
  });
  await addMember('zhaoliu', { templateId: await template('相关', { view: 'relatedToMe', create: true }) });
  await addMember('wuji', {
    templateId: await template('本部门', { view: 'ownDepartment' }),
    department: works,
  });
  await addMember('zhouba', { templateId: await template('不可见', { view: 'none' }) });

  const projectDomains = json<Array<{ _id: string; name: string }>>(
    await call('GET', `${ACCOUNT}/projects/${project}/domains`, cookies.demo),
  );
  const domainOf = (name: string) => projectDomains.find((d) => d.name === name)!._id;

  const other = json<{ _id: string }>(
    await call('POST', `${ACCOUNT}/enterprises`, cookies.sunqi, { name: '孙七建设' }),
  );
  otherProject = json<{ _id: string }>(
    await call('POST', `${ACCOUNT}/projects`, cookies.sunqi, { name: '孙七项目', enterpriseId: other._id }),
  )._id;
  const foreignDomains = json<Array<{ _id: string }>>(
    await call('GET', `${ACCOUNT}/projects/${otherProject}/domains`, cookies.sunqi),
  );
  domains = { structure: domainOf('结构'), electric: domainOf('电气'), foreign: foreignDomains[0]!._id };
  projectModel = (await readySample(t.app, cookies.demo, project))._id;
}, 180_000);
afterAll(() => t.close());

describe('POST topics', () => {
  it('raises a topic from the minimal payload: number 1, processing, normal, read and followed by its creator', async () => {
    const topic = await raise('demo', { name: '  地下室渗水  ' });
    expect(topic).toMatchObject({
      projectId: project,
      number: 1,
      name: '地下室渗水',
      status: 'processing',
      state: 'processing',
      priority: 'normal',
      deadline: null,
      delay: 'onTime',
      delayDays: 0,
      creatorId: ids.demo,
      mentions: [ids.zhangsan],
      participants: [],
      content: '',
      images: [],
      links: [],
      readByMe: true,
      unRead: false,
      following: true,
      responseCount: 0,
      abilities: { edit: true, delete: true, close: true, respond: true },
    });
    expect(topic.followers.sort()).toEqual([ids.demo, ids.zhangsan].sort());

    // The mentioned person is told, and has a to-do until it is completed.
    const [notification] = await topicNotifications('zhangsan', topic._id);
    expect(notification).toMatchObject({
      title: '#1 地下室渗水',
      link: `/projects/${project}/topics/${topic._id}`,
      read: false,
    });
    expect(await topicTodos('zhangsan', topic._id)).toHaveLength(1);
    expect(await topicNotifications('demo', topic._id)).toEqual([]);
  });

  it('takes every optional field, and answers them expanded', async () => {
    const species = json<TopicSetting>(
      await call('POST', `${T}/projects/${project}/species`, cookies.demo, { name: '渗漏' }),
    );
    const subcontract = json<TopicSetting>(
      await call('POST', `${T}/projects/${project}/subcontracts`, cookies.demo, { name: '土建分包' }),
    );
    const upload = await uploadAs(
      t,
      cookies.demo,
      [{ field: 'file', filename: '现场.png', data: makePng() }],
      {
        projectId: project,
      },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const [url] = json<{ files: string[] }>(upload).files as [string];
    const topic = await raise('demo', {
      name: '外墙裂缝',
      content: '东侧外墙出现裂缝',
      domainId: domains.structure,
      speciesId: species._id,
      subcontractId: subcontract._id,
      images: [url],
      participants: [ids.lisi, ids.zhangsan],
      priority: 'urgent',
      deadline: addDays(TODAY, 3),
      links: [
        { type: 'element', modelId: projectModel, globalId: SOUTH_WALL },
        { type: 'file', id: url },
        { type: 'record', module: 'contactSheet', id: project },
      ],
    });
    expect(topic).toMatchObject({
      content: '东侧外墙出现裂缝',
      domainId: domains.structure,
      speciesId: species._id,
      subcontractId: subcontract._id,
      priority: 'urgent',
      deadline: addDays(TODAY, 3),
      // zhangsan is mentioned; a participant who is mentioned is only mentioned.
      participants: [ids.lisi],
      imageCount: 1,
      linkCount: 3,
    });
    expect(topic.images).toEqual([
      {
        _id: url.split('/').pop(),
        name: '现场.png',
        size: expect.any(Number),
        contentType: 'image/png',
        url,
      },
    ]);
    expect(topic.links).toEqual([
      { type: 'element', modelId: projectModel, globalId: SOUTH_WALL },
      { type: 'file', id: url.split('/').pop(), name: '现场.png', url },
      { type: 'record', module: 'contactSheet', id: project },
    ]);
    // Participants are told too; they get no to-do.
    expect(await topicNotifications('lisi', topic._id)).toHaveLength(1);
    expect(await topicTodos('lisi', topic._id)).toEqual([]);

    const expanded = json<Topic>(await call('GET', `${T}/topics/${topic._id}?expand=true`, cookies.demo));
    expect(expanded).toMatchObject({
      creator: { _id: ids.demo, name: 'demo' },
      mentionedUsers: [{ _id: ids.zhangsan, name: 'zhangsan' }],
      participantUsers: [{ _id: ids.lisi, name: 'lisi' }],
      domain: { _id: domains.structure, name: '结构' },
      species: { _id: species._id, name: '渗漏' },
      subcontract: { _id: subcontract._id, name: '土建分包' },
    });
  });

  it('refuses invalid topics, changing nothing', async () => {
    const before = await countOf('demo');
    const post = (body: Record<string, unknown>, language?: string) =>
      call(
        'POST',
        `${T}/topics`,
        cookies.demo,
        { projectId: project, name: '问题', mentions: [ids.zhangsan], ...body },
        language,
      );
    const png = await uploadAs(t, cookies.demo, [{ field: 'file', filename: 'a.png', data: makePng() }], {
      projectId: project,
    });
    const image = (json<{ files: string[] }>(png).files as [string])[0];
    const text = await uploadAs(
      t,
      cookies.demo,
      [
        {
          field: 'file',
          filename: 'a.pdf',
          data: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n'),
        },
      ],
      { projectId: project },
    );
    const foreignImage = await uploadAs(
      t,
      cookies.sunqi,
      [{ field: 'file', filename: 'b.png', data: makePng() }],
      { projectId: otherProject },
    );
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: '   ' }, 400, 'common.validation'],
      [{ name: 'x'.repeat(101) }, 400, 'common.validation'],
      [{ mentions: [] }, 400, 'common.validation'],
      [{ mentions: undefined }, 400, 'common.validation'],
      [{ images: Array(10).fill(image) }, 400, 'common.validation'],
      [{ mentions: [ids.qianqi] }, 400, 'topics.mentionNotMember'],
      [{ participants: [ids.sunqi] }, 400, 'topics.participantNotMember'],
      [{ domainId: domains.foreign }, 400, 'topics.domainNotFound'],
      [{ speciesId: project }, 400, 'topics.speciesNotFound'],
      [
        { images: [(json<{ files: string[] }>(foreignImage).files as [string])[0]] },
        400,
        'topics.imageNotFound',
      ],
      [{ links: [{ type: 'file', id: project }] }, 400, 'topics.linkFileNotFound'],
      // Element links: a live model of this project, and an element of it.
      [{ links: [{ type: 'element', modelId: project, globalId: SOUTH_WALL }] }, 400, 'models.unknownModel'],
      [
        { links: [{ type: 'element', modelId: projectModel, globalId: '0000000000000000000000' }] },
        400,
        'models.elementNotFound',
      ],
      [{ deadline: '2026-02-30' }, 400, 'common.validation'],
      [{ priority: 'high' }, 400, 'common.validation'],
    ];
    if (text.statusCode === 200) {
      cases.push([
        { images: [(json<{ files: string[] }>(text).files as [string])[0]] },
        400,
        'topics.imageNotImage',
      ]);
    }
    for (const [body, status, key] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(keyOf(response), JSON.stringify(body).slice(0, 80)).toBe(key);
    }
    const english = await post({ mentions: [ids.qianqi] }, 'en-US');
    expect(json<{ message: string }>(english).message).toBe(
      'Every mentioned person must be a member of the project',
    );
    expect(await countOf('demo')).toBe(before);
  });

  it('gives 20 concurrent creations the numbers 1..20, each once; a deleted number is never reused', async () => {
    const fresh = await newProject('并发编号');
    await addMember('zhangsan', {}, fresh);
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => raise('demo', { name: `并发 ${i}` }, fresh)),
    );
    expect(created.map((c) => c.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const last = created.find((c) => c.number === 20)!;
    expect((await call('DELETE', `${T}/topics/${last._id}`, cookies.demo)).statusCode).toBe(200);
    expect((await raise('demo', { name: '下一个' }, fresh)).number).toBe(21);
  });

  it('needs the create right in a project the caller is a member of', async () => {
    const noRight = await call('POST', `${T}/topics`, cookies.zhangsan, {
      projectId: project,
      name: '问题',
      mentions: [ids.demo],
    });
    expect(noRight.statusCode).toBe(403);
    const stranger = await call('POST', `${T}/topics`, cookies.qianqi, {
      projectId: project,
      name: '问题',
      mentions: [ids.demo],
    });
    expect(stranger.statusCode).toBe(404);
    expect((await call('POST', `${T}/topics`, null, { projectId: project })).statusCode).toBe(401);
  });
});

describe('rights', () => {
  it('members without view 403, non-members and other tenants 404, for every call', async () => {
    const topic = await raise('demo', { name: '权限' });
    for (const [method, url] of [
      ['GET', `${T}/projects/${project}/topics`],
      ['GET', `${T}/topics/${topic._id}`],
      ['PUT', `${T}/topics/${topic._id}/read`],
      ['GET', `${T}/topics/${topic._id}/responses`],
      ['GET', `${T}/projects/${project}/entities/X/topics`],
    ] as const) {
      expect((await call(method, url, cookies.zhouba)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, cookies.qianqi)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, cookies.sunqi)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Another project's ids through one's own: 404, and a foreign project's list too.
    expect((await call('GET', `${T}/projects/${otherProject}/topics`, cookies.demo)).statusCode).toBe(404);
    expect((await call('GET', `${T}/topics/${otherProject}`, cookies.demo)).statusCode).toBe(404);
    expect(
      (await call('PUT', `${T}/topics/${topic._id}`, cookies.demo, { domainId: domains.foreign })).statusCode,
    ).toBe(400);
  });

  it('relatedToMe sees what they created, are mentioned in, participate in or follow', async () => {
    const mine = await raise('zhaoliu', { name: '赵六提出' });
    const mentioned = await raise('demo', { name: '提到赵六', mentions: [ids.zhaoliu] });
    const participating = await raise('demo', { name: '赵六参与', participants: [ids.zhaoliu] });
    const unrelated = await raise('demo', { name: '与赵六无关' });
    const seen = (await listOf('zhaoliu', 'limit=200')).map((topic) => topic._id);
    expect(seen.sort()).toEqual([mine._id, mentioned._id, participating._id].sort());
    expect(await countOf('zhaoliu')).toBe(3);
    expect((await call('GET', `${T}/topics/${unrelated._id}`, cookies.zhaoliu)).statusCode).toBe(404);
    expect((await call('PUT', `${T}/topics/${unrelated._id}/follow`, cookies.zhaoliu)).statusCode).toBe(404);
  });

  it('ownDepartment sees the topics created in their department', async () => {
    const byColleague = await raise('wangwu', { name: '同部门提出' });
    const byOther = await raise('lisi', { name: '其他部门提出' });
    const seen = (await listOf('wuji', 'limit=200')).map((topic) => topic._id);
    expect(seen).toContain(byColleague._id);
    expect(seen).not.toContain(byOther._id);
    expect(await countOf('wuji')).toBe(seen.length);
    expect((await call('GET', `${T}/topics/${byOther._id}`, cookies.wuji)).statusCode).toBe(404);
    expect((await call('GET', `${T}/topics/${byColleague._id}`, cookies.wuji)).statusCode).toBe(200);
  });

  it('the creator edits and deletes their own; others need edit / delete', async () => {
    const byDemo = await raise('demo', { name: '管理员的问题' });
    const byWangwu = await raise('wangwu', { name: '王五的问题' });
    const put = (who: Name, id: string, body: Record<string, unknown>) =>
      call('PUT', `${T}/topics/${id}`, cookies[who], body);
    expect((await put('wangwu', byDemo._id, { name: '改' })).statusCode).toBe(403);
    expect(json<Topic>(await call('GET', `${T}/topics/${byDemo._id}`, cookies.wangwu)).abilities).toEqual({
      edit: false,
      delete: false,
      close: false,
      respond: false,
    });
    const own = await put('wangwu', byWangwu._id, { name: '王五改了', priority: 'urgent' });
    expect(own.statusCode, own.body).toBe(200);
    expect(json<Topic>(own)).toMatchObject({ name: '王五改了', priority: 'urgent' });
    const editor = await put('lisi', byDemo._id, { content: '李四补充' });
    expect(editor.statusCode, editor.body).toBe(200);

    expect((await call('DELETE', `${T}/topics/${byDemo._id}`, cookies.wangwu)).statusCode).toBe(403);
    expect((await call('DELETE', `${T}/topics/${byWangwu._id}`, cookies.wangwu)).statusCode).toBe(200);
    expect((await call('DELETE', `${T}/topics/${byDemo._id}`, cookies.lisi)).statusCode).toBe(200);
    expect((await call('GET', `${T}/topics/${byDemo._id}`, cookies.demo)).statusCode).toBe(404);
  });
});

describe('read state, follow and responses', () => {
  it('read by the creator; unread for others until they open it; a change by someone else makes it unread', async () => {
    const topic = await raise('demo', { name: '已读测试' });
    const stateFor = async (who: Name) =>
      (await listOf(who, 'limit=200')).find((item) => item._id === topic._id)!;
    expect(await stateFor('demo')).toMatchObject({ readByMe: true, unRead: false });
    expect(await stateFor('zhangsan')).toMatchObject({ readByMe: false, unRead: true });
    const unreadBefore = await countOf('zhangsan', 'unRead=true');

    // Opening it reads it, and reads its notifications.
    expect(json<Topic>(await call('GET', `${T}/topics/${topic._id}`, cookies.zhangsan)).readByMe).toBe(true);
    expect(await stateFor('zhangsan')).toMatchObject({ readByMe: true, unRead: false });
    expect(await countOf('zhangsan', 'unRead=true')).toBe(unreadBefore - 1);
    expect((await topicNotifications('zhangsan', topic._id))[0]?.read).toBe(true);

    // demo changes it: unread again for zhangsan, still read for demo.
    await call('PUT', `${T}/topics/${topic._id}`, cookies.demo, { content: '补充说明' });
    expect(await stateFor('zhangsan')).toMatchObject({ unRead: true });
    expect(await stateFor('demo')).toMatchObject({ unRead: false });

    // zhangsan answers: unread for demo, read for him.
    const response = await call('POST', `${T}/topics/${topic._id}/responses`, cookies.zhangsan, {
      content: '收到',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stateFor('demo')).toMatchObject({ unRead: true });
    expect(await stateFor('zhangsan')).toMatchObject({ unRead: false });

    const read = await call('PUT', `${T}/topics/${topic._id}/read`, cookies.demo);
    expect(read.statusCode).toBe(200);
    expect(json<TopicState>(read)).toEqual({
      _id: topic._id,
      readByMe: true,
      unRead: false,
      following: true,
    });
  });

  it('follow and unfollow', async () => {
    const topic = await raise('demo', { name: '关注测试' });
    const follow = await call('PUT', `${T}/topics/${topic._id}/follow`, cookies.wangwu);
    expect(json<TopicState>(follow)).toMatchObject({ following: true, readByMe: false });
    expect((await listOf('wangwu', 'category=following&limit=200')).map((x) => x._id)).toContain(topic._id);
    const unfollow = await call('PUT', `${T}/topics/${topic._id}/unfollow`, cookies.wangwu);
    expect(json<TopicState>(unfollow)).toMatchObject({ following: false });
    expect((await listOf('wangwu', 'category=following&limit=200')).map((x) => x._id)).not.toContain(
      topic._id,
    );
    // The mentioned may stop following too.
    expect(
      json<TopicState>(await call('PUT', `${T}/topics/${topic._id}/unfollow`, cookies.zhangsan)).following,
    ).toBe(false);
  });

  it('the thread: responses by those involved, notifications to the others, deletion by author or admin', async () => {
    const topic = await raise('demo', { name: '回复测试', participants: [ids.lisi] });
    await call('PUT', `${T}/topics/${topic._id}/follow`, cookies.wangwu);
    const respond = (who: Name, body: Record<string, unknown>) =>
      call('POST', `${T}/topics/${topic._id}/responses`, cookies[who], body);

    const first = await respond('zhangsan', { content: '  已安排处理  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(json<TopicResponse>(first)).toMatchObject({
      topicId: topic._id,
      authorId: ids.zhangsan,
      content: '已安排处理',
      images: [],
      deletable: true,
    });
    // Creator, participant and follower are told; the author is not.
    for (const who of ['demo', 'lisi', 'wangwu'] as const) {
      const told = await topicNotifications(who, topic._id);
      expect(
        told.some((n) => n.content === '已安排处理'),
        who,
      ).toBe(true);
    }
    expect((await topicNotifications('zhangsan', topic._id)).some((n) => n.content === '已安排处理')).toBe(
      false,
    );

    // Not involved, no edit right: refused. Empty: refused.
    const outsider = await respond('wangwu', { content: '我也说一句' });
    expect([outsider.statusCode, keyOf(outsider)]).toEqual([403, 'topics.notResponder']);
    expect((await respond('zhangsan', { content: '   ' })).statusCode).toBe(400);
    expect((await respond('zhangsan', { images: Array(10).fill(project) })).statusCode).toBe(400);

    const second = json<TopicResponse>(await respond('lisi', { content: '参与人回复' }));
    const third = json<TopicResponse>(await respond('demo', { content: '管理员回复' }));
    const thread = json<TopicResponse[]>(
      await call('GET', `${T}/topics/${topic._id}/responses?expand=true`, cookies.zhangsan),
    );
    expect(thread.map((r) => r.content)).toEqual(['已安排处理', '参与人回复', '管理员回复']);
    expect(thread[0]).toMatchObject({ author: { _id: ids.zhangsan, name: 'zhangsan' }, deletable: true });
    expect(thread[1]?.deletable).toBe(false);
    expect(
      json<{ count: number }>(
        await call('GET', `${T}/topics/${topic._id}/responses?only_count=true`, cookies.zhangsan),
      ).count,
    ).toBe(3);

    // Someone else's: 403; the author by ?responseId; an admin by path; another topic's id: 404.
    const firstId = json<TopicResponse>(first)._id;
    expect(
      (await call('DELETE', `${T}/topics/${topic._id}/responses?responseId=${second._id}`, cookies.zhangsan))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `${T}/topics/${topic._id}/responses?responseId=${firstId}`, cookies.zhangsan))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `${T}/topics/${topic._id}/responses/${second._id}`, cookies.demo)).statusCode,
    ).toBe(200);
    const other = await raise('demo', { name: '另一个' });
    expect(
      (await call('DELETE', `${T}/topics/${other._id}/responses/${third._id}`, cookies.demo)).statusCode,
    ).toBe(404);
    expect(json<Topic>(await call('GET', `${T}/topics/${topic._id}`, cookies.demo)).responseCount).toBe(1);
  });
});

describe('close and reopen', () => {
  it('the creator or an admin closes; completed refuses edits and responses; to-dos close and come back', async () => {
    const topic = await raise('wangwu', {
      name: '关闭测试',
      participants: [ids.lisi],
      deadline: addDays(TODAY, -2),
    });
    expect(await topicTodos('zhangsan', topic._id)).toHaveLength(1);
    const put = (who: Name, body: Record<string, unknown>) =>
      call('PUT', `${T}/topics/${topic._id}`, cookies[who], body);

    const editor = await put('lisi', { status: 'completed' });
    expect([editor.statusCode, keyOf(editor)]).toEqual([403, 'topics.notCloser']);
    const closed = await put('wangwu', { status: 'completed' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json<Topic>(closed)).toMatchObject({
      status: 'completed',
      state: 'completed',
      completedAt: `${TODAY}T08:00:00.000Z`,
      delayDays: 2,
      delay: 'd1to7',
      abilities: { edit: false, respond: false, close: true },
    });
    expect(await topicTodos('zhangsan', topic._id)).toEqual([]);
    for (const who of ['zhangsan', 'lisi'] as const) {
      expect(
        (await topicNotifications(who, topic._id)).some((n) => n.content === '问题已完成'),
        who,
      ).toBe(true);
    }

    const edit = await put('wangwu', { name: '改名' });
    expect([edit.statusCode, keyOf(edit)]).toEqual([409, 'topics.completed']);
    const respond = await call('POST', `${T}/topics/${topic._id}/responses`, cookies.zhangsan, {
      content: 'x',
    });
    expect([respond.statusCode, keyOf(respond)]).toEqual([409, 'topics.completed']);

    // An admin reopens (and may change it in the same call).
    const reopened = await put('demo', { status: 'processing', priority: 'urgent' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(json<Topic>(reopened)).toMatchObject({
      status: 'processing',
      state: 'processingDelayed',
      completedAt: null,
      priority: 'urgent',
    });
    expect(await topicTodos('zhangsan', topic._id)).toHaveLength(1);
  });

  it('tells each receiver in their language: new, response, completed, reopened (stored in Chinese)', async () => {
    const topic = await raise('demo', { name: '双语通知' });
    // The clock stands still: all four have the same time, so they are compared in content order.
    const contents = async (language: string) =>
      (await topicNotifications('zhangsan', topic._id, language)).map((n) => [n.title, n.content]).sort();
    const title = `#${topic.number} 双语通知`;
    await call('POST', `${T}/topics/${topic._id}/responses`, cookies.demo, { content: '请尽快处理' });
    await call('PUT', `${T}/topics/${topic._id}`, cookies.demo, { status: 'completed' });
    await call('PUT', `${T}/topics/${topic._id}`, cookies.demo, { status: 'processing' });

    const english = ['New topic', '请尽快处理', 'The topic was completed', 'The topic was reopened'];
    expect(await contents('en-US')).toEqual(english.map((content) => [title, content]).sort());
    const chinese = ['新问题', '请尽快处理', '问题已完成', '问题已重新打开'];
    expect(await contents('zh-CN')).toEqual(chinese.map((content) => [title, content]).sort());
    // The stored text is the Chinese one: a search on it finds the notification.
    const search = await call(
      'GET',
      `/api/v1/base-service/notifications?${where({ recordId: topic._id, content: '问题已完成' })}`,
      cookies.zhangsan,
      undefined,
      'en-US',
    );
    expect(json<Array<{ content: string }>>(search).map((n) => n.content)).toEqual([
      'The topic was completed',
    ]);
  });

  it('changing the mentioned moves the to-dos; deleting a topic closes them', async () => {
    const topic = await raise('demo', { name: '转交', deadline: addDays(TODAY, 5) });
    const moved = await call('PUT', `${T}/topics/${topic._id}`, cookies.demo, { mentions: [ids.lisi] });
    expect(json<Topic>(moved).mentions).toEqual([ids.lisi]);
    expect(await topicTodos('zhangsan', topic._id)).toEqual([]);
    const [todo] = await topicTodos('lisi', topic._id);
    expect(todo).toMatchObject({ title: `#${topic.number} 转交`, dueDate: addDays(TODAY, 5) });
    expect((await topicNotifications('lisi', topic._id)).length).toBe(1);
    const noMentions = await call('PUT', `${T}/topics/${topic._id}`, cookies.demo, { mentions: [] });
    expect(noMentions.statusCode).toBe(400);
    await call('DELETE', `${T}/topics/${topic._id}`, cookies.demo);
    expect(await topicTodos('lisi', topic._id)).toEqual([]);
  });
});

describe('GET projects/{id}/topics filters', () => {
  let fresh: string;
  let freshModel: string;
  let all: Topic[];
  beforeAll(async () => {
    fresh = await newProject('筛选');
    for (const name of ['zhangsan', 'lisi', 'wangwu']) await addMember(name, {}, fresh);
    freshModel = (await readySample(t.app, cookies.demo, fresh))._id;
    const d = (offset: number) => addDays(TODAY, offset);
    const specs: Array<[Name, Record<string, unknown>]> = [
      ['demo', { name: '按时A', deadline: d(0), priority: 'urgent' }],
      ['demo', { name: '无期限B' }],
      ['demo', { name: '延期1天', deadline: d(-1) }],
      ['demo', { name: '延期7天', deadline: d(-7), mentions: [ids.lisi] }],
      ['demo', { name: '延期8天', deadline: d(-8), priority: 'suspended' }],
      ['demo', { name: '延期30天', deadline: d(-30), participants: [ids.wangwu] }],
      ['demo', { name: '延期31天', deadline: d(-31) }],
      ['demo', { name: '完成按时', deadline: d(5) }],
      ['demo', { name: '完成延期', deadline: d(-10) }],
      ['demo', { name: '模型构件', links: [{ type: 'element', modelId: freshModel, globalId: SOUTH_WALL }] }],
    ];
    all = [];
    for (const [who, body] of specs) all.push(await raise(who, body, fresh));
    for (const name of ['完成按时', '完成延期']) {
      const topic = all.find((x) => x.name === name)!;
      const response = await call('PUT', `${T}/topics/${topic._id}`, cookies.demo, { status: 'completed' });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
  const names = (items: TopicSummary[]) => items.map((x) => x.name).sort();

  it('newest first by default, paged with skip and limit, ordered on request', async () => {
    const page = await listOf('demo', 'limit=3', fresh);
    expect(page.map((x) => x.number)).toEqual([10, 9, 8]);
    expect((await listOf('demo', 'skip=3&limit=3', fresh)).map((x) => x.number)).toEqual([7, 6, 5]);
    expect((await listOf('demo', 'order=number&limit=2', fresh)).map((x) => x.number)).toEqual([1, 2]);
    expect((await list('demo', 'order=bogus', fresh)).statusCode).toBe(400);
    expect((await list('demo', 'limit=201', fresh)).statusCode).toBe(400);
  });

  it('delay buckets as the per-topic rule says, for processing and completed topics', async () => {
    const byDelay = async (delay: string) => names(await listOf('demo', `delay=${delay}&limit=200`, fresh));
    expect(await byDelay('onTime')).toEqual(['完成按时', '按时A', '无期限B', '模型构件'].sort());
    expect(await byDelay('d1to7')).toEqual(['延期1天', '延期7天'].sort());
    expect(await byDelay('d8to30')).toEqual(['完成延期', '延期30天', '延期8天'].sort());
    expect(await byDelay('over30')).toEqual(['延期31天']);
    expect(await byDelay('delayed')).toHaveLength(6);
    for (const item of await listOf('demo', 'limit=200', fresh)) {
      const bucket = (await listOf('demo', `delay=${item.delay}&limit=200`, fresh)).map((x) => x._id);
      expect(bucket, item.name).toContain(item._id);
    }
    const late = (await listOf('demo', 'limit=200', fresh)).find((x) => x.name === '延期8天')!;
    expect(late).toMatchObject({ state: 'processingDelayed', delayDays: 8, delay: 'd8to30' });
  });

  it('categories: mine (mentioned or participating), created, following', async () => {
    expect(names(await listOf('lisi', 'category=mine', fresh))).toEqual(['延期7天']);
    expect(names(await listOf('lisi', 'mine=true', fresh))).toEqual(['延期7天']);
    expect(names(await listOf('wangwu', 'category=mine', fresh))).toEqual(['延期30天']);
    expect(await listOf('zhangsan', 'category=created', fresh)).toEqual([]);
    expect((await listOf('demo', 'category=created&limit=200', fresh)).length).toBe(10);
    expect((await listOf('zhangsan', 'category=following&limit=200', fresh)).length).toBe(9);
    expect((await listOf('zhangsan', 'category=all&limit=200', fresh)).length).toBe(10);
    expect((await list('demo', 'category=bogus', fresh)).statusCode).toBe(400);
  });

  it('where, modelIds and unRead; only_count agrees with the list for every filter', async () => {
    expect(names(await listOf('demo', where({ name: { $regex: '延期3' } }), fresh))).toEqual([
      '延期30天',
      '延期31天',
    ]);
    expect(names(await listOf('demo', where({ priority: 'urgent' }), fresh))).toEqual(['按时A']);
    expect((await listOf('demo', `${where({ status: 'completed' })}&limit=200`, fresh)).length).toBe(2);
    expect(names(await listOf('demo', where({ number: { $lte: 2 } }), fresh))).toEqual(['按时A', '无期限B']);
    expect(names(await listOf('demo', `modelIds=${freshModel}`, fresh))).toEqual(['模型构件']);
    expect(await listOf('demo', `modelIds=${projectModel}`, fresh)).toEqual([]);
    expect((await list('demo', where({ bogus: 1 }), fresh)).statusCode).toBe(400);
    expect((await list('demo', 'modelIds=nope', fresh)).statusCode).toBe(400);

    const filters = [
      '',
      'delay=d1to7',
      'delay=onTime',
      'delay=delayed',
      'category=mine',
      'category=following',
      'category=created',
      'unRead=true',
      `modelIds=${freshModel}`,
      where({ name: { $regex: '延期' } }),
      where({ $or: [{ priority: 'urgent' }, { status: 'completed' }] }),
      `delay=d8to30&${where({ status: 'processing' })}`,
    ];
    for (const who of ['demo', 'zhangsan', 'lisi'] as const) {
      for (const filter of filters) {
        const items = await listOf(who, `${filter}${filter ? '&' : ''}limit=200`, fresh);
        expect(await countOf(who, filter, fresh), `${who} ${filter}`).toBe(items.length);
      }
    }
    // zhangsan read none of them; opening one takes it out of his unread ones.
    expect(await countOf('zhangsan', 'unRead=true', fresh)).toBe(10);
    await call('GET', `${T}/topics/${all[0]!._id}`, cookies.zhangsan);
    expect(await countOf('zhangsan', 'unRead=true', fresh)).toBe(9);
  });

  it('expand=true embeds users and settings in the list', async () => {
    const [first] = await listOf('demo', 'expand=true&limit=1&order=number', fresh);
    expect(first).toMatchObject({
      creator: { _id: ids.demo },
      mentionedUsers: [{ _id: ids.zhangsan, nickName: '张三' }],
      domain: null,
      species: null,
    });
  });

  it('GET projects/{id}/entities/{globalId}/topics: the topics linked to a model element', async () => {
    const linked = json<TopicSummary[]>(
      await call('GET', `${T}/projects/${fresh}/entities/${SOUTH_WALL}/topics`, cookies.zhangsan),
    );
    expect(linked.map((x) => x.name)).toEqual(['模型构件']);
    const ofModel = await call(
      'GET',
      `${T}/projects/${fresh}/entities/${SOUTH_WALL}/topics?modelId=${projectModel}`,
      cookies.demo,
    );
    expect(json<TopicSummary[]>(ofModel)).toEqual([]);
    expect(
      json<TopicSummary[]>(
        await call('GET', `${T}/projects/${fresh}/entities/${NORTH_WALL}/topics`, cookies.demo),
      ),
    ).toEqual([]);
    expect(
      (await call('GET', `${T}/projects/${fresh}/entities/${SOUTH_WALL}/topics`, cookies.qianqi)).statusCode,
    ).toBe(404);
  });

  it('export=true: an .xlsx of the whole filtered list, headers in the request language', async () => {
    // lisi has the export right but is no member of this project: 404; add him.
    expect((await list('lisi', 'export=true', project)).statusCode).toBe(200);
    const response = await call(
      'GET',
      `${T}/projects/${fresh}/topics?export=true&order=number`,
      cookies.demo,
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="problems-${TODAY}.xlsx"; filename*=UTF-8''${encodeURIComponent(`问题列表-${TODAY}.xlsx`)}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('问题');
    expect(sheet.rowCount).toBe(11);
    // Cell by cell; an empty string is written as an empty cell.
    const cells = (target: ExcelJS.Worksheet, n: number) =>
      TOPIC_EXPORT_COLUMNS.map((_, i) => target.getRow(n).getCell(i + 1).value ?? '');
    const row = (n: number) => cells(sheet, n);
    expect(row(1)).toEqual(TOPIC_EXPORT_COLUMNS.map((c) => c.header['zh-CN']));
    expect(row(1)).toEqual([
      '编号',
      '标题',
      '专业',
      '类别',
      '分包',
      '优先级',
      '状态',
      '延期',
      '截止日期',
      '创建人',
      '@人员',
      '创建时间',
    ]);
    const first = row(2);
    expect(first.slice(0, 11)).toEqual([
      1,
      '按时A',
      '',
      '',
      '',
      '紧急',
      '处理中',
      '按时',
      TODAY,
      '演示用户',
      '张三',
    ]);
    expect((first[11] as Date).toISOString()).toBe(all[0]!.createdAt);
    expect(row(5).slice(0, 9)).toEqual([
      4,
      '延期7天',
      '',
      '',
      '',
      '一般',
      '处理延期',
      '延期1-7天',
      addDays(TODAY, -7),
    ]);
    expect(row(5)[10]).toBe('lisi昵称');
    expect(row(10).slice(6, 8)).toEqual(['已完成', '延期8-30天']);

    // English headers and labels; the filter applies (no paging).
    const english = await call(
      'GET',
      `${T}/projects/${fresh}/topics?export=true&delay=d1to7&order=number&limit=1`,
      cookies.demo,
      undefined,
      'en-US',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    const en = book.worksheets[0]!;
    expect(en.name).toBe('Problems');
    expect(cells(en, 1)).toEqual(TOPIC_EXPORT_COLUMNS.map((c) => c.header['en-US']));
    expect(en.rowCount).toBe(3);
    expect(cells(en, 2).slice(6, 8)).toEqual(['Handling delayed', '1–7 days late']);
    expect(english.headers['content-disposition']).toContain(`filename="problems-${TODAY}.xlsx"`);

    // Without the export right: 403.
    const refused = await call('GET', `${T}/projects/${fresh}/topics?export=true`, cookies.zhangsan);
    expect(refused.statusCode).toBe(403);
  });
});

/**
 * Topics written straight into the table (thousands of them: the API would take minutes), `count` rows of
 * the project numbered 1…count. `key` orders the ids among topics made at the same time; each bulk project
 * passes its own `range`, because projects made in the same second share the ids' 8-digit prefix.
 */
async function insertBulkTopics(
  projectId: string,
  range: number,
  count: number,
  vary: (i: number) => {
    key: number;
    name: string;
    priority: string;
    created_at: string;
    deadline?: string | null;
  },
) {
  const rows = Array.from({ length: count }, (_, i) => {
    const { key, ...fields } = vary(i);
    return {
      id: `${projectId.slice(0, 8)}${(range * 0x1_000_000 + key).toString(16).padStart(16, '0')}`,
      project_id: projectId,
      number: i + 1,
      content: '',
      creator_id: ids.demo ?? null,
      status: 'processing',
      completed_delay_days: 0,
      link_count: 0,
      response_count: 0,
      mentions: '[]',
      participants: '[]',
      images: '[]',
      updated_at: fields.created_at,
      ...fields,
    };
  });
  const db = withTopicTables(t.db.db);
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('topics')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows;
}

describe('export cap', () => {
  it(`refuses an export of more than ${TOPIC_EXPORT_MAX_ROWS} rows (400), and the narrowed list exports`, async () => {
    const big = await newProject('大量问题');
    const at = `${TODAY}T08:00:00.000Z`;
    await insertBulkTopics(big, 1, TOPIC_EXPORT_MAX_ROWS + 1, (i) => ({
      key: i + 1,
      name: `批量 ${i + 1}`,
      priority: 'normal',
      created_at: at,
    }));
    expect(await countOf('demo', '', big)).toBe(TOPIC_EXPORT_MAX_ROWS + 1);
    const refused = await call('GET', `${T}/projects/${big}/topics?export=true`, cookies.demo);
    expect([refused.statusCode, keyOf(refused)]).toEqual([400, 'topics.exportTooLarge']);
    const narrowed = await call(
      'GET',
      `${T}/projects/${big}/topics?export=true&${where({ number: { $lte: 3 } })}`,
      cookies.demo,
    );
    expect(narrowed.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(narrowed.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(4);
  });
});

describe('deep pages (issue 15)', () => {
  it('a deep page is the same page as a plain OFFSET one, after paging on, coming back and writes in between', async () => {
    const deep = await newProject('深翻页');
    const db = withTopicTables(t.db.db);
    const TOTAL = 2600;
    // Three topics a minute (created_at ties are ordered by id), every fifth without a deadline.
    const rows = await insertBulkTopics(deep, 2, TOTAL, (i) => ({
      key: (i * 7919) % 100_003,
      name: `翻页 ${String((i * 31) % TOTAL).padStart(4, '0')}`,
      priority: i % 2 ? 'urgent' : 'normal',
      deadline: i % 5 === 0 ? null : `2026-0${(i % 9) + 1}-1${i % 10}`,
      created_at: new Date(Date.parse(`${TODAY}T00:00:00.000Z`) - Math.floor(i / 3) * 60_000).toISOString(),
    }));
    await db.insertInto('topic_counters').values({ project_id: deep, last_number: TOTAL }).execute();
    type Row = (typeof rows)[number];
    const newest = (a: Row, b: Row) =>
      a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;
    const numbers = async (query: string) => (await listOf('demo', query, deep)).map((s) => s.number);
    const expectPage = async (all: Row[], skip: number, limit: number, query = '') =>
      expect(await numbers(`skip=${skip}&limit=${limit}${query}`)).toEqual(
        all.slice(skip, skip + limit).map((r) => r.number),
      );

    let byDate = [...rows].sort(newest);
    // Page on, come back, jump: every page as the plain order says.
    for (const skip of [2000, 2020, 2040, 2000, 2030, 2590, 1500, 2599, 2600])
      await expectPage(byDate, skip, 20);
    // Two orders and a filter at once, in parallel.
    const urgent = byDate.filter((r) => r.priority === 'urgent');
    const byName = [...rows].sort((a, b) =>
      a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1,
    );
    await Promise.all([
      expectPage(urgent, 1100, 50, `&${where({ priority: 'urgent' })}`),
      expectPage(byName, 2100, 30, '&order=name'),
      expectPage(byDate, 2100, 30),
      expectPage(urgent, 1140, 50, `&${where({ priority: 'urgent' })}`),
    ]);
    // A new topic and a deleted one move every row: the remembered places are not used any more.
    const raised = await raise('demo', { name: '新的一条', mentions: [ids.demo] }, deep);
    await db.deleteFrom('topics').where('id', '=', byDate[2010]!.id).execute();
    const fresh = await listOf('demo', 'skip=0&limit=1', deep);
    expect(fresh[0]!._id).toBe(raised._id);
    byDate = byDate.filter((r) => r.id !== byDate[2010]!.id);
    const shifted = [{ number: raised.number } as Row, ...byDate];
    for (const skip of [2000, 2020, 2000]) await expectPage(shifted, skip, 20);
    // Writes racing the reads: each answer is one of the two states, never a mix of stale places.
    const [, page] = await Promise.all([
      db.deleteFrom('topics').where('id', '=', byDate[100]!.id).execute(),
      numbers('skip=2000&limit=20'),
    ]);
    const after = [{ number: raised.number } as Row, ...byDate.filter((r) => r.id !== byDate[100]!.id)];
    expect(
      [shifted.slice(2000, 2020), after.slice(2000, 2020)].map((p) => p.map((r) => r.number)),
    ).toContainEqual(page);
    await expectPage(after, 2000, 20);
    // A column that may be empty (deadline) pages plainly, still in the list's order.
    const byDeadline = await numbers('skip=1990&limit=20&order=-deadline');
    expect(byDeadline).toHaveLength(20);
    expect(await numbers('skip=1990&limit=20&order=-deadline')).toEqual(byDeadline);
  });
});

describe('keyset pages: after=<cursor> (issue 15 §3)', () => {
  const NEXT = 'x-next-after';
  /** Every page of a list by cursor, `limit` at a time, as the web pages on: the numbers of each page. */
  async function byCursor(who: Name, projectId: string, query: string, limit: number) {
    const pages: number[][] = [];
    let after: string | undefined;
    for (;;) {
      const response = await list(who, `${query}&limit=${limit}${after ? `&after=${after}` : ''}`, projectId);
      expect(response.statusCode, response.body).toBe(200);
      pages.push(json<TopicSummary[]>(response).map((s) => s.number));
      const next = response.headers[NEXT];
      // A full page names the next one; a short one is the last.
      expect(next === undefined, `page ${pages.length}`).toBe(pages.at(-1)!.length < limit);
      if (next === undefined) return pages;
      after = String(next);
    }
  }

  let keyed: string;
  beforeAll(async () => {
    keyed = await newProject('游标翻页');
    const db = withTopicTables(t.db.db);
    // 130 topics, two a minute (created_at ties go by id), every fourth without a deadline, names repeating.
    await insertBulkTopics(keyed, 3, 130, (i) => ({
      key: (i * 7919) % 100_003,
      name: `游标 ${i % 40}`,
      priority: i % 3 ? 'normal' : 'urgent',
      deadline: i % 4 === 0 ? null : `2026-0${(i % 7) + 1}-1${i % 10}`,
      created_at: new Date(Date.parse(`${TODAY}T00:00:00.000Z`) - Math.floor(i / 2) * 60_000).toISOString(),
    }));
    await db.insertInto('topic_counters').values({ project_id: keyed, last_number: 130 }).execute();
  });

  it('pages on by cursor through every order (NULL deadlines too) exactly as one long page says', async () => {
    for (const order of ['-createdAt', 'createdAt', 'name', '-name', 'deadline', '-deadline', 'number']) {
      const whole = (await listOf('demo', `order=${order}&limit=200`, keyed)).map((s) => s.number);
      expect(whole, order).toHaveLength(130);
      const pages = await byCursor('demo', keyed, `order=${order}`, 25);
      expect(pages.flat(), order).toEqual(whole);
      expect(
        pages.map((p) => p.length),
        order,
      ).toEqual([25, 25, 25, 25, 25, 5]);
    }
    // With a filter, and a skip after the cursor.
    const urgent = (await listOf('demo', `${where({ priority: 'urgent' })}&limit=200`, keyed)).map(
      (s) => s.number,
    );
    expect((await byCursor('demo', keyed, where({ priority: 'urgent' }), 10)).flat()).toEqual(urgent);
    const first = await list('demo', 'limit=10', keyed);
    const skipped = await listOf('demo', `limit=10&skip=5&after=${first.headers[NEXT]}`, keyed);
    const all = (await listOf('demo', 'limit=200', keyed)).map((s) => s.number);
    expect(skipped.map((s) => s.number)).toEqual(all.slice(15, 25));
  });

  it('neither repeats nor loses a row when topics are added and deleted between pages', async () => {
    const db = withTopicTables(t.db.db);
    const before = await listOf('demo', 'limit=200', keyed);
    const first = await list('demo', 'limit=20', keyed);
    const seen = json<TopicSummary[]>(first);
    // Written between the pages: a new topic (newest: before the cursor), one deleted on the first page,
    // one on the page to come and one further on.
    const raised = await raise('demo', { name: '翻页时新增', mentions: [ids.demo] }, keyed);
    const gone = [before[3]!, before[25]!, before[70]!];
    await db
      .deleteFrom('topics')
      .where(
        'id',
        'in',
        gone.map((g) => g._id),
      )
      .execute();
    const rest: number[] = [];
    let after = String(first.headers[NEXT]);
    for (;;) {
      const response = await list('demo', `limit=20&after=${after}`, keyed);
      expect(response.statusCode, response.body).toBe(200);
      rest.push(...json<TopicSummary[]>(response).map((s) => s.number));
      const next = response.headers[NEXT];
      if (next === undefined) break;
      after = String(next);
    }
    // Exactly the rows after the first page that still exist, each once; the new one was before the cursor.
    const expected = before
      .slice(20)
      .filter((s) => !gone.includes(s))
      .map((s) => s.number);
    expect(rest).toEqual(expected);
    expect(rest).not.toContain(raised.number);
    expect(seen.map((s) => s.number)).toEqual(before.slice(0, 20).map((s) => s.number));
    // A deep page by skip reads the same rows as the long page (the deferred join), after those writes.
    const now = (await listOf('demo', 'limit=200', keyed)).map((s) => s.number);
    expect((await listOf('demo', 'skip=100&limit=20', keyed)).map((s) => s.number)).toEqual(
      now.slice(100, 120),
    );
  });

  it('refuses a bad cursor, or one of another order, with 400 common.badCursor in both languages', async () => {
    const byName = await list('demo', 'order=name&limit=5', keyed);
    const nameCursor = String(byName.headers[NEXT]);
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      'not-a-cursor',
      forged(['t.created_at', 'desc', '2026-01-01', 'zz']),
      forged(['t.created_at', 'desc', { a: 1 }, '0123456789abcdef01234567']),
      forged(['t.created_at', 'desc', null, '0123456789abcdef01234567']), // created_at is never NULL
      forged(['topics.secret', 'desc', 'x', '0123456789abcdef01234567']),
      forged({ id: 1 }),
    ]) {
      const response = await list('demo', `after=${bad}`, keyed);
      expect([response.statusCode, keyOf(response)], bad).toEqual([400, 'common.badCursor']);
    }
    // A cursor of one order used with another (here the default -createdAt, then -name).
    for (const order of ['', '&order=-name']) {
      const response = await list('demo', `after=${nameCursor}${order}`, keyed);
      expect([response.statusCode, keyOf(response)]).toEqual([400, 'common.badCursor']);
    }
    const english = await call(
      'GET',
      `${T}/projects/${keyed}/topics?after=x`,
      cookies.demo,
      undefined,
      'en-US',
    );
    expect(json<{ message: string }>(english).message).toMatch(/paging cursor/);
    const chinese = await call(
      'GET',
      `${T}/projects/${keyed}/topics?after=x`,
      cookies.demo,
      undefined,
      'zh-CN',
    );
    expect(json<{ message: string }>(chinese).message).toMatch(/分页游标/);
    // With the cursor's own order it pages on.
    expect((await list('demo', `order=name&limit=5&after=${nameCursor}`, keyed)).statusCode).toBe(200);
  });

  it('applies the rights to every page after a cursor, whoever made the cursor', async () => {
    // zhaoliu sees only what relates to them (relatedToMe) in P.
    for (let i = 0; i < 6; i++) {
      await raise('demo', { name: `相关翻页 ${i}`, mentions: [i % 2 ? ids.zhaoliu! : ids.zhangsan!] });
    }
    const visible = (await listOf('zhaoliu', 'limit=200')).map((s) => s.number);
    const everything = (await listOf('demo', 'limit=200')).map((s) => s.number);
    expect(visible.length).toBeGreaterThan(2);
    expect(visible.length).toBeLessThan(everything.length);
    expect((await byCursor('zhaoliu', project, 'order=-createdAt', 2)).flat()).toEqual(visible);
    // demo's cursor (after demo's second row) handed to zhaoliu: still only zhaoliu's topics after it.
    const demoFirst = await list('demo', 'limit=2');
    const handed = await listOf('zhaoliu', `limit=200&after=${demoFirst.headers[NEXT]}`);
    const cut = everything.indexOf(json<TopicSummary[]>(demoFirst)[1]!.number);
    expect(handed.map((s) => s.number)).toEqual(visible.filter((n) => everything.indexOf(n) > cut));
    // Someone who may not see the list gets no further with a cursor.
    for (const who of ['zhouba', 'qianqi'] as const) {
      const response = await list(who, `after=${demoFirst.headers[NEXT]}`);
      expect(response.statusCode, who).toBe(who === 'zhouba' ? 403 : 404);
    }
  });
});

describe('viewpoint (issue 16): the viewport saved when a problem is raised from the viewer', () => {
  const MODELS = '/api/v1/model-service';
  /** A second model of P, and a model of another project of the same enterprise. */
  let secondModel: string;
  let elsewhere: string;
  let elsewhereModel: string;
  const camera = { projection: 'perspective', position: [12.5, 8, -3.25], target: [0, 1.5, 0] };

  async function viewport(projectId: string, modelIds: string[], name: string): Promise<string> {
    const response = await call('POST', `${MODELS}/projects/${projectId}/viewports`, cookies.demo, {
      name,
      modelIds,
      camera,
      hidden: [{ modelId: modelIds[0], globalIds: [NORTH_WALL] }],
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ _id: string }>(response)._id;
  }
  const wallLink = { type: 'element', modelId: '', globalId: SOUTH_WALL };

  beforeAll(async () => {
    secondModel = (await readySample(t.app, cookies.demo, project, undefined, '视点第二模型'))._id;
    elsewhere = await newProject('视点他项目');
    elsewhereModel = (await readySample(t.app, cookies.demo, elsewhere))._id;
  }, 180_000);

  it('is saved with the topic, answered by GET, changed and cleared by PUT, and dropped when the viewport is deleted', async () => {
    const saved = await viewport(project, [projectModel], '南墙渗水视点');
    const topic = await raise('lisi', {
      links: [{ ...wallLink, modelId: projectModel }],
      viewportId: saved,
    });
    expect(topic.viewportId).toBe(saved);
    const read = json<Topic>(await call('GET', `${T}/topics/${topic._id}`, cookies.zhangsan));
    expect(read.viewportId).toBe(saved);
    // The list rows stay summaries: no viewpoint there.
    const [row] = await listOf('lisi', where({ number: topic.number }));
    expect(row).not.toHaveProperty('viewportId');

    const other = await viewport(project, [projectModel], '另一视点');
    const changed = await call('PUT', `${T}/topics/${topic._id}`, cookies.lisi, { viewportId: other });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<Topic>(changed).viewportId).toBe(other);
    const cleared = await call('PUT', `${T}/topics/${topic._id}`, cookies.lisi, { viewportId: null });
    expect(json<Topic>(cleared).viewportId).toBeNull();

    // A topic without element links may keep a view of any model of the project.
    const plain = await raise('lisi', { viewportId: other });
    const removed = await call('DELETE', `${MODELS}/viewports/${other}`, cookies.demo);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const after = json<Topic>(await call('GET', `${T}/topics/${plain._id}`, cookies.lisi));
    expect(after.viewportId).toBeNull();
  });

  it("refuses another project's viewport, an unknown one and one not showing the linked model (400 on viewportId)", async () => {
    const foreign = await viewport(elsewhere, [elsewhereModel], '他项目视点');
    const secondOnly = await viewport(project, [secondModel], '第二模型视点');
    const before = await countOf('demo');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ viewportId: foreign }, 'topics.viewportNotFound'],
      [{ viewportId: '0123456789abcdef01234567' }, 'topics.viewportNotFound'],
      [
        { viewportId: secondOnly, links: [{ ...wallLink, modelId: projectModel }] },
        'topics.viewportOtherModel',
      ],
    ];
    for (const [body, key] of cases) {
      const response = await call('POST', `${T}/topics`, cookies.lisi, {
        projectId: project,
        name: '视点校验',
        mentions: [ids.zhangsan],
        ...body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(keyOf(response)).toBe(key);
      expect(json<{ details: Array<{ path: string }> }>(response).details[0]!.path).toBe('viewportId');
    }
    const malformed = await call('POST', `${T}/topics`, cookies.lisi, {
      projectId: project,
      name: '视点校验',
      mentions: [ids.zhangsan],
      viewportId: 'not-an-id',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await countOf('demo')).toBe(before);

    // The same checks on a change; the topic keeps what it had.
    const topic = await raise('lisi', {});
    const refused = await call('PUT', `${T}/topics/${topic._id}`, cookies.lisi, { viewportId: foreign });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(keyOf(refused)).toBe('topics.viewportNotFound');
    const kept = json<Topic>(await call('GET', `${T}/topics/${topic._id}`, cookies.lisi));
    expect(kept.viewportId).toBeNull();
  });
});

describe('settings: species, subcontracts and disciplines', () => {
  it('duplicate names 409; admins only; usage counted; one in use cannot be deleted', async () => {
    const create = (who: Name, kind: string, name: string) =>
      call('POST', `${T}/projects/${project}/${kind}`, cookies[who], { name });
    const crack = json<TopicSetting>(await create('demo', 'species', '  裂缝 '));
    expect(crack).toMatchObject({ projectId: project, name: '裂缝', usage: 0 });
    const duplicate = await create('demo', 'species', '裂缝');
    expect([duplicate.statusCode, keyOf(duplicate)]).toEqual([409, 'topics.settingNameTaken']);
    // The same name in the other list is fine.
    expect((await create('demo', 'subcontracts', '裂缝')).statusCode).toBe(200);
    expect((await create('zhangsan', 'species', '渗水')).statusCode).toBe(403);
    expect((await create('qianqi', 'species', '渗水')).statusCode).toBe(404);
    expect((await create('demo', 'species', '')).statusCode).toBe(400);

    const rename = await call('PUT', `${T}/species/${crack._id}`, cookies.demo, {
      name: '结构裂缝',
      order: 9,
    });
    expect(json<TopicSetting>(rename)).toMatchObject({ name: '结构裂缝', order: 9 });
    const clash = json<TopicSetting>(await create('demo', 'species', '空鼓'));
    expect(
      (await call('PUT', `${T}/species/${clash._id}`, cookies.demo, { name: '结构裂缝' })).statusCode,
    ).toBe(409);
    // A species id is not a subcontract.
    expect(
      (await call('PUT', `${T}/subcontracts/${crack._id}`, cookies.demo, { name: 'x' })).statusCode,
    ).toBe(404);

    const a = await raise('demo', { name: '用裂缝1', speciesId: crack._id, domainId: domains.electric });
    const b = await raise('demo', { name: '用裂缝2', speciesId: crack._id });
    const listed = json<TopicSetting[]>(
      await call('GET', `${T}/projects/${project}/species`, cookies.zhangsan),
    );
    expect(listed.find((s) => s._id === crack._id)?.usage).toBe(2);

    const inUse = await call('DELETE', `${T}/species/${crack._id}`, cookies.demo);
    expect(inUse.statusCode).toBe(409);
    expect(json(inUse)).toMatchObject({
      key: 'topics.settingInUse',
      message: `已有 2 个问题使用（编号 #${a.number}, #${b.number}），不能删除`,
    });
    expect((await call('DELETE', `${T}/species/${clash._id}`, cookies.zhangsan)).statusCode).toBe(403);
    expect((await call('DELETE', `${T}/species/${clash._id}`, cookies.demo)).statusCode).toBe(200);
    expect((await call('DELETE', `${T}/species/${clash._id}`, cookies.demo)).statusCode).toBe(404);

    // A discipline used by a topic cannot be removed from the project (account-service domains).
    const domainInUse = await call(
      'DELETE',
      `${ACCOUNT}/domains/${domains.electric}`,
      cookies.demo,
      undefined,
      'en-US',
    );
    expect(domainInUse.statusCode).toBe(409);
    expect(json(domainInUse)).toMatchObject({
      key: 'topics.domainInUse',
      message: `This discipline is used by 1 problem(s) (No. #${a.number}) and cannot be deleted`,
    });
    await call('PUT', `${T}/topics/${a._id}`, cookies.demo, { domainId: null });
    expect((await call('DELETE', `${ACCOUNT}/domains/${domains.electric}`, cookies.demo)).statusCode).toBe(
      200,
    );
  });
});

describe('demo data', () => {
  it('the demo project has a dozen topics in various states, mentioning zhangsan', async () => {
    const [demoProject] = json<Array<{ _id: string; name: string }>>(
      await call('GET', `${ACCOUNT}/projects`, cookies.zhangsan),
    );
    const topics = await listOf('zhangsan', 'limit=200&expand=true', demoProject!._id);
    expect(topics).toHaveLength(12);
    expect(new Set(topics.map((x) => x.state))).toEqual(
      new Set(['processing', 'processingDelayed', 'completed']),
    );
    expect(new Set(topics.map((x) => x.delay)).size).toBe(4);
    expect(await countOf('zhangsan', 'category=mine', demoProject!._id)).toBeGreaterThan(6);
    expect(await countOf('zhangsan', 'unRead=true', demoProject!._id)).toBeGreaterThan(0);
    expect(topics.some((x) => x.responseCount > 0)).toBe(true);
    expect(topics.every((x) => x.species !== null && x.domain !== null)).toBe(true);
  });
});
