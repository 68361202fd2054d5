import type { User } from '@lintel/contracts/account';
import type { Domain } from '@lintel/contracts/permissions';
import type { Topic, TopicResponse, TopicSetting, TopicSummary, TopicUser } from '@lintel/contracts/topics';
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
import TopicDetailPage from './pages/TopicDetailPage';
import TopicFormPage from './pages/TopicFormPage';
import TopicSettingsPage from './pages/TopicSettingsPage';
import TopicsPage from './pages/TopicsPage';

export const PROJECT_ID = '66d000000000000000000001';
const IDS: TestProjectIds = {
  projectId: PROJECT_ID,
  enterpriseId: '66d000000000000000000002',
  memberIdPrefix: '66d0000000000000000006',
};
export const CREATOR = makeUser({ _id: '66d000000000000000000101', name: 'demo', nickName: '演示用户' });
export const MEMBER = makeUser({ _id: '66d000000000000000000102', name: 'zhangsan', nickName: '张三' });
export const OTHER = makeUser({ _id: '66d000000000000000000103', name: 'lisi', nickName: '李四' });
export const DOMAIN_ID = '66d000000000000000000201';
export const SPECIES_ID = '66d000000000000000000301';
export const SUBCONTRACT_ID = '66d000000000000000000401';
export const TOPIC_ID = '66d000000000000000000501';

const T = 'topic-service';
const notFound: FakeReply = {
  status: 404,
  json: { code: 404, key: 'common.notFound', message: '请求的资源不存在' },
};

export const card = (user: User): TopicUser => userCard(user);

const domains: Domain[] = [
  {
    _id: DOMAIN_ID,
    projectId: PROJECT_ID,
    name: '土建',
    nameEn: 'Civil',
    order: 0,
    createdAt: AT,
    updatedAt: AT,
  },
];

export function makeSetting(_id: string, name: string, usage = 0): TopicSetting {
  return { _id, projectId: PROJECT_ID, name, order: 0, usage, createdAt: AT, updatedAt: AT };
}

/** A topic as the server answers it to the caller (expanded). */
export function makeTopic(patch: Partial<Topic> = {}): Topic {
  return {
    _id: TOPIC_ID,
    projectId: PROJECT_ID,
    number: 7,
    name: '地下室外墙渗水',
    status: 'processing',
    state: 'processing',
    priority: 'urgent',
    deadline: '2026-03-20',
    completedAt: null,
    delayDays: 0,
    delay: 'onTime',
    domainId: DOMAIN_ID,
    speciesId: SPECIES_ID,
    subcontractId: null,
    creatorId: CREATOR._id,
    mentions: [MEMBER._id],
    participants: [],
    imageCount: 0,
    linkCount: 0,
    responseCount: 0,
    readByMe: true,
    unRead: false,
    following: true,
    createdAt: AT,
    updatedAt: AT,
    creator: card(CREATOR),
    mentionedUsers: [card(MEMBER)],
    participantUsers: [],
    domain: { _id: DOMAIN_ID, name: '土建', nameEn: 'Civil' },
    species: { _id: SPECIES_ID, name: '渗漏' },
    subcontract: null,
    content: 'B2 层东侧外墙多处渗水，请尽快处理。',
    images: [],
    links: [],
    viewportId: null,
    followers: [CREATOR._id],
    abilities: { edit: true, delete: true, close: true, respond: true },
    ...patch,
  };
}

export function summaryOf(topic: Topic): TopicSummary {
  const { content: _c, images: _i, links: _l, viewportId: _v, followers: _f, abilities: _a, ...rest } = topic;
  return rest;
}

export function makeResponse(patch: Partial<TopicResponse> = {}): TopicResponse {
  return {
    _id: '66d000000000000000000701',
    topicId: TOPIC_ID,
    authorId: MEMBER._id,
    author: card(MEMBER),
    content: '已安排防水班组明天处理。',
    images: [],
    deletable: false,
    createdAt: AT,
    ...patch,
  };
}

/** The server's state the handlers read and change; a test sets what it needs in beforeEach. */
export interface TopicsState {
  topics: Topic[];
  responses: TopicResponse[];
  species: TopicSetting[];
  subcontracts: TopicSetting[];
  rights: { create: unknown; delete: unknown; export: unknown };
  role: 'admin' | 'member';
  /** A reply that replaces the next answer of a route (`METHOD path`). */
  refuse: Record<string, FakeReply>;
}

export const state: TopicsState = {
  topics: [],
  responses: [],
  species: [],
  subcontracts: [],
  rights: { create: true, delete: true, export: true },
  role: 'admin',
  refuse: {},
};

let uploads = 0;

export function resetState(): void {
  state.topics = [];
  state.responses = [];
  state.species = [makeSetting(SPECIES_ID, '渗漏', 1)];
  state.subcontracts = [makeSetting(SUBCONTRACT_ID, '防水分包')];
  state.rights = { create: true, delete: true, export: true };
  state.role = 'admin';
  state.refuse = {};
  uploads = 0;
}

const refused = (route: string) => takeRefusal(state.refuse, route);

const find = (id: string) => state.topics.find((topic) => topic._id === id);
const replace = (next: Topic) => {
  state.topics = state.topics.map((topic) => (topic._id === next._id ? next : topic));
};

/** The routes of one topic id (the fake API matches exact paths). */
export function serveTopic(api: FakeApi, id: string): void {
  const path = `${T}/topics/${id}`;
  const guarded =
    (route: string, handler: (request: SeenRequest, topic: Topic) => FakeReply) => (request: SeenRequest) => {
      const refusal = refused(route);
      if (refusal) return refusal;
      const topic = find(id);
      return topic ? handler(request, topic) : notFound;
    };
  api.on(
    `GET ${path}`,
    guarded(`GET ${path}`, (_, topic) => ({ json: topic })),
  );
  api.on(
    `PUT ${path}`,
    guarded(`PUT ${path}`, (request, topic) => {
      const body = request.body as Partial<Topic>;
      const next: Topic = { ...topic, ...body };
      if (body.status) next.state = body.status === 'completed' ? 'completed' : 'processing';
      replace(next);
      return { json: next };
    }),
  );
  api.on(
    `DELETE ${path}`,
    guarded(`DELETE ${path}`, () => {
      state.topics = state.topics.filter((topic) => topic._id !== id);
      return { json: {} };
    }),
  );
  for (const action of ['read', 'follow', 'unfollow'] as const) {
    api.on(
      `PUT ${path}/${action}`,
      guarded(`PUT ${path}/${action}`, (_, topic) => {
        const next = { ...topic };
        if (action === 'read') Object.assign(next, { readByMe: true, unRead: false });
        else next.following = action === 'follow';
        replace(next);
        return { json: { _id: id, readByMe: next.readByMe, unRead: next.unRead, following: next.following } };
      }),
    );
  }
  api.on(`GET ${path}/responses`, () => ({ json: state.responses.filter((r) => r.topicId === id) }));
  api.on(
    `POST ${path}/responses`,
    guarded(`POST ${path}/responses`, (request) => {
      const body = request.body as { content?: string; images?: string[] };
      const created = makeResponse({
        _id: `66d0000000000000000007${String(50 + state.responses.length)}`,
        authorId: CREATOR._id,
        author: card(CREATOR),
        content: body.content ?? '',
        deletable: true,
      });
      state.responses.push(created);
      serveResponse(api, id, created._id);
      return { json: created };
    }),
  );
}

export function serveResponse(api: FakeApi, topicId: string, responseId: string): void {
  const path = `${T}/topics/${topicId}/responses/${responseId}`;
  api.on(`DELETE ${path}`, () => {
    const refusal = refused(`DELETE ${path}`);
    if (refusal) return refusal;
    state.responses = state.responses.filter((r) => r._id !== responseId);
    return { json: {} };
  });
}

function serveSetting(api: FakeApi, kind: 'species' | 'subcontracts', id: string): void {
  api.on(`PUT ${T}/${kind}/${id}`, (request) => {
    const refusal = refused(`PUT ${T}/${kind}/${id}`);
    if (refusal) return refusal;
    const body = request.body as { name: string };
    state[kind] = state[kind].map((s) => (s._id === id ? { ...s, name: body.name } : s));
    return { json: state[kind].find((s) => s._id === id) };
  });
  api.on(`DELETE ${T}/${kind}/${id}`, () => {
    const refusal = refused(`DELETE ${T}/${kind}/${id}`);
    if (refusal) return refusal;
    state[kind] = state[kind].filter((s) => s._id !== id);
    return { json: {} };
  });
}

/** The calls the topic pages and the workbench frame make, over `state`. */
export function serveTopics(api: FakeApi): void {
  serveProjectFrame(api, {
    project: makeTestProject(IDS, CREATOR),
    members: [CREATOR, MEMBER, OTHER].map((user, index) => makeProjectMember(IDS, user, index)),
    role: () => state.role,
    modules: () => [{ key: 'problemTopics', group: 'quality' }],
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/auth`, (request) => {
    const key = request.query.get('key') as keyof TopicsState['rights'];
    return { json: { value: state.rights[key] ?? false } };
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/domains`, { json: domains });
  api.on(`GET ${T}/projects/${PROJECT_ID}/topics`, (request) => {
    const refusal = refused(`GET ${T}/projects/${PROJECT_ID}/topics`);
    if (refusal) return refusal;
    if (request.query.get('export') === 'true') {
      return {
        raw: {
          body: 'PK-xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      };
    }
    const list = request.query.get('unRead') === 'true' ? state.topics.filter((t) => t.unRead) : state.topics;
    if (request.query.get('only_count') === 'true') return { json: { count: list.length } };
    const skip = Number(request.query.get('skip') ?? 0);
    const limit = Number(request.query.get('limit') ?? 20);
    return { json: list.slice(skip, skip + limit).map(summaryOf) };
  });
  api.on(`POST ${T}/topics`, (request) => {
    const refusal = refused(`POST ${T}/topics`);
    if (refusal) return refusal;
    const body = request.body as { name: string; mentions: string[] };
    const created = makeTopic({
      _id: `66d0000000000000000005${String(50 + state.topics.length)}`,
      number: state.topics.length + 1,
      name: body.name,
      mentions: body.mentions,
      priority: 'normal',
    });
    state.topics.push(created);
    serveTopic(api, created._id);
    return { json: created };
  });
  for (const kind of ['species', 'subcontracts'] as const) {
    api.on(`GET ${T}/projects/${PROJECT_ID}/${kind}`, () => ({ json: state[kind] }));
    api.on(`POST ${T}/projects/${PROJECT_ID}/${kind}`, (request) => {
      const refusal = refused(`POST ${T}/projects/${PROJECT_ID}/${kind}`);
      if (refusal) return refusal;
      const created = makeSetting(
        `66d0000000000000000008${String(10 + state[kind].length)}`,
        (request.body as { name: string }).name,
      );
      state[kind].push(created);
      serveSetting(api, kind, created._id);
      return { json: created };
    });
  }
  serveSetting(api, 'species', SPECIES_ID);
  serveSetting(api, 'subcontracts', SUBCONTRACT_ID);
  api.on('POST base-service/files', () => {
    const refusal = refused('POST base-service/files');
    if (refusal) return refusal;
    uploads += 1;
    return {
      json: {
        pictures: [`/api/v1/base-service/files/66d0000000000000000009${String(uploads).padStart(2, '0')}`],
      },
    };
  });
  serveTopic(api, TOPIC_ID);
  serveResponse(api, TOPIC_ID, makeResponse()._id);
}

/** Renders the topic routes at `path` as `user`. */
export function renderTopics(path: string, user: User = CREATOR) {
  const view = renderRoutes(
    {
      '/projects/:projectId/topics': <TopicsPage />,
      '/projects/:projectId/topics/new': <TopicFormPage />,
      '/projects/:projectId/topics/settings': <TopicSettingsPage />,
      '/projects/:projectId/topics/:topicId': <TopicDetailPage />,
      '/projects/:projectId/topics/:topicId/edit': <TopicFormPage />,
    },
    { path, user },
  );
  return { ...view, user: setupUser() };
}

export { requestsTo } from '../../test/project';
