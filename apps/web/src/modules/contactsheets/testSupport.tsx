import type { User } from '@lintel/contracts/account';
import type {
  ContactSheet,
  ContactSheetCirculationEntry,
  ContactSheetSummary,
  ContactSheetUser,
} from '@lintel/contracts/contactsheets';
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
import ContactSheetDetailPage from './pages/ContactSheetDetailPage';
import ContactSheetFormPage from './pages/ContactSheetFormPage';
import ContactSheetsPage from './pages/ContactSheetsPage';

export const PROJECT_ID = '66d000000000000000000001';
const IDS: TestProjectIds = {
  projectId: PROJECT_ID,
  enterpriseId: '66d000000000000000000002',
  memberIdPrefix: '66d0000000000000000004',
};
export const SENDER = makeUser({ _id: '66d000000000000000000101', name: 'demo', nickName: '演示用户' });
export const RECEIVER = makeUser({ _id: '66d000000000000000000102', name: 'zhangsan', nickName: '张三' });
export const OTHER = makeUser({ _id: '66d000000000000000000103', name: 'lisi', nickName: '李四' });
export const FILE_ID = '66d000000000000000000301';
export const SHEET_ID = '66d000000000000000000501';

const S = 'worksheet-service';

export const card = (user: User): ContactSheetUser => userCard(user);

let entries = 0;

export function entry(
  action: ContactSheetCirculationEntry['action'],
  actor: User,
  patch: Partial<ContactSheetCirculationEntry> = {},
): ContactSheetCirculationEntry {
  entries += 1;
  return {
    _id: `66d00000000000000000${String(7000 + entries).padStart(4, '0')}`,
    action,
    actor: card(actor),
    at: AT,
    users: [],
    remark: null,
    ...patch,
  };
}

/** A sheet from SENDER to RECEIVER (cc OTHER), as the server answers it to its sender. */
export function makeSheet(patch: Partial<ContactSheet> = {}): ContactSheet {
  return {
    _id: SHEET_ID,
    projectId: PROJECT_ID,
    type: 'contact',
    number: 'LXD-2026-0006',
    numberSeq: 6,
    title: '关于三层梁柱节点钢筋绑扎的工作联系单',
    name: '关于三层梁柱节点钢筋绑扎的工作联系单',
    excerpt: '请于周五前完成整改。',
    senderId: SENDER._id,
    sender: card(SENDER),
    senderUnit: '总承包项目部',
    sentAt: AT,
    receivers: [RECEIVER._id],
    cc: [OTHER._id],
    receiverUsers: [card(RECEIVER)],
    ccUsers: [card(OTHER)],
    replyNeeded: true,
    replyDeadline: '2026-03-06',
    status: 'sent',
    recalledAt: null,
    modelId: null,
    viewportId: null,
    selectionSetId: null,
    attachmentCount: 0,
    receiverCount: 1,
    readCount: 0,
    replyCount: 0,
    replied: false,
    box: 'sent',
    role: null,
    read: true,
    unRead: false,
    canEdit: true,
    canRecall: true,
    canReply: false,
    canForward: true,
    canDelete: true,
    canDownload: true,
    createdAt: AT,
    updatedAt: AT,
    content: '请于周五前完成整改。\n第二行说明。',
    attachments: [],
    participants: [
      {
        user: card(RECEIVER),
        role: 'receiver',
        read: false,
        readAt: null,
        replied: false,
        repliedAt: null,
        forwardedBy: null,
        addedAt: AT,
      },
      {
        user: card(OTHER),
        role: 'cc',
        read: false,
        readAt: null,
        replied: false,
        repliedAt: null,
        forwardedBy: null,
        addedAt: AT,
      },
    ],
    replies: [],
    circulation: [entry('send', SENDER, { users: [card(RECEIVER), card(OTHER)] })],
    ...patch,
  };
}

/** The same sheet as its receiver sees it (unread, may reply and forward). */
export function asReceived(sheet: ContactSheet, patch: Partial<ContactSheet> = {}): ContactSheet {
  return {
    ...sheet,
    box: 'received',
    role: 'receiver',
    read: false,
    unRead: true,
    canEdit: false,
    canRecall: false,
    canReply: true,
    canForward: true,
    canDelete: false,
    ...patch,
  };
}

export function summaryOf(sheet: ContactSheet): ContactSheetSummary {
  const { content: _c, attachments: _a, participants: _p, replies: _r, circulation: _ci, ...rest } = sheet;
  return rest;
}

/** The server's state the handlers read and change; a test sets what it needs. */
export interface SheetState {
  sheets: ContactSheet[];
  rights: { create: unknown; delete: unknown; export: unknown };
  /** A reply that replaces the next answer of a route (`METHOD path`). */
  refuse: Record<string, FakeReply>;
  /** Ids answered 404 contactsheets.deleted. */
  deleted: Set<string>;
  viewer: User;
  /** The unit an empty sending unit stands for (max-number's senderUnit). */
  senderUnit: string;
}

export const state: SheetState = {
  sheets: [],
  rights: { create: true, delete: true, export: true },
  refuse: {},
  deleted: new Set(),
  viewer: SENDER,
  senderUnit: '工程部',
};

export function resetState(): void {
  state.sheets = [];
  state.rights = { create: true, delete: true, export: true };
  state.refuse = {};
  state.deleted = new Set();
  state.viewer = SENDER;
  state.senderUnit = '工程部';
}

const refused = (route: string) => takeRefusal(state.refuse, route);

const deletedReply: FakeReply = {
  status: 404,
  json: { code: 404, key: 'contactsheets.deleted', message: '该联系单已被删除' },
};

function find(id: string): ContactSheet | undefined {
  return state.sheets.find((sheet) => sheet._id === id);
}

function replace(next: ContactSheet): ContactSheet {
  state.sheets = state.sheets.map((sheet) => (sheet._id === next._id ? next : sheet));
  return next;
}

/** Routes of one sheet id (the fake API matches exact paths). */
function serveOne(api: FakeApi, id: string): void {
  const path = `${S}/contactsheets/${id}`;
  const guarded =
    (route: string, handle: (sheet: ContactSheet, request: SeenRequest) => FakeReply) =>
    (request: SeenRequest): FakeReply => {
      const refusal = refused(route);
      if (refusal) return refusal;
      if (state.deleted.has(id)) return deletedReply;
      const sheet = find(id);
      if (!sheet)
        return { status: 404, json: { code: 404, key: 'common.notFound', message: '请求的资源不存在' } };
      return handle(sheet, request);
    };
  api.on(
    `GET ${path}`,
    guarded(`GET ${path}`, (sheet) => ({ json: sheet })),
  );
  api.on(
    `PUT ${path}`,
    guarded(`PUT ${path}`, (sheet, request) => {
      if (request.query.get('read') === 'true') {
        const read = entry('read', state.viewer);
        return {
          json: replace({ ...sheet, read: true, unRead: false, circulation: [...sheet.circulation, read] }),
        };
      }
      const body = request.body as Partial<ContactSheet>;
      return {
        json: replace({
          ...sheet,
          ...body,
          circulation: [...sheet.circulation, entry('edit', state.viewer)],
        }),
      };
    }),
  );
  api.on(
    `POST ${path}/replies`,
    guarded(`POST ${path}/replies`, (sheet, request) => {
      const { content } = request.body as { content: string };
      const reply = {
        _id: '66d000000000000000000801',
        user: card(state.viewer),
        content,
        attachments: [],
        createdAt: AT,
      };
      return {
        json: replace({
          ...sheet,
          replied: true,
          replyCount: sheet.replyCount + 1,
          replies: [...sheet.replies, reply],
          circulation: [...sheet.circulation, entry('reply', state.viewer, { remark: content })],
        }),
      };
    }),
  );
  api.on(
    `POST ${path}/forward`,
    guarded(`POST ${path}/forward`, (sheet) => ({ json: sheet })),
  );
  api.on(
    `POST ${S}/recall/contactsheets/${id}`,
    guarded(`POST ${S}/recall/contactsheets/${id}`, (sheet) => ({
      json: replace({
        ...sheet,
        status: 'recalled',
        recalledAt: AT,
        canRecall: false,
        circulation: [...sheet.circulation, entry('recall', state.viewer)],
      }),
    })),
  );
}

/** The calls the contact-sheet pages and the workbench frame make, over `state`. */
export function serveContactSheets(api: FakeApi): void {
  serveProjectFrame(api, {
    project: makeTestProject(IDS, SENDER),
    members: [SENDER, RECEIVER, OTHER].map((user, index) => makeProjectMember(IDS, user, index)),
    role: () => 'member',
    modules: () => [{ key: 'contactLists', group: 'collaboration' }],
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/structures`, { json: [] });
  api.on(`GET account-service/projects/${PROJECT_ID}/auth`, (request) => {
    const key = request.query.get('key') as keyof SheetState['rights'];
    return { json: { value: request.query.get('moduleKey') === 'contactLists' ? state.rights[key] : false } };
  });
  api.on(`GET ${S}/projects/${PROJECT_ID}/contactsheets`, (request) => {
    const box = request.query.get('visible') ?? 'all';
    const type = request.query.get('type');
    let list = state.sheets.filter((sheet) => box === 'all' || sheet.box === box);
    if (type) list = list.filter((sheet) => sheet.type === type);
    if (request.query.get('unRead') === 'true') list = list.filter((sheet) => sheet.unRead);
    if (request.query.get('only_count') === 'true') return { json: { count: list.length } };
    const skip = Number(request.query.get('skip') ?? 0);
    const limit = Number(request.query.get('limit') ?? 20);
    return { json: list.slice(skip, skip + limit).map(summaryOf) };
  });
  api.on(`GET ${S}/projects/${PROJECT_ID}/contactsheets/max-number`, (request) => {
    const type = request.query.get('type') ?? 'contact';
    const prefix = { contact: 'LXD', notice: 'TZD', change: 'BGD', visa: 'QZD' }[type] ?? 'LXD';
    return {
      json: {
        type,
        lastSequence: 6,
        lastNumber: `${prefix}-2026-0006`,
        nextSequence: 7,
        nextNumber: `${prefix}-2026-0007`,
        senderUnit: state.senderUnit,
      },
    };
  });
  api.on(`POST ${S}/contactsheets`, (request) => {
    const refusal = refused(`POST ${S}/contactsheets`);
    if (refusal) return refusal;
    const body = request.body as { title: string; content: string };
    const created = makeSheet({
      _id: '66d000000000000000000599',
      title: body.title,
      content: body.content,
      number: 'LXD-2026-0007',
    });
    state.sheets.push(created);
    serveOne(api, created._id);
    return { json: created };
  });
  api.on(`DELETE ${S}/contactsheets`, (request) => {
    const refusal = refused(`DELETE ${S}/contactsheets`);
    if (refusal) return refusal;
    const ids = (request.query.get('ids') ?? '').split(',');
    state.sheets = state.sheets.filter((sheet) => !ids.includes(sheet._id));
    for (const id of ids) state.deleted.add(id);
    return { json: { count: ids.length } };
  });
  api.on('POST base-service/files', { json: { files: [`/api/v1/base-service/files/${FILE_ID}`] } });
  api.on(`DELETE base-service/files/${FILE_ID}`, { json: {} });
  for (let i = 0; i < 10; i += 1) serveOne(api, `66d0000000000000000005${String(i).padStart(2, '0')}`);
}

/** Renders the contact-sheet routes at `path` as `user`. */
export function renderContactSheets(path: string, user: User = SENDER) {
  state.viewer = user;
  const view = renderRoutes(
    {
      '/projects/:projectId/contactsheets': <ContactSheetsPage />,
      '/projects/:projectId/contactsheets/new': <ContactSheetFormPage />,
      '/projects/:projectId/contactsheets/:sheetId': <ContactSheetDetailPage />,
      '/projects/:projectId/contactsheets/:sheetId/edit': <ContactSheetFormPage />,
    },
    { path, user },
  );
  return { ...view, user: setupUser() };
}

export { requestsTo } from '../../test/project';
