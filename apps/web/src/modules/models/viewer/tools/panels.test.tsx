// The tools' panels in jsdom (no WebGL): viewports, selection sets and the compare list against a fake
// model-service, with a stand-in for the viewer engine where a panel talks to it.
import type { User } from '@lintel/contracts/account';
import type { CompareResult, NamedSetting, SelectionSet, Viewport } from '@lintel/contracts/models';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import type { FakeApi, FakeReply } from '../../../../test/fakeApi';
import { makeUser } from '../../../../test/fixtures';
import { fakeApiForFile, requestsTo, TEST_AT, takeRefusal } from '../../../../test/project';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { setupUser } from '../../../../test/user';
import { accountKeys } from '../../../account/api';
import type { ViewerContext } from '../engine/types';
import './locales';
import { ComparePanel } from './compare/ComparePanel';
import type { CompareState } from './compare/useCompareSession';
import { SelectionSetsPanel } from './selectionSets/SelectionSetsPanel';
import { ViewportsPanel } from './viewports/ViewportsPanel';
import type { ViewState } from './viewports/viewState';

const P = '7e57000000000000000000a1';
const M1 = '7e57000000000000000000b1';
const M2 = '7e57000000000000000000b2';
const V1 = '7e57000000000000000000c1';
const V2 = '7e57000000000000000000c2';
const TAG = '7e57000000000000000000d1';
const GROUP = '7e57000000000000000000e1';
const VP1 = '7e57000000000000000000f1';
const VP2 = '7e57000000000000000000f2';
const SET1 = '7e5700000000000000000a01';
const SET2 = '7e5700000000000000000a02';
const FILE = '7e5700000000000000000b01';
const PICTURE = '7e5700000000000000000b02';
const S = 'model-service';
const ME = makeUser({ _id: '7e5700000000000000000c01' });
const OTHER = '7e5700000000000000000c02';

const camera = {
  projection: 'perspective' as const,
  position: [10, 8, 10] as [number, number, number],
  target: [0, 0, 0] as [number, number, number],
  zoom: 1,
};

function viewport(patch: Partial<Viewport>): Viewport {
  return {
    _id: VP1,
    projectId: P,
    name: '二层东侧',
    remark: '管线碰撞处',
    modelIds: [M1],
    camera,
    clippingPlanes: [],
    sectionBox: null,
    hidden: [],
    isolated: null,
    tagIds: [TAG],
    thumbnailFileId: FILE,
    createdBy: ME._id,
    createdAt: TEST_AT,
    updatedAt: TEST_AT,
    ...patch,
  };
}

function set(patch: Partial<SelectionSet>): SelectionSet {
  return {
    _id: SET1,
    projectId: P,
    groupId: GROUP,
    name: '一层柱',
    remark: '',
    items: [{ modelId: M2, globalIds: ['2O2Fr$t4X7Zf8NOew3FLOH', '1hOSvn6df7F8_7GcBWlRGQ'] }],
    elementCount: 2,
    createdBy: OTHER,
    createdAt: TEST_AT,
    updatedAt: TEST_AT,
    ...patch,
  };
}

const setting = (id: string, name: string): NamedSetting => ({
  _id: id,
  projectId: P,
  name,
  order: 0,
  createdAt: TEST_AT,
});

const state = {
  viewports: [] as Viewport[],
  sets: [] as SelectionSet[],
  rights: {} as Record<string, boolean>,
  refuse: {} as Record<string, FakeReply>,
  created: null as unknown,
  /** While set, the viewport POST waits for it (a slow save). */
  hold: null as Promise<void> | null,
};

function reset() {
  state.viewports = [
    viewport({}),
    viewport({
      _id: VP2,
      name: '旧模型视口',
      modelIds: [M2],
      missingModelIds: [M2],
      thumbnailFileId: null,
      tagIds: [],
      createdBy: OTHER,
    }),
  ];
  state.sets = [set({}), set({ _id: SET2, groupId: null, name: '屋面构件', elementCount: 5 })];
  state.rights = { create: true, edit: false, delete: false };
  state.refuse = {};
  state.created = null;
  state.hold = null;
}

function serve(api: FakeApi) {
  api.on(`GET account-service/projects/${P}/auth`, (request) => ({
    json: { value: state.rights[request.query.get('key') ?? ''] ?? false },
  }));
  api.on(`GET ${S}/projects/${P}/viewports`, (request) => {
    const where = request.query.get('where');
    const text = where ? (JSON.parse(where) as { name: { $regex: string } }).name.$regex : '';
    return { json: state.viewports.filter((item) => item.name.includes(text)) };
  });
  api.on(`POST ${S}/projects/${P}/viewports`, async (request) => {
    if (state.hold) await state.hold;
    const refusal = takeRefusal(state.refuse, `POST ${S}/projects/${P}/viewports`);
    if (refusal) return refusal;
    const created = viewport({ ...(request.body as Partial<Viewport>), _id: '7e5700000000000000000f09' });
    state.viewports = [created, ...state.viewports];
    return { status: 201, json: created };
  });
  api.on(`DELETE ${S}/viewports/${VP1}`, () => {
    state.viewports = state.viewports.filter((item) => item._id !== VP1);
    return { status: 204 };
  });
  api.on(`GET ${S}/projects/${P}/viewport-tags`, { json: [setting(TAG, '机电')] });
  api.on(`GET ${S}/projects/${P}/selection-set-groups`, { json: [setting(GROUP, '结构')] });
  api.on(`GET ${S}/projects/${P}/selection-sets`, () => ({ json: state.sets }));
  api.on(`POST ${S}/projects/${P}/selection-sets`, (request) => {
    state.created = request.body;
    const created = set({
      ...(request.body as Partial<SelectionSet>),
      _id: '7e5700000000000000000a09',
      elementCount: 1,
    });
    state.sets = [...state.sets, created];
    return { status: 201, json: created };
  });
  api.on(`GET ${S}/projects/${P}/models`, { json: [] });
  api.on(`POST base-service/files`, { json: { pictures: [`/api/base-service/files/${PICTURE}`] } });
}

const api = fakeApiForFile(serve, reset);

function render(ui: React.ReactElement) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(accountKeys.session(), ME as User);
  return {
    user: setupUser(),
    ...renderWithProviders(<App component={false}>{ui}</App>, { queryClient }),
  };
}

const view: ViewState = {
  modelIds: [M1],
  camera,
  clippingPlanes: [{ normal: [0, 1, 0], point: [0, 3, 0] }],
  sectionBox: null,
  hidden: [{ modelId: M1, globalIds: ['0K7w7JoKz4ZQ7Wr3x0q1aB'] }],
  isolated: null,
};

describe('viewports panel', { timeout: 90_000 }, () => {
  it('lists viewports with tags and thumbnails, says when their models were deleted, and restores one', async () => {
    const restore = vi.fn(async () => undefined);
    const { user } = render(
      <ViewportsPanel
        projectId={P}
        readView={() => view}
        snapshot={async () => null}
        restore={restore}
        restoringId={null}
      />,
    );
    const first = await screen.findByTestId(`viewport-item-${VP1}`);
    expect(within(first).getByText('二层东侧')).toBeInTheDocument();
    expect(await within(first).findByText('机电')).toBeInTheDocument();
    expect(first.querySelector('img')?.getAttribute('src')).toContain(`base-service/files/${FILE}`);
    const second = screen.getByTestId(`viewport-item-${VP2}`);
    expect(within(second).getByText('该视口的模型已被删除')).toBeInTheDocument();
    expect(screen.getByTestId(`viewport-restore-${VP2}`)).toBeDisabled();
    // Neither edit nor delete rights: only the creator's own viewport can be changed.
    expect(screen.getByTestId(`viewport-edit-${VP1}`)).toBeInTheDocument();
    expect(screen.queryByTestId(`viewport-edit-${VP2}`)).toBeNull();

    await user.click(screen.getByTestId(`viewport-restore-${VP1}`));
    expect(restore).toHaveBeenCalledWith(expect.objectContaining({ _id: VP1, camera }));
  });

  it('saves the current view with a validated name and shows the server’s field errors', async () => {
    const { user } = render(
      <ViewportsPanel
        projectId={P}
        readView={() => view}
        snapshot={async () => null}
        restore={vi.fn()}
        restoringId={null}
      />,
    );
    await screen.findByTestId(`viewport-item-${VP1}`);
    await waitFor(() => expect(screen.getByTestId('viewport-save')).toBeEnabled());
    await user.click(screen.getByTestId('viewport-save'));
    await user.click(await screen.findByTestId('viewport-form-submit'));
    expect(await screen.findByText('请输入名称')).toBeInTheDocument();
    expect(requestsTo(api, 'POST', `${S}/projects/${P}/viewports`)).toHaveLength(0);

    state.refuse[`POST ${S}/projects/${P}/viewports`] = {
      status: 400,
      json: {
        code: 400,
        key: 'validation.failed',
        message: '输入有误',
        details: [{ path: 'body.name', message: '同名视口已存在' }],
      },
    };
    fireEvent.change(screen.getByTestId('viewport-name'), { target: { value: '  三层走廊 ' } });
    fireEvent.change(screen.getByTestId('viewport-remark'), { target: { value: '消防喷淋' } });
    await user.click(screen.getByTestId('viewport-form-submit'));
    expect(await screen.findByText('同名视口已存在')).toBeInTheDocument();

    await user.click(screen.getByTestId('viewport-form-submit'));
    await waitFor(() => expect(requestsTo(api, 'POST', `${S}/projects/${P}/viewports`)).toHaveLength(2));
    expect(requestsTo(api, 'POST', `${S}/projects/${P}/viewports`)[1]!.body).toEqual({
      name: '三层走廊',
      remark: '消防喷淋',
      tagIds: [],
      ...view,
      thumbnailFileId: null,
    });
    expect(await screen.findByText('视口已保存')).toBeInTheDocument();
    expect(await screen.findByText('三层走廊')).toBeInTheDocument();
  });

  it('saves once however often save is pressed, spinning meanwhile; the picture uploads while the name is typed', async () => {
    const { user } = render(
      <ViewportsPanel
        projectId={P}
        readView={() => view}
        snapshot={async () => new File(['png'], 'viewport.png', { type: 'image/png' })}
        restore={vi.fn()}
        restoringId={null}
      />,
    );
    await screen.findByTestId(`viewport-item-${VP1}`);
    await waitFor(() => expect(screen.getByTestId('viewport-save')).toBeEnabled());
    await user.click(screen.getByTestId('viewport-save'));
    // The view's picture is on its way before the form is even filled in.
    await waitFor(() => expect(requestsTo(api, 'POST', 'base-service/files')).toHaveLength(1));
    fireEvent.change(await screen.findByTestId('viewport-name'), { target: { value: '屋面' } });
    let release: () => void = () => undefined;
    state.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const submit = screen.getByTestId('viewport-form-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(submit).toHaveClass('ant-btn-loading'));
    fireEvent.click(submit);
    // Enter in the name submits the form itself, past the spinning button.
    fireEvent.submit(screen.getByTestId('viewport-name').closest('form') as HTMLFormElement);
    await waitFor(() => expect(requestsTo(api, 'POST', `${S}/projects/${P}/viewports`)).toHaveLength(1));
    release();
    expect(await screen.findByText('视口已保存')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsTo(api, 'POST', `${S}/projects/${P}/viewports`)).toHaveLength(1);
    expect(requestsTo(api, 'POST', 'base-service/files')).toHaveLength(1);
    expect(requestsTo(api, 'POST', `${S}/projects/${P}/viewports`)[0]!.body).toMatchObject({
      name: '屋面',
      thumbnailFileId: PICTURE,
    });
  });

  it('gives the tag filter a row of its own, and filters by it', async () => {
    const { user } = render(
      <ViewportsPanel
        projectId={P}
        readView={() => view}
        snapshot={async () => null}
        restore={vi.fn()}
        restoringId={null}
      />,
    );
    await screen.findByTestId(`viewport-item-${VP1}`);
    const filter = screen.getByTestId('viewport-tag-filter');
    // Not squeezed into one compact row with the search box.
    expect(filter.closest('.ant-space-compact')).toBeNull();
    await user.click(within(filter).getByRole('combobox'));
    await user.click(await screen.findByTitle('机电'));
    await waitFor(() =>
      expect(
        requestsTo(api, 'GET', `${S}/projects/${P}/viewports`).some(
          (request) => request.query.get('tagId') === TAG,
        ),
      ).toBe(true),
    );
  });

  it('searches by name and deletes after confirming', async () => {
    state.rights.delete = true;
    const { user } = render(
      <ViewportsPanel
        projectId={P}
        readView={() => view}
        snapshot={async () => null}
        restore={vi.fn()}
        restoringId={null}
      />,
    );
    await screen.findByTestId(`viewport-item-${VP1}`);
    const search = screen.getByPlaceholderText('搜索视口名称');
    fireEvent.change(search, { target: { value: '旧模型' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByTestId(`viewport-item-${VP1}`)).toBeNull());
    const searched = requestsTo(api, 'GET', `${S}/projects/${P}/viewports`).at(-1)!;
    expect(JSON.parse(searched.query.get('where')!)).toEqual({ name: { $regex: '旧模型' } });

    fireEvent.change(search, { target: { value: '' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByTestId(`viewport-item-${VP1}`);
    await user.click(screen.getByTestId(`viewport-delete-${VP1}`));
    await user.click(await screen.findByTestId(`viewport-delete-ok-${VP1}`));
    await waitFor(() => expect(requestsTo(api, 'DELETE', `${S}/viewports/${VP1}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId(`viewport-item-${VP1}`)).toBeNull());
  });

  it('does not offer saving without the create right', async () => {
    state.rights.create = false;
    render(
      <ViewportsPanel
        projectId={P}
        readView={() => view}
        snapshot={async () => null}
        restore={vi.fn()}
        restoringId={null}
      />,
    );
    await screen.findByTestId(`viewport-item-${VP1}`);
    await waitFor(() =>
      expect(requestsTo(api, 'GET', `account-service/projects/${P}/auth`).length).toBeGreaterThan(0),
    );
    expect(screen.getByTestId('viewport-save')).toBeDisabled();
  });
});

function fakeViewer(selection: { modelId: string; globalIds: string[] }[]) {
  const listeners = new Set<(refs: typeof selection) => void>();
  const open = new Set([M1]);
  const viewer = {
    projectId: P,
    models: () =>
      [...open].map((modelId) => ({ modelId, versionId: V2, name: modelId, fragmentsKey: modelId })),
    getSelection: () => selection,
    onSelectionChange: (listener: (refs: typeof selection) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    loadModel: vi.fn(async (modelId: string) => {
      open.add(modelId);
      return { modelId };
    }),
    select: vi.fn(async () => undefined),
    isolate: vi.fn(async () => undefined),
    hide: vi.fn(async () => undefined),
    fit: vi.fn(async () => undefined),
  };
  return {
    viewer,
    context: viewer as unknown as ViewerContext,
  };
}

describe('selection sets panel', { timeout: 90_000 }, () => {
  it('groups the sets, isolates one after opening its model, and saves the selection', async () => {
    const selection = [{ modelId: M1, globalIds: ['3cUkl32yn9qRSPvBJVyWYp'] }];
    const { viewer, context } = fakeViewer(selection);
    const { user } = render(<SelectionSetsPanel viewer={context} />);
    expect(await screen.findByText('结构 (1)')).toBeInTheDocument();
    expect(screen.getByText('未分组 (1)')).toBeInTheDocument();
    expect(
      within(screen.getByTestId(`selection-set-item-${SET1}`)).getByText('2 个构件'),
    ).toBeInTheDocument();

    await user.click(screen.getByTestId(`selection-set-isolate-${SET1}`));
    await waitFor(() => expect(viewer.isolate).toHaveBeenCalledWith(set({}).items));
    expect(viewer.loadModel).toHaveBeenCalledWith(M2);
    expect(viewer.fit).toHaveBeenCalled();

    await user.click(screen.getByTestId(`selection-set-select-${SET2}`));
    await waitFor(() => expect(viewer.select).toHaveBeenCalledWith(set({}).items, { fit: true }));

    await waitFor(() => expect(screen.getByTestId('selection-set-save')).toBeEnabled());
    // A short label that fits the panel; the count of what it saves on the line below.
    expect(screen.getByTestId('selection-set-save')).toHaveTextContent(/^保存为选择集$/);
    expect(screen.getByTestId('selection-set-count')).toHaveTextContent('已选 1 个构件');
    await user.click(screen.getByTestId('selection-set-save'));
    fireEvent.change(await screen.findByTestId('selection-set-name'), { target: { value: '二层梁' } });
    await user.click(screen.getByTestId('selection-set-submit'));
    await waitFor(() => expect(state.created).not.toBeNull());
    expect(state.created).toEqual({ name: '二层梁', remark: '', groupId: null, items: selection });
    expect(await screen.findByText('选择集已保存')).toBeInTheDocument();
  });

  it('asks for a selection before saving, and says so when none is made', async () => {
    const { context } = fakeViewer([]);
    render(<SelectionSetsPanel viewer={context} />);
    await screen.findByText('结构 (1)');
    expect(screen.getByTestId('selection-set-save')).toBeDisabled();
    expect(screen.getByTestId('selection-set-count')).toHaveTextContent('先在模型中选择构件');
  });
});

const compareResult: CompareResult = {
  from: V1,
  to: V2,
  counts: { added: 1, removed: 1, changed: 1, unchanged: 40 },
  changes: [
    {
      kind: 'added',
      globalId: 'a1',
      ifcClass: 'IFCWINDOW',
      name: '新窗',
      fromLocalId: null,
      toLocalId: 10,
      geometryChanged: false,
      propertiesChanged: false,
    },
    {
      kind: 'changed',
      globalId: 'c1',
      ifcClass: 'IFCWALL',
      name: '外墙',
      fromLocalId: 5,
      toLocalId: 5,
      geometryChanged: true,
      propertiesChanged: false,
    },
    {
      kind: 'removed',
      globalId: 'r1',
      ifcClass: 'IFCDOOR',
      name: '旧门',
      fromLocalId: 7,
      toLocalId: null,
      geometryChanged: false,
      propertiesChanged: false,
    },
  ],
};

describe('compare panel', { timeout: 90_000 }, () => {
  const target = { modelId: M1, fromVersionId: V1, toVersionId: V2 };

  it('lists the three groups with counts, filters by kind, selects and fits a clicked element, and leaves', async () => {
    const { viewer, context } = fakeViewer([]);
    const onTargetChange = vi.fn();
    const ready: CompareState = { status: 'ready', result: compareResult, error: null, retry: vi.fn() };
    const { user } = render(
      <ComparePanel viewer={context} target={target} state={ready} onTargetChange={onTargetChange} />,
    );
    expect(await screen.findByText('新增 (1)')).toBeInTheDocument();
    expect(screen.getByText('修改 (1)')).toBeInTheDocument();
    expect(screen.getByText('删除 (1)')).toBeInTheDocument();
    expect(screen.getByText('未变 40')).toBeInTheDocument();
    // The class in words (its IFC name on hover).
    expect(screen.getByText(/^墙 · 几何变化/)).toHaveAttribute('title', 'IFCWALL');

    await user.click(screen.getByTestId('compare-item-r1'));
    expect(viewer.select).toHaveBeenCalledWith([{ modelId: M1, globalIds: ['r1'] }], { fit: true });

    await user.click(screen.getByRole('checkbox', { name: '删除' }));
    await waitFor(() => expect(screen.queryByTestId('compare-item-r1')).toBeNull());
    expect(screen.getByTestId('compare-item-a1')).toBeInTheDocument();

    await user.click(screen.getByTestId('compare-leave'));
    expect(onTargetChange).toHaveBeenCalledWith(null);
  });

  it('shows why a compare failed, with a retry', async () => {
    const { context } = fakeViewer([]);
    const retry = vi.fn();
    const failed: CompareState = {
      status: 'error',
      result: undefined,
      error: Object.assign(new Error('x'), {}),
      retry,
    };
    const { user } = render(
      <ComparePanel viewer={context} target={target} state={failed} onTargetChange={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: /重\s?试/ }));
    expect(retry).toHaveBeenCalled();
  });

  it('offers the version picker when no compare runs, saying when no model has two versions', async () => {
    const { context } = fakeViewer([]);
    render(
      <ComparePanel
        viewer={context}
        target={null}
        state={{ status: 'idle', result: undefined, error: null, retry: vi.fn() }}
        onTargetChange={vi.fn()}
      />,
    );
    expect(await screen.findByTestId('compare-start')).toBeDisabled();
    await waitFor(() => expect(requestsTo(api, 'GET', `${S}/projects/${P}/models`)).toHaveLength(1));
  });
});
