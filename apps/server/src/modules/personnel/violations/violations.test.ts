import type { ViolationRecord, ViolationStatistics } from '@lintel/contracts/personnel';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../../test/clock';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../../test/helper';
import { makePng } from '../../../../test/images';
import { json, keyOf, projectsOf, signInPeople } from '../../../../test/project-api';
import { uploadAs } from '../../files/test-support';
import { idNumber, P, setupCalls } from '../attendance/test-support';

/**
 * Violation records on a fresh project of the demo enterprise. demo: its admin. lisi: create/edit/delete/
 * export by template; wangwu: view only; zhouba: no view; qianqi: no member; sunqi: another tenant.
 * Workers 甲 (一分包) and 乙 (一分包一班, below it), 丙 (二分包); types 安全 (items 未戴安全帽, 高处未系安全带)
 * and 文明施工 (item 乱扔垃圾).
 */

type Name = 'demo' | 'lisi' | 'wangwu' | 'zhouba' | 'qianqi' | 'sunqi';
let t: TestApp;
let cookies: Record<Name, string>;
let ids: Record<string, string>;
let project: string;
let foreignProject: string;
let units: { one: string; oneTeam: string; two: string };
let workers: { A: string; B: string; C: string; foreign: string };
let types: { safety: string; civil: string; foreign: string };
let items: { helmet: string; harness: string; litter: string };
let photos: { image: string; pdf: string; foreign: string };

const api = setupCalls(() => t);
const { call, must } = api;

async function record(who: Name, body: Record<string, unknown>) {
  return call('POST', `${P}/violationRecords`, cookies[who], {
    projectId: project,
    personId: workers.A,
    date: '2026-03-02',
    description: '作业面未戴安全帽',
    typeId: types.safety,
    itemId: items.helmet,
    ...body,
  });
}
async function recorded(who: Name, body: Record<string, unknown>): Promise<ViolationRecord> {
  const response = await record(who, body);
  expect(response.statusCode, response.body).toBe(200);
  return json<ViolationRecord>(response);
}
async function list(query = '', who: Name = 'wangwu') {
  const response = await call(
    'GET',
    `${P}/projects/${project}/violationRecords${query ? `?${query}` : ''}`,
    cookies[who],
  );
  expect(response.statusCode, response.body).toBe(200);
  return json<ViolationRecord[]>(response);
}
const upload = async (cookie: string, projectId: string, filename: string, data: Buffer) =>
  (
    json<{ files: string[] }>(await uploadAs(t, cookie, [{ field: 'file', filename, data }], { projectId }))
      .files as [string]
  )[0];

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date('2026-03-20T04:00:00.000Z')) });
  ({ cookies, ids } = await signInPeople(t, ['lisi', 'wangwu', 'zhouba', 'qianqi', 'sunqi'] as const));
  const [demoProject] = await projectsOf(t, cookies.demo);
  project = await api.newProject(cookies.demo, demoProject!.enterpriseId, '违章测试项目');
  const editor = { view: 'all', create: true, edit: true, delete: true, export: true };
  await api.addMember(
    cookies.demo,
    project,
    ids.lisi!,
    await api.template(cookies.demo, project, '安全员', editor),
  );
  await api.addMember(
    cookies.demo,
    project,
    ids.wangwu!,
    await api.template(cookies.demo, project, '查看', { view: 'all' }),
  );
  await api.addMember(
    cookies.demo,
    project,
    ids.zhouba!,
    await api.template(cookies.demo, project, '无', { view: 'none' }),
  );
  const one = await api.unit(cookies.demo, project, '一分包');
  units = {
    one,
    oneTeam: await api.unit(cookies.demo, project, '一分包一班', one),
    two: await api.unit(cookies.demo, project, '二分包'),
  };
  const worker = (name: string, n: number, unitId: string) =>
    api.person(cookies.demo, {
      projectId: project,
      name,
      idNumber: idNumber(n),
      unitId,
      entryDate: '2026-03-01',
    });
  workers = {
    A: await worker('甲', 1, units.one),
    B: await worker('乙', 2, units.oneTeam),
    C: await worker('丙', 3, units.two),
    foreign: '',
  };
  const safety = (
    await must('POST', `${P}/violationTypes`, cookies.demo, { projectId: project, name: '安全' })
  )._id;
  const civil = (
    await must('POST', `${P}/violationTypes`, cookies.demo, { projectId: project, name: '文明施工' })
  )._id;
  const item = async (typeId: string, name: string) =>
    (await must('POST', `${P}/violationItems`, cookies.demo, { projectId: project, typeId, name }))._id;
  items = {
    helmet: await item(safety, '未戴安全帽'),
    harness: await item(safety, '高处未系安全带'),
    litter: await item(civil, '乱扔垃圾'),
  };

  const other = await must('POST', `${ACCOUNT}/enterprises`, cookies.sunqi, { name: '孙七建设' });
  foreignProject = await api.newProject(cookies.sunqi, other._id, '孙七项目');
  const foreignUnit = await api.unit(cookies.sunqi, foreignProject, '外单位');
  workers.foreign = await api.person(cookies.sunqi, {
    projectId: foreignProject,
    name: '外人',
    idNumber: idNumber(9),
    unitId: foreignUnit,
    entryDate: '2026-03-01',
  });
  types = {
    safety,
    civil,
    foreign: (
      await must('POST', `${P}/violationTypes`, cookies.sunqi, { projectId: foreignProject, name: '安全' })
    )._id,
  };
  photos = {
    // Uploaded by lisi, who records with them: one attaches only files one may read (issue 14).
    image: await upload(cookies.lisi, project, '现场.png', makePng()),
    pdf: await upload(
      cookies.demo,
      project,
      'a.pdf',
      Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n'),
    ),
    foreign: await upload(cookies.sunqi, foreignProject, 'b.png', makePng()),
  };
});
afterAll(() => t.close());

describe('POST violationRecords', () => {
  it('records a violation with photos; the recorder is the caller', async () => {
    const saved = await recorded('lisi', { photos: [photos.image] });
    expect(saved).toMatchObject({
      projectId: project,
      personId: workers.A,
      person: { _id: workers.A, name: '甲' },
      unit: { _id: units.one, name: '一分包' },
      date: '2026-03-02',
      description: '作业面未戴安全帽',
      type: { _id: types.safety, name: '安全' },
      item: { _id: items.helmet, name: '未戴安全帽' },
      recorderId: ids.lisi,
      recorder: { _id: ids.lisi, name: 'lisi昵称' },
      createdAt: t.clock.now().toISOString(),
    });
    expect(saved.photos).toEqual([expect.objectContaining({ name: '现场.png', contentType: 'image/png' })]);
    const other = await recorded('demo', { recorderId: ids.wangwu });
    expect(other.recorder).toEqual({ _id: ids.wangwu, name: 'wangwu昵称' });
  });

  it('refuses bad references and input, and keeps nothing', async () => {
    const before = (await list()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ description: '  ' }, 'common.validation'],
      [{ date: '2026-02-30' }, 'common.validation'],
      [{ photos: Array(10).fill(photos.image) }, 'common.validation'],
      [{ personId: undefined }, 'common.validation'],
      [{ personId: workers.foreign }, 'violations.personNotFound'],
      [{ typeId: types.foreign }, 'violations.typeNotFound'],
      [{ itemId: project }, 'violations.itemNotFound'],
      [{ itemId: items.litter }, 'violations.itemNotOfType'],
      [{ recorderId: ids.qianqi }, 'violations.recorderNotMember'],
      [{ photos: [photos.foreign] }, 'violations.photoNotFound'],
      [{ photos: [photos.pdf] }, 'violations.photoNotImage'],
    ];
    for (const [change, key] of cases) {
      const response = await record('demo', change);
      expect([response.statusCode, keyOf(response)], JSON.stringify(change)).toEqual([400, key]);
    }
    expect(await list()).toHaveLength(before);
  });

  it('needs the create right in the project', async () => {
    expect((await record('wangwu', {})).statusCode).toBe(403);
    expect((await record('qianqi', {})).statusCode).toBe(404);
    expect((await record('sunqi', {})).statusCode).toBe(404);
    const signedOut = await call('POST', `${P}/violationRecords`, null, { projectId: project });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('GET, PUT and DELETE violationRecords/{id}', () => {
  it('reads one (view right); another tenant sees 404', async () => {
    const saved = await recorded('lisi', { description: '高处作业未系安全带', itemId: items.harness });
    expect(await must('GET', `${P}/violationRecords/${saved._id}`, cookies.wangwu)).toEqual(saved);
    expect((await call('GET', `${P}/violationRecords/${saved._id}`, cookies.zhouba)).statusCode).toBe(403);
    expect((await call('GET', `${P}/violationRecords/${saved._id}`, cookies.sunqi)).statusCode).toBe(404);
    expect((await call('GET', `${P}/violationRecords/${project}`, cookies.demo)).statusCode).toBe(404);
  });

  it('changes one (edit right), checking the item against the type', async () => {
    const saved = await recorded('lisi', {});
    t.clock.advance(60_000);
    const changed = await must<ViolationRecord>('PUT', `${P}/violationRecords/${saved._id}`, cookies.lisi, {
      typeId: types.civil,
      itemId: items.litter,
      personId: workers.C,
      photos: [photos.image, photos.image],
    });
    expect(changed).toMatchObject({
      type: { name: '文明施工' },
      item: { name: '乱扔垃圾' },
      person: { name: '丙' },
      unit: { name: '二分包' },
      updatedAt: t.clock.now().toISOString(),
    });
    expect(changed.photos).toHaveLength(1);
    const mismatch = await call('PUT', `${P}/violationRecords/${saved._id}`, cookies.lisi, {
      typeId: types.safety,
    });
    expect([mismatch.statusCode, keyOf(mismatch)]).toEqual([400, 'violations.itemNotOfType']);
    expect((await call('PUT', `${P}/violationRecords/${saved._id}`, cookies.lisi, {})).statusCode).toBe(400);
    expect(
      (await call('PUT', `${P}/violationRecords/${saved._id}`, cookies.wangwu, { description: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await must<ViolationRecord>('GET', `${P}/violationRecords/${saved._id}`, cookies.demo)).item?.name,
    ).toBe('乱扔垃圾');
  });

  it('deletes one (delete right)', async () => {
    const saved = await recorded('lisi', {});
    expect((await call('DELETE', `${P}/violationRecords/${saved._id}`, cookies.wangwu)).statusCode).toBe(403);
    await must('DELETE', `${P}/violationRecords/${saved._id}`, cookies.lisi);
    expect((await call('GET', `${P}/violationRecords/${saved._id}`, cookies.demo)).statusCode).toBe(404);
    expect((await call('DELETE', `${P}/violationRecords/${saved._id}`, cookies.lisi)).statusCode).toBe(404);
  });
});

describe('the list, the statistics and the exports', () => {
  let expected: ViolationRecord[];
  beforeAll(async () => {
    // A fresh project view: remove what the tests above made, then a known set.
    for (const row of await list('limit=200'))
      await must('DELETE', `${P}/violationRecords/${row._id}`, cookies.demo);
    expected = [
      await recorded('lisi', { personId: workers.A, date: '2026-01-15' }),
      await recorded('lisi', { personId: workers.B, date: '2026-02-03', itemId: items.harness }),
      await recorded('lisi', {
        personId: workers.B,
        date: '2026-02-20',
        typeId: types.civil,
        itemId: items.litter,
      }),
      await recorded('lisi', { personId: workers.C, date: '2026-03-01' }),
    ];
  });

  it('filters by type, item, person, unit (with the units below it), date range and keyword', async () => {
    const of = async (query: string) => (await list(query)).map((row) => row.date);
    expect(await of('')).toEqual(['2026-03-01', '2026-02-20', '2026-02-03', '2026-01-15']);
    expect(await of(`typeId=${types.civil}`)).toEqual(['2026-02-20']);
    expect(await of(`itemId=${items.harness}`)).toEqual(['2026-02-03']);
    expect(await of(`personId=${workers.B}`)).toEqual(['2026-02-20', '2026-02-03']);
    expect(await of(`unitId=${units.one}`)).toEqual(['2026-02-20', '2026-02-03', '2026-01-15']);
    expect(await of(`unitId=${units.oneTeam}`)).toEqual(['2026-02-20', '2026-02-03']);
    expect(await of(`unitId=${units.two}&personId=${workers.B}`)).toEqual([]);
    expect(await of('from=2026-02-01&to=2026-02-28')).toEqual(['2026-02-20', '2026-02-03']);
    expect(await of('keyword=丙')).toEqual(['2026-03-01']);
    expect(await of('skip=1&limit=2')).toEqual(['2026-02-20', '2026-02-03']);
    expect(
      json(
        await call(
          'GET',
          `${P}/projects/${project}/violationRecords?only_count=true&typeId=${types.safety}`,
          cookies.wangwu,
        ),
      ),
    ).toEqual({ count: 3 });
    expect((await call('GET', `${P}/projects/${project}/violationRecords`, cookies.zhouba)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `${P}/projects/${project}/violationRecords`, cookies.sunqi)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `${P}/projects/${project}/violationRecords?from=x`, cookies.demo)).statusCode,
    ).toBe(400);
  });

  it('counts by type, by unit and by month', async () => {
    const stats = await must<ViolationStatistics>(
      'GET',
      `${P}/projects/${project}/violationRecords/statistics`,
      cookies.wangwu,
    );
    expect(stats).toEqual({
      total: 4,
      byType: [
        { group: { _id: types.safety, name: '安全' }, count: 3 },
        { group: { _id: types.civil, name: '文明施工' }, count: 1 },
      ],
      byUnit: [
        { group: { _id: units.oneTeam, name: '一分包一班' }, count: 2 },
        { group: { _id: units.two, name: '二分包' }, count: 1 },
        { group: { _id: units.one, name: '一分包' }, count: 1 },
      ],
      byMonth: [
        { month: '2026-01', count: 1 },
        { month: '2026-02', count: 2 },
        { month: '2026-03', count: 1 },
      ],
    });
    const february = await must<ViolationStatistics>(
      'GET',
      `${P}/projects/${project}/violationRecords/statistics?fromMonth=2026-02&toMonth=2026-02`,
      cookies.wangwu,
    );
    expect(february.total).toBe(2);
    expect(february.byMonth).toEqual([{ month: '2026-02', count: 2 }]);
  });

  it('exports the list and the statistics as xlsx (export right)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${P}/projects/${project}/violationRecords?export=true&unitId=${units.one}`,
      headers: { cookie: cookies.lisi },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('violations-2026-03-20.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('日期');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      '2026-02-20',
      '乙',
      '一分包一班',
      '文明施工',
      '乱扔垃圾',
      '作业面未戴安全帽',
      'lisi昵称',
      0,
    ]);
    expect(expected).toHaveLength(4);

    const denied = await call('GET', `${P}/projects/${project}/violationRecords?export=true`, cookies.wangwu);
    expect(denied.statusCode).toBe(403);

    const stats = await t.app.inject({
      method: 'GET',
      url: `${P}/projects/${project}/violationRecords/statistics?export=true`,
      headers: { cookie: cookies.lisi },
    });
    expect(stats.statusCode, stats.body).toBe(200);
    const statsBook = new ExcelJS.Workbook();
    await statsBook.xlsx.load(stats.rawPayload as unknown as ArrayBuffer);
    expect(statsBook.worksheets.map((ws) => ws.name)).toEqual(['按类型', '按单位', '按月']);
    expect(statsBook.getWorksheet('按类型')!.getRow(2).values).toEqual([undefined, '安全', 3]);
  });
});
