import type { AttributeDisplay, Model, ModelElementDetail, SpatialNode } from '@lintel/contracts/models';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../../test/fakeApi';
import { renderWithProviders } from '../../../../test/render';
import type { ModelLoadState } from '../useModelLoading';
import { CategoryPanel } from './CategoryPanel';
import { LoadStatus, loadPercent } from './LoadStatus';
import { basicAttributes, PropertiesPanel, visiblePropertySets } from './PropertiesPanel';
import { SpatialTreePanel } from './SpatialTreePanel';

const PROJECT_ID = '66d000000000000000000001';
const MODEL_ID = '66d000000000000000000a01';
const VERSION_ID = '66d000000000000000000b01';
const GID = '2O2Fr$t4X7Zf8NOew3FLOH';
const AT = '2026-03-02T08:30:00.000Z';
const M = 'model-service';

const element: ModelElementDetail = {
  globalId: GID,
  localId: 42,
  ifcClass: 'IFCWALLSTANDARDCASE',
  name: '外墙-240',
  type: '基本墙:外墙',
  storey: '一层',
  discipline: 'architecture',
  modelId: MODEL_ID,
  versionId: VERSION_ID,
  propertySets: [
    {
      name: 'Pset_WallCommon',
      properties: [
        { name: 'IsExternal', value: true },
        { name: 'LoadBearing', value: false },
        { name: 'FireRating', value: 'REI 90' },
      ],
    },
    { name: 'Qto_WallBaseQuantities', properties: [{ name: 'Length', value: 5.123456789012 }] },
  ],
};

let api: FakeApi;
let display: AttributeDisplay;
let rights: Record<string, boolean>;
let topics: unknown[];

beforeAll(async () => {
  api = await startFakeApi();
  api.on(`GET ${M}/models/${MODEL_ID}/elements/${encodeURIComponent(GID)}`, () => ({ json: element }));
  api.on(`GET ${M}/models/${MODEL_ID}/elements/${GID}`, () => ({ json: element }));
  api.on(`GET ${M}/projects/${PROJECT_ID}/attribute-display`, () => ({ json: display }));
  api.on(`GET account-service/projects/${PROJECT_ID}/auth`, (request) => ({
    json: { value: rights[request.query.get('key') ?? ''] === true },
  }));
  api.on(`GET topic-service/projects/${PROJECT_ID}/entities/${GID}/topics`, () => ({ json: topics }));
  api.on(`GET topic-service/projects/${PROJECT_ID}/entities/${encodeURIComponent(GID)}/topics`, () => ({
    json: topics,
  }));
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  display = { basic: ['name', 'globalId', 'ifcClass', 'storey', 'discipline', 'type'], propertySets: null };
  rights = { create: true, edit: true };
  topics = [];
  configureHttp({ baseUrl: api.baseUrl });
});

const selectionOf = (globalIds: string[]) => [{ modelId: MODEL_ID, globalIds }];

function renderProperties(globalIds = [GID]) {
  return renderWithProviders(
    <PropertiesPanel
      projectId={PROJECT_ID}
      selection={selectionOf(globalIds)}
      versionOf={() => undefined}
      modelName={() => '示范住宅'}
    />,
  );
}

describe('properties panel', { timeout: 60_000 }, () => {
  it('asks for a click while nothing is selected, and counts a multiple selection', () => {
    const { rerender } = renderWithProviders(
      <PropertiesPanel
        projectId={PROJECT_ID}
        selection={[]}
        versionOf={() => undefined}
        modelName={() => 'x'}
      />,
    );
    expect(screen.getByTestId('viewer-properties-empty')).toHaveTextContent('点击模型中的构件查看其属性');
    rerender(
      <PropertiesPanel
        projectId={PROJECT_ID}
        selection={selectionOf(['a', 'b', 'c'])}
        versionOf={() => undefined}
        modelName={() => '示范住宅'}
      />,
    );
    expect(screen.getByTestId('viewer-properties-many')).toHaveTextContent('已选择 3 个构件');
  });

  it('shows the element’s attributes, property sets and linked topics', async () => {
    topics = [
      {
        _id: '66d000000000000000000501',
        number: 7,
        name: '外墙渗水',
        status: 'processing',
        state: 'processing',
      },
    ];
    renderProperties();
    expect(await screen.findByTestId('viewer-element-name')).toHaveTextContent('外墙-240');
    const panel = screen.getByTestId('viewer-properties');
    expect(panel).toHaveTextContent('IFCWALLSTANDARDCASE');
    expect(panel).toHaveTextContent('一层');
    expect(panel).toHaveTextContent('建筑');
    expect(panel).toHaveTextContent('基本墙:外墙');
    expect(panel).toHaveTextContent('Pset_WallCommon');
    expect(panel).toHaveTextContent('REI 90');
    // Booleans in words; long decimals shortened.
    expect(panel).toHaveTextContent('是');
    expect(panel).toHaveTextContent('5.123456789');
    const topicList = await screen.findByTestId('viewer-element-topics');
    await waitFor(() => expect(topicList).toHaveTextContent('#7 外墙渗水'));
    expect(within(topicList).getByRole('link')).toHaveAttribute(
      'href',
      `/projects/${PROJECT_ID}/topics/66d000000000000000000501`,
    );
    expect(screen.getByTestId('viewer-element-qr')).toBeInTheDocument();
    const topicsRequest = api.requests.find((request) => request.path.includes('/entities/'));
    expect(topicsRequest?.query.get('modelId')).toBe(MODEL_ID);
  });

  it('raises a problem or a contact sheet about the element in a form beside it', async () => {
    rights = { create: true };
    topics = [];
    renderProperties();
    // A problem: the form beside the model (the topics module's form), its page one click away.
    expect(await screen.findByTestId('viewer-create-topic-page', {}, { timeout: 15_000 })).toHaveAttribute(
      'href',
      `/projects/${PROJECT_ID}/topics/new?link=element%3A${MODEL_ID}%3A2O2Fr%24t4X7Zf8NOew3FLOH`,
    );
    fireEvent.click(screen.getByTestId('viewer-create-topic'));
    const raise = await screen.findByTestId('viewer-raise-topic', {}, { timeout: 15_000 });
    expect(raise).toHaveTextContent('为「外墙-240」提出问题');
    expect(within(raise).getByTestId('topic-name-input')).toBeInTheDocument();
    // A contact sheet instead: its form takes the place, the element named in the subject.
    fireEvent.click(screen.getByTestId('viewer-create-sheet'));
    const sheet = await screen.findByTestId('viewer-raise-sheet', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('viewer-raise-topic')).toBeNull();
    expect(sheet).toHaveTextContent('关于「外墙-240」发联系单');
    expect(within(sheet).getByDisplayValue('关于「外墙-240」')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('viewer-create-sheet'));
    await waitFor(() => expect(screen.queryByTestId('viewer-raise-sheet')).toBeNull());
  });

  it('names an unnamed element by its class and type, in words, and takes its storey from the tree', async () => {
    const unnamed = '1UnnamedWa11InSpace0001';
    api.on(`GET ${M}/models/${MODEL_ID}/elements/${unnamed}`, {
      json: { ...element, globalId: unnamed, name: null, storey: null },
    });
    api.on(`GET ${M}/models/${MODEL_ID}/tree`, {
      json: {
        kind: 'project',
        globalId: 'P',
        localId: 1,
        ifcClass: 'IFCPROJECT',
        name: null,
        children: [
          {
            kind: 'storey',
            globalId: 'L2',
            localId: 2,
            ifcClass: 'IFCBUILDINGSTOREY',
            name: '二层',
            children: [
              {
                kind: 'space',
                globalId: 'R1',
                localId: 3,
                ifcClass: 'IFCSPACE',
                name: '卧室',
                children: [
                  {
                    kind: 'element',
                    globalId: unnamed,
                    localId: 4,
                    ifcClass: 'IFCWALL',
                    name: null,
                    children: [],
                  },
                ],
              },
            ],
          },
        ],
      } satisfies SpatialNode,
    });
    renderProperties([unnamed]);
    expect(await screen.findByTestId('viewer-element-name')).toHaveTextContent('墙 · 基本墙:外墙');
    // The class in words, with its IFC name still there.
    expect(screen.getByTestId('viewer-element-class')).toHaveTextContent('墙 IFCWALLSTANDARDCASE');
    await waitFor(() => expect(screen.getByTestId('viewer-properties')).toHaveTextContent('二层'));
  });

  it('shows only what the attribute display allows, in its order', async () => {
    display = {
      basic: ['ifcClass', 'name'],
      propertySets: [{ name: 'Pset_WallCommon', properties: ['FireRating'] }],
    };
    renderProperties();
    const panel = await screen.findByTestId('viewer-properties');
    await waitFor(() => expect(panel).toHaveTextContent('REI 90'));
    expect(panel).not.toHaveTextContent('一层');
    expect(panel).not.toHaveTextContent('IsExternal');
    expect(panel).not.toHaveTextContent('Qto_WallBaseQuantities');
    await waitFor(() =>
      expect(screen.getByTestId('viewer-element-topics')).toHaveTextContent('暂无关联问题'),
    );
  });

  it('without rights: no problem, contact sheet or QR buttons', async () => {
    rights = {};
    renderProperties();
    await screen.findByTestId('viewer-properties');
    // Asked: the problem, the contact sheet and the model's edit right.
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path.endsWith('/auth'))).toHaveLength(3),
    );
    expect(screen.queryByTestId('viewer-create-topic')).toBeNull();
    expect(screen.queryByTestId('viewer-create-sheet')).toBeNull();
    expect(screen.queryByTestId('viewer-element-qr')).toBeNull();
  });

  it('an element the index does not hold says so', async () => {
    api.on(`GET ${M}/models/${MODEL_ID}/elements/missing0000000000000001`, {
      status: 404,
      json: { code: 404, key: 'models.elementNotFound', message: '构件不存在于模型的当前版本中' },
    });
    renderProperties(['missing0000000000000001']);
    expect(await screen.findByTestId('viewer-properties-error')).toHaveTextContent('构件索引中没有这个构件');
  });
});

describe('attribute display rules', () => {
  it('keeps every set when none is chosen, else the chosen ones with their chosen properties', () => {
    expect(visiblePropertySets(element.propertySets, undefined)).toHaveLength(2);
    expect(
      visiblePropertySets(element.propertySets, {
        basic: [],
        propertySets: [
          { name: 'Qto_WallBaseQuantities', properties: null },
          { name: 'Pset_WallCommon', properties: ['LoadBearing', 'Nope'] },
          { name: 'Missing', properties: null },
        ],
      }),
    ).toEqual([
      element.propertySets[1],
      { name: 'Pset_WallCommon', properties: [{ name: 'LoadBearing', value: false }] },
    ]);
    expect(basicAttributes(element, { basic: ['storey'], propertySets: null })).toEqual([
      { name: 'storey', value: '一层' },
    ]);
  });
});

const tree: SpatialNode = {
  kind: 'project',
  globalId: 'P',
  localId: 1,
  ifcClass: 'IFCPROJECT',
  name: '示范住宅',
  children: [
    {
      kind: 'storey',
      globalId: 'L1',
      localId: 2,
      ifcClass: 'IFCBUILDINGSTOREY',
      name: '一层',
      children: [
        { kind: 'element', globalId: 'w1', localId: 3, ifcClass: 'IFCWALL', name: '墙 1', children: [] },
        { kind: 'element', globalId: 'w2', localId: 4, ifcClass: 'IFCWALL', name: null, children: [] },
      ],
    },
  ],
};
const openModel = { modelId: MODEL_ID, versionId: VERSION_ID, name: '示范住宅', currentVersion: true };

describe('spatial tree and categories', { timeout: 60_000 }, () => {
  it('selects a storey’s elements on click and hides them with its checkbox', async () => {
    api.on(`GET ${M}/models/${MODEL_ID}/tree`, { json: tree });
    const onSelect = vi.fn();
    const onVisibility = vi.fn();
    renderWithProviders(
      <SpatialTreePanel
        projectId={PROJECT_ID}
        models={[openModel]}
        hidden={[]}
        isolated={null}
        selection={[]}
        onSelect={onSelect}
        onVisibility={onVisibility}
      />,
    );
    const storey = await screen.findByText('一层');
    fireEvent.click(storey);
    expect(onSelect).toHaveBeenCalledWith([{ modelId: MODEL_ID, globalIds: ['w1', 'w2'] }]);
    const row = storey.closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.click(row.querySelector('.ant-tree-checkbox') as HTMLElement);
    expect(onVisibility).toHaveBeenCalledWith([{ modelId: MODEL_ID, globalIds: ['w1', 'w2'] }], false);
    // Opened, the storey lists its elements; an unnamed one goes by its class in words.
    fireEvent.click(row.querySelector('.ant-tree-switcher') as HTMLElement);
    expect(await screen.findByText('墙 1')).toBeInTheDocument();
    expect(screen.getByText('墙')).toBeInTheDocument();
  });

  it('lists the classes by discipline and switches one off', async () => {
    api.on(`GET ${M}/models/${MODEL_ID}/categories`, {
      json: [
        { ifcClass: 'IFCWALL', discipline: 'architecture', count: 12 },
        { ifcClass: 'IFCSLAB', discipline: 'structure', count: 3 },
      ],
    });
    const onToggle = vi.fn();
    renderWithProviders(
      <CategoryPanel
        projectId={PROJECT_ID}
        models={[openModel]}
        hiddenClasses={new Set()}
        onToggle={onToggle}
      />,
    );
    const wall = await screen.findByTestId('viewer-category-IFCWALL');
    expect(screen.getByTestId('viewer-categories')).toHaveTextContent('结构');
    expect(screen.getByTitle('IFCWALL')).toHaveTextContent('墙');
    expect(screen.getByTitle('IFCSLAB')).toHaveTextContent('板');
    expect(wall).toBeChecked();
    fireEvent.click(wall);
    expect(onToggle).toHaveBeenCalledWith(MODEL_ID, 'IFCWALL', false);
  });
});

const model = (status: Model['currentVersion']['status'], reason?: string): Model => ({
  _id: MODEL_ID,
  projectId: PROJECT_ID,
  name: '示范住宅',
  remark: '',
  tagIds: [],
  currentVersion: {
    _id: VERSION_ID,
    modelId: MODEL_ID,
    number: 1,
    fileName: 'a.ifc',
    size: 100,
    status,
    progress: 40,
    error: reason ? { key: 'models.conversion.malformed', message: reason } : null,
    schema: 'IFC4',
    elementCount: null,
    fragmentsSize: 600 * 1024 * 1024,
    conversionMs: null,
    createdBy: '66d000000000000000000101',
    createdAt: AT,
    convertedAt: null,
  },
  versionCount: 1,
  createdBy: '66d000000000000000000101',
  createdAt: AT,
  updatedAt: AT,
});

const loadState = (patch: Partial<ModelLoadState>): ModelLoadState => ({
  modelId: MODEL_ID,
  name: '示范住宅',
  phase: 'meta',
  loaded: 0,
  total: null,
  size: null,
  error: null,
  ...patch,
});

describe('loading status', () => {
  it('shows download and parse progress', () => {
    expect(loadPercent(loadState({ phase: 'download', loaded: 50, total: 100 }))).toBe(35);
    expect(loadPercent(loadState({ phase: 'parse', loaded: 50, total: 100 }))).toBe(85);
    expect(loadPercent(loadState({ phase: 'ready' }))).toBe(100);
    renderWithProviders(
      <LoadStatus
        states={[loadState({ phase: 'download', loaded: 1024, total: 2048 })]}
        onRetry={() => undefined}
        onRemove={() => undefined}
      />,
    );
    expect(screen.getByTestId(`viewer-loading-${MODEL_ID}`)).toHaveTextContent('正在下载「示范住宅」');
  });

  it('says why each model could not open, and groups the forbidden ones', () => {
    const onRetry = vi.fn();
    const onRemove = vi.fn();
    renderWithProviders(
      <LoadStatus
        states={[
          loadState({ modelId: 'd', name: null, phase: 'error', error: { kind: 'deleted' } }),
          loadState({
            modelId: 'n',
            phase: 'error',
            error: { kind: 'notReady', model: model('converting') },
          }),
          loadState({
            modelId: 'f',
            phase: 'error',
            error: { kind: 'failed', model: model('failed', 'IFC 文件已损坏') },
          }),
          loadState({ modelId: 'l', phase: 'error', size: 600 * 1024 * 1024, error: { kind: 'tooLarge' } }),
          loadState({ modelId: 'x1', phase: 'error', error: { kind: 'noPermission' } }),
          loadState({ modelId: 'x2', phase: 'error', error: { kind: 'noPermission' } }),
          loadState({ modelId: 'ok', phase: 'ready' }),
        ]}
        onRetry={onRetry}
        onRemove={onRemove}
      />,
    );
    expect(screen.getByTestId('viewer-load-error-deleted')).toHaveTextContent('模型已删除');
    expect(screen.getByTestId('viewer-load-error-notReady')).toHaveTextContent('尚未转换完成（转换中）');
    expect(screen.getByTestId('viewer-load-error-failed')).toHaveTextContent(
      '转换失败，无法打开：IFC 文件已损坏',
    );
    expect(screen.getByTestId('viewer-load-error-tooLarge')).toHaveTextContent('模型过大，无法加载');
    expect(screen.getByTestId('viewer-load-error-tooLarge')).toHaveTextContent('512');
    const forbidden = screen.getByTestId('viewer-load-forbidden');
    expect(forbidden).toHaveTextContent('你没有其中 2 个关联模型的权限');
    fireEvent.click(within(forbidden).getByRole('button'));
    expect(onRemove).toHaveBeenCalledWith('x1');
    expect(onRemove).toHaveBeenCalledWith('x2');
    fireEvent.click(
      within(screen.getByTestId('viewer-load-error-notReady')).getByRole('button', { name: /重\s*试/ }),
    );
    expect(onRetry).toHaveBeenCalledWith('n');
  });
});
