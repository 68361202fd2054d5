import type { User } from '@lintel/contracts/account';
import type { Announcement, AnnouncementSummary } from '@lintel/contracts/announcements';
import type { Structure } from '@lintel/contracts/org';
import type { FakeApi, FakeReply, SeenRequest } from '../../test/fakeApi';
import { makeUser } from '../../test/fixtures';
import {
  TEST_AT as AT,
  makeProjectMember,
  makeTestProject,
  serveProjectFrame,
  type TestProjectIds,
  takeRefusal,
  userCard,
} from '../../test/project';
import { renderRoutes } from '../../test/renderRoutes';
import { setupUser } from '../../test/user';
import AnnouncementDetailPage from './pages/AnnouncementDetailPage';
import AnnouncementsPage from './pages/AnnouncementsPage';
import NewAnnouncementPage from './pages/NewAnnouncementPage';

export const PROJECT_ID = '66c000000000000000000001';
const IDS: TestProjectIds = {
  projectId: PROJECT_ID,
  enterpriseId: '66c000000000000000000002',
  memberIdPrefix: '66c0000000000000000004',
};
export const SENDER = makeUser({ _id: '66c000000000000000000101', name: 'demo', nickName: '演示用户' });
export const RECEIVER = makeUser({ _id: '66c000000000000000000102', name: 'zhangsan', nickName: '张三' });
export const OTHER = makeUser({ _id: '66c000000000000000000103', name: 'lisi', nickName: '李四' });
export const DEPARTMENT_ID = '66c000000000000000000201';
export const SUB_DEPARTMENT_ID = '66c000000000000000000202';
export const FILE_ID = '66c000000000000000000301';

const S = 'announcement-service';

const card = userCard;

function structure(_id: string, name: string, parentId: string | null): Structure {
  return {
    _id,
    scopeType: 'project',
    scopeId: PROJECT_ID,
    parentId,
    name,
    kind: 'department',
    order: 0,
    createdAt: AT,
    updatedAt: AT,
  };
}

/** An announcement as the server answers it to `viewer`'s box. */
export function makeAnnouncement(patch: Partial<Announcement> = {}): Announcement {
  return {
    _id: '66c000000000000000000501',
    projectId: PROJECT_ID,
    title: '安全生产通知',
    excerpt: '明天上午九点进行安全检查。',
    senderId: SENDER._id,
    sender: card(SENDER),
    receivers: [RECEIVER._id, OTHER._id],
    departments: [],
    receiverCount: 2,
    readCount: 0,
    attachmentCount: 0,
    type: 'receive',
    read: false,
    unRead: true,
    stick: false,
    stickAt: null,
    send: true,
    recalled: false,
    recalledAt: null,
    createdAt: AT,
    updatedAt: AT,
    content: '<p>明天上午九点进行<strong>安全检查</strong>。</p>',
    attachments: [],
    ...patch,
  };
}

export function summaryOf(announcement: Announcement): AnnouncementSummary {
  const {
    content: _content,
    attachments: _attachments,
    receiverStates: _states,
    departmentList: _d,
    ...rest
  } = announcement;
  return rest;
}

/** The server's state the handlers read and change; a test sets what it needs in beforeEach. */
export interface AnnouncementState {
  received: Announcement[];
  sent: Announcement[];
  rights: { create: unknown; delete: unknown };
  role: 'admin' | 'member';
  modules: unknown[];
  /** A reply that replaces the next answer of a route (`METHOD path`). */
  refuse: Record<string, FakeReply>;
  /** While set, POST base-service/files waits for it before answering. */
  holdUpload: Promise<void> | null;
}

export const state: AnnouncementState = {
  received: [],
  sent: [],
  rights: { create: true, delete: true },
  role: 'admin',
  modules: [],
  refuse: {},
  holdUpload: null,
};

export function resetState(): void {
  state.received = [];
  state.sent = [];
  state.rights = { create: true, delete: true };
  state.role = 'admin';
  state.modules = [{ key: 'announcements', group: 'collaboration' }];
  state.refuse = {};
  state.holdUpload = null;
}

const members = [
  makeProjectMember(IDS, SENDER, 0),
  makeProjectMember(IDS, RECEIVER, 1, DEPARTMENT_ID),
  makeProjectMember(IDS, OTHER, 2, SUB_DEPARTMENT_ID),
];
const structures = [
  structure(DEPARTMENT_ID, '工程部', null),
  structure(SUB_DEPARTMENT_ID, '一组', DEPARTMENT_ID),
];

function all(): Announcement[] {
  return [...state.received, ...state.sent];
}

function find(id: string): Announcement | undefined {
  return all().find((a) => a._id === id);
}

function replace(next: Announcement): void {
  state.received = state.received.map((a) => (a._id === next._id ? next : a));
  state.sent = state.sent.map((a) => (a._id === next._id ? next : a));
}

function pinnedFirst(list: Announcement[]): Announcement[] {
  return [...list].sort(
    (a, b) => Number(b.stick) - Number(a.stick) || b.createdAt.localeCompare(a.createdAt),
  );
}

const refused = (route: string) => takeRefusal(state.refuse, route);

/** Routes of one announcement id (the fake API matches exact paths). */
function serveOne(api: FakeApi, id: string): void {
  const path = `${S}/announcements/${id}`;
  api.on(`GET ${path}`, () => {
    const refusal = refused(`GET ${path}`);
    if (refusal) return refusal;
    const found = find(id);
    return found
      ? { json: found }
      : { status: 404, json: { code: 404, key: 'common.notFound', message: '请求的资源不存在' } };
  });
  api.on(`PUT ${path}`, (request: SeenRequest) => {
    const refusal = refused(`PUT ${path}`);
    if (refusal) return refusal;
    const found = find(id);
    if (!found)
      return { status: 404, json: { code: 404, key: 'common.notFound', message: '请求的资源不存在' } };
    let next = found;
    if (request.query.has('read')) {
      const read = request.query.get('read') === 'true';
      next = { ...found, read, unRead: !read };
    } else if (request.query.has('stick')) {
      const stick = request.query.get('stick') === 'true';
      next = { ...found, stick, stickAt: stick ? AT : null };
    } else if (request.query.get('recall') === 'true') {
      next = { ...found, recalled: true, send: false, stick: false, recalledAt: AT };
    }
    replace(next);
    return { json: next };
  });
  api.on(`DELETE ${path}`, () => {
    const refusal = refused(`DELETE ${path}`);
    if (refusal) return refusal;
    state.received = state.received.filter((a) => a._id !== id);
    state.sent = state.sent.filter((a) => a._id !== id);
    return { json: {} };
  });
}

/** The calls the announcement pages and the workbench frame make, over `state`. */
export function serveAnnouncements(api: FakeApi): void {
  serveProjectFrame(api, {
    project: makeTestProject(IDS, SENDER),
    members,
    role: () => state.role,
    modules: () => state.modules,
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/structures`, () => ({ json: structures }));
  api.on(`GET ${S}/projects/${PROJECT_ID}/auth`, (request) => {
    const key = request.query.get('key') as 'create' | 'delete';
    return { json: { value: state.rights[key] } };
  });
  api.on(`GET ${S}/projects/${PROJECT_ID}/announcements`, (request) => {
    const box = request.query.get('type');
    const list = pinnedFirst(box === 'send' ? state.sent : state.received);
    if (request.query.get('only_count') === 'true') return { json: { count: list.length } };
    const skip = Number(request.query.get('skip') ?? 0);
    const limit = Number(request.query.get('limit') ?? 20);
    return { json: list.slice(skip, skip + limit).map(summaryOf) };
  });
  api.on(`DELETE ${S}/projects/${PROJECT_ID}/announcements`, (request) => {
    const box = request.query.get('type');
    const count = box === 'posted' ? state.sent.length : state.received.length;
    if (box === 'posted') state.sent = [];
    else state.received = [];
    return { json: { count } };
  });
  api.on(`POST ${S}/announcements`, (request) => {
    const refusal = refused(`POST ${S}/announcements`);
    if (refusal) return refusal;
    const body = request.body as { title: string; content: string; stick?: boolean };
    const created = makeAnnouncement({
      _id: `66c0000000000000000006${String(state.sent.length).padStart(2, '0')}`,
      title: body.title,
      content: body.content,
      type: 'send',
      read: true,
      unRead: false,
      stick: body.stick === true,
    });
    state.sent.push(created);
    serveOne(api, created._id);
    return { json: created };
  });
  api.on('POST base-service/files', async () => {
    if (state.holdUpload) await state.holdUpload;
    const refusal = refused('POST base-service/files');
    if (refusal) return refusal;
    return { json: { files: [`/api/v1/base-service/files/${FILE_ID}`] } };
  });
  api.on(`DELETE base-service/files/${FILE_ID}`, { json: {} });
  for (let i = 0; i < 20; i += 1) serveOne(api, `66c0000000000000000005${String(i).padStart(2, '0')}`);
}

/** Renders the announcement routes at `path` as `user`. */
export function renderAnnouncements(path: string, user: User = SENDER) {
  const view = renderRoutes(
    {
      '/projects/:projectId/announcements': <AnnouncementsPage />,
      '/projects/:projectId/announcements/sent': <AnnouncementsPage />,
      '/projects/:projectId/announcements/new': <NewAnnouncementPage />,
      '/projects/:projectId/announcements/:announcementId': <AnnouncementDetailPage />,
    },
    { path, user },
  );
  return { ...view, user: setupUser() };
}

export { requestsTo } from '../../test/project';
