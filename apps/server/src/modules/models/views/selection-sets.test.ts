import type { ModelElement, NamedSetting, SelectionSet, SelectionSetCreate } from '@lintel/contracts/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/project-api';
import { buildViewsWorld, EXAMPLE, errorOf, HOUSE, type Name, type ViewsWorld } from './views.fixture';

/** Selection sets and their groups: element checks, names per group, group deletion, rights, deleted models. */

let w: ViewsWorld;
let house: string;
let example: string;
let houseIds: string[];
let exampleIds: string[];

beforeAll(async () => {
  w = await buildViewsWorld({ samples: [HOUSE, EXAMPLE], foreignModel: false });
  house = w.models[0]!._id;
  example = w.models[1]!._id;
  houseIds = (await w.elementsOf(house, 10)).map((e: ModelElement) => e.globalId);
  exampleIds = (await w.elementsOf(example, 10)).map((e: ModelElement) => e.globalId);
}, 180_000);
afterAll(() => w?.t.close());

async function group(name: string, projectId = w.project, who: Name = 'demo'): Promise<string> {
  const response = await w.call(who, 'POST', `projects/${projectId}/selection-set-groups`, { name });
  expect(response.statusCode, response.body).toBe(200);
  return json<NamedSetting>(response)._id;
}
function post(who: Name, body: SelectionSetCreate) {
  return w.call(who, 'POST', `projects/${w.project}/selection-sets`, body);
}
async function save(who: Name, body: SelectionSetCreate): Promise<SelectionSet> {
  const response = await post(who, body);
  expect(response.statusCode, response.body).toBe(200);
  return json<SelectionSet>(response);
}
const get = async (id: string) => json<SelectionSet>(await w.call('zhangsan', 'GET', `selection-sets/${id}`));
const list = async (query = '') => {
  const response = await w.call(
    'zhangsan',
    'GET',
    `projects/${w.project}/selection-sets${query ? `?${query}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<SelectionSet[]>(response);
};
const where = (value: unknown) => `where=${encodeURIComponent(JSON.stringify(value))}`;

describe('saving selection sets', () => {
  it('saves elements of two models, merging repeats, and reads them back with counts', async () => {
    const groupId = await group('外墙');
    const saved = await save('wangwu', {
      name: '南侧外墙',
      remark: '一层',
      groupId,
      items: [
        { modelId: house, globalIds: [houseIds[0]!, houseIds[1]!, houseIds[0]!] },
        { modelId: example, globalIds: exampleIds.slice(0, 3) },
        { modelId: house, globalIds: [houseIds[2]!] },
      ],
    });
    expect(saved).toMatchObject({
      projectId: w.project,
      groupId,
      name: '南侧外墙',
      remark: '一层',
      items: [
        { modelId: house, globalIds: houseIds.slice(0, 3) },
        { modelId: example, globalIds: exampleIds.slice(0, 3) },
      ],
      elementCount: 6,
      missingCount: 0,
      missingModelIds: [],
      createdBy: w.ids.wangwu,
    });
    expect(await get(saved._id)).toEqual(saved);
  });

  it('keeps GlobalIds absent from the current version and counts them; refuses a set with none existing', async () => {
    const saved = await save('demo', {
      name: '部分缺失',
      items: [
        { modelId: house, globalIds: [houseIds[0]!, 'NOT_IN_THE_MODEL_00001', 'NOT_IN_THE_MODEL_00002'] },
      ],
    });
    expect(saved.elementCount).toBe(3);
    expect(saved.missingCount).toBe(2);
    expect(saved.items[0]!.globalIds).toContain('NOT_IN_THE_MODEL_00001');
    const before = await w.snapshot();
    const none = await post('demo', {
      name: '全部缺失',
      items: [{ modelId: house, globalIds: ['NOT_IN_THE_MODEL_00003'] }],
    });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toEqual({ key: 'models.emptySelection', paths: ['body.items'] });
    const empty = await post('demo', { name: '空', items: [{ modelId: house, globalIds: [] }] });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).paths).toEqual(['body.items']);
    expect(json<{ message: string }>(await post('demo', { name: '空', items: [] })).message).toBe(
      '选择集中没有任何存在的构件',
    );
    expect(await w.snapshot()).toBe(before);
  });

  it('holds the maximum of 20 000 elements, checked in chunks, and counts the missing ones', async () => {
    const fakes = Array.from(
      { length: 20_000 - houseIds.length },
      (_, i) => `FAKE${String(i).padStart(18, '0')}`,
    );
    const saved = await save('demo', {
      name: '最大',
      items: [{ modelId: house, globalIds: [...fakes, ...houseIds] }],
    });
    expect(saved.elementCount).toBe(20_000);
    expect(saved.missingCount).toBe(fakes.length);
    expect(saved.items[0]!.globalIds.slice(-houseIds.length)).toEqual(houseIds);
  });

  it('refuses models, groups and limits that do not hold', async () => {
    const foreignGroup = await group('外部分组', w.otherProject, 'sunqi');
    const before = await w.snapshot();
    const unknownModel = await post('demo', {
      name: '坏模型',
      items: [
        { modelId: house, globalIds: [houseIds[0]!] },
        { modelId: '0123456789abcdef01234567', globalIds: ['X'] },
      ],
    });
    expect(errorOf(unknownModel)).toEqual({ key: 'models.unknownModel', paths: ['body.items.1.modelId'] });
    const unknownGroup = await post('demo', {
      name: '坏分组',
      groupId: foreignGroup,
      items: [{ modelId: house, globalIds: [houseIds[0]!] }],
    });
    expect(errorOf(unknownGroup)).toEqual({ key: 'models.unknownGroup', paths: ['body.groupId'] });
    const long = await post('demo', {
      name: '名'.repeat(31),
      items: [{ modelId: house, globalIds: [houseIds[0]!] }],
    });
    expect(errorOf(long).paths).toEqual(['body.name']);
    const remark = await post('demo', {
      name: '备注',
      remark: '注'.repeat(151),
      items: [{ modelId: house, globalIds: [houseIds[0]!] }],
    });
    expect(errorOf(remark).paths).toEqual(['body.remark']);
    const tooMany = await post('demo', {
      name: '过多',
      items: [{ modelId: house, globalIds: Array.from({ length: 20_001 }, (_, i) => `G${i}`) }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(await w.snapshot()).toBe(before);
  });

  it('names are unique within a group (409), free across groups and apart from the ungrouped', async () => {
    const a = await group('甲组');
    const b = await group('乙组');
    const items = [{ modelId: house, globalIds: [houseIds[4]!] }];
    await save('demo', { name: '同名', groupId: a, items });
    await save('demo', { name: '同名', groupId: b, items });
    await save('demo', { name: '同名', items });
    for (const groupId of [a, null]) {
      const duplicate = await post('demo', { name: '同名', groupId, items });
      expect(duplicate.statusCode).toBe(409);
      expect(errorOf(duplicate).key).toBe('models.selectionSetDuplicate');
    }
    const other = await save('demo', { name: '别名', groupId: a, items });
    const rename = await w.call('demo', 'PUT', `selection-sets/${other._id}`, { name: '同名' });
    expect(rename.statusCode).toBe(409);
  });
});

describe('listing, changing and deleting selection sets', () => {
  it('filters by model and where, orders and counts', async () => {
    const g = await group('筛选组');
    const onlyExample = await save('demo', {
      name: 'A 仅示例',
      groupId: g,
      items: [{ modelId: example, globalIds: [exampleIds[5]!] }],
    });
    const onlyHouse = await save('demo', {
      name: 'B 仅住宅',
      groupId: g,
      items: [{ modelId: house, globalIds: [houseIds[5]!] }],
    });
    const inGroup = await list(`${where({ groupId: g })}&order=name`);
    expect(inGroup.map((s) => s._id)).toEqual([onlyExample._id, onlyHouse._id]);
    const byModel = await list(`modelId=${example}&${where({ groupId: g })}`);
    expect(byModel.map((s) => s._id)).toEqual([onlyExample._id]);
    expect(
      json(
        await w.call(
          'demo',
          'GET',
          `projects/${w.project}/selection-sets?${where({ groupId: g })}&only_count=true`,
        ),
      ),
    ).toEqual({
      count: 2,
    });
  });

  it('the author or the edit right changes a set; items are checked again; others are refused', async () => {
    const saved = await save('wangwu', {
      name: '作者的',
      items: [{ modelId: house, globalIds: [houseIds[6]!] }],
    });
    const before = await w.snapshot();
    for (const [who, status] of [
      ['zhangsan', 403],
      ['zhouba', 403],
      ['qianqi', 404],
      ['sunqi', 404],
      [null, 401],
    ] as const) {
      expect((await w.call(who, 'PUT', `selection-sets/${saved._id}`, { name: '改' })).statusCode).toBe(
        status,
      );
      expect((await w.call(who, 'DELETE', `selection-sets/${saved._id}`)).statusCode).toBe(status);
    }
    expect((await w.call('sunqi', 'GET', `selection-sets/${saved._id}`)).statusCode).toBe(404);
    expect((await w.call('zhouba', 'GET', `selection-sets/${saved._id}`)).statusCode).toBe(403);
    expect((await post('zhangsan', { name: '无权', items: saved.items })).statusCode).toBe(403);
    expect(await w.snapshot()).toBe(before);

    const own = await w.call('wangwu', 'PUT', `selection-sets/${saved._id}`, {
      items: [{ modelId: example, globalIds: exampleIds.slice(6, 8) }],
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(json<SelectionSet>(own)).toMatchObject({ name: '作者的', elementCount: 2 });
    expect((await list(`modelId=${house}`)).map((s) => s._id)).not.toContain(saved._id);
    const bad = await w.call('lisi', 'PUT', `selection-sets/${saved._id}`, {
      items: [{ modelId: example, globalIds: ['NOPE'] }],
    });
    expect(errorOf(bad).key).toBe('models.emptySelection');
    const moved = await w.call('lisi', 'PUT', `selection-sets/${saved._id}`, {
      groupId: await group('移入'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await w.call('wangwu', 'DELETE', `selection-sets/${saved._id}`)).statusCode).toBe(200);
    expect((await w.call('wangwu', 'GET', `selection-sets/${saved._id}`)).statusCode).toBe(404);
  });
});

describe('deleting a group', () => {
  it('an empty group goes; one with sets is refused with 409 models.groupInUse and the count', async () => {
    const empty = await group('空组');
    expect((await w.call('demo', 'DELETE', `selection-set-groups/${empty}`)).statusCode).toBe(200);
    const full = await group('满组');
    const items = [{ modelId: house, globalIds: [houseIds[7]!] }];
    await save('demo', { name: '一', groupId: full, items });
    await save('demo', { name: '二', groupId: full, items });
    const before = await w.snapshot();
    const refused = await w.call('demo', 'DELETE', `selection-set-groups/${full}`, undefined, 'en-US');
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({
      key: 'models.groupInUse',
      message: 'The group still holds 2 selection sets: move or delete them first',
    });
    expect(await w.snapshot()).toBe(before);
  });

  it('?moveTo= another group moves the sets first; ?moveTo=none makes them ungrouped', async () => {
    const from = await group('来源组');
    const to = await group('目标组');
    const items = [{ modelId: house, globalIds: [houseIds[8]!] }];
    const one = await save('demo', { name: '移动一', groupId: from, items });
    expect((await w.call('demo', 'DELETE', `selection-set-groups/${from}?moveTo=${to}`)).statusCode).toBe(
      200,
    );
    expect((await get(one._id)).groupId).toBe(to);
    expect((await w.call('demo', 'DELETE', `selection-set-groups/${to}?moveTo=none`)).statusCode).toBe(200);
    expect((await get(one._id)).groupId).toBeNull();
  });

  it('a move that would clash with a name in the target is refused whole (409); bad targets 400', async () => {
    const from = await group('冲突来源');
    const to = await group('冲突目标');
    const items = [{ modelId: house, globalIds: [houseIds[9]!] }];
    await save('demo', { name: '撞名', groupId: from, items });
    await save('demo', { name: '撞名', groupId: to, items });
    const foreign = await group('外部组', w.otherProject, 'sunqi');
    const before = await w.snapshot();
    const clash = await w.call('demo', 'DELETE', `selection-set-groups/${from}?moveTo=${to}`);
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).key).toBe('models.selectionSetDuplicate');
    const outside = await w.call('demo', 'DELETE', `selection-set-groups/${from}?moveTo=${foreign}`);
    expect(errorOf(outside)).toEqual({ key: 'models.unknownGroup', paths: ['query.moveTo'] });
    const itself = await w.call('demo', 'DELETE', `selection-set-groups/${from}?moveTo=${from}`);
    expect(itself.statusCode).toBe(400);
    expect((await w.call('demo', 'DELETE', `selection-set-groups/${from}?moveTo=elsewhere`)).statusCode).toBe(
      400,
    );
    expect((await w.call('zhangsan', 'DELETE', `selection-set-groups/${from}?moveTo=none`)).statusCode).toBe(
      403,
    );
    expect(await w.snapshot()).toBe(before);
  });
});

describe('a deleted model', () => {
  it('its sets stay, flag the model in missingModelIds and count its elements missing', async () => {
    const saved = await save('demo', {
      name: '跨模型',
      items: [
        { modelId: house, globalIds: houseIds.slice(0, 2) },
        { modelId: example, globalIds: exampleIds.slice(0, 3) },
      ],
    });
    expect((await w.call('demo', 'DELETE', `models/${example}`)).statusCode).toBe(200);
    const read = await get(saved._id);
    expect(read).toMatchObject({ elementCount: 5, missingCount: 3, missingModelIds: [example] });
    expect((await list()).find((s) => s._id === saved._id)?.missingModelIds).toEqual([example]);
    // Renaming keeps the deleted model's items; adding the deleted model anew is refused.
    expect(
      (await w.call('demo', 'PUT', `selection-sets/${saved._id}`, { name: '跨模型（旧）' })).statusCode,
    ).toBe(200);
    const kept = await w.call('demo', 'PUT', `selection-sets/${saved._id}`, { items: read.items });
    expect(kept.statusCode, kept.body).toBe(200);
    const fresh = await post('demo', {
      name: '新的',
      items: [{ modelId: example, globalIds: exampleIds.slice(0, 1) }],
    });
    expect(errorOf(fresh)).toEqual({ key: 'models.unknownModel', paths: ['body.items.0.modelId'] });
  });
});
