import type { Announcement, AnnouncementSummary } from '@lintel/contracts/announcements';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../test/helper';
import { makePng } from '../../../test/images';
import { addMemberWithConsent, makeReadOnly } from '../../../test/membership';
import { json, keyOf, projectsOf, requester, signInPeople } from '../../../test/project-api';
import { uploadAs } from '../files/test-support';

/**
 * announcement-service on the demo project. demo: project admin. zhangsan: member with the default
 * template (view only). lisi: member whose template grants create and delete. wangwu, zhaoliu: members in
 * the departments 工程部 and its sub-department 一组. qianqi: signed in, no member. sunqi: another tenant.
 */

const A = '/api/v1/announcement-service';

let t: TestApp;
let cookies: Record<
  'demo' | 'zhangsan' | 'lisi' | 'wangwu' | 'zhaoliu' | 'qianqi' | 'sunqi' | 'admin',
  string
>;
let ids: Record<string, string>;
let project: string;
let otherProject: string;
let departments: { works: string; team: string; empty: string; foreign: string };

const call = requester(() => t);

async function publish(cookie: string, body: Record<string, unknown>): Promise<Announcement> {
  const response = await call('POST', `${A}/announcements`, cookie, {
    projectId: project,
    title: '安全生产通知',
    content: '<p>明天上午九点进行安全检查。</p>',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<Announcement>(response);
}

function list(cookie: string, type: string, query = ''): Promise<LightMyRequestResponse> {
  return call('GET', `${A}/projects/${project}/announcements?type=${type}${query}`, cookie);
}
async function listOf(cookie: string, type: string, query = ''): Promise<AnnouncementSummary[]> {
  const response = await list(cookie, type, query);
  expect(response.statusCode, response.body).toBe(200);
  return json<AnnouncementSummary[]>(response);
}

async function announcementNotifications(cookie: string) {
  const response = await call(
    'GET',
    `/api/v1/base-service/notifications?where=${encodeURIComponent(JSON.stringify({ module: 'announcement' }))}`,
    cookie,
  );
  return json<Array<{ title: string; link: string; recordId: string; read: boolean; content: string }>>(
    response,
  );
}
async function unreadCount(cookie: string): Promise<number> {
  const where = encodeURIComponent(JSON.stringify({ read: false }));
  const response = await call(
    'GET',
    `/api/v1/base-service/notifications?only_count=true&where=${where}`,
    cookie,
  );
  return json<{ count: number }>(response).count;
}

async function addMember(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await addMemberWithConsent(t.app, {
    scope: `projects/${project}`,
    adminCookie: cookies.demo,
    userCookie: cookies[name as keyof typeof cookies],
    body: { userId: ids[name], ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ _id: string }>(response)._id;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookies, ids } = await signInPeople(t, ['lisi', 'wangwu', 'zhaoliu', 'qianqi', 'sunqi']));
  project = (await projectsOf(t, cookies.demo))[0]!._id;

  // Departments: 工程部 > 一组, and an empty 质量部.
  const structure = async (name: string, parentId?: string) => {
    const response = await call('POST', `${ACCOUNT}/projects/${project}/structures`, cookies.demo, {
      name,
      ...(parentId ? { parentId } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ _id: string }>(response)._id;
  };
  const works = await structure('工程部');
  const team = await structure('一组', works);
  const empty = await structure('质量部');

  const template = await call('POST', `${ACCOUNT}/projects/${project}/templates`, cookies.demo, {
    name: '公告发布',
    grants: { announcements: { view: 'all', create: true, delete: true } },
  });
  expect(template.statusCode, template.body).toBe(200);
  await addMember('lisi', { templateId: json<{ _id: string }>(template)._id });
  await addMember('wangwu', { department: works });
  await addMember('zhaoliu', { department: team });
  // Without announcement rights: the default template (项目成员) would let them publish.
  await makeReadOnly(t.app, {
    projectId: project,
    adminCookie: cookies.demo,
    userIds: [ids.zhangsan, ids.wangwu, ids.zhaoliu],
  });

  // Another tenant with a project and a department of its own.
  const enterprise = json<{ _id: string }>(
    await call('POST', `${ACCOUNT}/enterprises`, cookies.sunqi, { name: '孙七建设' }),
  );
  otherProject = json<{ _id: string }>(
    await call('POST', `${ACCOUNT}/projects`, cookies.sunqi, {
      name: '孙七项目',
      enterpriseId: enterprise._id,
    }),
  )._id;
  const foreign = json<{ _id: string }>(
    await call('POST', `${ACCOUNT}/projects/${otherProject}/structures`, cookies.sunqi, { name: '外部门' }),
  )._id;
  departments = { works, team, empty, foreign };
});
afterAll(() => t.close());

describe('POST announcements', () => {
  it('publishes to the chosen members: sanitised content, an excerpt, and a notification linking it', async () => {
    const created = await publish(cookies.demo, {
      title: '  塔吊检修  ',
      content:
        '<h2>检修安排</h2><p onclick="x()">周五<strong>停止</strong>吊装作业。<script>alert(1)</script></p>' +
        '<p><a href="javascript:alert(1)">详情</a> <a href="https://lintel.example/plan">计划</a></p>',
      receivers: [ids.zhangsan],
    });
    expect(created).toMatchObject({
      projectId: project,
      title: '塔吊检修',
      content:
        '<h2>检修安排</h2><p>周五<strong>停止</strong>吊装作业。</p>' +
        '<p><a target="_blank" rel="noopener noreferrer nofollow">详情</a> ' +
        '<a href="https://lintel.example/plan" target="_blank" rel="noopener noreferrer nofollow">计划</a></p>',
      excerpt: '检修安排 周五停止吊装作业。 详情 计划',
      senderId: ids.demo,
      receivers: [ids.zhangsan],
      departments: [],
      receiverCount: 1,
      readCount: 0,
      attachments: [],
      type: 'send',
      read: true,
      unRead: false,
      stick: false,
      send: true,
      recalled: false,
    });
    const [notification] = await announcementNotifications(cookies.zhangsan);
    expect(notification).toMatchObject({
      title: '塔吊检修',
      content: '检修安排 周五停止吊装作业。 详情 计划',
      link: `/projects/${project}/announcements/${created._id}`,
      recordId: created._id,
      read: false,
    });
    // Nobody else was told.
    expect(await announcementNotifications(cookies.demo)).toEqual([]);
    expect(await announcementNotifications(cookies.wangwu)).toEqual([]);
  });

  it('"all" goes to every member but the sender; departments include their sub-departments', async () => {
    const everyone = await publish(cookies.lisi, { receivers: 'all' });
    expect(everyone.receivers).toBe('all');
    expect(everyone.receiverCount).toBe(4); // demo, zhangsan, wangwu, zhaoliu
    const byDepartment = await publish(cookies.demo, { receivers: [], departments: [departments.works] });
    expect(byDepartment).toMatchObject({ receivers: [], departments: [departments.works], receiverCount: 2 });
    const expanded = json<Announcement>(
      await call('GET', `${A}/announcements/${byDepartment._id}?expand=true`, cookies.demo),
    );
    expect(expanded.receiverStates?.map((s) => s.user.name).sort()).toEqual(['wangwu', 'zhaoliu']);
    expect(expanded.departmentList).toEqual([{ _id: departments.works, name: '工程部' }]);
    // A member and a department together: their union, each once.
    const both = await publish(cookies.demo, {
      receivers: [ids.wangwu, ids.zhangsan],
      departments: [departments.team],
    });
    expect(both.receiverCount).toBe(3);
  });

  it('attaches files of the project, by id or by the URL the upload answered', async () => {
    const upload = await uploadAs(
      t,
      cookies.demo,
      [{ field: 'file', filename: '现场照片.png', data: makePng() }],
      {
        projectId: project,
      },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const [url] = json<{ files: string[] }>(upload).files as [string];
    const created = await publish(cookies.demo, { receivers: [ids.zhangsan], attachments: [url] });
    expect(created.attachmentCount).toBe(1);
    expect(created.attachments).toEqual([
      {
        _id: url.split('/').pop(),
        name: '现场照片.png',
        size: expect.any(Number),
        contentType: 'image/png',
        url,
      },
    ]);
    // The receiver may download it (the project's files are its members').
    const download = await call('GET', url, cookies.zhangsan);
    expect(download.statusCode).toBe(200);
    const listed = (await listOf(cookies.zhangsan, 'received')).find((a) => a._id === created._id);
    expect(listed?.attachmentCount).toBe(1);
  });

  it("refuses what is invalid, with the reason in the caller's language", async () => {
    const post = (body: Record<string, unknown>, language?: string) =>
      call(
        'POST',
        `${A}/announcements`,
        cookies.demo,
        { projectId: project, title: '通知', content: '<p>内容</p>', receivers: [ids.zhangsan], ...body },
        language,
      );
    for (const body of [
      { title: '   ' },
      { title: '长'.repeat(101) },
      { receivers: [] },
      { receivers: 'some' },
    ]) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(keyOf(response)).toBe('common.validation');
    }
    const empty = await post({ content: '<p> </p><script>alert(1)</script><img src=x>' }, 'en-US');
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      key: 'announcements.contentEmpty',
      message: 'The content cannot be empty',
    });
    const long = await post({ content: `<p>${'字'.repeat(20_001)}</p>` });
    expect(keyOf(long)).toBe('announcements.contentTooLong');
    const stranger = await post({ receivers: [ids.qianqi] });
    expect(stranger.statusCode).toBe(400);
    expect(json(stranger)).toMatchObject({
      key: 'announcements.receiverNotMember',
      message: '接收人必须是本项目的成员',
    });
    const foreign = await post({ receivers: [], departments: [departments.foreign] });
    expect(keyOf(foreign)).toBe('announcements.departmentNotFound');
    const nobody = await post({ receivers: [], departments: [departments.empty] });
    expect(keyOf(nobody)).toBe('announcements.noReceivers');
    const onlyMe = await post({ receivers: [ids.demo] });
    expect(keyOf(onlyMe)).toBe('announcements.noReceivers');
    const missing = await post({ attachments: ['0123456789abcdef01234567'] });
    expect(keyOf(missing)).toBe('announcements.attachmentNotFound');
    const otherUpload = await uploadAs(
      t,
      cookies.sunqi,
      [{ field: 'file', filename: 'a.png', data: makePng() }],
      {
        projectId: otherProject,
      },
    );
    const [otherUrl] = json<{ files: string[] }>(otherUpload).files as [string];
    expect(keyOf(await post({ attachments: [otherUrl] }))).toBe('announcements.attachmentNotFound');
  });

  it('rights: signed out 401, no member 404, another tenant 404, member without create 403', async () => {
    const body = { projectId: project, title: '通知', content: '<p>内容</p>', receivers: 'all' };
    expect((await call('POST', `${A}/announcements`, null, body)).statusCode).toBe(401);
    const outsider = await call('POST', `${A}/announcements`, cookies.qianqi, body);
    expect([outsider.statusCode, keyOf(outsider)]).toEqual([404, 'common.notFound']);
    const tenant = await call('POST', `${A}/announcements`, cookies.sunqi, body);
    expect([tenant.statusCode, keyOf(tenant)]).toEqual([404, 'common.notFound']);
    const member = await call('POST', `${A}/announcements`, cookies.zhangsan, body);
    expect([member.statusCode, keyOf(member)]).toEqual([403, 'common.forbidden']);
    // A system administrator reads every project but publishes in none they are not in.
    expect((await call('POST', `${A}/announcements`, cookies.admin, body)).statusCode).toBe(403);
    // Nothing was stored by any of them.
    expect((await listOf(cookies.zhangsan, 'sent')).length).toBe(0);
  });
});

describe('GET projects/{id}/announcements', () => {
  it("sent and received lists: the caller's own, newest first, unread marked, with only_count", async () => {
    const first = await publish(cookies.lisi, { title: '第一条', receivers: [ids.wangwu] });
    const second = await publish(cookies.lisi, { title: '第二条', receivers: [ids.wangwu, ids.zhaoliu] });
    t.clock.advance(1000);
    const sent = await listOf(cookies.lisi, 'sent');
    expect(sent.slice(0, 2).map((a) => a.title)).toEqual(['第二条', '第一条']);
    expect(sent[0]).toMatchObject({ type: 'send', receiverCount: 2, readCount: 0, unRead: false });
    expect(sent[0]).not.toHaveProperty('content');
    expect(sent[0]).not.toHaveProperty('sender');
    const received = await listOf(cookies.wangwu, 'received', '&expand=true');
    const mine = received.filter((a) => a._id === first._id || a._id === second._id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ type: 'receive', read: false, unRead: true });
    expect(mine[0]?.sender).toEqual({ _id: ids.lisi, name: 'lisi', nickName: 'lisi昵称', avatar: '' });
    // The sender's list is not the receivers', and the other way round.
    expect((await listOf(cookies.wangwu, 'sent')).length).toBe(0);
    expect((await listOf(cookies.lisi, 'received')).some((a) => a._id === first._id)).toBe(false);
    // `posted` names the sent box too (spec 001 §7), and counts answer {count}.
    expect((await listOf(cookies.lisi, 'posted')).length).toBe(sent.length);
    const count = await list(
      cookies.wangwu,
      'received',
      `&only_count=true&where=${encodeURIComponent('{"read":false}')}`,
    );
    expect(json(count)).toEqual({ count: received.filter((a) => a.unRead).length });
  });

  it('pinned ones come first, whatever the order', async () => {
    const pinned = await publish(cookies.demo, { title: '置顶公告', receivers: [ids.zhaoliu], stick: true });
    t.clock.advance(1000);
    await publish(cookies.demo, { title: '之后的公告', receivers: [ids.zhaoliu] });
    const received = await listOf(cookies.zhaoliu, 'received');
    expect(received[0]).toMatchObject({ _id: pinned._id, stick: true });
    const byTitle = await listOf(cookies.zhaoliu, 'received', '&order=title');
    expect(byTitle[0]?._id).toBe(pinned._id);
    const rest = byTitle.slice(1).map((a) => a.title);
    expect(rest).toEqual([...rest].sort());
  });

  it('paging, where and order are checked', async () => {
    expect((await listOf(cookies.wangwu, 'received', '&limit=1')).length).toBe(1);
    const bad = [
      ['', 'common.validation'], // no type
      ['&type=inbox', 'common.validation'],
      ['&type=received&where={"recalled":true}', 'common.whereUnknownField'],
      ['&type=sent&where={"read":true}', 'common.whereUnknownField'],
      ['&type=sent&order=-colour', 'common.orderUnknownField'],
      ['&type=sent&limit=500', 'common.validation'],
    ] as const;
    for (const [query, key] of bad) {
      const url = `${A}/projects/${project}/announcements?${query.replace(/^&/, '')}`;
      const response = await call('GET', url, cookies.demo);
      expect([response.statusCode, keyOf(response)], query).toEqual([400, key]);
    }
  });

  it('rights: no member 404, another tenant 404, a member without view 403', async () => {
    expect((await list(cookies.qianqi, 'received')).statusCode).toBe(404);
    expect((await list(cookies.sunqi, 'received')).statusCode).toBe(404);
    expect(
      (await call('GET', `${A}/projects/${otherProject}/announcements?type=sent`, cookies.demo)).statusCode,
    ).toBe(404);
    const blind = await call('POST', `${ACCOUNT}/projects/${project}/templates`, cookies.demo, {
      name: '不看公告',
      grants: { announcements: { view: 'none' } },
    });
    const memberId = json<Array<{ _id: string }>>(
      await call(
        'GET',
        `${ACCOUNT}/projects/${project}/members?where={"userId":"${ids.zhaoliu}"}`,
        cookies.demo,
      ),
    )[0]?._id;
    const put = (templateId: string | null) =>
      call('PUT', `${ACCOUNT}/members/${memberId}`, cookies.demo, { templateId });
    expect((await put(json<{ _id: string }>(blind)._id)).statusCode).toBe(200);
    try {
      const response = await list(cookies.zhaoliu, 'received');
      expect([response.statusCode, keyOf(response)]).toEqual([403, 'common.forbidden']);
    } finally {
      expect((await put(null)).statusCode).toBe(200);
    }
  });
});

describe('GET announcements/{id}', () => {
  it("the sender sees every receiver's read state; a receiver sees the announcement without them", async () => {
    const created = await publish(cookies.lisi, { receivers: [ids.wangwu, ids.zhangsan] });
    const asSender = json<Announcement>(
      await call('GET', `${A}/announcements/${created._id}?expand=true`, cookies.lisi),
    );
    expect(asSender.sender).toMatchObject({ _id: ids.lisi, name: 'lisi' });
    expect(asSender.receiverStates?.map((s) => [s.user.name, s.read]).sort()).toEqual([
      ['wangwu', false],
      ['zhangsan', false],
    ]);
    const asReceiver = json<Announcement>(
      await call('GET', `${A}/announcements/${created._id}?expand=true`, cookies.wangwu),
    );
    expect(asReceiver).toMatchObject({
      type: 'receive',
      read: false,
      unRead: true,
      content: created.content,
    });
    expect(asReceiver.receiverStates).toBeUndefined();
    const plain = json<Announcement>(await call('GET', `${A}/announcements/${created._id}`, cookies.wangwu));
    expect(plain.sender).toBeUndefined();
    // A project admin who did not receive it may look (and sees the readers).
    const asAdmin = json<Announcement>(
      await call('GET', `${A}/announcements/${created._id}?expand=true`, cookies.demo),
    );
    expect(asAdmin).toMatchObject({ type: null, read: true });
    expect(asAdmin.receiverStates).toHaveLength(2);
  });

  it('a member it was not sent to, an outsider and another tenant get 404; a bad id 400', async () => {
    const created = await publish(cookies.lisi, { receivers: [ids.wangwu] });
    for (const cookie of [cookies.zhaoliu, cookies.qianqi, cookies.sunqi]) {
      const response = await call('GET', `${A}/announcements/${created._id}`, cookie);
      expect([response.statusCode, keyOf(response)]).toEqual([404, 'common.notFound']);
    }
    expect((await call('GET', `${A}/announcements/0123456789abcdef01234567`, cookies.demo)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `${A}/announcements/nope`, cookies.demo)).statusCode).toBe(400);
    expect((await call('GET', `${A}/announcements/${created._id}?extra=1`, cookies.demo)).statusCode).toBe(
      400,
    );
  });
});

describe('PUT announcements/{id}', () => {
  it("read=true: the receiver's flag, the sender's read count, and their notification read (badge drops)", async () => {
    const created = await publish(cookies.lisi, { receivers: [ids.wangwu, ids.zhaoliu] });
    const before = await unreadCount(cookies.wangwu);
    const read = await call('PUT', `${A}/announcements/${created._id}?read=true`, cookies.wangwu);
    expect(read.statusCode, read.body).toBe(200);
    expect(json(read)).toMatchObject({ read: true, unRead: false, readCount: 1 });
    expect(await unreadCount(cookies.wangwu)).toBe(before - 1);
    const notification = (await announcementNotifications(cookies.wangwu)).find(
      (n) => n.recordId === created._id,
    );
    expect(notification?.read).toBe(true);
    const asSender = json<Announcement>(
      await call('GET', `${A}/announcements/${created._id}?expand=true`, cookies.lisi),
    );
    expect(asSender.readCount).toBe(1);
    expect(asSender.receiverStates?.find((s) => s.user._id === ids.wangwu)).toMatchObject({
      read: true,
      readAt: expect.any(String),
    });
    const [sentRow] = (await listOf(cookies.lisi, 'sent')).filter((a) => a._id === created._id);
    expect(sentRow).toMatchObject({ readCount: 1, receiverCount: 2 });
    // read=false marks it unread again.
    const unread = await call('PUT', `${A}/announcements/${created._id}?read=false`, cookies.wangwu);
    expect(json(unread)).toMatchObject({ read: false, unRead: true, readCount: 0 });
  });

  it('read by someone who did not receive it: 403 for the sender, 404 for others', async () => {
    const created = await publish(cookies.lisi, { receivers: [ids.wangwu] });
    const sender = await call('PUT', `${A}/announcements/${created._id}?read=true`, cookies.lisi);
    expect([sender.statusCode, keyOf(sender)]).toEqual([403, 'announcements.notReceiver']);
    expect(
      (await call('PUT', `${A}/announcements/${created._id}?read=true`, cookies.zhaoliu)).statusCode,
    ).toBe(404);
    expect((await call('PUT', `${A}/announcements/${created._id}?read=true`, cookies.sunqi)).statusCode).toBe(
      404,
    );
  });

  it('stick: the sender (create right) and project admins pin and unpin; receivers may not', async () => {
    const created = await publish(cookies.lisi, { receivers: [ids.wangwu, ids.demo] });
    const pinned = await call('PUT', `${A}/announcements/${created._id}?stick=true`, cookies.lisi);
    expect(json(pinned)).toMatchObject({ stick: true, stickAt: expect.any(String) });
    expect((await listOf(cookies.wangwu, 'received'))[0]?._id).toBe(created._id);
    const receiver = await call('PUT', `${A}/announcements/${created._id}?stick=false`, cookies.wangwu);
    expect([receiver.statusCode, keyOf(receiver)]).toEqual([403, 'common.forbidden']);
    const admin = await call('PUT', `${A}/announcements/${created._id}?stick=false`, cookies.demo);
    expect(json(admin)).toMatchObject({ stick: false, stickAt: null });
    expect(
      (await call('PUT', `${A}/announcements/${created._id}?stick=true`, cookies.sunqi)).statusCode,
    ).toBe(404);
  });

  it('exactly one action per call', async () => {
    const created = await publish(cookies.lisi, { receivers: [ids.wangwu] });
    for (const query of ['', '?read=true&stick=true', '?recall=false', '?stick=maybe', '?colour=red']) {
      const response = await call('PUT', `${A}/announcements/${created._id}${query}`, cookies.lisi);
      expect([response.statusCode, keyOf(response)], query).toEqual([400, 'common.validation']);
    }
  });

  it('recall: gone from the receivers (404 announcements.recalled), kept by the sender, once only', async () => {
    const created = await publish(cookies.lisi, { receivers: [ids.wangwu], stick: true });
    const other = await call('PUT', `${A}/announcements/${created._id}?recall=true`, cookies.wangwu);
    expect([other.statusCode, keyOf(other)]).toEqual([403, 'common.forbidden']);
    const recalled = await call('PUT', `${A}/announcements/${created._id}?recall=true`, cookies.lisi);
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(json(recalled)).toMatchObject({
      recalled: true,
      send: false,
      stick: false,
      recalledAt: expect.any(String),
    });
    expect((await listOf(cookies.wangwu, 'received')).some((a) => a._id === created._id)).toBe(false);
    const opened = await call('GET', `${A}/announcements/${created._id}`, cookies.wangwu, undefined, 'en-US');
    expect(json(opened)).toMatchObject({
      key: 'announcements.recalled',
      message: 'This announcement was recalled by its sender',
    });
    expect((await listOf(cookies.lisi, 'sent', '&where={"recalled":true}')).map((a) => a._id)).toContain(
      created._id,
    );
    const again = await call('PUT', `${A}/announcements/${created._id}?recall=true`, cookies.lisi);
    expect([again.statusCode, keyOf(again)]).toEqual([409, 'announcements.alreadyRecalled']);
    const pin = await call('PUT', `${A}/announcements/${created._id}?stick=true`, cookies.lisi);
    expect([pin.statusCode, keyOf(pin)]).toEqual([409, 'announcements.alreadyRecalled']);
  });

  it('a sender who lost the create right may no longer pin or recall', async () => {
    const created = await publish(cookies.lisi, { receivers: [ids.wangwu] });
    const memberId = json<Array<{ _id: string; templateId: string }>>(
      await call(
        'GET',
        `${ACCOUNT}/projects/${project}/members?where={"userId":"${ids.lisi}"}`,
        cookies.demo,
      ),
    )[0]!;
    await makeReadOnly(t.app, { projectId: project, adminCookie: cookies.demo, userIds: [ids.lisi] });
    try {
      const response = await call('PUT', `${A}/announcements/${created._id}?recall=true`, cookies.lisi);
      expect([response.statusCode, keyOf(response)]).toEqual([403, 'common.forbidden']);
    } finally {
      await call('PUT', `${ACCOUNT}/members/${memberId._id}`, cookies.demo, {
        templateId: memberId.templateId,
      });
    }
  });
});

describe('DELETE announcements/{id}', () => {
  it('a receiver with the delete right removes it from their own list only', async () => {
    const created = await publish(cookies.demo, { receivers: [ids.lisi, ids.wangwu] });
    const removed = await call('DELETE', `${A}/announcements/${created._id}`, cookies.lisi);
    expect([removed.statusCode, removed.body]).toEqual([200, '{}']);
    expect((await listOf(cookies.lisi, 'received')).some((a) => a._id === created._id)).toBe(false);
    expect((await call('GET', `${A}/announcements/${created._id}`, cookies.lisi)).statusCode).toBe(404);
    expect((await listOf(cookies.wangwu, 'received')).some((a) => a._id === created._id)).toBe(true);
    expect(
      json<Announcement>(await call('GET', `${A}/announcements/${created._id}`, cookies.demo)).receiverCount,
    ).toBe(2);
  });

  it('the sender removes it for everyone; without the delete right 403', async () => {
    const created = await publish(cookies.lisi, { receivers: [ids.zhangsan, ids.wangwu] });
    const denied = await call('DELETE', `${A}/announcements/${created._id}`, cookies.zhangsan);
    expect([denied.statusCode, keyOf(denied)]).toEqual([403, 'common.forbidden']);
    expect((await call('DELETE', `${A}/announcements/${created._id}`, cookies.sunqi)).statusCode).toBe(404);
    expect((await call('DELETE', `${A}/announcements/${created._id}`, cookies.lisi)).statusCode).toBe(200);
    for (const cookie of [cookies.lisi, cookies.wangwu, cookies.demo]) {
      expect((await call('GET', `${A}/announcements/${created._id}`, cookie)).statusCode).toBe(404);
    }
    expect((await call('DELETE', `${A}/announcements/${created._id}`, cookies.lisi)).statusCode).toBe(404);
  });

  it("a project admin removes anyone's for everyone", async () => {
    const created = await publish(cookies.lisi, { receivers: [ids.wangwu] });
    expect((await call('DELETE', `${A}/announcements/${created._id}`, cookies.demo)).statusCode).toBe(200);
    expect((await call('GET', `${A}/announcements/${created._id}`, cookies.lisi)).statusCode).toBe(404);
  });
});

describe('DELETE projects/{id}/announcements?type=', () => {
  it('posted: every announcement the caller sent, for everyone; received: out of their own list', async () => {
    await publish(cookies.lisi, { receivers: [ids.wangwu] });
    const sentBefore = (await listOf(cookies.lisi, 'sent')).length;
    const posted = await call('DELETE', `${A}/projects/${project}/announcements?type=posted`, cookies.lisi);
    expect(json(posted)).toEqual({ count: sentBefore });
    expect(await listOf(cookies.lisi, 'sent')).toEqual([]);

    await publish(cookies.demo, { receivers: [ids.lisi, ids.wangwu] });
    const receivedBefore = (await listOf(cookies.lisi, 'received')).length;
    expect(receivedBefore).toBeGreaterThan(0);
    const received = await call(
      'DELETE',
      `${A}/projects/${project}/announcements?type=received`,
      cookies.lisi,
    );
    expect(json(received)).toEqual({ count: receivedBefore });
    expect(await listOf(cookies.lisi, 'received')).toEqual([]);
    expect((await listOf(cookies.wangwu, 'received')).length).toBeGreaterThan(0);
  });

  it('needs the delete right and a known type', async () => {
    const denied = await call(
      'DELETE',
      `${A}/projects/${project}/announcements?type=received`,
      cookies.zhangsan,
    );
    expect([denied.statusCode, keyOf(denied)]).toEqual([403, 'common.forbidden']);
    expect(
      (await call('DELETE', `${A}/projects/${project}/announcements?type=received`, cookies.sunqi))
        .statusCode,
    ).toBe(404);
    const bad = await call('DELETE', `${A}/projects/${project}/announcements?type=all`, cookies.demo);
    expect([bad.statusCode, keyOf(bad)]).toEqual([400, 'common.validation']);
  });
});

describe('GET projects/{id}/auth', () => {
  it('answers the announcement rights of the caller (create and delete, category default)', async () => {
    const auth = async (cookie: string, key: string) =>
      json(await call('GET', `${A}/projects/${project}/auth?key=${key}&category=default`, cookie));
    expect(await auth(cookies.demo, 'create')).toEqual({ value: true });
    expect(await auth(cookies.lisi, 'delete')).toEqual({ value: true });
    expect(await auth(cookies.zhangsan, 'create')).toEqual({ value: false });
    expect(await auth(cookies.zhangsan, 'delete')).toEqual({ value: false });
    // Without the category too.
    expect(json(await call('GET', `${A}/projects/${project}/auth?key=create`, cookies.lisi))).toEqual({
      value: true,
    });
  });

  it('404 for outsiders and other tenants, 400 for another key or category', async () => {
    expect((await call('GET', `${A}/projects/${project}/auth?key=create`, cookies.qianqi)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `${A}/projects/${project}/auth?key=create`, cookies.sunqi)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `${A}/projects/${project}/auth?key=create`, null)).statusCode).toBe(401);
    for (const query of ['key=edit', 'key=create&category=other', '']) {
      const response = await call('GET', `${A}/projects/${project}/auth?${query}`, cookies.demo);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
