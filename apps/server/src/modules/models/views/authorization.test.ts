import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/project-api';
import { MODELS } from '../test-support';
import { SETTINGS_TAG } from './settings.routes';
import { buildViewsWorld, HOUSE, type Name, type ViewsWorld } from './views.fixture';
import { SELECTION_SETS_TAG, SHARES_TAG, VIEWPORTS_TAG } from './views.routes';

/**
 * The authorization matrix of model-service's views and settings routes, generated from the registered
 * routes: every route with one of these tags must have a row, or this file fails. Each row says what the
 * callers get: anonymous 401 (the public share page: 200), an outsider of another tenant on our ids 404, a
 * plain member of the project with the default template (view only) 200 or 403, and the allowed caller
 * 200. A refused call must leave every views table exactly as it was.
 */
const MATRIX_TAGS = new Set([SETTINGS_TAG, VIEWPORTS_TAG, SELECTION_SETS_TAG, SHARES_TAG]);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Row {
  outsider: number;
  member: number;
  /** Default: 401. */
  anonymous?: number;
  /** The url and body; `allowed` asks for a target of its own where the call consumes it (deletes). */
  request(allowed: boolean): Promise<{ url: string; payload?: unknown }> | { url: string; payload?: unknown };
}

let w: ViewsWorld;
let model: string;
let globalId: string;
/** Elements to share: one per share made (an element has one share). */
let shareable: string[] = [];
const registered: string[] = [];
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;

async function created(path: string, payload: unknown, field = '_id'): Promise<string> {
  const response = await w.call('demo', 'POST', path, payload);
  expect(response.statusCode, response.body).toBe(200);
  return json<Record<string, string>>(response)[field]!;
}
const p = () => `projects/${w.project}`;
const fresh = {
  modelTag: () => created(`${p()}/model-tags`, { name: unique('模型标签') }),
  viewportTag: () => created(`${p()}/viewport-tags`, { name: unique('视口标签') }),
  group: () => created(`${p()}/selection-set-groups`, { name: unique('分组') }),
  viewport: () =>
    created(`${p()}/viewports`, {
      name: unique('视口'),
      modelIds: [model],
      camera: { projection: 'perspective', position: [1, 2, 3], target: [0, 0, 0] },
    }),
  set: () =>
    created(`${p()}/selection-sets`, {
      name: unique('选择集'),
      items: [{ modelId: model, globalIds: [globalId] }],
    }),
  share: () => created(`models/${model}/elements/${shareable.shift()}/share`, {}, 'token'),
};
/** Targets shared by the refused calls (they must survive them). */
const shared: Record<keyof typeof fresh, string> = {
  modelTag: '',
  viewportTag: '',
  group: '',
  viewport: '',
  set: '',
  share: '',
};
const target = async (kind: keyof typeof fresh, allowed: boolean) => (allowed ? fresh[kind]() : shared[kind]);

const viewportBody = () => ({
  name: unique('视口'),
  modelIds: [model],
  camera: { projection: 'perspective', position: [4, 5, 6], target: [0, 0, 0] },
});

const ROWS: Record<string, Row> = {
  'GET /projects/:id/model-tags': {
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/model-tags` }),
  },
  'POST /projects/:id/model-tags': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/model-tags`, payload: { name: unique('标签') } }),
  },
  'PUT /model-tags/:id': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `model-tags/${shared.modelTag}`, payload: { name: unique('改名') } }),
  },
  'DELETE /model-tags/:id': {
    outsider: 404,
    member: 403,
    request: async (allowed) => ({ url: `model-tags/${await target('modelTag', allowed)}` }),
  },
  'GET /projects/:id/viewport-tags': {
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/viewport-tags` }),
  },
  'POST /projects/:id/viewport-tags': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/viewport-tags`, payload: { name: unique('标签') } }),
  },
  'PUT /viewport-tags/:id': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `viewport-tags/${shared.viewportTag}`, payload: { name: unique('改名') } }),
  },
  'DELETE /viewport-tags/:id': {
    outsider: 404,
    member: 403,
    request: async (allowed) => ({ url: `viewport-tags/${await target('viewportTag', allowed)}` }),
  },
  'GET /projects/:id/selection-set-groups': {
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/selection-set-groups` }),
  },
  'POST /projects/:id/selection-set-groups': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/selection-set-groups`, payload: { name: unique('分组') } }),
  },
  'PUT /selection-set-groups/:id': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `selection-set-groups/${shared.group}`, payload: { name: unique('改名') } }),
  },
  'DELETE /selection-set-groups/:id': {
    outsider: 404,
    member: 403,
    request: async (allowed) => ({ url: `selection-set-groups/${await target('group', allowed)}` }),
  },
  'GET /projects/:id/attribute-display': {
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/attribute-display` }),
  },
  'PUT /projects/:id/attribute-display': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/attribute-display`, payload: { basic: ['name'] } }),
  },
  'GET /projects/:id/viewports': { outsider: 404, member: 200, request: () => ({ url: `${p()}/viewports` }) },
  'POST /projects/:id/viewports': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `${p()}/viewports`, payload: viewportBody() }),
  },
  'GET /viewports/:id': {
    outsider: 404,
    member: 200,
    request: () => ({ url: `viewports/${shared.viewport}` }),
  },
  'PUT /viewports/:id': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `viewports/${shared.viewport}`, payload: { name: unique('改名') } }),
  },
  'DELETE /viewports/:id': {
    outsider: 404,
    member: 403,
    request: async (allowed) => ({ url: `viewports/${await target('viewport', allowed)}` }),
  },
  'GET /projects/:id/selection-sets': {
    outsider: 404,
    member: 200,
    request: () => ({ url: `${p()}/selection-sets` }),
  },
  'POST /projects/:id/selection-sets': {
    outsider: 404,
    member: 403,
    request: () => ({
      url: `${p()}/selection-sets`,
      payload: { name: unique('选择集'), items: [{ modelId: model, globalIds: [globalId] }] },
    }),
  },
  'GET /selection-sets/:id': {
    outsider: 404,
    member: 200,
    request: () => ({ url: `selection-sets/${shared.set}` }),
  },
  'PUT /selection-sets/:id': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `selection-sets/${shared.set}`, payload: { name: unique('改名') } }),
  },
  'DELETE /selection-sets/:id': {
    outsider: 404,
    member: 403,
    request: async (allowed) => ({ url: `selection-sets/${await target('set', allowed)}` }),
  },
  'POST /models/:id/elements/:globalId/share': {
    outsider: 404,
    member: 403,
    request: () => ({ url: `models/${model}/elements/${globalId}/share`, payload: {} }),
  },
  // The list holds the share tokens themselves: the export right, like making one (issue 14).
  'GET /projects/:id/shares': { outsider: 404, member: 403, request: () => ({ url: `${p()}/shares` }) },
  'DELETE /shares/:token': {
    outsider: 404,
    member: 403,
    request: async (allowed) => ({ url: `shares/${await target('share', allowed)}` }),
  },
  'GET /shares/:token': {
    anonymous: 200,
    outsider: 200,
    member: 200,
    request: () => ({ url: `shares/${shared.share}` }),
  },
};

beforeAll(async () => {
  w = await buildViewsWorld({
    samples: [HOUSE],
    foreignModel: false,
    beforeReady: (t) =>
      t.app.addHook('onRoute', (route) => {
        const tags = (route.schema as { tags?: string[] } | undefined)?.tags ?? [];
        if (!route.url.startsWith(MODELS) || !tags.some((tag) => MATRIX_TAGS.has(tag))) return;
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') registered.push(`${method} ${route.url.slice(MODELS.length)}`);
        }
      }),
  });
  model = w.models[0]!._id;
  shareable = (await w.elementsOf(model, 10)).map((element) => element.globalId);
  globalId = shareable[0]!;
  for (const kind of Object.keys(fresh) as Array<keyof typeof fresh>) shared[kind] = await fresh[kind]();
}, 120_000);
afterAll(() => w?.t.close());

describe('authorization matrix of the views and settings routes', () => {
  it('has a row for every registered route, and none for a missing one', () => {
    const rows = Object.keys(ROWS);
    expect(registered.length).toBeGreaterThanOrEqual(28);
    expect(
      registered.filter((route) => !rows.includes(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      rows.filter((row) => !registered.includes(row)),
      'rows without a route',
    ).toEqual([]);
  });

  for (const [route, row] of Object.entries(ROWS)) {
    it(route, async () => {
      const method = route.split(' ')[0] as Method;
      const expectations: Array<[string, Name | null, number]> = [
        ['anonymous', null, row.anonymous ?? 401],
        ['outsider', 'sunqi', row.outsider],
        ['non-member of the tenant', 'qianqi', row.outsider],
        ['member', 'zhangsan', row.member],
      ];
      for (const [actor, who, status] of expectations) {
        const request = await row.request(false);
        const before = status >= 400 ? await w.snapshot() : null;
        const response = await w.call(who, method, request.url, request.payload);
        expect(response.statusCode, `${actor}: ${response.body}`).toBe(status);
        if (before !== null) expect(await w.snapshot(), `${actor} changed something`).toBe(before);
      }
      const request = await row.request(true);
      const response = await w.call('demo', method, request.url, request.payload);
      expect(response.statusCode, `allowed: ${response.body}`).toBe(200);
    });
  }
});
