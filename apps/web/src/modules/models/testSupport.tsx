import type {
  AttributeDisplay,
  ElementShareListItem,
  ElementSharePage,
  Model,
  ModelElementDetail,
  ModelTag,
  ModelVersion,
  NamedSetting,
  SelectionSet,
} from '@lintel/contracts/models';
import type { FakeApi, FakeReply, SeenRequest } from '../../test/fakeApi';
import { makeUser } from '../../test/fixtures';
import {
  TEST_AT as AT,
  makeProjectMember,
  makeTestProject,
  serveProjectFrame,
  type TestProjectIds,
  takeRefusal,
} from '../../test/project';
import { renderRoutes } from '../../test/renderRoutes';
import { setupUser } from '../../test/user';
import ElementQrCodesPage from './pages/ElementQrCodesPage';
import ModelSettingsPage from './pages/ModelSettingsPage';
import ModelsPage from './pages/ModelsPage';
import SelectionSetsPage from './pages/SelectionSetsPage';
import SharedElementPage from './pages/SharedElementPage';

// The fake model-service the page tests of the model list, settings, selection sets and QR codes share.

export const PROJECT_ID = '68a000000000000000000001';
const IDS: TestProjectIds = {
  projectId: PROJECT_ID,
  enterpriseId: '68a000000000000000000002',
  memberIdPrefix: '68a0000000000000000006',
};
export const ADMIN = makeUser({ _id: '68a000000000000000000101', name: 'demo', nickName: '演示用户' });
export const MEMBER = makeUser({ _id: '68a000000000000000000102', name: 'lisi', nickName: '李四' });
export const MODEL_A = '68a000000000000000000201';
export const MODEL_B = '68a000000000000000000202';
export const MODEL_C = '68a000000000000000000203';
export const VERSION_A1 = '68a000000000000000000301';
export const VERSION_A2 = '68a000000000000000000302';
export const VERSION_B1 = '68a000000000000000000303';
export const VERSION_C1 = '68a000000000000000000304';
export const TAG_ARCH = '68a000000000000000000401';
export const TAG_STRUCT = '68a000000000000000000402';
export const VIEWPORT_TAG = '68a000000000000000000411';
export const GROUP_A = '68a000000000000000000421';
export const SET_1 = '68a000000000000000000501';
export const SET_2 = '68a000000000000000000502';
export const SET_3 = '68a000000000000000000503';
export const SHARE_TOKEN = 'tokenAAAAAAAAAAAAAAAAAAAAAAAAAAA';
export const GONE_TOKEN = 'tokenGGGGGGGGGGGGGGGGGGGGGGGGGGG';
export const GLOBAL_ID = '2O2Fr$t4X7Zf8NOew3FLOH';

const S = 'model-service';
const P = `${S}/projects/${PROJECT_ID}`;
const notFound: FakeReply = {
  status: 404,
  json: { code: 404, key: 'common.notFound', message: '请求的资源不存在' },
};

export function makeVersion(patch: Partial<ModelVersion> = {}): ModelVersion {
  return {
    _id: VERSION_A2,
    modelId: MODEL_A,
    number: 2,
    fileName: 'duplex.ifc',
    size: 2_400_000,
    status: 'ready',
    progress: 100,
    error: null,
    schema: 'IFC2X3',
    elementCount: 286,
    fragmentsSize: 600_000,
    conversionMs: 1400,
    createdBy: ADMIN._id,
    createdAt: AT,
    convertedAt: AT,
    ...patch,
  };
}

export function makeModel(patch: Partial<Model> = {}): Model {
  return {
    _id: MODEL_A,
    projectId: PROJECT_ID,
    name: '双拼住宅',
    remark: '建筑专业',
    tagIds: [TAG_ARCH],
    currentVersion: makeVersion(),
    versionCount: 2,
    createdBy: ADMIN._id,
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  };
}

const setting = (_id: string, name: string, order: number): NamedSetting => ({
  _id,
  projectId: PROJECT_ID,
  name,
  order,
  createdAt: AT,
});

export function makeSet(patch: Partial<SelectionSet> = {}): SelectionSet {
  return {
    _id: SET_1,
    projectId: PROJECT_ID,
    groupId: GROUP_A,
    name: '一层墙体',
    remark: '',
    items: [{ modelId: MODEL_A, globalIds: [GLOBAL_ID, '1hOSvn6df7F8_7GcBWlRGQ'] }],
    elementCount: 2,
    createdBy: ADMIN._id,
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  };
}

export function makeSharePage(patch: Partial<ElementSharePage> = {}): ElementSharePage {
  return {
    projectName: '示范项目一期',
    modelName: '双拼住宅',
    element: {
      globalId: GLOBAL_ID,
      localId: 42,
      ifcClass: 'IFCWALLSTANDARDCASE',
      name: '基本墙:常规 - 200mm',
      type: '常规 - 200mm',
      storey: '一层',
      discipline: 'architecture',
    },
    attributes: [
      { key: 'name', value: '基本墙:常规 - 200mm' },
      { key: 'storey', value: '一层' },
      { key: 'discipline', value: 'architecture' },
    ],
    propertySets: [
      {
        name: 'Pset_WallCommon',
        properties: [
          { name: 'IsExternal', value: true },
          { name: 'FireRating', value: null },
        ],
      },
    ],
    openTopics: [{ number: 12, name: '墙体开裂', status: 'processing', deadline: '2026-03-20' }],
    ...patch,
  };
}

/** The server's state the handlers read and change; a test sets what it needs. */
export interface ModelsState {
  models: Model[];
  versions: Record<string, ModelVersion[]>;
  modelTags: ModelTag[];
  viewportTags: NamedSetting[];
  groups: NamedSetting[];
  sets: SelectionSet[];
  attributeDisplay: AttributeDisplay;
  elements: Record<string, ModelElementDetail[]>;
  shares: ElementShareListItem[];
  sharePages: Record<string, ElementSharePage | 'gone'>;
  rights: Record<string, unknown>;
  role: 'admin' | 'member';
  /** A reply that replaces the next answer of a route (`METHOD path`). */
  refuse: Record<string, FakeReply>;
}

export const state: ModelsState = {} as ModelsState;

export function resetState(): void {
  state.models = [
    makeModel(),
    makeModel({
      _id: MODEL_B,
      name: '结构模型',
      remark: '',
      tagIds: [TAG_STRUCT],
      versionCount: 1,
      currentVersion: makeVersion({
        _id: VERSION_B1,
        modelId: MODEL_B,
        number: 1,
        fileName: 'structure.ifc',
        status: 'converting',
        progress: 40,
        elementCount: null,
        conversionMs: null,
        convertedAt: null,
        createdBy: MEMBER._id,
      }),
    }),
    makeModel({
      _id: MODEL_C,
      name: '损坏的模型',
      remark: '',
      tagIds: [],
      versionCount: 1,
      currentVersion: makeVersion({
        _id: VERSION_C1,
        modelId: MODEL_C,
        number: 1,
        fileName: 'broken.ifc',
        status: 'failed',
        progress: 0,
        error: {
          key: 'models.conversion.malformed',
          message: 'IFC 文件格式有误，无法解析',
          detail: 'line 12',
        },
        elementCount: null,
        conversionMs: null,
        convertedAt: null,
      }),
    }),
  ];
  state.versions = {
    [MODEL_A]: [
      makeVersion(),
      makeVersion({
        _id: VERSION_A1,
        number: 1,
        fileName: 'duplex-v1.ifc',
        elementCount: 280,
        conversionMs: 1300,
      }),
    ],
    [MODEL_B]: [state.models[1]!.currentVersion],
    [MODEL_C]: [state.models[2]!.currentVersion],
  };
  state.modelTags = [
    { ...setting(TAG_ARCH, '建筑', 0), type: 'discipline' },
    { ...setting(TAG_STRUCT, '结构', 1), type: 'discipline' },
  ];
  state.viewportTags = [setting(VIEWPORT_TAG, '汇报', 0)];
  state.groups = [setting(GROUP_A, '一层', 0)];
  state.sets = [
    makeSet(),
    makeSet({
      _id: SET_2,
      name: '楼梯',
      groupId: null,
      elementCount: 1,
      items: [{ modelId: MODEL_A, globalIds: [GLOBAL_ID] }],
    }),
    makeSet({
      _id: SET_3,
      name: '结构柱',
      groupId: GROUP_A,
      elementCount: 3,
      items: [
        { modelId: MODEL_A, globalIds: ['a'] },
        { modelId: '68a000000000000000000299', globalIds: ['b', 'c'] },
      ],
      missingModelIds: ['68a000000000000000000299'],
    }),
  ];
  state.attributeDisplay = {
    basic: ['name', 'globalId', 'ifcClass', 'storey', 'discipline', 'type'],
    propertySets: null,
  };
  state.elements = {
    [MODEL_A]: [
      {
        globalId: GLOBAL_ID,
        localId: 42,
        ifcClass: 'IFCWALLSTANDARDCASE',
        name: '基本墙',
        type: null,
        storey: '一层',
        discipline: 'architecture',
        modelId: MODEL_A,
        versionId: VERSION_A2,
        propertySets: [
          {
            name: 'Pset_WallCommon',
            properties: [
              { name: 'IsExternal', value: true },
              { name: 'LoadBearing', value: false },
            ],
          },
        ],
      },
      {
        globalId: '1hOSvn6df7F8_7GcBWlRGQ',
        localId: 77,
        ifcClass: 'IFCDOOR',
        name: '门',
        type: null,
        storey: '一层',
        discipline: 'architecture',
        modelId: MODEL_A,
        versionId: VERSION_A2,
        propertySets: [{ name: 'Pset_DoorCommon', properties: [{ name: 'FireRating', value: 'A' }] }],
      },
    ],
  };
  state.shares = [
    {
      token: SHARE_TOKEN,
      path: `/share/element/${SHARE_TOKEN}`,
      modelId: MODEL_A,
      globalId: GLOBAL_ID,
      createdAt: AT,
      modelName: '双拼住宅',
      elementName: '基本墙',
      ifcClass: 'IFCWALLSTANDARDCASE',
      modelDeleted: false,
      createdBy: ADMIN._id,
    },
  ];
  state.sharePages = { [SHARE_TOKEN]: makeSharePage(), [GONE_TOKEN]: 'gone' };
  state.rights = {
    create: true,
    delete: true,
    view: true,
    edit: true,
    upload: true,
    download: true,
    export: true,
  };
  state.role = 'admin';
  state.refuse = {};
}
resetState();

const refused = (route: string) => takeRefusal(state.refuse, route);
const conflict = (key: string, message: string): FakeReply => ({
  status: 409,
  json: { code: 409, key, message },
});

let created = 0;
const newId = (prefix: string) => {
  created += 1;
  return `68a0000000000000000${prefix}${String(created).padStart(3, '0')}`;
};

/** The list's `where` as the server applies it (name $regex or equal, status, tagId). */
function listed(query: URLSearchParams): Model[] {
  const where = JSON.parse(query.get('where') ?? '{}') as {
    name?: string | { $regex: string };
    status?: string;
    tagId?: string;
  };
  return state.models.filter((model) => {
    if (typeof where.name === 'string' && model.name !== where.name) return false;
    if (typeof where.name === 'object' && !model.name.toLowerCase().includes(where.name.$regex.toLowerCase()))
      return false;
    if (where.status && model.currentVersion.status !== where.status) return false;
    if (where.tagId && !model.tagIds.includes(where.tagId)) return false;
    return true;
  });
}

function serveModel(api: FakeApi, id: string): void {
  const path = `${S}/models/${id}`;
  const find = () => state.models.find((model) => model._id === id);
  api.on(`GET ${path}`, () => refused(`GET ${path}`) ?? (find() ? { json: find() } : notFound));
  api.on(`PUT ${path}`, (request) => {
    const refusal = refused(`PUT ${path}`);
    if (refusal) return refusal;
    const body = request.body as Partial<Model>;
    if (body.name && state.models.some((model) => model._id !== id && model.name === body.name))
      return conflict('models.duplicateName', '项目中已有同名模型');
    state.models = state.models.map((model) => (model._id === id ? { ...model, ...body } : model));
    return { json: find() };
  });
  api.on(`DELETE ${path}`, () => {
    const refusal = refused(`DELETE ${path}`);
    if (refusal) return refusal;
    state.models = state.models.filter((model) => model._id !== id);
    return { json: {} };
  });
  api.on(`GET ${path}/versions`, () => ({ json: state.versions[id] ?? [] }));
  api.on(`POST ${path}/versions`, (request) => {
    const refusal = refused(`POST ${path}/versions`);
    if (refusal) return refusal;
    return { json: { created: false, model: addVersion(id, request) } };
  });
  for (const version of state.versions[id] ?? []) {
    api.on(`DELETE ${path}/versions/${version._id}`, () => {
      const refusal = refused(`DELETE ${path}/versions/${version._id}`);
      if (refusal) return refusal;
      state.versions[id] = (state.versions[id] ?? []).filter((v) => v._id !== version._id);
      return { json: {} };
    });
    const change = (action: 'cancel' | 'retry') =>
      api.on(`PUT ${S}/versions/${version._id}/${action}`, () => {
        const refusal = refused(`PUT ${S}/versions/${version._id}/${action}`);
        if (refusal) return refusal;
        const next: Partial<ModelVersion> =
          action === 'cancel'
            ? {
                status: 'failed',
                error: { key: 'models.conversion.cancelled', message: '转换已取消' },
              }
            : { status: 'queued', progress: 0, error: null };
        state.versions[id] = (state.versions[id] ?? []).map((v) =>
          v._id === version._id ? { ...v, ...next } : v,
        );
        state.models = state.models.map((model) =>
          model.currentVersion._id === version._id
            ? { ...model, currentVersion: { ...model.currentVersion, ...next } }
            : model,
        );
        return { json: state.versions[id]!.find((v) => v._id === version._id) };
      });
    change('cancel');
    change('retry');
    api.on(`GET ${path}/file`, {
      raw: { body: 'ISO-10303-21;\nEND-ISO-10303-21;', contentType: 'application/octet-stream' },
    });
  }
  api.on(`GET ${path}/categories`, () => {
    const counts = new Map<string, number>();
    for (const element of state.elements[id] ?? [])
      counts.set(element.ifcClass, (counts.get(element.ifcClass) ?? 0) + 1);
    return {
      json: [...counts].map(([ifcClass, count]) => ({ ifcClass, discipline: 'architecture', count })),
    };
  });
  api.on(`GET ${path}/elements`, (request) => {
    const where = JSON.parse(request.query.get('where') ?? '{}') as { ifcClass?: string };
    const rows = (state.elements[id] ?? []).filter((e) => !where.ifcClass || e.ifcClass === where.ifcClass);
    return { json: rows.map(({ propertySets: _sets, modelId: _m, versionId: _v, ...element }) => element) };
  });
  for (const element of state.elements[id] ?? []) {
    api.on(`GET ${path}/elements/${encodeURIComponent(element.globalId)}`, { json: element });
  }
}

/** A new version of a model from an upload (multipart or the version route). */
function addVersion(modelId: string, request: SeenRequest): Model {
  const model = state.models.find((m) => m._id === modelId)!;
  const number = Math.max(...(state.versions[modelId] ?? []).map((v) => v.number), 0) + 1;
  const version = makeVersion({
    _id: newId('3'),
    modelId,
    number,
    fileName: /filename="([^"]+)"/.exec(String(request.body))?.[1] ?? 'model.ifc',
    status: 'queued',
    progress: 0,
    elementCount: null,
    conversionMs: null,
    convertedAt: null,
  });
  state.versions[modelId] = [version, ...(state.versions[modelId] ?? [])];
  const next = { ...model, currentVersion: version, versionCount: model.versionCount + 1 };
  state.models = state.models.map((m) => (m._id === modelId ? next : m));
  return next;
}

type SettingCollection = 'modelTags' | 'viewportTags' | 'groups';
const SETTING_PATHS: Record<SettingCollection, string> = {
  modelTags: 'model-tags',
  viewportTags: 'viewport-tags',
  groups: 'selection-set-groups',
};

function serveSettingRecord(api: FakeApi, collection: SettingCollection, id: string): void {
  const path = `${S}/${SETTING_PATHS[collection]}/${id}`;
  const list = () => state[collection] as NamedSetting[];
  api.on(`PUT ${path}`, (request) => {
    const refusal = refused(`PUT ${path}`);
    if (refusal) return refusal;
    const body = request.body as { name?: string };
    if (body.name && list().some((row) => row._id !== id && row.name === body.name))
      return conflict('models.tagDuplicate', '名称已存在');
    (state[collection] as NamedSetting[]) = list().map((row) => (row._id === id ? { ...row, ...body } : row));
    return { json: list().find((row) => row._id === id) };
  });
  api.on(`DELETE ${path}`, (request) => {
    const refusal = refused(`DELETE ${path}`);
    if (refusal) return refusal;
    if (collection === 'groups' && state.sets.some((set) => set.groupId === id)) {
      if (request.query.get('moveTo') !== 'none') return conflict('models.groupInUse', '分组中还有选择集');
      state.sets = state.sets.map((set) => (set.groupId === id ? { ...set, groupId: null } : set));
    }
    (state[collection] as NamedSetting[]) = list().filter((row) => row._id !== id);
    return { json: {} };
  });
}

function serveSet(api: FakeApi, id: string): void {
  const path = `${S}/selection-sets/${id}`;
  api.on(`PUT ${path}`, (request) => {
    const refusal = refused(`PUT ${path}`);
    if (refusal) return refusal;
    const body = request.body as Partial<SelectionSet>;
    const current = state.sets.find((set) => set._id === id)!;
    const groupId = body.groupId !== undefined ? body.groupId : current.groupId;
    if (
      body.name &&
      state.sets.some((set) => set._id !== id && set.groupId === groupId && set.name === body.name)
    )
      return conflict('models.selectionSetDuplicate', '同一分组中已有同名选择集');
    state.sets = state.sets.map((set) => (set._id === id ? { ...set, ...body } : set));
    return { json: state.sets.find((set) => set._id === id) };
  });
  api.on(`DELETE ${path}`, () => {
    state.sets = state.sets.filter((set) => set._id !== id);
    return { json: {} };
  });
}

/** The calls the model pages and the workbench frame make, over `state`. */
export function serveModels(api: FakeApi): void {
  serveProjectFrame(api, {
    project: makeTestProject(IDS, ADMIN),
    members: [ADMIN, MEMBER].map((user, index) => makeProjectMember(IDS, user, index)),
    role: () => state.role,
    modules: () => [{ key: 'modelViewer', group: 'design' }],
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/auth`, (request) => ({
    json: { value: state.rights[request.query.get('key') ?? ''] ?? false },
  }));
  api.on(`GET ${P}/models`, (request) => {
    const refusal = refused(`GET ${P}/models`);
    if (refusal) return refusal;
    const rows = listed(request.query);
    if (request.query.get('only_count') === 'true') return { json: { count: rows.length } };
    const skip = Number(request.query.get('skip') ?? 0);
    const limit = Number(request.query.get('limit') ?? 20);
    return { json: rows.slice(skip, skip + limit) };
  });
  api.on(`POST ${P}/models`, (request) => {
    const refusal = refused(`POST ${P}/models`);
    if (refusal) return refusal;
    const text = String(request.body);
    const name = /name="name"\r\n\r\n([^\r]*)\r\n/.exec(text)?.[1] ?? 'model';
    const existing = state.models.find((model) => model.name === name);
    if (existing) return { json: { created: false, model: addVersion(existing._id, request) } };
    const id = newId('2');
    const model = makeModel({
      _id: id,
      name,
      remark: '',
      tagIds: [],
      versionCount: 0,
      currentVersion: makeVersion({ _id: 'pending', modelId: id }),
    });
    state.models = [model, ...state.models];
    state.versions[id] = [];
    const next = addVersion(id, request);
    serveModel(api, id);
    return { status: 201, json: { created: true, model: next } };
  });
  for (const id of [MODEL_A, MODEL_B, MODEL_C]) serveModel(api, id);

  for (const collection of ['modelTags', 'viewportTags', 'groups'] as const) {
    const path = SETTING_PATHS[collection];
    api.on(`GET ${P}/${path}`, () => refused(`GET ${P}/${path}`) ?? { json: state[collection] });
    api.on(`POST ${P}/${path}`, (request) => {
      const refusal = refused(`POST ${P}/${path}`);
      if (refusal) return refusal;
      const body = request.body as { name: string; type?: string };
      if ((state[collection] as NamedSetting[]).some((row) => row.name === body.name))
        return conflict('models.tagDuplicate', '名称已存在');
      const record = { ...setting(newId('4'), body.name, state[collection].length), ...body };
      (state[collection] as NamedSetting[]).push(record);
      serveSettingRecord(api, collection, record._id);
      return { json: record };
    });
  }
  for (const tag of state.modelTags) serveSettingRecord(api, 'modelTags', tag._id);
  serveSettingRecord(api, 'viewportTags', VIEWPORT_TAG);
  serveSettingRecord(api, 'groups', GROUP_A);

  api.on(`GET ${P}/selection-sets`, () => refused(`GET ${P}/selection-sets`) ?? { json: state.sets });
  for (const id of [SET_1, SET_2, SET_3]) serveSet(api, id);

  api.on(`GET ${P}/attribute-display`, () => ({ json: state.attributeDisplay }));
  api.on(`PUT ${P}/attribute-display`, (request) => {
    state.attributeDisplay = request.body as AttributeDisplay;
    return { json: state.attributeDisplay };
  });

  api.on(`GET ${P}/shares`, () => refused(`GET ${P}/shares`) ?? { json: state.shares });
  api.on(`DELETE ${S}/shares/${SHARE_TOKEN}`, () => {
    state.shares = state.shares.filter((share) => share.token !== SHARE_TOKEN);
    delete state.sharePages[SHARE_TOKEN];
    return { json: {} };
  });
  api.on(`POST ${S}/models/${MODEL_A}/elements/${encodeURIComponent(GLOBAL_ID)}/share`, () => ({
    json: {
      token: SHARE_TOKEN,
      path: `/share/element/${SHARE_TOKEN}`,
      modelId: MODEL_A,
      globalId: GLOBAL_ID,
      createdAt: AT,
    },
  }));
  for (const token of [SHARE_TOKEN, GONE_TOKEN]) {
    api.on(`GET ${S}/shares/${token}`, () => {
      const page = state.sharePages[token];
      if (page === 'gone')
        return { status: 410, json: { code: 410, key: 'models.deleted', message: '模型已被删除' } };
      return page
        ? { json: page }
        : { status: 404, json: { code: 404, key: 'models.shareNotFound', message: '分享不存在' } };
    });
  }
}

/** Renders the model routes (and the public element page) at `path` as `user`. */
export function renderModels(path: string, user: ReturnType<typeof makeUser> | null = ADMIN) {
  const view = renderRoutes(
    {
      '/projects/:projectId/models': <ModelsPage />,
      '/projects/:projectId/models/settings': <ModelSettingsPage />,
      '/projects/:projectId/models/selection-sets': <SelectionSetsPage />,
      '/projects/:projectId/models/qrcodes': <ElementQrCodesPage />,
      '/projects/:projectId/models/viewer': <div data-testid="viewer-marker" />,
      '/share/element/:token': <SharedElementPage />,
    },
    { path, user },
  );
  return { ...view, user: setupUser() };
}

export { requestsTo } from '../../test/project';
