import type { AttributeDisplay, Model, ModelTag, NamedSetting } from '@lintel/contracts/models';
import { ELEMENT_BASIC_ATTRIBUTES } from '@lintel/contracts/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/project-api';
import { AppError } from '../../../plugins/app-error';
import { assertModelTags } from './tags.lookup';
import { buildViewsWorld, errorOf, HOUSE, type ViewsWorld } from './views.fixture';

/** Model tags, viewport tags, selection-set groups (as named settings) and the attribute display. */

let w: ViewsWorld;
let model: Model;

beforeAll(async () => {
  w = await buildViewsWorld({ samples: [HOUSE], foreignModel: false });
  model = w.models[0]!;
}, 120_000);
afterAll(() => w?.t.close());

async function addTag(name: string, type?: string, who: 'demo' | 'lisi' = 'demo'): Promise<ModelTag> {
  const response = await w.call(who, 'POST', `projects/${w.project}/model-tags`, {
    name,
    ...(type ? { type } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<ModelTag>(response);
}

describe('model tags', () => {
  it('adds tags in order with their type (default other), trims names and lists them', async () => {
    const first = await addTag('  结构专业  ', 'discipline');
    const second = await addTag('一期');
    expect(first).toMatchObject({ projectId: w.project, name: '结构专业', type: 'discipline', order: 0 });
    expect(second).toMatchObject({ name: '一期', type: 'other', order: 1 });
    const list = json<ModelTag[]>(await w.call('zhangsan', 'GET', `projects/${w.project}/model-tags`));
    expect(list.map((tag) => [tag.name, tag.type])).toEqual([
      ['结构专业', 'discipline'],
      ['一期', 'other'],
    ]);
  });

  it('refuses a duplicate name with 409 models.tagDuplicate in the reader language, on create and rename', async () => {
    await addTag('重复标签');
    const again = await w.call('demo', 'POST', `projects/${w.project}/model-tags`, { name: '重复标签' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).key).toBe('models.tagDuplicate');
    const english = await w.call(
      'demo',
      'POST',
      `projects/${w.project}/model-tags`,
      { name: '重复标签' },
      'en-US',
    );
    expect(json<{ message: string }>(english).message).toBe('A model tag with this name already exists');
    const other = await addTag('另一个');
    const rename = await w.call('demo', 'PUT', `model-tags/${other._id}`, { name: '重复标签' });
    expect(rename.statusCode).toBe(409);
    expect(errorOf(rename).key).toBe('models.tagDuplicate');
  });

  it('validates names and types with field details', async () => {
    const long = await w.call('demo', 'POST', `projects/${w.project}/model-tags`, { name: 'x'.repeat(31) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).paths).toContain('body.name');
    const blank = await w.call('demo', 'POST', `projects/${w.project}/model-tags`, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    const type = await w.call('demo', 'POST', `projects/${w.project}/model-tags`, {
      name: '类型',
      type: 'x',
    });
    expect(type.statusCode).toBe(400);
    expect(errorOf(type).paths).toContain('body.type');
    const empty = await w.call('demo', 'PUT', `model-tags/${(await addTag('空改'))._id}`, {});
    expect(empty.statusCode).toBe(400);
  });

  it('renames and retypes a tag', async () => {
    const tag = await addTag('旧名');
    const response = await w.call('lisi', 'PUT', `model-tags/${tag._id}`, { name: '新名', type: 'floor' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<ModelTag>(response)).toMatchObject({ _id: tag._id, name: '新名', type: 'floor' });
  });

  it('deleting a tag removes it from the models carrying it', async () => {
    const keep = await addTag('保留');
    const drop = await addTag('删除');
    const tagged = await w.call('demo', 'PUT', `models/${model._id}`, { tagIds: [keep._id, drop._id] });
    expect(tagged.statusCode, tagged.body).toBe(200);
    const removed = await w.call('demo', 'DELETE', `model-tags/${drop._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = json<Model>(await w.call('demo', 'GET', `models/${model._id}`));
    expect(after.tagIds).toEqual([keep._id]);
    const list = json<ModelTag[]>(await w.call('demo', 'GET', `projects/${w.project}/model-tags`));
    expect(list.map((tag) => tag._id)).not.toContain(drop._id);
    expect((await w.call('demo', 'DELETE', `model-tags/${drop._id}`)).statusCode).toBe(404);
  });

  it('assertModelTags accepts the project tags and refuses others with 400 models.unknownTag', async () => {
    const tag = await addTag('查验');
    await expect(assertModelTags(w.t.db.db, w.project, [tag._id, tag._id])).resolves.toBeUndefined();
    await expect(assertModelTags(w.t.db.db, w.project, [])).resolves.toBeUndefined();
    const error = await assertModelTags(w.t.db.db, w.otherProject, [tag._id]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, key: 'models.unknownTag' });
  });

  it('changing settings needs a project admin or the edit right; reading the view right', async () => {
    const tag = await addTag('权限');
    const before = await w.snapshot();
    for (const [who, status] of [
      ['zhangsan', 403],
      ['wangwu', 403],
      ['zhouba', 403],
      ['qianqi', 404],
      ['sunqi', 404],
      [null, 401],
    ] as const) {
      expect(
        (await w.call(who, 'POST', `projects/${w.project}/model-tags`, { name: '越权' })).statusCode,
      ).toBe(status);
      expect((await w.call(who, 'PUT', `model-tags/${tag._id}`, { name: '越权' })).statusCode).toBe(status);
      expect((await w.call(who, 'DELETE', `model-tags/${tag._id}`)).statusCode).toBe(status);
    }
    expect(await w.snapshot()).toBe(before);
    expect((await w.call('zhouba', 'GET', `projects/${w.project}/model-tags`)).statusCode).toBe(403);
    expect((await w.call('qianqi', 'GET', `projects/${w.project}/model-tags`)).statusCode).toBe(404);
    expect((await w.call('sunqi', 'GET', `projects/${w.project}/model-tags`)).statusCode).toBe(404);
  });
});

describe('viewport tags and selection-set groups', () => {
  for (const plural of ['viewport-tags', 'selection-set-groups'] as const) {
    const duplicateKey = plural === 'viewport-tags' ? 'models.viewportTagDuplicate' : 'models.groupDuplicate';

    it(`${plural}: add, list in order, rename, refuse duplicates (409 ${duplicateKey}), delete`, async () => {
      const add = (name: string) => w.call('lisi', 'POST', `projects/${w.project}/${plural}`, { name });
      const a = json<NamedSetting>(await add('甲'));
      const b = json<NamedSetting>(await add('乙'));
      expect([a.order, b.order]).toEqual([0, 1]);
      const duplicate = await add('甲');
      expect(duplicate.statusCode).toBe(409);
      expect(errorOf(duplicate).key).toBe(duplicateKey);
      const rename = await w.call('lisi', 'PUT', `${plural}/${b._id}`, { name: '甲' });
      expect(rename.statusCode).toBe(409);
      const renamed = await w.call('lisi', 'PUT', `${plural}/${b._id}`, { name: '丙' });
      expect(json<NamedSetting>(renamed).name).toBe('丙');
      expect((await add('x'.repeat(31))).statusCode).toBe(400);
      const list = json<NamedSetting[]>(await w.call('zhangsan', 'GET', `projects/${w.project}/${plural}`));
      expect(list.map((item) => item.name)).toEqual(['甲', '丙']);
      expect((await w.call('zhangsan', 'DELETE', `${plural}/${a._id}`)).statusCode).toBe(403);
      expect((await w.call('sunqi', 'DELETE', `${plural}/${a._id}`)).statusCode).toBe(404);
      expect((await w.call('lisi', 'DELETE', `${plural}/${a._id}`)).statusCode).toBe(200);
      const after = json<NamedSetting[]>(await w.call('demo', 'GET', `projects/${w.project}/${plural}`));
      expect(after.map((item) => item.name)).toEqual(['丙']);
    });
  }

  it('the same name is allowed in another project', async () => {
    await w.call('demo', 'POST', `projects/${w.project}/viewport-tags`, { name: '共用' });
    const other = await w.call('sunqi', 'POST', `projects/${w.otherProject}/viewport-tags`, { name: '共用' });
    expect(other.statusCode, other.body).toBe(200);
  });
});

describe('attribute display', () => {
  const url = () => `projects/${w.project}/attribute-display`;

  it('answers the default when never saved: every basic attribute, every property set', async () => {
    const response = await w.call('zhangsan', 'GET', url());
    expect(response.statusCode, response.body).toBe(200);
    expect(json<AttributeDisplay>(response)).toEqual({
      basic: [...ELEMENT_BASIC_ATTRIBUTES],
      propertySets: null,
    });
  });

  it('saves and answers exactly what was put (edit right); others are refused and nothing changes', async () => {
    const display: AttributeDisplay = {
      basic: ['name', 'ifcClass'],
      propertySets: [
        { name: 'Pset_WallCommon', properties: ['IsExternal', 'LoadBearing'] },
        { name: 'BaseQuantities', properties: null },
      ],
    };
    const before = await w.snapshot();
    expect((await w.call('zhangsan', 'PUT', url(), display)).statusCode).toBe(403);
    expect((await w.call('wangwu', 'PUT', url(), display)).statusCode).toBe(403);
    expect((await w.call('sunqi', 'PUT', url(), display)).statusCode).toBe(404);
    expect((await w.call(null, 'PUT', url(), display)).statusCode).toBe(401);
    expect(await w.snapshot()).toBe(before);
    const saved = await w.call('lisi', 'PUT', url(), display);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toEqual(display);
    expect(json(await w.call('zhangsan', 'GET', url()))).toEqual(display);
    // Saving again replaces the whole of it.
    const all = await w.call('demo', 'PUT', url(), { basic: ['globalId'] });
    expect(json(all)).toEqual({ basic: ['globalId'], propertySets: null });
    // Another project still has the default.
    expect(json(await w.call('sunqi', 'GET', `projects/${w.otherProject}/attribute-display`))).toMatchObject({
      propertySets: null,
    });
  });

  it('refuses unknown attributes and unknown fields with 400 and the field path', async () => {
    const bad = await w.call('demo', 'PUT', url(), { basic: ['colour'] });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).paths).toEqual(['body.basic.0']);
    expect((await w.call('demo', 'PUT', url(), { basic: [], extra: 1 })).statusCode).toBe(400);
    const long = await w.call('demo', 'PUT', url(), { propertySets: [{ name: 'p'.repeat(101) }] });
    expect(long.statusCode).toBe(400);
  });
});
