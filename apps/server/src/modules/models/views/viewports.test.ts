import type { ModelElement, NamedSetting, Viewport, ViewportCreate } from '@lintel/contracts/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../../../test/images';
import { json } from '../../../../test/project-api';
import { idOf, uploadAs } from '../../files/test-support';
import { buildViewsWorld, EXAMPLE, errorOf, HOUSE, type Name, type ViewsWorld } from './views.fixture';

/** Viewports: saved and read back exactly, limits, model/element/tag checks, filters, rights, deleted models. */

let w: ViewsWorld;
let house: string;
let example: string;
let houseElements: ModelElement[];
let exampleElements: ModelElement[];

beforeAll(async () => {
  w = await buildViewsWorld({ samples: [HOUSE, EXAMPLE], foreignModel: true });
  house = w.models[0]!._id;
  example = w.models[1]!._id;
  houseElements = await w.elementsOf(house, 10);
  exampleElements = await w.elementsOf(example, 10);
}, 180_000);
afterAll(() => w?.t.close());

const gids = (elements: ModelElement[], from: number, to: number) =>
  elements.slice(from, to).map((element) => element.globalId);

/** A full viewport: numbers with many digits, planes, a box, hidden and isolated elements of both models. */
function fullViewport(tagIds: string[] = []): ViewportCreate {
  return {
    name: '北立面剖切',
    remark: '二层楼板以上隐藏',
    modelIds: [house, example],
    camera: {
      projection: 'orthographic',
      position: [12.345678901234567, -0.000001234, 1e-7],
      target: [-3.25, 2.0625, 100000.5],
      zoom: 2.75,
    },
    clippingPlanes: [
      { normal: [0, 0, -1], point: [0, 0, 3.2] },
      { normal: [0.6, 0.8, 0], point: [1.5, -2.25, 0.000123456789] },
    ],
    sectionBox: { min: [-10.5, -20.25, -0.125], max: [10.5, 20.25, 9.875] },
    hidden: [{ modelId: house, globalIds: gids(houseElements, 0, 3) }],
    isolated: [
      { modelId: house, globalIds: gids(houseElements, 3, 5) },
      { modelId: example, globalIds: gids(exampleElements, 0, 2) },
    ],
    tagIds,
    thumbnailFileId: null,
  };
}

async function save(who: Name, body: ViewportCreate): Promise<Viewport> {
  const response = await w.call(who, 'POST', `projects/${w.project}/viewports`, body);
  expect(response.statusCode, response.body).toBe(200);
  return json<Viewport>(response);
}
async function viewportTag(name: string): Promise<string> {
  const response = await w.call('demo', 'POST', `projects/${w.project}/viewport-tags`, { name });
  expect(response.statusCode, response.body).toBe(200);
  return json<NamedSetting>(response)._id;
}
const list = async (query = '') => {
  const response = await w.call(
    'zhangsan',
    'GET',
    `projects/${w.project}/viewports${query ? `?${query}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<Viewport[]>(response);
};

describe('saving and reading viewports', () => {
  it('answers exactly what was saved: camera numbers, planes, box, hidden and isolated sets, tags', async () => {
    const tag = await viewportTag('剖面');
    const body = fullViewport([tag, tag]);
    const saved = await save('wangwu', body);
    const expected = { ...body, tagIds: [tag], missingModelIds: [] };
    expect(saved).toMatchObject(expected);
    expect(saved.camera).toEqual(body.camera);
    expect(saved.createdBy).toBe(w.ids.wangwu);
    const read = json<Viewport>(await w.call('zhangsan', 'GET', `viewports/${saved._id}`));
    expect(read).toEqual(saved);
    expect(read.camera.position[0]).toBe(12.345678901234567);
    expect(read.camera.position[2]).toBe(1e-7);
    expect((await list()).find((viewport) => viewport._id === saved._id)).toEqual(saved);
  });

  it('fills the defaults of a minimal viewport: perspective zoom 1, no planes, nothing hidden or isolated', async () => {
    const saved = await save('demo', {
      name: '默认视角',
      modelIds: [house],
      camera: { projection: 'perspective', position: [1, 2, 3], target: [0, 0, 0] },
    });
    expect(saved).toMatchObject({
      remark: '',
      camera: { zoom: 1 },
      clippingPlanes: [],
      sectionBox: null,
      hidden: [],
      isolated: null,
      tagIds: [],
      thumbnailFileId: null,
    });
  });

  it('takes a 30-character name and a 150-character remark, refuses 31 and 151 with field details', async () => {
    const ok = await save('demo', { ...fullViewport(), name: '名'.repeat(30), remark: '注'.repeat(150) });
    expect(ok.name).toHaveLength(30);
    const name = await w.call('demo', 'POST', `projects/${w.project}/viewports`, {
      ...fullViewport(),
      name: '名'.repeat(31),
    });
    expect(name.statusCode).toBe(400);
    expect(errorOf(name).paths).toEqual(['body.name']);
    const remark = await w.call('demo', 'POST', `projects/${w.project}/viewports`, {
      ...fullViewport(),
      remark: '注'.repeat(151),
    });
    expect(remark.statusCode).toBe(400);
    expect(errorOf(remark).paths).toEqual(['body.remark']);
    const english = await w.call(
      'demo',
      'POST',
      `projects/${w.project}/viewports`,
      { ...fullViewport(), name: '' },
      'en-US',
    );
    expect(english.statusCode).toBe(400);
    expect(errorOf(english).paths).toEqual(['body.name']);
  });

  it('refuses bad shapes: 7 planes, a camera without target, no models, unknown fields', async () => {
    const plane = { normal: [0, 0, 1], point: [0, 0, 0] };
    for (const [patch, path] of [
      [{ clippingPlanes: Array(7).fill(plane) }, 'body.clippingPlanes'],
      [{ camera: { projection: 'perspective', position: [0, 0, 0] } }, 'body.camera.target'],
      [{ modelIds: [] }, 'body.modelIds'],
      [{ colour: 'red' }, 'body'],
      [
        { camera: { projection: 'perspective', position: [0, 0], target: [0, 0, 0] } },
        'body.camera.position',
      ],
    ] as const) {
      const response = await w.call('demo', 'POST', `projects/${w.project}/viewports`, {
        ...fullViewport(),
        ...patch,
      });
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(
        errorOf(response).paths.some((p) => p.startsWith(path)),
        response.body,
      ).toBe(true);
    }
  });

  it('models must be live models of the project; elements of listed models; tags of the project', async () => {
    const foreignTag = json<NamedSetting>(
      await w.call('sunqi', 'POST', `projects/${w.otherProject}/viewport-tags`, { name: '外部' }),
    );
    const before = await w.snapshot();
    const foreign = await w.call('demo', 'POST', `projects/${w.project}/viewports`, {
      ...fullViewport(),
      modelIds: [house, w.foreignModel!._id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign)).toEqual({ key: 'models.unknownModel', paths: ['body.modelIds.1'] });
    const unlisted = await w.call('demo', 'POST', `projects/${w.project}/viewports`, {
      ...fullViewport(),
      modelIds: [house],
    });
    expect(unlisted.statusCode).toBe(400);
    expect(errorOf(unlisted)).toEqual({
      key: 'models.elementModelNotListed',
      paths: ['body.isolated.1.modelId'],
    });
    const tag = await w.call(
      'demo',
      'POST',
      `projects/${w.project}/viewports`,
      fullViewport([foreignTag._id]),
    );
    expect(tag.statusCode).toBe(400);
    expect(errorOf(tag)).toEqual({ key: 'models.unknownViewportTag', paths: ['body.tagIds.0'] });
    const thumbnail = await w.call('demo', 'POST', `projects/${w.project}/viewports`, {
      ...fullViewport(),
      thumbnailFileId: '0123456789abcdef01234567',
    });
    expect(errorOf(thumbnail).key).toBe('models.thumbnailNotFound');
    expect(await w.snapshot()).toBe(before);
  });
});

describe('thumbnails', () => {
  it("takes an image file of the project; refuses another project's file and a non-image", async () => {
    const upload = async (cookie: string, projectId: string, filename: string, data: Buffer) => {
      const response = await uploadAs(w.t, cookie, [{ field: 'file', filename, data }], { projectId });
      expect(response.statusCode, response.body).toBe(200);
      return idOf(json<{ files: string[] }>(response).files[0]!);
    };
    const png = await upload(w.cookies.demo, w.project, 'view.png', makePng());
    const saved = await save('demo', { ...fullViewport(), thumbnailFileId: png });
    expect(saved.thumbnailFileId).toBe(png);
    // The thumbnail is read through the viewport (issue 14): members who see viewports, nobody else.
    const thumbnailUrl = `/api/v1/base-service/files/${png}`;
    for (const who of ['zhangsan', 'lisi'] as const) {
      expect((await w.call(who, 'GET', thumbnailUrl)).statusCode, who).toBe(200);
    }
    for (const who of ['zhouba', 'qianqi', 'sunqi'] as const) {
      expect((await w.call(who, 'GET', thumbnailUrl)).statusCode, who).toBe(404);
    }
    const cleared = await w.call('demo', 'PUT', `viewports/${saved._id}`, { thumbnailFileId: null });
    expect(json<Viewport>(cleared).thumbnailFileId).toBeNull();
    const pdf = await upload(
      w.cookies.demo,
      w.project,
      'a.pdf',
      Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n'),
    );
    const foreign = await upload(w.cookies.sunqi, w.otherProject, 'other.png', makePng());
    for (const fileId of [pdf, foreign]) {
      const response = await w.call('demo', 'PUT', `viewports/${saved._id}`, { thumbnailFileId: fileId });
      expect(errorOf(response)).toEqual({ key: 'models.thumbnailNotFound', paths: ['body.thumbnailFileId'] });
    }
  });
});

describe('listing viewports', () => {
  it('filters by model, tag and where; counts; orders by name', async () => {
    const tag = await viewportTag('筛选');
    const a = await save('demo', { ...fullViewport([tag]), name: 'ZZ 联合' });
    const b = await save('demo', {
      name: 'ZZ 单模型',
      modelIds: [example],
      camera: { projection: 'perspective', position: [0, 0, 9], target: [0, 0, 0] },
    });
    const byExample = await list(`modelId=${example}`);
    expect(byExample.map((v) => v._id)).toEqual(expect.arrayContaining([a._id, b._id]));
    expect(byExample.every((v) => v.modelIds.includes(example))).toBe(true);
    const byTag = await list(`tagId=${tag}`);
    expect(byTag.map((v) => v._id)).toEqual([a._id]);
    const where = encodeURIComponent(JSON.stringify({ name: { $regex: 'zz' } }));
    const named = await list(`where=${where}&order=name`);
    expect(named.map((v) => v.name)).toEqual(['ZZ 单模型', 'ZZ 联合']);
    const count = await w.call(
      'demo',
      'GET',
      `projects/${w.project}/viewports?where=${where}&only_count=true`,
    );
    expect(json(count)).toEqual({ count: 2 });
    const bad = await w.call(
      'demo',
      'GET',
      `projects/${w.project}/viewports?where=${encodeURIComponent('{"x":1}')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect((await w.call('demo', 'GET', `projects/${w.project}/viewports?order=camera`)).statusCode).toBe(
      400,
    );
    expect((await list('limit=1')).length).toBe(1);
  });
});

describe('changing and deleting viewports', () => {
  it('a partial update changes only what is given; the author may, edit may, others 403/404', async () => {
    const saved = await save('wangwu', fullViewport());
    const before = await w.snapshot();
    for (const [who, status] of [
      ['zhangsan', 403],
      ['zhouba', 403],
      ['qianqi', 404],
      ['sunqi', 404],
      [null, 401],
    ] as const) {
      expect(
        (await w.call(who, 'PUT', `viewports/${saved._id}`, { name: '改' })).statusCode,
        String(who),
      ).toBe(status);
      expect((await w.call(who, 'DELETE', `viewports/${saved._id}`)).statusCode, String(who)).toBe(status);
    }
    expect((await w.call('zhouba', 'GET', `viewports/${saved._id}`)).statusCode).toBe(403);
    expect((await w.call('sunqi', 'GET', `viewports/${saved._id}`)).statusCode).toBe(404);
    expect(await w.snapshot()).toBe(before);

    const camera = {
      projection: 'perspective' as const,
      position: [9, 8, 7] as [number, number, number],
      target: [1, 1, 1] as [number, number, number],
      zoom: 1,
    };
    const own = json<Viewport>(await w.call('wangwu', 'PUT', `viewports/${saved._id}`, { camera }));
    expect(own.camera).toEqual(camera);
    expect({ ...own, camera: saved.camera, updatedAt: saved.updatedAt }).toEqual(saved);
    const edited = await w.call('lisi', 'PUT', `viewports/${saved._id}`, {
      isolated: null,
      sectionBox: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<Viewport>(edited)).toMatchObject({ isolated: null, sectionBox: null, hidden: saved.hidden });
    expect((await w.call('lisi', 'PUT', `viewports/${saved._id}`, {})).statusCode).toBe(400);
  });

  it('dropping a model its hidden elements belong to is refused; dropping both works', async () => {
    const saved = await save('demo', fullViewport());
    const drop = await w.call('demo', 'PUT', `viewports/${saved._id}`, { modelIds: [example] });
    expect(drop.statusCode).toBe(400);
    expect(errorOf(drop)).toEqual({ key: 'models.elementModelNotListed', paths: ['body.hidden.0.modelId'] });
    const both = await w.call('demo', 'PUT', `viewports/${saved._id}`, {
      modelIds: [example],
      hidden: [],
      isolated: [{ modelId: example, globalIds: gids(exampleElements, 0, 1) }],
    });
    expect(both.statusCode, both.body).toBe(200);
    expect((await list(`modelId=${house}`)).map((v) => v._id)).not.toContain(saved._id);
    expect((await list(`modelId=${example}`)).map((v) => v._id)).toContain(saved._id);
  });

  it('the author deletes their own; delete right deletes any; then 404', async () => {
    const mine = await save('wangwu', fullViewport());
    expect((await w.call('wangwu', 'DELETE', `viewports/${mine._id}`)).statusCode).toBe(200);
    expect((await w.call('wangwu', 'GET', `viewports/${mine._id}`)).statusCode).toBe(404);
    const theirs = await save('demo', fullViewport());
    expect((await w.call('wangwu', 'DELETE', `viewports/${theirs._id}`)).statusCode).toBe(403);
    expect((await w.call('lisi', 'DELETE', `viewports/${theirs._id}`)).statusCode).toBe(200);
  });

  it('a viewport without the create right is refused; a non-member sees 404', async () => {
    const before = await w.snapshot();
    expect(
      (await w.call('zhangsan', 'POST', `projects/${w.project}/viewports`, fullViewport())).statusCode,
    ).toBe(403);
    expect(
      (await w.call('qianqi', 'POST', `projects/${w.project}/viewports`, fullViewport())).statusCode,
    ).toBe(404);
    expect((await w.call('sunqi', 'GET', `projects/${w.project}/viewports`)).statusCode).toBe(404);
    expect(await w.snapshot()).toBe(before);
  });
});

describe('effects of other deletions', () => {
  it('deleting a viewport tag removes it from the viewports carrying it', async () => {
    const keep = await viewportTag('留');
    const drop = await viewportTag('去');
    const saved = await save('demo', fullViewport([keep, drop]));
    expect((await w.call('demo', 'DELETE', `viewport-tags/${drop}`)).statusCode).toBe(200);
    const read = json<Viewport>(await w.call('demo', 'GET', `viewports/${saved._id}`));
    expect(read.tagIds).toEqual([keep]);
    expect(await list(`tagId=${drop}`)).toEqual([]);
  });

  it('a viewport whose model was deleted still lists, flagging it in missingModelIds', async () => {
    const saved = await save('demo', fullViewport());
    const removed = await w.call('demo', 'DELETE', `models/${example}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const read = json<Viewport>(await w.call('zhangsan', 'GET', `viewports/${saved._id}`));
    expect(read.modelIds).toEqual([house, example]);
    expect(read.missingModelIds).toEqual([example]);
    expect((await list()).find((v) => v._id === saved._id)?.missingModelIds).toEqual([example]);
    // It can still be renamed with the deleted model kept; a new one cannot name it.
    const renamed = await w.call('demo', 'PUT', `viewports/${saved._id}`, { name: '模型已删' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const again = await w.call('demo', 'POST', `projects/${w.project}/viewports`, fullViewport());
    expect(errorOf(again)).toEqual({ key: 'models.unknownModel', paths: ['body.modelIds.1'] });
  });
});
