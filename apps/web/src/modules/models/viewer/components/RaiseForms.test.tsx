import type { ModelElementDetail, Viewport } from '@lintel/contracts/models';
import type { Domain } from '@lintel/contracts/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApiForFile } from '../../../../test/project';
import { renderRoutes } from '../../../../test/renderRoutes';
import { setupUser } from '../../../../test/user';
import TopicDetailPage from '../../../topics/pages/TopicDetailPage';
import {
  CREATOR,
  MEMBER,
  makeTopic,
  PROJECT_ID,
  requestsTo,
  resetState,
  serveTopics,
  state,
  TOPIC_ID,
} from '../../../topics/testSupport';
import { registerViewSource, type ViewFields } from '../../viewpoint/currentView';
import RaiseTopicForm from './RaiseTopicForm';

const MODEL_ID = '66d000000000000000000a01';
const VERSION_ID = '66d000000000000000000b01';
const GID = '1hOSvn6df7F8_7GcBWlR72';
const VIEWPORT_ID = '66d000000000000000000c01';
const STRUCTURE_ID = '66d000000000000000000202';
const M = 'model-service';
const AT = '2026-03-02T08:30:00.000Z';

/** The view the viewer's tools would answer: a camera, one section plane, one hidden element. */
const VIEW: ViewFields = {
  modelIds: [MODEL_ID],
  camera: { projection: 'perspective', position: [12.5, 8, -3.25], target: [0, 1.5, 0], zoom: 1 },
  clippingPlanes: [{ normal: [0, -1, 0], point: [0, 3, 0] }],
  sectionBox: null,
  hidden: [{ modelId: MODEL_ID, globalIds: ['0aaaaaaaaaaaaaaaaaaaaa'] }],
  isolated: null,
};

const beam: ModelElementDetail = {
  globalId: GID,
  localId: 7,
  ifcClass: 'IFCBEAM',
  name: null,
  type: 'KL-1',
  storey: '二层',
  discipline: 'structure',
  modelId: MODEL_ID,
  versionId: VERSION_ID,
  propertySets: [],
};
const domain = (_id: string, name: string, nameEn: string, order: number): Domain => ({
  _id,
  projectId: PROJECT_ID,
  name,
  nameEn,
  order,
  createdAt: AT,
  updatedAt: AT,
});
const viewport = (patch: Partial<Viewport> = {}): Viewport =>
  ({
    _id: VIEWPORT_ID,
    projectId: PROJECT_ID,
    name: '问题视点：梁 KL-1',
    remark: '',
    ...VIEW,
    tagIds: [],
    thumbnailFileId: '66d000000000000000000901',
    createdBy: CREATOR._id,
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  }) as Viewport;

let viewportRefusal: { status: number; json: unknown } | null = null;

const api = fakeApiForFile(
  (fake) => {
    serveTopics(fake);
    fake.on(`GET account-service/projects/${PROJECT_ID}/domains`, {
      json: [
        domain('66d000000000000000000201', '建筑', 'Architecture', 0),
        domain(STRUCTURE_ID, '结构', 'Structure', 1),
      ],
    });
    fake.on(`GET ${M}/models/${MODEL_ID}/elements/${GID}`, { json: beam });
    fake.on(`GET ${M}/models/${MODEL_ID}`, { status: 404, json: { code: 404, key: 'common.notFound' } });
    fake.on(`GET ${M}/projects/${PROJECT_ID}/model-tags`, { json: [] });
    fake.on(
      `POST ${M}/projects/${PROJECT_ID}/viewports`,
      (request) => viewportRefusal ?? { json: viewport(request.body as Partial<Viewport>) },
    );
    fake.on(`DELETE ${M}/viewports/${VIEWPORT_ID}`, { json: {} });
    fake.on(`GET ${M}/viewports/${VIEWPORT_ID}`, { json: viewport() });
  },
  () => {
    resetState();
    viewportRefusal = null;
  },
);

let unregister: () => void = () => undefined;
afterEach(() => unregister());

function renderRaise() {
  unregister = registerViewSource({
    read: () => VIEW,
    snapshot: async () => new File(['\x89PNG'], 'view.png', { type: 'image/png' }),
  });
  let done = 0;
  renderRoutes(
    {
      '/projects/:projectId/models/viewer': (
        <App component={false}>
          <RaiseTopicForm
            projectId={PROJECT_ID}
            modelId={MODEL_ID}
            globalId={GID}
            elementName="梁 KL-1"
            onDone={() => {
              done += 1;
            }}
          />
        </App>
      ),
    },
    { path: `/projects/${PROJECT_ID}/models/viewer`, user: CREATOR },
  );
  return { user: setupUser(), done: () => done };
}

async function fillAndSend(user: ReturnType<typeof setupUser>) {
  fireEvent.change(await screen.findByTestId('topic-name-input'), { target: { value: '梁底裂缝' } });
  fireEvent.mouseDown(within(screen.getByTestId('topic-mentions-select')).getByRole('combobox'));
  const options = await screen.findAllByText('张三（zhangsan）', {
    selector: '.ant-select-item-option-content',
  });
  fireEvent.click(options[options.length - 1]!);
  await user.click(screen.getByTestId('topic-submit'));
}

describe('raising a problem beside the model (issue 16)', { timeout: 90_000 }, () => {
  it("starts with the element's discipline and saves the view on screen, with a snapshot, as its viewpoint", async () => {
    const { user, done } = renderRaise();
    const raise = await screen.findByTestId('viewer-raise-topic');
    expect(raise).toHaveTextContent('为「梁 KL-1」提出问题');
    expect(raise).toHaveTextContent('将保存当前视图');
    // A beam is structure: the project's 结构 is chosen.
    await waitFor(() => expect(screen.getByTestId('topic-domain-select')).toHaveTextContent('结构'));
    await fillAndSend(user);

    await waitFor(() => expect(requestsTo(api, 'POST', 'topic-service/topics')).toHaveLength(1));
    expect(requestsTo(api, 'POST', 'base-service/files')).toHaveLength(1);
    const [saved] = requestsTo(api, 'POST', `${M}/projects/${PROJECT_ID}/viewports`);
    expect(saved!.body).toEqual({
      name: '问题视点：梁 KL-1',
      ...VIEW,
      thumbnailFileId: '66d000000000000000000901',
    });
    const body = requestsTo(api, 'POST', 'topic-service/topics')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      projectId: PROJECT_ID,
      name: '梁底裂缝',
      mentions: [MEMBER._id],
      domainId: STRUCTURE_ID,
      links: [{ type: 'element', modelId: MODEL_ID, globalId: GID }],
      viewportId: VIEWPORT_ID,
    });
    await waitFor(() => expect(done()).toBe(1));
  });

  it('a refused problem takes its new viewpoint with it; without the right to save views it is raised without one', async () => {
    const { user, done } = renderRaise();
    state.refuse['POST topic-service/topics'] = {
      status: 400,
      json: { code: 400, key: 'topics.mentionNotMember', message: '被 @ 的人不是项目成员', details: [] },
    };
    await fillAndSend(user);
    await waitFor(() => expect(requestsTo(api, 'DELETE', `${M}/viewports/${VIEWPORT_ID}`)).toHaveLength(1));
    expect(await screen.findByText('被 @ 的人不是项目成员')).toBeInTheDocument();
    expect(done()).toBe(0);

    viewportRefusal = { status: 403, json: { code: 403, key: 'common.forbidden', message: '无权操作' } };
    await user.click(screen.getByTestId('topic-submit'));
    await waitFor(() => expect(requestsTo(api, 'POST', 'topic-service/topics')).toHaveLength(2));
    const body = requestsTo(api, 'POST', 'topic-service/topics')[1]!.body as Record<string, unknown>;
    expect(body.viewportId).toBeNull();
    expect(await screen.findByText('已保存，但当前视图未能作为视点保存')).toBeInTheDocument();
    await waitFor(() => expect(done()).toBe(1));
  });
});

describe("a problem's viewpoint on its page", { timeout: 90_000 }, () => {
  it('shows the snapshot and opens the viewer on the saved view with the element selected', async () => {
    state.topics = [
      makeTopic({
        viewportId: VIEWPORT_ID,
        links: [{ type: 'element', modelId: MODEL_ID, globalId: GID }],
        linkCount: 1,
      }),
    ];
    renderRoutes(
      { '/projects/:projectId/topics/:topicId': <TopicDetailPage /> },
      { path: `/projects/${PROJECT_ID}/topics/${TOPIC_ID}`, user: CREATOR },
    );
    const section = await screen.findByTestId('topic-viewpoint');
    expect(section).toHaveTextContent('视点');
    const picture = await within(section).findByTestId('viewpoint-snapshot');
    expect(picture.getAttribute('src')).toContain('base-service/files/66d000000000000000000901');
    const open = within(section).getByTestId('viewpoint-open');
    const target = new URL(open.getAttribute('href')!, 'http://localhost');
    expect(target.pathname).toBe(`/projects/${PROJECT_ID}/models/viewer`);
    expect(target.searchParams.get('models')).toBe(MODEL_ID);
    expect(target.searchParams.get('viewport')).toBe(VIEWPORT_ID);
    expect(target.searchParams.get('element')).toBe(`${MODEL_ID}:${GID}`);
    expect(open).toHaveTextContent('在模型中查看');
  });

  it('says so when the viewpoint was deleted', async () => {
    state.topics = [makeTopic({ viewportId: '66d000000000000000000c99' })];
    api.on(`GET ${M}/viewports/66d000000000000000000c99`, {
      status: 404,
      json: { code: 404, key: 'common.notFound', message: '不存在' },
    });
    renderRoutes(
      { '/projects/:projectId/topics/:topicId': <TopicDetailPage /> },
      { path: `/projects/${PROJECT_ID}/topics/${TOPIC_ID}`, user: CREATOR },
    );
    expect(await screen.findByTestId('viewpoint-unavailable')).toHaveTextContent('视点已删除');
  });
});
