import type {
  ElementShare,
  ElementShareListItem,
  ElementSharePage,
  ModelElement,
  ModelElementDetail,
} from '@lintel/contracts/models';
import { ELEMENT_BASIC_ATTRIBUTES } from '@lintel/contracts/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/project-api';
import { buildViewsWorld, EXAMPLE, errorOf, type ViewsWorld } from './views.fixture';

/** Component QR shares: stable token, rights, the public page (attribute display, open topics), revocation. */

const TOPICS = '/api/v1/topic-service';
let w: ViewsWorld;
let house: string;
let element: ModelElementDetail;
let plain: ModelElement;

beforeAll(async () => {
  w = await buildViewsWorld({ samples: [EXAMPLE], foreignModel: true });
  house = w.models[0]!._id;
  // An element with property sets, and one more to share.
  for (const candidate of await w.elementsOf(house, 200)) {
    const detail = json<ModelElementDetail>(
      await w.call('demo', 'GET', `models/${house}/elements/${encodeURIComponent(candidate.globalId)}`),
    );
    if (detail.propertySets.some((set) => set.properties.length > 1)) {
      element = detail;
      break;
    }
  }
  expect(element, 'an element of the sample with property sets').toBeDefined();
  plain = (await w.elementsOf(house, 20)).find((e) => e.globalId !== element.globalId)!;
}, 180_000);
afterAll(() => w?.t.close());

const shareUrl = (globalId: string, model = house) =>
  `models/${model}/elements/${encodeURIComponent(globalId)}/share`;
async function share(globalId: string, who: 'demo' | 'lisi' = 'lisi'): Promise<ElementShare> {
  const response = await w.call(who, 'POST', shareUrl(globalId), {});
  expect(response.statusCode, response.body).toBe(200);
  return json<ElementShare>(response);
}
const page = (token: string, language?: string) =>
  w.call(null, 'GET', `shares/${token}`, undefined, language);

describe('making a share', () => {
  it('answers a 32-character base64url token and the web path; the same one every time', async () => {
    const first = await share(element.globalId);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first).toMatchObject({
      path: `/share/element/${first.token}`,
      modelId: house,
      globalId: element.globalId,
    });
    expect(await share(element.globalId)).toEqual(first);
    expect(await share(element.globalId, 'demo')).toEqual(first);
    const other = await share(plain.globalId);
    expect(other.token).not.toBe(first.token);
  });

  it('needs the export right; non-members and other tenants see 404; nothing changes', async () => {
    const before = await w.snapshot();
    for (const [who, status] of [
      ['zhangsan', 403],
      ['wangwu', 403],
      ['zhouba', 403],
      ['qianqi', 404],
      ['sunqi', 404],
      [null, 401],
    ] as const) {
      expect((await w.call(who, 'POST', shareUrl(plain.globalId), {})).statusCode, String(who)).toBe(status);
    }
    // Our admin on the other tenant's model: 404.
    const foreign = w.foreignModel!;
    const foreignElement = (await w.call('sunqi', 'GET', `models/${foreign._id}/elements?limit=1`)).json()[0];
    expect(
      (await w.call('demo', 'POST', shareUrl(foreignElement.globalId, foreign._id), {})).statusCode,
    ).toBe(404);
    expect(await w.snapshot()).toBe(before);
  });

  it('refuses an element the model does not have with 404 models.elementNotFound', async () => {
    const response = await w.call('demo', 'POST', shareUrl('NOT_IN_THE_MODEL_00001'), {});
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).key).toBe('models.elementNotFound');
  });
});

describe('the list of shares', () => {
  it('lists the project shares with model and element names to holders of the export right only', async () => {
    const first = await share(element.globalId);
    // The tokens are the shares: a member with the view right but not the export right sees none (issue 14).
    const viewer = await w.call('zhangsan', 'GET', `projects/${w.project}/shares`);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.body).not.toContain(first.token);
    const response = await w.call('lisi', 'GET', `projects/${w.project}/shares`);
    expect(response.statusCode, response.body).toBe(200);
    const items = json<ElementShareListItem[]>(response);
    expect(items.find((item) => item.token === first.token)).toEqual({
      ...first,
      modelName: w.models[0]!.name,
      elementName: element.name,
      ifcClass: element.ifcClass,
      modelDeleted: false,
      createdBy: w.ids.lisi,
    });
    expect((await w.call('zhouba', 'GET', `projects/${w.project}/shares`)).statusCode).toBe(403);
    expect((await w.call('sunqi', 'GET', `projects/${w.project}/shares`)).statusCode).toBe(404);
    expect(json(await w.call('sunqi', 'GET', `projects/${w.otherProject}/shares`))).toEqual([]);
  });
});

describe('the public share page', () => {
  it('answers without a session: names, the element, every attribute and property set by default', async () => {
    const { token } = await share(element.globalId);
    const response = await page(token);
    expect(response.statusCode, response.body).toBe(200);
    const body = json<ElementSharePage>(response);
    expect(body.projectName).toBe('模型视图测试项目');
    expect(body.modelName).toBe(w.models[0]!.name);
    expect(body.element).toEqual({
      globalId: element.globalId,
      localId: element.localId,
      ifcClass: element.ifcClass,
      name: element.name,
      type: element.type,
      storey: element.storey,
      discipline: element.discipline,
    });
    expect(body.attributes.map((a) => a.key)).toEqual([...ELEMENT_BASIC_ATTRIBUTES]);
    expect(body.attributes.find((a) => a.key === 'globalId')?.value).toBe(element.globalId);
    expect(body.propertySets).toEqual(element.propertySets);
    expect(element.propertySets.length).toBeGreaterThan(0);
    expect(body.openTopics).toEqual([]);
  });

  it('shows only what the attribute display allows, in its order', async () => {
    const { token } = await share(element.globalId);
    const [set] = element.propertySets;
    const property = set!.properties[set!.properties.length - 1]!;
    const saved = await w.call('demo', 'PUT', `projects/${w.project}/attribute-display`, {
      basic: ['ifcClass', 'name'],
      propertySets: [
        { name: 'No such set', properties: null },
        { name: set!.name, properties: [property.name, 'No such property'] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = json<ElementSharePage>(await page(token));
    expect(body.attributes).toEqual([
      { key: 'ifcClass', value: element.ifcClass },
      { key: 'name', value: element.name },
    ]);
    expect(body.propertySets).toEqual([{ name: set!.name, properties: [property] }]);
    // Back to the default for the other tests.
    await w.call('demo', 'PUT', `projects/${w.project}/attribute-display`, {});
  });

  it('lists the open topics linked to the element, not closed ones nor those of other elements', async () => {
    const { token } = await share(element.globalId);
    const raise = async (name: string, globalId: string, deadline: string | null) => {
      const response = await w.call('demo', 'POST', `${TOPICS}/topics`, {
        projectId: w.project,
        name,
        mentions: [w.ids.zhangsan],
        deadline,
        links: [{ type: 'element', modelId: house, globalId }],
      });
      expect(response.statusCode, response.body).toBe(200);
      return json<{ _id: string; number: number }>(response);
    };
    const open = await raise('墙面开裂', element.globalId, '2030-01-31');
    const closed = await raise('已整改', element.globalId, null);
    await raise('别的构件', plain.globalId, null);
    const close = await w.call('demo', 'PUT', `${TOPICS}/topics/${closed._id}`, { status: 'completed' });
    expect(close.statusCode, close.body).toBe(200);
    const body = json<ElementSharePage>(await page(token));
    expect(body.openTopics).toEqual([
      { number: open.number, name: '墙面开裂', status: 'processing', deadline: '2030-01-31' },
    ]);
    // No member's id or phone reaches the public page.
    const text = JSON.stringify(body);
    for (const id of Object.values(w.ids)) expect(text).not.toContain(id);
    expect(text).not.toMatch(/1[3-9]\d{9}/);
  });

  it('an unknown or malformed token: 404 models.shareNotFound / 400', async () => {
    const unknown = await page('A'.repeat(32));
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).key).toBe('models.shareNotFound');
    expect((await page('short')).statusCode).toBe(400);
  });
});

describe('revoking and deleting', () => {
  it('revoke needs the export right; then the page is 404 and a new share gets a new token', async () => {
    const { token } = await share(plain.globalId);
    const before = await w.snapshot();
    for (const [who, status] of [
      ['zhangsan', 403],
      ['qianqi', 404],
      ['sunqi', 404],
      [null, 401],
    ] as const) {
      expect((await w.call(who, 'DELETE', `shares/${token}`)).statusCode, String(who)).toBe(status);
    }
    expect(await w.snapshot()).toBe(before);
    expect((await w.call('lisi', 'DELETE', `shares/${token}`)).statusCode).toBe(200);
    const gone = await page(token, 'en-US');
    expect(gone.statusCode).toBe(404);
    expect(json(gone)).toMatchObject({
      key: 'models.shareNotFound',
      message: 'The share does not exist or was revoked',
    });
    expect((await w.call('lisi', 'DELETE', `shares/${token}`)).statusCode).toBe(404);
    const again = await share(plain.globalId);
    expect(again.token).not.toBe(token);
  });

  it('the page of a deleted model answers 410 models.deleted; the list flags it', async () => {
    const { token } = await share(element.globalId);
    expect((await w.call('demo', 'DELETE', `models/${house}`)).statusCode).toBe(200);
    const response = await page(token);
    expect(response.statusCode).toBe(410);
    expect(errorOf(response).key).toBe('models.deleted');
    const items = json<ElementShareListItem[]>(await w.call('demo', 'GET', `projects/${w.project}/shares`));
    expect(items.find((item) => item.token === token)?.modelDeleted).toBe(true);
    expect((await w.call('demo', 'POST', shareUrl(element.globalId), {})).statusCode).toBe(404);
  });
});
