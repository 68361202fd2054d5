import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  CategoryCount,
  CompareResult,
  Model,
  ModelElement,
  ModelElementDetail,
  ModelUploadResult,
  ModelVersion,
  SpatialNode,
} from '@lintel/contracts/models';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../test/helper';
import { addMemberWithConsent, makeReadOnly } from '../../../test/membership';
import { json, keyOf, projectsOf, requester, signInPeople } from '../../../test/project-api';
import { createMemoryEvents } from '../../events/index';
import { createMemoryJobs } from '../../jobs/index';
import { createStorage, LOCAL_STORAGE_FOLDER } from '../../storage/index';
import { createOrgAccess } from '../org/access';
import { createModelsBase } from './models.context';
import { createConversionRunner } from './models.converter';
import { withModelTables } from './tables';
import {
  MODELS,
  postModel,
  readySample,
  sampleBytes,
  uploadSample,
  waitForStatus,
  waitUntilReady,
} from './test-support';

/**
 * model-service on a fresh project P of the demo enterprise. demo: its admin. zhangsan: the default
 * template (view only). lisi: uploader (view, upload, download). qianqi: signed in, no member. sunqi: a
 * tenant of their own with project Q. MODEL_UPLOAD_MAX_BYTES is 3 MiB (the samples fit; a bigger file is 413).
 */

const MAX_BYTES = 3 * 1024 * 1024;
type Name = 'demo' | 'zhangsan' | 'lisi' | 'qianqi' | 'sunqi';
let t: TestApp;
let cookies: Record<Name, string>;
let project: string;
let foreignProject: string;
/** Ready models of P shared by the read tests: IfcOpenHouse (IFC4) and example.ifc (IFC2X3, property sets). */
let house: Model;
let example: Model;

const call = requester(() => t);
/** The routes of this module (tag `models`), as `METHOD /path`. */
const registered: string[] = [];
const where = (value: unknown) => `where=${encodeURIComponent(JSON.stringify(value))}`;

async function template(projectId: string, name: string, grants: Record<string, unknown>): Promise<string> {
  const response = await call('POST', `${ACCOUNT}/projects/${projectId}/templates`, cookies.demo, {
    name,
    grants: { modelViewer: grants },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ _id: string }>(response)._id;
}

/** The stored objects of the local storage (uploads in progress and temp files aside). */
async function storedObjects(): Promise<string[]> {
  const root = join(t.config.dataDir, LOCAL_STORAGE_FOLDER);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .filter((path) => !path.startsWith('.tmp') && !path.startsWith('.tus'))
    .sort();
}
async function modelRows() {
  const db = withModelTables(t.db.db);
  return JSON.stringify([
    await db.selectFrom('models').selectAll().orderBy('id').execute(),
    await db.selectFrom('model_versions').selectAll().orderBy('id').execute(),
  ]);
}

function ifcText(body: string): Buffer {
  return Buffer.from(
    `ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('x.ifc','',(''),(''),'','','');\n` +
      `FILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n${body}\nENDSEC;\nEND-ISO-10303-21;\n`,
  );
}

beforeAll(async () => {
  t = await buildTestApp({
    // DEMO_MODEL: the last test checks the demo project's sample model.
    env: { MODEL_UPLOAD_MAX_BYTES: String(MAX_BYTES), MODEL_CONVERSIONS: '1', DEMO_MODEL: '1' },
    ready: false,
  });
  t.app.addHook('onRoute', (route) => {
    const tags = (route.schema as { tags?: string[] } | undefined)?.tags ?? [];
    if (!tags.includes('models')) return;
    for (const method of [route.method].flat())
      registered.push(`${method} ${route.url.slice(MODELS.length)}`);
  });
  await t.app.ready();
  ({ cookies } = await signInPeople(t, ['lisi', 'qianqi', 'sunqi'] as const));
  const [demoProject] = await projectsOf(t, cookies.demo);
  const created = await call('POST', `${ACCOUNT}/projects`, cookies.demo, {
    name: '模型测试项目',
    enterpriseId: demoProject!.enterpriseId,
  });
  project = json<{ _id: string }>(created)._id;
  const ids = Object.fromEntries(
    (await t.db.db.selectFrom('users').select(['id', 'name']).execute()).map((row) => [row.name, row.id]),
  );
  for (const [name, templateId] of [
    ['zhangsan', null],
    ['lisi', await template(project, '上传', { view: 'all', upload: true, download: true })],
  ] as const) {
    const response = await addMemberWithConsent(t.app, {
      scope: `projects/${project}`,
      adminCookie: cookies.demo,
      userCookie: cookies[name],
      body: { userId: ids[name], ...(templateId ? { templateId } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  // zhangsan: read only (the default template, 项目成员, would let them upload and download).
  await makeReadOnly(t.app, { projectId: project, adminCookie: cookies.demo, userIds: [ids.zhangsan!] });
  const enterprise = await call('POST', `${ACCOUNT}/enterprises`, cookies.sunqi, { name: '孙七建设' });
  const foreign = await call('POST', `${ACCOUNT}/projects`, cookies.sunqi, {
    name: '孙七项目',
    enterpriseId: json<{ _id: string }>(enterprise)._id,
  });
  foreignProject = json<{ _id: string }>(foreign)._id;
  house = await readySample(t.app, cookies.demo, project, 'IfcOpenHouse_IFC4.ifc', '开放住宅');
  example = await readySample(t.app, cookies.demo, project, 'example.ifc', '示例');
}, 240_000);
afterAll(() => t?.close());

describe('upload and conversion', { timeout: 120_000 }, () => {
  it('a multipart upload answers 201 with a queued model, which becomes ready with its figures', async () => {
    const response = await postModel(
      t.app,
      cookies.lisi,
      project,
      {
        name: 'IfcOpenHouse_IFC4.ifc',
        bytes: await sampleBytes(),
      },
      { remark: '  示例模型 ' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = json<ModelUploadResult>(response);
    expect(result.created).toBe(true);
    expect(result.model).toMatchObject({
      name: 'IfcOpenHouse_IFC4',
      remark: '示例模型',
      projectId: project,
      versionCount: 1,
    });
    expect(['queued', 'converting']).toContain(result.model.currentVersion.status);
    expect(result.model.currentVersion).toMatchObject({
      number: 1,
      fileName: 'IfcOpenHouse_IFC4.ifc',
      error: null,
    });
    const ready = await waitUntilReady(t.app, cookies.lisi, result.model._id);
    expect(ready.currentVersion).toMatchObject({ status: 'ready', progress: 100 });
    expect(ready.currentVersion.elementCount).toBeGreaterThan(0);
    expect(ready.currentVersion.fragmentsSize).toBeGreaterThan(0);
    expect(ready.currentVersion.conversionMs).toBeGreaterThanOrEqual(0);
    expect(ready.currentVersion.convertedAt).not.toBeNull();
    expect(ready.currentVersion.schema).toMatch(/^IFC/);
  });

  it('lists the models with where, order and only_count', async () => {
    const list = json<Model[]>(
      await call('GET', `${MODELS}/projects/${project}/models?order=name`, cookies.zhangsan),
    );
    expect(list.map((model) => model.name)).toEqual(
      expect.arrayContaining(['开放住宅', '示例', 'IfcOpenHouse_IFC4']),
    );
    expect(list.map((model) => model.name)).toEqual([...list.map((model) => model.name)].sort());
    const named = json<Model[]>(
      await call(
        'GET',
        `${MODELS}/projects/${project}/models?${where({ name: { $regex: '住宅' } })}`,
        cookies.demo,
      ),
    );
    expect(named.map((model) => model._id)).toEqual([house._id]);
    const ready = await call(
      'GET',
      `${MODELS}/projects/${project}/models?${where({ status: 'ready' })}&only_count=true`,
      cookies.demo,
    );
    expect(json<{ count: number }>(ready).count).toBeGreaterThanOrEqual(2);
    expect(
      (await call('GET', `${MODELS}/projects/${project}/models?${where({ size: 1 })}`, cookies.demo))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('GET', `${MODELS}/projects/${project}/models?order=size`, cookies.demo)).statusCode,
    ).toBe(400);
  });

  it('refuses a file that is not an IFC (400 models.notIfc) and keeps nothing', async () => {
    const before = [await storedObjects(), await modelRows()];
    for (const bytes of [
      Buffer.from('hello, this is plain text'),
      Buffer.alloc(0),
      Buffer.from('PK\x03\x04nothing'),
    ]) {
      const response = await postModel(t.app, cookies.demo, project, { name: 'fake.ifc', bytes });
      expect(response.statusCode, response.body).toBe(400);
      expect(keyOf(response)).toBe('models.notIfc');
    }
    const english = await t.app.inject({
      method: 'POST',
      url: `${MODELS}/projects/${project}/models`,
      headers: {
        cookie: cookies.demo,
        'accept-language': 'en-US',
        ...(await import('./test-support')).multipart({ name: 'a.ifc', bytes: Buffer.from('nope') }).headers,
      },
      payload: (await import('./test-support')).multipart({ name: 'a.ifc', bytes: Buffer.from('nope') })
        .payload,
    });
    expect(english.statusCode).toBe(400);
    expect([await storedObjects(), await modelRows()]).toEqual(before);
  });

  it('refuses a file over MODEL_UPLOAD_MAX_BYTES (413 models.tooLarge) and keeps nothing', async () => {
    const before = [await storedObjects(), await modelRows()];
    const big = Buffer.concat([ifcText(''), Buffer.alloc(MAX_BYTES, 0x20)]);
    const response = await postModel(t.app, cookies.demo, project, { name: 'big.ifc', bytes: big });
    expect(response.statusCode, response.body).toBe(413);
    expect(keyOf(response)).toBe('models.tooLarge');
    expect([await storedObjects(), await modelRows()]).toEqual(before);
  });

  it('a missing file part is 400 models.noFile; a JSON body 415', async () => {
    const response = await postModel(t.app, cookies.demo, project, null, { name: 'x' });
    expect(keyOf(response)).toBe('models.noFile');
    const jsonBody = await call('POST', `${MODELS}/projects/${project}/models`, cookies.demo, { name: 'x' });
    expect(jsonBody.statusCode).toBe(415);
  });

  it('an .ifczip holding one .ifc is accepted and converted; a zip of something else is not an IFC', async () => {
    const zipped = Buffer.from(zipSync({ 'house.ifc': new Uint8Array(await sampleBytes()) }));
    const response = await postModel(t.app, cookies.demo, project, { name: 'house.ifczip', bytes: zipped });
    expect(response.statusCode, response.body).toBe(201);
    const { model } = json<ModelUploadResult>(response);
    expect(model.name).toBe('house');
    const ready = await waitUntilReady(t.app, cookies.demo, model._id);
    // The size is the IFC's inside the zip once unpacked.
    expect(ready.currentVersion.size).toBe((await sampleBytes()).length);
    expect(ready.currentVersion.elementCount).toBe(house.currentVersion.elementCount);
    const other = Buffer.from(zipSync({ 'notes.txt': new TextEncoder().encode('not a model') }));
    const refused = await postModel(t.app, cookies.demo, project, { name: 'notes.ifczip', bytes: other });
    expect(keyOf(refused)).toBe('models.notIfc');
  });

  it('a second upload of the same name is version 2 of that model (200, created: false)', async () => {
    const first = await readySample(t.app, cookies.demo, project, 'IfcOpenHouse_IFC4.ifc', '版本模型');
    const again = await postModel(
      t.app,
      cookies.demo,
      project,
      {
        name: 'IfcOpenHouse_IFC4.ifc',
        bytes: await sampleBytes(),
      },
      { name: '版本模型' },
    );
    expect(again.statusCode, again.body).toBe(200);
    const result = json<ModelUploadResult>(again);
    expect(result.created).toBe(false);
    expect(result.model._id).toBe(first._id);
    expect(result.model.versionCount).toBe(2);
    expect(result.model.currentVersion.number).toBe(2);
    // While version 2 converts, the model still reads (from version 1).
    const meanwhile = await call(
      'GET',
      `${MODELS}/models/${first._id}/elements?only_count=true`,
      cookies.demo,
    );
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    expect(json<{ count: number }>(meanwhile).count).toBe(first.currentVersion.elementCount);
    await waitUntilReady(t.app, cookies.demo, first._id);
    const versions = json<ModelVersion[]>(
      await call('GET', `${MODELS}/models/${first._id}/versions`, cookies.zhangsan),
    );
    expect(versions.map((version) => version.number)).toEqual([2, 1]);
  });

  it('a malformed IFC fails with its reason, in both languages', async () => {
    // A sample cut off half-way, as an interrupted export leaves it.
    const truncated = (await sampleBytes()).subarray(0, 3000);
    const response = await postModel(t.app, cookies.demo, project, { name: 'broken.ifc', bytes: truncated });
    expect(response.statusCode, response.body).toBe(201);
    const { model } = json<ModelUploadResult>(response);
    const failed = await waitForStatus(t.app, cookies.demo, model._id, ['failed', 'ready']);
    expect(failed.currentVersion.status).toBe('failed');
    expect(failed.currentVersion.error?.key).toMatch(/^models\.conversion\.(malformed|noElements)$/);
    const zh = json<Model>(
      await call('GET', `${MODELS}/models/${model._id}`, cookies.demo, undefined, 'zh-CN'),
    );
    const en = json<Model>(
      await call('GET', `${MODELS}/models/${model._id}`, cookies.demo, undefined, 'en-US'),
    );
    expect(zh.currentVersion.error?.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(en.currentVersion.error?.message).toMatch(/^[\x20-\x7e]+$/);
    expect(en.currentVersion.error?.message).not.toBe(zh.currentVersion.error?.message);
    // Reading a failed model's elements is a conflict, not an empty list.
    expect(keyOf(await call('GET', `${MODELS}/models/${model._id}/elements`, cookies.demo))).toBe(
      'models.notReady',
    );
    expect(keyOf(await call('GET', `${MODELS}/models/${model._id}/fragments`, cookies.demo))).toBe(
      'models.notReady',
    );
  });

  it('cancels a queued and a converting version; a failed one converts again on retry', async () => {
    const a = json<ModelUploadResult>(
      await postModel(t.app, cookies.demo, project, {
        name: 'a.ifc',
        bytes: await sampleBytes('duplex.ifc'),
      }),
    ).model;
    const b = json<ModelUploadResult>(
      await postModel(t.app, cookies.lisi, project, { name: 'b.ifc', bytes: await sampleBytes() }),
    ).model;
    // One conversion at a time (MODEL_CONVERSIONS=1): b waits while a converts.
    const cancelB = await call('PUT', `${MODELS}/versions/${b.currentVersion._id}/cancel`, cookies.lisi);
    expect(cancelB.statusCode, cancelB.body).toBe(200);
    expect(json<ModelVersion>(cancelB)).toMatchObject({
      status: 'failed',
      error: { key: 'models.conversion.cancelled' },
    });
    await waitForStatus(t.app, cookies.demo, a._id, ['converting', 'ready', 'failed']);
    const cancelA = await call('PUT', `${MODELS}/versions/${a.currentVersion._id}/cancel`, cookies.demo);
    if (cancelA.statusCode === 200) {
      expect(json<ModelVersion>(cancelA).error?.key).toBe('models.conversion.cancelled');
    } else {
      // The conversion beat the cancel: nothing left to cancel.
      expect(keyOf(cancelA)).toBe('models.notCancellable');
    }
    // Cancelling twice, or what is not running, is a conflict.
    expect(keyOf(await call('PUT', `${MODELS}/versions/${b.currentVersion._id}/cancel`, cookies.lisi))).toBe(
      'models.notCancellable',
    );
    // zhangsan (view only) may neither cancel nor retry lisi's upload.
    expect(
      (await call('PUT', `${MODELS}/versions/${b.currentVersion._id}/retry`, cookies.zhangsan)).statusCode,
    ).toBe(403);
    const retry = await call('PUT', `${MODELS}/versions/${b.currentVersion._id}/retry`, cookies.lisi);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(json<ModelVersion>(retry)).toMatchObject({ status: 'queued', error: null, progress: 0 });
    expect(keyOf(await call('PUT', `${MODELS}/versions/${b.currentVersion._id}/retry`, cookies.lisi))).toBe(
      'models.notRetryable',
    );
    const converted = await waitUntilReady(t.app, cookies.lisi, b._id, 120_000);
    expect(converted.currentVersion.elementCount).toBe(house.currentVersion.elementCount);
  }, 240_000);
});

describe('reading a ready model', () => {
  it('GET models/{id} and its versions', async () => {
    const model = json<Model>(await call('GET', `${MODELS}/models/${house._id}`, cookies.zhangsan));
    expect(model).toMatchObject({ _id: house._id, name: '开放住宅', tagIds: [], versionCount: 1 });
  });

  it('elements: where, order, paging and only_count', async () => {
    const url = `${MODELS}/models/${house._id}/elements`;
    const all = json<ModelElement[]>(await call('GET', `${url}?limit=200`, cookies.zhangsan));
    expect(all.length).toBe(house.currentVersion.elementCount);
    const walls = json<ModelElement[]>(
      await call('GET', `${url}?${where({ ifcClass: { $regex: 'WALL' } })}&order=name`, cookies.zhangsan),
    );
    expect(walls.map((wall) => wall.name)).toEqual(['East wall', 'North wall', 'South wall', 'West wall']);
    expect(walls.every((wall) => wall.discipline === 'architecture')).toBe(true);
    const count = json<{ count: number }>(
      await call(
        'GET',
        `${url}?${where({ ifcClass: { $regex: 'WALL' } })}&only_count=true`,
        cookies.zhangsan,
      ),
    );
    expect(count.count).toBe(4);
    const page = json<ModelElement[]>(
      await call('GET', `${url}?order=globalId&skip=1&limit=2`, cookies.zhangsan),
    );
    expect(page).toEqual(all.slice(1, 3));
    const south = json<ModelElement[]>(
      await call('GET', `${url}?${where({ globalId: '3g46_woBL6sugXeY5_WP6n' })}`, cookies.zhangsan),
    );
    expect(south).toEqual([expect.objectContaining({ name: 'South wall', ifcClass: 'IFCWALLSTANDARDCASE' })]);
    expect((await call('GET', `${url}?${where({ nope: 1 })}`, cookies.zhangsan)).statusCode).toBe(400);
  });

  it('element detail with property sets; an unknown GlobalId is 404 models.elementNotFound', async () => {
    const url = `${MODELS}/models/${example._id}/elements`;
    const response = await call('GET', `${url}/02QZndWnPCr8pqUFFegmJU`, cookies.zhangsan);
    expect(response.statusCode, response.body).toBe(200);
    const detail = json<ModelElementDetail>(response);
    expect(detail).toMatchObject({
      globalId: '02QZndWnPCr8pqUFFegmJU',
      name: 'Basic Wall:150 Concrete:677248',
      ifcClass: 'IFCWALLSTANDARDCASE',
      modelId: example._id,
      versionId: example.currentVersion._id,
      discipline: 'architecture',
    });
    expect(detail.storey).toMatch(/^Level/);
    expect(detail.propertySets.length).toBeGreaterThan(0);
    expect(detail.propertySets.flatMap((set) => set.properties).length).toBeGreaterThan(0);
    const byStorey = json<{ count: number }>(
      await call('GET', `${url}?${where({ storey: detail.storey })}&only_count=true`, cookies.zhangsan),
    );
    expect(byStorey.count).toBeGreaterThan(0);
    const missing = await call('GET', `${url}/0000000000000000000000`, cookies.zhangsan);
    expect(missing.statusCode).toBe(404);
    expect(keyOf(missing)).toBe('models.elementNotFound');
    // Another model's version is not this one's.
    const foreign = await call(
      'GET',
      `${url}/02QZndWnPCr8pqUFFegmJU?versionId=${house.currentVersion._id}`,
      cookies.zhangsan,
    );
    expect(keyOf(foreign)).toBe('models.versionNotFound');
  });

  it('the spatial tree and the categories', async () => {
    const tree = json<SpatialNode>(await call('GET', `${MODELS}/models/${house._id}/tree`, cookies.zhangsan));
    expect(tree.kind).toBe('project');
    const kinds = new Set<string>();
    const walk = (node: SpatialNode) => {
      kinds.add(node.kind);
      node.children.forEach(walk);
    };
    walk(tree);
    expect([...kinds]).toEqual(expect.arrayContaining(['project', 'site', 'building', 'storey', 'element']));
    const categories = json<CategoryCount[]>(
      await call('GET', `${MODELS}/models/${house._id}/categories`, cookies.zhangsan),
    );
    expect(categories.find((category) => category.ifcClass === 'IFCWALLSTANDARDCASE')?.count).toBe(4);
    expect(categories.reduce((sum, category) => sum + category.count, 0)).toBe(
      house.currentVersion.elementCount,
    );
  });

  it('fragments: the stored bytes, immutable by version; the file: the uploaded IFC (download right)', async () => {
    const response = await call('GET', `${MODELS}/models/${house._id}/fragments`, cookies.zhangsan);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers.etag).toBe(`"${house.currentVersion._id}"`);
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const stored = await t.app.inject({
      method: 'GET',
      url: `${MODELS}/models/${house._id}/fragments?versionId=${house.currentVersion._id}`,
      headers: { cookie: cookies.zhangsan, 'if-none-match': `"${house.currentVersion._id}"` },
    });
    expect(stored.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(house.currentVersion.fragmentsSize);
    const storage = (await import('../../storage/index')).createStorage({
      dataDir: t.config.dataDir,
      s3: null,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(`model-versions/${house.currentVersion._id}/fragments`))
      chunks.push(chunk);
    expect(Buffer.compare(Buffer.concat(chunks), response.rawPayload)).toBe(0);

    expect((await call('GET', `${MODELS}/models/${house._id}/file`, cookies.zhangsan)).statusCode).toBe(403);
    const file = await call('GET', `${MODELS}/models/${house._id}/file`, cookies.lisi);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('IfcOpenHouse_IFC4.ifc');
    expect(Buffer.compare(file.rawPayload, await sampleBytes())).toBe(0);
  });
});

describe('changing and deleting', { timeout: 180_000 }, () => {
  it('renames; a name another model has is 409 models.duplicateName', async () => {
    const other = await uploadSample(t.app, cookies.demo, project, 'IfcOpenHouse_IFC4.ifc', '改名模型');
    const renamed = await call('PUT', `${MODELS}/models/${other._id}`, cookies.demo, {
      name: '改名模型二',
      remark: '备注',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<Model>(renamed)).toMatchObject({ name: '改名模型二', remark: '备注' });
    const clash = await call('PUT', `${MODELS}/models/${other._id}`, cookies.demo, { name: '开放住宅' });
    expect(clash.statusCode).toBe(409);
    expect(keyOf(clash)).toBe('models.duplicateName');
    expect((await call('PUT', `${MODELS}/models/${other._id}`, cookies.demo, {})).statusCode).toBe(400);
    expect((await call('PUT', `${MODELS}/models/${other._id}`, cookies.lisi, { name: 'x' })).statusCode).toBe(
      403,
    );
    const badTag = await call('PUT', `${MODELS}/models/${other._id}`, cookies.demo, {
      tagIds: ['0123456789abcdef01234567'],
    });
    expect(keyOf(badTag)).toBe('models.unknownTag');
    await waitForStatus(t.app, cookies.demo, other._id, ['ready', 'failed']);
  });

  it('model tags: on upload (a comma list) and PUT; the list filters by tagId', async () => {
    const tag = async (name: string) => {
      const response = await call('POST', `${MODELS}/projects/${project}/model-tags`, cookies.demo, {
        name,
        type: 'building',
      });
      expect(response.statusCode, response.body).toBe(200);
      return json<{ _id: string }>(response)._id;
    };
    const [north, south] = [await tag('北楼'), await tag('南楼')];
    const upload = await postModel(
      t.app,
      cookies.demo,
      project,
      { name: 'IfcOpenHouse_IFC4.ifc', bytes: await sampleBytes() },
      { name: '带标签', tagIds: `${north}, ${north}` },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const model = json<ModelUploadResult>(upload).model;
    expect(model.tagIds).toEqual([north]);
    const list = (filter: unknown) =>
      call('GET', `${MODELS}/projects/${project}/models?${where(filter)}`, cookies.zhangsan).then((r) =>
        json<Model[]>(r).map((m) => m._id),
      );
    expect(await list({ tagId: north })).toEqual([model._id]);
    expect(await list({ tagId: south })).toEqual([]);
    const changed = await call('PUT', `${MODELS}/models/${model._id}`, cookies.demo, { tagIds: [south] });
    expect(json<Model>(changed).tagIds).toEqual([south]);
    expect(await list({ tagId: { $in: [north, south] } })).toEqual([model._id]);
    expect(await list({ tagId: { $ne: south } })).not.toContain(model._id);
    const unknown = await postModel(
      t.app,
      cookies.demo,
      project,
      { name: 'x.ifc', bytes: await sampleBytes() },
      {
        tagIds: '0123456789abcdef01234567',
      },
    );
    expect(keyOf(unknown)).toBe('models.unknownTag');
    await waitForStatus(t.app, cookies.demo, model._id, ['ready', 'failed']);
  });

  it('the only version cannot be deleted (409); deleting the current makes the previous current', async () => {
    const model = await readySample(t.app, cookies.demo, project, 'IfcOpenHouse_IFC4.ifc', '删版本');
    const only = await call(
      'DELETE',
      `${MODELS}/models/${model._id}/versions/${model.currentVersion._id}`,
      cookies.demo,
    );
    expect(only.statusCode).toBe(409);
    expect(keyOf(only)).toBe('models.lastVersion');
    const second = await uploadSample(t.app, cookies.demo, project, 'IfcOpenHouse_IFC4.ifc', '删版本');
    await waitUntilReady(t.app, cookies.demo, model._id);
    const removed = await call(
      'DELETE',
      `${MODELS}/models/${model._id}/versions/${second.currentVersion._id}`,
      cookies.demo,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const after = json<Model>(await call('GET', `${MODELS}/models/${model._id}`, cookies.demo));
    expect(after.currentVersion._id).toBe(model.currentVersion._id);
    expect(after.versionCount).toBe(1);
    expect(await storedObjects()).not.toContain(expect.stringContaining(second.currentVersion._id));
    const stale = await call(
      'DELETE',
      `${MODELS}/models/${model._id}/versions/${second.currentVersion._id}`,
      cookies.demo,
    );
    expect(keyOf(stale)).toBe('models.versionNotFound');
  });

  it('deletes a model: 410 models.deleted afterwards, its bytes gone, its name free again', async () => {
    const model = await readySample(t.app, cookies.demo, project, 'IfcOpenHouse_IFC4.ifc', '将删除');
    expect((await call('DELETE', `${MODELS}/models/${model._id}`, cookies.lisi)).statusCode).toBe(403);
    const response = await call('DELETE', `${MODELS}/models/${model._id}`, cookies.demo);
    expect(response.statusCode, response.body).toBe(200);
    for (const path of ['', '/versions', '/elements', '/tree', '/fragments']) {
      const gone = await call('GET', `${MODELS}/models/${model._id}${path}`, cookies.demo);
      expect(gone.statusCode, path).toBe(410);
      expect(keyOf(gone)).toBe('models.deleted');
    }
    // Outsiders still see nothing at all.
    expect((await call('GET', `${MODELS}/models/${model._id}`, cookies.qianqi)).statusCode).toBe(404);
    expect((await storedObjects()).some((path) => path.includes(model.currentVersion._id))).toBe(false);
    const again = await uploadSample(t.app, cookies.demo, project, 'IfcOpenHouse_IFC4.ifc', '将删除');
    expect(again._id).not.toBe(model._id);
    await waitForStatus(t.app, cookies.demo, again._id, ['ready', 'failed']);
  });
});

describe('version compare', { timeout: 240_000 }, () => {
  it('finds the removed and the moved element between two versions of an edited sample', async () => {
    const text = (await sampleBytes()).toString('latin1');
    const lines = text.split('\n');
    const edited = lines
      // The East wall goes, with the relations that name it alone.
      .filter((line) => !/^#(268|269|2381)=/.test(line))
      .map((line) =>
        line
          .replace('#2335=IFCRELASSOCIATESMATERIAL(', '#2335=IFCRELASSOCIATESMATERIAL(')
          .replace(',#268),#2334', '),#2334'),
      )
      // The South wall moves by half a metre.
      .map((line) =>
        line.startsWith('#63=IFCCARTESIANPOINT(') ? '#63=IFCCARTESIANPOINT((0.,500.,0.));' : line,
      )
      .join('\n');
    const v1 = await readySample(t.app, cookies.demo, project, 'IfcOpenHouse_IFC4.ifc', '比对模型');
    const upload = await postModel(
      t.app,
      cookies.demo,
      project,
      { name: 'edited.ifc', bytes: Buffer.from(edited, 'latin1') },
      { name: '比对模型' },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const v2 = await waitUntilReady(t.app, cookies.demo, v1._id, 120_000);
    const response = await call(
      'GET',
      `${MODELS}/models/${v1._id}/compare?from=${v1.currentVersion._id}&to=${v2.currentVersion._id}`,
      cookies.zhangsan,
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = json<CompareResult>(response);
    expect(
      result.changes.filter((change) => change.kind === 'removed').map((change) => change.globalId),
    ).toEqual(['3hw7qrktPAl8j6w3qKhwKm']);
    const moved = result.changes.find((change) => change.globalId === '3g46_woBL6sugXeY5_WP6n');
    expect(moved).toMatchObject({ kind: 'changed', geometryChanged: true });
    expect(result.counts.removed).toBe(1);
    expect(result.counts.added).toBe(0);
    expect(result.counts.unchanged + result.counts.changed).toBe(v2.currentVersion.elementCount);
    // Another model's version is not this model's.
    const foreign = await call(
      'GET',
      `${MODELS}/models/${v1._id}/compare?from=${house.currentVersion._id}&to=${v2.currentVersion._id}`,
      cookies.demo,
    );
    expect(keyOf(foreign)).toBe('models.versionNotFound');
  });
});

describe('rights', () => {
  it('outsiders get 404 and change nothing; anonymous 401', async () => {
    const before = [await storedObjects(), await modelRows()];
    const id = house._id;
    const version = house.currentVersion._id;
    const routes: Array<['GET' | 'PUT' | 'DELETE' | 'POST', string, unknown?]> = [
      ['GET', `${MODELS}/projects/${project}/models`],
      ['GET', `${MODELS}/models/${id}`],
      ['PUT', `${MODELS}/models/${id}`, { name: '外人' }],
      ['DELETE', `${MODELS}/models/${id}`],
      ['GET', `${MODELS}/models/${id}/versions`],
      ['DELETE', `${MODELS}/models/${id}/versions/${version}`],
      ['PUT', `${MODELS}/versions/${version}/cancel`],
      ['PUT', `${MODELS}/versions/${version}/retry`],
      ['GET', `${MODELS}/models/${id}/fragments`],
      ['GET', `${MODELS}/models/${id}/file`],
      ['GET', `${MODELS}/models/${id}/elements`],
      ['GET', `${MODELS}/models/${id}/elements/3g46_woBL6sugXeY5_WP6n`],
      ['GET', `${MODELS}/models/${id}/tree`],
      ['GET', `${MODELS}/models/${id}/categories`],
      ['GET', `${MODELS}/models/${id}/compare?from=${version}&to=${version}`],
    ];
    // Every route of the module is here (the upload routes and tus below).
    const covered = routes.map(
      ([method, url]) =>
        `${method} ${url
          .slice(MODELS.length)
          .split('?')[0]!
          .replace(project, ':id')
          .replace(id, ':id')
          .replace(/\/versions\/[0-9a-f]{24}$/, '/versions/:versionId')
          .replace(/^\/versions\/[0-9a-f]{24}/, '/versions/:id')
          .replace('3g46_woBL6sugXeY5_WP6n', ':globalId')}`,
    );
    const elsewhere = [
      'POST /projects/:id/models',
      'POST /models/:id/versions',
      'POST /uploads',
      'HEAD /uploads/:uploadId',
      'PATCH /uploads/:uploadId',
      'DELETE /uploads/:uploadId',
      'OPTIONS /uploads',
      'OPTIONS /uploads/:uploadId',
      'HEAD /projects/:id/models',
      'HEAD /models/:id',
      'HEAD /models/:id/versions',
      'HEAD /models/:id/fragments',
      'HEAD /models/:id/file',
      'HEAD /models/:id/elements',
      'HEAD /models/:id/elements/:globalId',
      'HEAD /models/:id/tree',
      'HEAD /models/:id/categories',
      'HEAD /models/:id/compare',
    ];
    expect(registered.filter((route) => !covered.includes(route) && !elsewhere.includes(route))).toEqual([]);
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of ['qianqi', 'sunqi'] as const) {
        expect((await call(method, url, cookies[who], payload)).statusCode, `${who} ${method} ${url}`).toBe(
          404,
        );
      }
    }
    for (const who of ['qianqi', 'sunqi'] as const) {
      const upload = await postModel(t.app, cookies[who], project, {
        name: 'x.ifc',
        bytes: await sampleBytes(),
      });
      expect(upload.statusCode).toBe(404);
      const version = await t.app.inject({
        method: 'POST',
        url: `${MODELS}/models/${id}/versions`,
        headers: {
          cookie: cookies[who],
          ...(await import('./test-support')).multipart({ name: 'x.ifc', bytes: await sampleBytes() })
            .headers,
        },
        payload: (await import('./test-support')).multipart({ name: 'x.ifc', bytes: await sampleBytes() })
          .payload,
      });
      expect(version.statusCode).toBe(404);
    }
    expect([await storedObjects(), await modelRows()]).toEqual(before);
  });

  it('members without the right get 403 and change nothing', async () => {
    const before = [await storedObjects(), await modelRows()];
    const upload = await postModel(t.app, cookies.zhangsan, project, {
      name: 'x.ifc',
      bytes: await sampleBytes(),
    });
    expect(upload.statusCode).toBe(403);
    expect(
      (await call('PUT', `${MODELS}/models/${house._id}`, cookies.zhangsan, { name: '改' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `${MODELS}/models/${house._id}`, cookies.zhangsan)).statusCode).toBe(403);
    expect(
      (
        await call(
          'DELETE',
          `${MODELS}/models/${house._id}/versions/${house.currentVersion._id}`,
          cookies.lisi,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `${MODELS}/versions/${house.currentVersion._id}/cancel`, cookies.zhangsan))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `${MODELS}/models/${house._id}/file`, cookies.zhangsan)).statusCode).toBe(403);
    expect([await storedObjects(), await modelRows()]).toEqual(before);
  });

  it('another tenant cannot reach its own project with this project’s ids, nor upload into ours', async () => {
    const mine = await call('GET', `${MODELS}/projects/${foreignProject}/models`, cookies.sunqi);
    expect(json<Model[]>(mine)).toEqual([]);
    expect((await call('GET', `${MODELS}/projects/${foreignProject}/models`, cookies.demo)).statusCode).toBe(
      404,
    );
  });
});

describe('resumable uploads (tus)', { timeout: 120_000 }, () => {
  const TUS = `${MODELS}/uploads`;
  const meta = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
  function create(cookie: string | null, length: number, values: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: TUS,
      headers: {
        ...(cookie ? { cookie } : {}),
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': meta(values),
      },
    });
  }
  function patch(cookie: string, location: string, offset: number, bytes: Buffer) {
    return t.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes,
    });
  }

  it('creates, takes two chunks and answers the model with the final PATCH', async () => {
    const bytes = await sampleBytes();
    const created = await create(cookies.lisi, bytes.length, {
      projectId: project,
      filename: 'tus-house.ifc',
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^${TUS}/[0-9a-f]{24}$`));
    const half = Math.floor(bytes.length / 2);
    const first = await patch(cookies.lisi, location, 0, bytes.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    // Someone else cannot see or continue it.
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { cookie: cookies.demo, 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(404);
    expect((await patch(cookies.demo, location, half, bytes.subarray(half))).statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { cookie: cookies.lisi, 'tus-resumable': '1.0.0' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['upload-offset']).toBe(String(half));
    const last = await patch(cookies.lisi, location, half, bytes.subarray(half));
    expect(last.statusCode, last.body).toBe(200);
    const result = json<ModelUploadResult>(last);
    expect(result).toMatchObject({ created: true, model: { name: 'tus-house', projectId: project } });
    const ready = await waitUntilReady(t.app, cookies.lisi, result.model._id);
    expect(ready.currentVersion.size).toBe(bytes.length);
    // The finished upload is gone from the tus store.
    const after = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { cookie: cookies.lisi, 'tus-resumable': '1.0.0' },
    });
    expect(after.statusCode).toBe(404);
  });

  it('refuses non-members (404), members without the right (403), too large (413) and not-IFC (400)', async () => {
    const before = [await storedObjects(), await modelRows()];
    expect((await create(null, 100, { projectId: project, filename: 'a.ifc' })).statusCode).toBe(401);
    expect((await create(cookies.qianqi, 100, { projectId: project, filename: 'a.ifc' })).statusCode).toBe(
      404,
    );
    expect((await create(cookies.zhangsan, 100, { projectId: project, filename: 'a.ifc' })).statusCode).toBe(
      403,
    );
    const big = await create(cookies.demo, MAX_BYTES + 1, { projectId: project, filename: 'a.ifc' });
    expect(big.statusCode).toBe(413);
    expect(keyOf(big)).toBe('models.tooLarge');
    expect(keyOf(await create(cookies.demo, 100, { filename: 'a.ifc' }))).toBe('models.uploadMetadata');
    const text = Buffer.from('this is not an IFC file at all');
    const created = await create(cookies.demo, text.length, { projectId: project, filename: 'a.ifc' });
    expect(created.statusCode).toBe(201);
    const refused = await patch(cookies.demo, created.headers.location as string, 0, text);
    expect(refused.statusCode).toBe(400);
    expect(keyOf(refused)).toBe('models.notIfc');
    expect([await storedObjects(), await modelRows()]).toEqual(before);
    // The refused upload was removed.
    const gone = await t.app.inject({
      method: 'HEAD',
      url: created.headers.location as string,
      headers: { cookie: cookies.demo, 'tus-resumable': '1.0.0' },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('a foreign Origin is refused like any other write', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: TUS,
      headers: {
        cookie: cookies.demo,
        origin: 'https://evil.example',
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': meta({ projectId: project, filename: 'a.ifc' }),
      },
    });
    expect(response.statusCode).toBe(403);
  });

  it('DELETE ends one’s own upload', async () => {
    const created = await create(cookies.demo, 100, { projectId: project, filename: 'a.ifc' });
    const location = created.headers.location as string;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: location,
      headers: { cookie: cookies.demo, 'tus-resumable': '1.0.0' },
    });
    expect(removed.statusCode).toBe(204);
  });
});

describe('model data of a version read from disk', () => {
  it('the uploaded IFC is stored under the version key, byte for byte', async () => {
    const path = (await storedObjects()).find((entry) =>
      entry.endsWith(join(house.currentVersion._id, 'ifc')),
    );
    expect(path).toBeDefined();
    const bytes = await readFile(join(t.config.dataDir, LOCAL_STORAGE_FOLDER, path!));
    expect(Buffer.compare(bytes, await sampleBytes())).toBe(0);
  });
});

describe('restarts and the demo', { timeout: 180_000 }, () => {
  it('after a restart, cut-off conversions fail as interrupted and queued ones are converted', async () => {
    const broken = json<ModelUploadResult>(
      await postModel(t.app, cookies.demo, project, {
        name: 'cut.ifc',
        bytes: (await sampleBytes()).subarray(0, 3000),
      }),
    ).model;
    await waitForStatus(t.app, cookies.demo, broken._id, ['failed']);
    const moved = await readySample(t.app, cookies.demo, project, 'IfcOpenHouse_IFC4.ifc', '重启模型');
    const db = withModelTables(t.db.db);
    // As a crash leaves them: one converting, one queued (its job lost with the process).
    await db
      .updateTable('model_versions')
      .set({ status: 'converting' })
      .where('id', '=', moved.currentVersion._id)
      .execute();
    await db
      .updateTable('model_versions')
      .set({ status: 'queued', error_key: null })
      .where('id', '=', broken.currentVersion._id)
      .execute();
    const log = t.app.log;
    const base = createModelsBase({
      db: t.db.db,
      engine: t.db.engine,
      clock: t.clock,
      access: createOrgAccess(t.db.db),
      storage: createStorage({ dataDir: t.config.dataDir, s3: null }),
      jobs: createMemoryJobs(log),
      events: createMemoryEvents(log),
      log,
      limits: { uploadMaxBytes: MAX_BYTES, conversions: 1, timeoutMs: 60_000, memoryMb: 4096 },
    });
    const stop = await createConversionRunner(base).start();
    try {
      const interrupted = json<Model>(
        await call('GET', `${MODELS}/models/${moved._id}`, cookies.demo, undefined, 'en-US'),
      );
      expect(interrupted.currentVersion.error).toMatchObject({ key: 'models.conversion.interrupted' });
      expect(interrupted.currentVersion.error?.message).toMatch(/restart/);
      const again = await waitForStatus(t.app, cookies.demo, broken._id, ['failed']);
      expect(again.currentVersion.error?.key).toBe('models.conversion.malformed');
    } finally {
      await stop();
    }
  });

  it('the demo project has a converted sample model with a topic on one of its elements', async () => {
    const [demoProject] = await projectsOf(t, cookies.demo);
    const models = json<Model[]>(
      await call('GET', `${MODELS}/projects/${demoProject!._id}/models`, cookies.zhangsan),
    );
    expect(models.map((model) => model.name)).toEqual(['示范住宅']);
    const ready = await waitUntilReady(t.app, cookies.zhangsan, models[0]!._id);
    expect(ready.currentVersion.elementCount).toBe(house.currentVersion.elementCount);
    const file = await call('GET', `${MODELS}/models/${ready._id}/file`, cookies.demo);
    expect(Buffer.compare(file.rawPayload, await sampleBytes())).toBe(0);
    const topics = await call(
      'GET',
      `/api/v1/topic-service/projects/${demoProject!._id}/entities/3g46_woBL6sugXeY5_WP6n/topics?modelId=${ready._id}`,
      cookies.zhangsan,
    );
    expect(topics.statusCode, topics.body).toBe(200);
    expect(json<unknown[]>(topics)).toHaveLength(1);
  });
});
