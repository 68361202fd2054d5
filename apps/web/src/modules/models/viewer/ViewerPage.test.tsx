import type { Model } from '@lintel/contracts/models';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { fakeApiForFile, makeProjectMember, makeTestProject, serveProjectFrame } from '../../../test/project';
import { renderRoutes } from '../../../test/renderRoutes';
import { setupUser } from '../../../test/user';
import ViewerPage from './ViewerPage';

// The page around the canvas. jsdom has no WebGL, and three's WebGPU build (which @thatopen imports) does
// not load in it: the engine stands in as a browser without WebGL has it (three throws on the context),
// and the page must say so instead of staying blank. The canvas itself is the browser test's (e2e/models).
const engine = vi.hoisted(() => ({
  webgl: true,
  loads: [] as Array<[string, string | undefined]>,
  disposed: 0,
  /** What the page asked of the camera and the visibility, in order. */
  calls: [] as string[],
  selection: [] as Array<{ modelId: string; globalIds: string[] }>,
  isolated: null as Array<{ modelId: string; globalIds: string[] }> | null,
  xray: false,
  xrayListeners: new Set<(on: boolean) => void>(),
  /** X-ray switched the way a tool does it (compare), not through the page's button. */
  setXray(on: boolean) {
    engine.xray = on;
    for (const listener of engine.xrayListeners) listener(on);
  },
  multiSelect: false,
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
      getSelection: () => engine.selection,
      select: async () => undefined,
      onSelectionChange: none,
      getHidden: () => [],
      getIsolated: () => engine.isolated,
      onVisibilityChange: none,
      isXray: () => engine.xray,
      setXray: async (on: boolean) => engine.setXray(on),
      onXrayChange: (listener: (on: boolean) => void) => {
        engine.xrayListeners.add(listener);
        return () => engine.xrayListeners.delete(listener);
      },
      setMultiSelect: (on: boolean) => {
        engine.multiSelect = on;
      },
      isMultiSelect: () => engine.multiSelect,
      isolate: async (refs: Array<{ globalIds: string[] }>) => {
        engine.calls.push(`isolate ${refs.flatMap((ref) => ref.globalIds).join(',')}`);
      },
      fit: async (refs?: Array<{ globalIds: string[] }>) => {
        engine.calls.push(`fit ${refs ? refs.flatMap((ref) => ref.globalIds).join(',') : 'all'}`);
      },
      world: {
        camera: {
          three: { quaternion: { x: 0, y: 0, z: 0, w: 1 } },
          controls: {
            rotateTo: async (azimuth: number, polar: number) => {
              engine.calls.push(`rotate ${azimuth.toFixed(2)} ${polar.toFixed(2)}`);
            },
          },
        },
      },
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
    engine.calls = [];
    engine.selection = [];
    engine.isolated = null;
    engine.xray = false;
    engine.xrayListeners.clear();
    engine.multiSelect = false;
    setWidth(DESKTOP_WIDTH);
  },
);

const DESKTOP_WIDTH = window.innerWidth;
function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

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

  it('home, zoom to selection and the view cube move the camera; isolating frames what it isolates', async () => {
    engine.selection = [{ modelId: READY, globalIds: ['2O2Fr$t4X7Zf8NOew3FLOH'] }];
    const user = setupUser();
    renderViewer(`?models=${READY}`);
    // Labelled buttons, the key in the tooltip's text.
    const home = await screen.findByRole('button', { name: '主视图' });
    // After the first framing (which fits everything) the calls are the buttons'.
    await waitFor(() => expect(screen.getByTestId('viewer-stage')).toHaveAttribute('data-rendered', 'true'));
    engine.calls = [];
    await user.click(home);
    // The iso corner (45°, 54.7° from the vertical), every model framed.
    await waitFor(() => expect(engine.calls).toEqual(['rotate 0.79 0.96', 'fit all']));
    engine.calls = [];
    await user.click(screen.getByRole('button', { name: '缩放到所选' }));
    await waitFor(() => expect(engine.calls).toEqual(['fit 2O2Fr$t4X7Zf8NOew3FLOH']));
    engine.calls = [];
    await user.click(screen.getByRole('button', { name: '隔离' }));
    await waitFor(() =>
      expect(engine.calls).toEqual(['isolate 2O2Fr$t4X7Zf8NOew3FLOH', 'fit 2O2Fr$t4X7Zf8NOew3FLOH']),
    );
    engine.isolated = engine.selection;
    engine.calls = [];
    // The cube's top face: from above, framing what is isolated.
    await user.click(await screen.findByTestId('viewer-cube-top'));
    await waitFor(() => expect(engine.calls).toEqual(['rotate 0.00 0.00', 'fit 2O2Fr$t4X7Zf8NOew3FLOH']));
    engine.calls = [];
    // The list of views reaches the sides behind the cube.
    await user.click(screen.getByRole('button', { name: '视图方向' }));
    await user.click(screen.getByRole('button', { name: '下' }));
    await waitFor(() => expect(engine.calls).toEqual(['rotate 0.00 3.14', 'fit 2O2Fr$t4X7Zf8NOew3FLOH']));
    expect(screen.queryByRole('button', { name: '轴测' })).not.toBeInTheDocument();
    // F with nothing selected zooms to what is isolated; Home goes home whatever is isolated.
    engine.selection = [];
    engine.calls = [];
    fireEvent.keyDown(window, { key: 'f' });
    await waitFor(() => expect(engine.calls).toEqual(['fit 2O2Fr$t4X7Zf8NOew3FLOH']));
    engine.calls = [];
    fireEvent.keyDown(window, { key: 'Home' });
    await waitFor(() => expect(engine.calls).toEqual(['rotate 0.79 0.96', 'fit all']));
  });

  it('the X-ray button shows whether X-ray is on, whoever switched it', async () => {
    const user = setupUser();
    renderViewer(`?models=${READY}`);
    const xray = await screen.findByRole('button', { name: 'X 光' });
    await waitFor(() => expect(xray).toBeEnabled());
    expect(xray).toHaveAttribute('aria-pressed', 'false');
    expect(xray).not.toHaveClass('ant-btn-primary');
    await user.click(xray);
    await waitFor(() => expect(xray).toHaveAttribute('aria-pressed', 'true'));
    expect(xray).toHaveClass('ant-btn-primary');
    expect(engine.xray).toBe(true);
    // A tool turning it off (compare puts back what was before it) is seen by the button too.
    act(() => engine.setXray(false));
    expect(xray).toHaveAttribute('aria-pressed', 'false');
    expect(xray).not.toHaveClass('ant-btn-primary');
  });

  it('multi-select mode is offered where there is no Ctrl (a phone), and taps then add', async () => {
    renderViewer(`?models=${READY}`);
    await screen.findByRole('button', { name: 'X 光' });
    expect(screen.queryByTestId('viewer-multi-select')).not.toBeInTheDocument();
    act(() => setWidth(390));
    const user = setupUser();
    const multi = await screen.findByRole('button', { name: '多选' });
    expect(multi).toHaveAttribute('aria-pressed', 'false');
    await user.click(multi);
    expect(multi).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(engine.multiSelect).toBe(true));
    await user.click(multi);
    await waitFor(() => expect(engine.multiSelect).toBe(false));
    // Left on, and the window grows to a desktop's (a mouse, Ctrl): the mode goes with the button.
    await user.click(multi);
    await waitFor(() => expect(engine.multiSelect).toBe(true));
    act(() => setWidth(DESKTOP_WIDTH));
    await waitFor(() => expect(engine.multiSelect).toBe(false));
    expect(screen.queryByTestId('viewer-multi-select')).not.toBeInTheDocument();
  });

  it('full screen fills the window and Esc leaves it; the desktop panels collapse', async () => {
    const user = setupUser();
    renderViewer(`?models=${READY}`);
    const viewer = await screen.findByTestId('model-viewer');
    expect(viewer).not.toHaveClass('model-viewer--fill');
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(viewer).toHaveClass('model-viewer--fill');
    expect(viewer).toHaveAttribute('data-fullscreen', 'true');
    // jsdom has no Fullscreen API: the fallback, left with Esc (which otherwise clears the selection).
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(viewer).not.toHaveClass('model-viewer--fill');
    await user.click(screen.getByRole('button', { name: '全屏' }));
    await user.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(viewer).toHaveAttribute('data-fullscreen', 'false');
    // The properties panel folds away and comes back.
    const right = screen.getByTestId('viewer-side-right');
    await user.click(within(right).getByRole('button', { name: '收起面板' }));
    expect(right).toHaveClass('is-closed');
    await user.click(within(right).getByRole('button', { name: '展开面板' }));
    expect(right).not.toHaveClass('is-closed');
  });

  it('on a phone: the whole screen (no workbench bars), the panels in a bottom sheet', async () => {
    setWidth(390);
    const user = setupUser();
    renderViewer(`?models=${READY}`);
    const viewer = await screen.findByTestId('model-viewer');
    expect(viewer).toHaveClass('model-viewer--fill', 'model-viewer--phone');
    expect(screen.queryByTestId('workbench-tabs')).not.toBeInTheDocument();
    expect(screen.queryByTestId('workbench-menu-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('viewer-side-right')).not.toBeInTheDocument();
    const sheet = screen.getByTestId('viewer-sheet');
    expect(sheet).toHaveAttribute('data-size', 'closed');
    expect(screen.getByTestId('viewer-sheet-panel-properties')).not.toBeVisible();
    // A tab opens the sheet half way on it; the size button makes it full, the close button closes it.
    await user.click(screen.getByRole('tab', { name: '空间结构' }));
    expect(sheet).toHaveAttribute('data-size', 'half');
    expect(screen.getByTestId('viewer-sheet-panel-tree')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '全屏显示面板' }));
    expect(sheet).toHaveAttribute('data-size', 'full');
    await user.click(screen.getByTestId('viewer-sheet-close'));
    expect(sheet).toHaveAttribute('data-size', 'closed');
    // Dragging the handle up opens it, down closes it.
    const handle = screen.getByTestId('viewer-sheet-handle');
    fireEvent.pointerDown(handle, { clientY: 700, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 500, pointerId: 1 });
    expect(sheet).toHaveAttribute('data-size', 'half');
    // Back on a desktop width, the side panels return.
    act(() => setWidth(DESKTOP_WIDTH));
    expect(await screen.findByTestId('viewer-side-right')).toBeInTheDocument();
  });
});
