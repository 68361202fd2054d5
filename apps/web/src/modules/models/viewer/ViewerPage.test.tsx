import type { Model } from '@lintel/contracts/models';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { fakeApiForFile, makeProjectMember, makeTestProject, serveProjectFrame } from '../../../test/project';
import { renderRoutes } from '../../../test/renderRoutes';
import ViewerPage from './ViewerPage';

// The page around the canvas. jsdom has no WebGL, and three's WebGPU build (which @thatopen imports) does
// not load in it: the engine stands in as a browser without WebGL has it (three throws on the context),
// and the page must say so instead of staying blank. The canvas itself is the browser test's (e2e/models).
const engine = vi.hoisted(() => ({
  webgl: true,
  loads: [] as Array<[string, string | undefined]>,
  disposed: 0,
}));
vi.mock('./engine/createViewer', () => ({
  createViewer: (_container: HTMLElement, projectId: string) => {
    if (!engine.webgl) throw new Error('Error creating WebGL context.');
    const loaded: unknown[] = [];
    const listeners = new Set<(models: unknown[]) => void>();
    const none = () => () => undefined;
    return {
      projectId,
      models: () => loaded,
      async loadModel(modelId: string, versionId?: string) {
        engine.loads.push([modelId, versionId]);
        const entry = { modelId, versionId, name: modelId, fragmentsKey: modelId, model: {} };
        loaded.push(entry);
        for (const listener of listeners) listener(loaded);
        return entry;
      },
      unloadModel: async () => undefined,
      onModelsChange: (listener: (models: unknown[]) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      getSelection: () => [],
      select: async () => undefined,
      onSelectionChange: none,
      getHidden: () => [],
      getIsolated: () => null,
      onVisibilityChange: none,
      isXray: () => false,
      fit: async () => undefined,
      toModelIdMap: async () => ({}),
      requestRender: () => undefined,
      onFrame: none,
      whenDrawn: async () => undefined,
      dispose: async () => {
        engine.disposed++;
      },
    };
  },
}));
vi.mock('./tools', () => ({ ViewerTools: () => null }));

const PROJECT_ID = '66d00000000000000000c001';
const USER = makeUser({ _id: '66d00000000000000000c101', name: 'demo', nickName: '演示用户' });
const IDS = {
  projectId: PROJECT_ID,
  enterpriseId: '66d00000000000000000c002',
  memberIdPrefix: '66d00000000000000000c6',
};
const project = makeTestProject(IDS, USER);
const state = { canView: true };
const READY = '66d00000000000000000ca01';
const HUGE = '66d00000000000000000ca02';
const DELETED = '66d00000000000000000ca03';
const OTHER = '66d00000000000000000ca04';
const AT = '2026-03-02T08:30:00.000Z';

function model(_id: string, name: string, fragmentsSize: number): Model {
  return {
    _id,
    projectId: PROJECT_ID,
    name,
    remark: '',
    tagIds: [],
    currentVersion: {
      _id: `${_id.slice(0, 20)}beef`,
      modelId: _id,
      number: 1,
      fileName: `${name}.ifc`,
      size: fragmentsSize,
      status: 'ready',
      progress: 100,
      error: null,
      schema: 'IFC4',
      elementCount: 10,
      fragmentsSize,
      conversionMs: 900,
      createdBy: USER._id,
      createdAt: AT,
      convertedAt: AT,
    },
    versionCount: 1,
    createdBy: USER._id,
    createdAt: AT,
    updatedAt: AT,
  };
}

const api = fakeApiForFile(
  (fake) => {
    serveProjectFrame(fake, {
      project,
      members: [makeProjectMember(IDS, USER, 0)],
      role: () => 'member',
      modules: () => [],
    });
    fake.on(`GET account-service/projects/${PROJECT_ID}/auth`, () => ({ json: { value: state.canView } }));
    fake.on(`GET model-service/projects/${PROJECT_ID}/models`, { json: [] });
    fake.on(`GET model-service/models/${READY}`, { json: model(READY, '住宅楼', 2 * 1024 * 1024) });
    fake.on(`GET model-service/models/${HUGE}`, { json: model(HUGE, '超大综合体', 700 * 1024 * 1024) });
    fake.on(`GET model-service/models/${DELETED}`, {
      status: 410,
      json: { code: 410, key: 'models.deleted', message: '模型已删除' },
    });
    fake.on(`GET model-service/models/${OTHER}`, {
      status: 404,
      json: { code: 404, key: 'models.unknownModel', message: '模型不存在、已删除或不属于本项目' },
    });
  },
  () => {
    state.canView = true;
    engine.webgl = true;
    engine.loads = [];
    engine.disposed = 0;
  },
);

const renderViewer = (search = '') =>
  renderRoutes(
    { '/projects/:projectId/models/viewer': <ViewerPage /> },
    { path: `/projects/${PROJECT_ID}/models/viewer${search}`, user: USER },
  );

describe('model viewer page', { timeout: 90_000 }, () => {
  it('without the view right: says so', async () => {
    state.canView = false;
    renderViewer('?models=66d00000000000000000ca01');
    expect(await screen.findByTestId('viewer-no-right')).toHaveTextContent('你没有查看模型的权限');
    expect(api.requests.some((request) => request.path.startsWith('model-service/models/'))).toBe(false);
  });

  it('a browser without WebGL is told why nothing shows', async () => {
    engine.webgl = false;
    renderViewer('?models=66d00000000000000000ca01');
    expect(await screen.findByTestId('viewer-webgl-failed')).toHaveTextContent('无法显示模型');
  });

  it('opens the models it may, and says why the others cannot open', async () => {
    const view = renderViewer(`?models=${READY},${HUGE},${DELETED},${OTHER}`);
    await waitFor(() => expect(engine.loads).toEqual([[READY, `${READY.slice(0, 20)}beef`]]));
    expect(await screen.findByTestId('viewer-load-error-deleted')).toHaveTextContent('模型已删除');
    expect(screen.getByTestId('viewer-load-error-tooLarge')).toHaveTextContent(
      '模型过大，无法加载：「超大综合体」',
    );
    expect(screen.getByTestId('viewer-load-forbidden')).toHaveTextContent('你没有其中 1 个关联模型的权限');
    // Leaving the page disposes the engine (its WebGL context with it).
    view.unmount();
    expect(engine.disposed).toBe(1);
  });

  it('without models: points to the model list', async () => {
    renderViewer();
    expect(await screen.findByText('请选择要打开的模型')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去模型列表' })).toHaveAttribute(
      'href',
      `/projects/${PROJECT_ID}/models`,
    );
  });
});
