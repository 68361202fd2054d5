import type { CountResult } from '@lintel/contracts';
import {
  checkMainlandIdNumber,
  idNumberCheckCharacter,
  maskIdNumber,
  type Person,
  type PersonnelImportPreview,
  type PersonnelPublicCard,
  type Rule,
  type Unit,
} from '@lintel/contracts/personnel';
import type { AuditEntryView } from '@lintel/contracts/system';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../test/helper';
import { makePng, multipartBody } from '../../../test/images';
import { addMemberWithConsent } from '../../../test/membership';
import { json, keyOf, projectsOf, requester, signInPeople } from '../../../test/project-api';
import { uploadAs } from '../files/test-support';

/**
 * personnel-service on a fresh project of the demo enterprise. demo: project admin. zhangsan: member with
 * the default template (view only). lisi: member whose template grants nothing of personnel. wangwu: member
 * with every personnel right but viewSensitive. zhouba: member who may view and see personal data in full
 * (viewSensitive). qianqi: signed in, no member. sunqi: another tenant with a project of its own.
 */

const P = '/api/v1/personnel-service';
/** Beijing noon of 2026-11-21: the site day is 2026-11-21. */
const TODAY = '2026-11-21';

let t: TestApp;
let cookies: Record<
  'demo' | 'zhangsan' | 'lisi' | 'wangwu' | 'zhouba' | 'qianqi' | 'sunqi' | 'admin',
  string
>;
let ids: Record<string, string>;
let enterprise: string;
let project: string;
let otherProject: string;
/** zhouba's template: personnel view and viewSensitive. */
let sensitiveTemplate: string;

const call = requester(() => t);

function expectStatus(response: LightMyRequestResponse, status: number, key?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (key) expect(keyOf(response)).toBe(key);
}

/** A valid made-up ID number: Beijing Dongcheng, born `birth` (YYYYMMDD), sequence `seq` (odd: male). */
function idNumber(seq: number, birth = '19900101'): string {
  const first17 = `110101${birth}${String(seq).padStart(3, '0')}`;
  return first17 + idNumberCheckCharacter(first17);
}

async function ok<T>(response: Promise<LightMyRequestResponse> | LightMyRequestResponse): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return json<T>(answer);
}

async function newProject(name: string): Promise<string> {
  return (
    await ok<{ _id: string }>(
      call('POST', `${ACCOUNT}/projects`, cookies.demo, { name, enterpriseId: enterprise }),
    )
  )._id;
}
async function template(projectId: string, name: string, grants: Record<string, unknown>): Promise<string> {
  return (
    await ok<{ _id: string }>(
      call('POST', `${ACCOUNT}/projects/${projectId}/templates`, cookies.demo, { name, grants }),
    )
  )._id;
}
async function addMember(projectId: string, name: string, extra: Record<string, unknown> = {}) {
  await ok(
    addMemberWithConsent(t.app, {
      scope: `projects/${projectId}`,
      adminCookie: cookies.demo,
      userCookie: cookies[name as keyof typeof cookies],
      body: { userId: ids[name], ...extra },
    }),
  );
}

const unit = (body: Record<string, unknown>, projectId = project) =>
  ok<Unit>(call('POST', `${P}/units`, cookies.demo, { projectId, ...body }));
const craft = (name: string, projectId = project) =>
  ok<{ _id: string; name: string; staffCount: number }>(
    call('POST', `${P}/crafts`, cookies.demo, { projectId, name }),
  );
const person = (body: Record<string, unknown>, cookie = cookies.demo) =>
  ok<Person>(call('POST', `${P}/personnel`, cookie, { projectId: project, ...body }));
const getPerson = (id: string) => ok<Person>(call('GET', `${P}/personnel/${id}`, cookies.demo));
const listPeople = (query = '', projectId = project) =>
  ok<Person[]>(call('GET', `${P}/projects/${projectId}/personnel?limit=200${query}`, cookies.demo));

function xlsxUpload(projectId: string, bytes: Buffer, preview: boolean, cookie = cookies.demo) {
  const { body, contentType } = multipartBody([
    { field: 'file', filename: 'people.xlsx', contentType: 'application/octet-stream', data: bytes },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${P}/projects/${projectId}/personnel/import?preview=${preview}`,
    headers: { cookie, 'content-type': contentType },
    payload: body,
  });
}

async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date(`${TODAY}T04:00:00.000Z`)) });
  ({ cookies, ids } = await signInPeople(t, ['lisi', 'wangwu', 'zhouba', 'qianqi', 'sunqi'] as const));
  enterprise = (await projectsOf(t, cookies.demo))[0]!.enterpriseId;
  project = await newProject('人员测试项目');
  await addMember(project, 'zhangsan');
  await addMember(project, 'lisi', {
    templateId: await template(project, '无人员', { announcements: { view: 'all' } }),
  });
  await addMember(project, 'wangwu', {
    templateId: await template(project, '劳务管理', {
      personnel: { view: 'all', create: true, edit: true, delete: true, export: true },
    }),
  });
  sensitiveTemplate = await template(project, '实名制专员', {
    personnel: { view: 'all', viewSensitive: true },
  });
  await addMember(project, 'zhouba', { templateId: sensitiveTemplate });
  const other = await ok<{ _id: string }>(
    call('POST', `${ACCOUNT}/enterprises`, cookies.sunqi, { name: '孙七建设' }),
  );
  otherProject = (
    await ok<{ _id: string }>(
      call('POST', `${ACCOUNT}/projects`, cookies.sunqi, { name: '孙七项目', enterpriseId: other._id }),
    )
  )._id;
});
afterAll(() => t.close());

describe('units', () => {
  it('form a tree by parentId; names are unique in the project (409); a move cannot loop', async () => {
    const top = await unit({ name: '  中建劳务  ' });
    expect(top).toMatchObject({ projectId: project, name: '中建劳务', parentId: null, staffCount: 0 });
    const team = await unit({ name: '钢筋班', parentId: top._id });
    expect(team.parentId).toBe(top._id);
    const list = await ok<Unit[]>(call('GET', `${P}/projects/${project}/units`, cookies.zhangsan));
    expect(list.map((u) => u.name)).toEqual(['中建劳务', '钢筋班']);
    expect(await ok<Unit>(call('GET', `${P}/units/${team._id}`, cookies.zhangsan))).toMatchObject({
      name: '钢筋班',
    });

    expectStatus(
      await call('POST', `${P}/units`, cookies.demo, { projectId: project, name: '钢筋班' }),
      409,
      'personnel.nameTaken',
    );
    expectStatus(
      await call('PUT', `${P}/units/${top._id}`, cookies.demo, { parentId: team._id }),
      400,
      'personnel.unitCycle',
    );
    expectStatus(
      await call('PUT', `${P}/units/${top._id}`, cookies.demo, { parentId: top._id }),
      400,
      'personnel.unitCycle',
    );
    expectStatus(
      await call('PUT', `${P}/units/${team._id}`, cookies.demo, { name: '中建劳务' }),
      409,
      'personnel.nameTaken',
    );
    expect(
      await ok<Unit>(
        call('PUT', `${P}/units/${team._id}`, cookies.demo, { name: '钢筋一班', parentId: null }),
      ),
    ).toMatchObject({
      name: '钢筋一班',
      parentId: null,
    });
    expectStatus(
      await call('POST', `${P}/units`, cookies.demo, {
        projectId: project,
        name: 'x',
        parentId: '0'.repeat(24),
      }),
      400,
      'personnel.unitNotFound',
    );
    expectStatus(await call('POST', `${P}/units`, cookies.demo, { projectId: project, name: ' ' }), 400);
  });

  it('deleting a unit deletes the units below it and exits all their staff today; the name is free again', async () => {
    const top = await unit({ name: '待删劳务' });
    const sub = await unit({ name: '待删班组', parentId: top._id });
    const keep = await unit({ name: '保留劳务' });
    const a = await person({ name: '甲', idNumber: idNumber(11), unitId: top._id, entryDate: '2026-01-05' });
    const b = await person({ name: '乙', idNumber: idNumber(12), unitId: sub._id });
    const c = await person({ name: '丙', idNumber: idNumber(13), unitId: keep._id });
    expect((await ok<Unit>(call('GET', `${P}/units/${top._id}`, cookies.demo))).staffCount).toBe(1);

    const deleted = await ok(call('PUT', `${P}/units/${top._id}/delete`, cookies.demo, {}));
    expect(deleted).toEqual({ deleted: 2, staffChanged: 2 });
    for (const id of [a._id, b._id]) {
      expect(await getPerson(id)).toMatchObject({ status: 'exit', exitDate: TODAY });
    }
    expect((await getPerson(a._id)).unit).toEqual({ _id: top._id, name: '待删劳务', deleted: true });
    expect(await getPerson(c._id)).toMatchObject({ status: 'entry', exitDate: null });
    expectStatus(await call('GET', `${P}/units/${sub._id}`, cookies.demo), 404);
    expectStatus(await call('PUT', `${P}/units/${top._id}/delete`, cookies.demo, {}), 404);
    const names = (await ok<Unit[]>(call('GET', `${P}/projects/${project}/units`, cookies.demo))).map(
      (u) => u.name,
    );
    expect(names).not.toContain('待删劳务');
    await unit({ name: '待删劳务' });
    // Re-entry into a deleted unit is refused until another unit is chosen.
    expectStatus(
      await call('PUT', `${P}/personnel/${a._id}/reentry`, cookies.demo, { date: TODAY }),
      400,
      'personnel.unitDeleted',
    );
    await ok(call('PUT', `${P}/personnel/${a._id}`, cookies.demo, { unitId: keep._id }));
    expect(
      await ok<Person>(call('PUT', `${P}/personnel/${a._id}/reentry`, cookies.demo, { date: TODAY })),
    ).toMatchObject({
      status: 'entry',
      entryDate: TODAY,
      exitDate: null,
      unitId: keep._id,
    });
  });
});

describe('crafts', () => {
  it('CRUD with duplicate names refused; deleting one leaves its staff without a craft', async () => {
    const welder = await craft('电焊工');
    expectStatus(
      await call('POST', `${P}/crafts`, cookies.demo, { projectId: project, name: '电焊工' }),
      409,
      'personnel.nameTaken',
    );
    expect(await ok(call('PUT', `${P}/crafts/${welder._id}`, cookies.demo, { name: '焊工' }))).toMatchObject({
      name: '焊工',
    });
    expect(await ok(call('GET', `${P}/crafts/${welder._id}`, cookies.zhangsan))).toMatchObject({
      name: '焊工',
    });
    const home = await unit({ name: '焊接队' });
    const worker = await person({
      name: '焊工甲',
      idNumber: idNumber(21),
      unitId: home._id,
      craftId: welder._id,
    });
    expect(worker.craft).toEqual({ _id: welder._id, name: '焊工' });
    const crafts = await ok<Array<{ _id: string; staffCount: number }>>(
      call('GET', `${P}/projects/${project}/crafts`, cookies.demo),
    );
    expect(crafts.find((c) => c._id === welder._id)?.staffCount).toBe(1);

    expect(await ok(call('PUT', `${P}/crafts/${welder._id}/delete`, cookies.demo, {}))).toEqual({
      deleted: 1,
      staffChanged: 1,
    });
    expect(await getPerson(worker._id)).toMatchObject({ craftId: null, craft: null });
    expectStatus(await call('GET', `${P}/crafts/${welder._id}`, cookies.demo), 404);
  });
});

describe('attendance rules', () => {
  it('a project starts with the initial default rule 标准考勤 (8 h), listed first', async () => {
    const fresh = await newProject('规则项目');
    await ok(call('POST', `${P}/rules`, cookies.demo, { projectId: fresh, name: '夜班', hours: 10 }));
    const rules = await ok<Rule[]>(call('GET', `${P}/projects/${fresh}/rules`, cookies.demo));
    expect(rules.map((r) => [r.name, r.hours, r.isDefault, r.initial])).toEqual([
      ['标准考勤', 8, true, true],
      ['夜班', 10, false, false],
    ]);
  });

  it('one default at a time; the default and the initial rule cannot be deleted; deleting moves staff to the default', async () => {
    const rules = await ok<Rule[]>(call('GET', `${P}/projects/${project}/rules`, cookies.demo));
    const initial = rules[0]!;
    expect(initial).toMatchObject({ name: '标准考勤', initial: true, isDefault: true });
    const half = await ok<Rule>(
      call('POST', `${P}/rules`, cookies.demo, {
        projectId: project,
        name: '半天',
        hours: 4.5,
        cumulativeHours: true,
      }),
    );
    expect(half).toMatchObject({ hours: 4.5, cumulativeHours: true, isDefault: false, initial: false });
    expectStatus(
      await call('POST', `${P}/rules`, cookies.demo, { projectId: project, name: '半天', hours: 4 }),
      409,
      'personnel.nameTaken',
    );
    expectStatus(
      await call('POST', `${P}/rules`, cookies.demo, { projectId: project, name: '怪', hours: 4.2 }),
      400,
    );

    const home = await unit({ name: '规则测试队' });
    const worker = await person({
      name: '规则工',
      idNumber: idNumber(31),
      unitId: home._id,
      ruleId: half._id,
    });
    expect(worker.rule).toEqual({ _id: half._id, name: '半天' });
    const plain = await person({ name: '默认工', idNumber: idNumber(33), unitId: home._id });
    expect(plain).toMatchObject({ ruleId: null, rule: { _id: initial._id, name: '标准考勤' } });

    const long = await ok<Rule>(
      call('POST', `${P}/rules`, cookies.demo, {
        projectId: project,
        name: '长班',
        hours: 12,
        isDefault: true,
      }),
    );
    const after = await ok<Rule[]>(call('GET', `${P}/projects/${project}/rules`, cookies.demo));
    expect(after.filter((r) => r.isDefault).map((r) => r._id)).toEqual([long._id]);
    expect(after[0]!._id).toBe(initial._id);
    expect((await getPerson(plain._id)).rule?._id).toBe(long._id);
    expectStatus(
      await call('PUT', `${P}/rules/${long._id}`, cookies.demo, { isDefault: false }),
      400,
      'personnel.defaultRuleRequired',
    );
    expectStatus(
      await call('DELETE', `${P}/rules/${long._id}`, cookies.demo),
      409,
      'personnel.defaultRuleUndeletable',
    );
    await ok(call('PUT', `${P}/rules/${initial._id}`, cookies.demo, { isDefault: true }));
    expectStatus(
      await call('DELETE', `${P}/rules/${initial._id}`, cookies.demo),
      409,
      'personnel.defaultRuleUndeletable',
    );
    await ok(call('PUT', `${P}/rules/${long._id}`, cookies.demo, { isDefault: true }));
    expectStatus(
      await call('DELETE', `${P}/rules/${initial._id}`, cookies.demo),
      409,
      'personnel.initialRuleUndeletable',
    );

    expect(await ok(call('DELETE', `${P}/rules/${half._id}`, cookies.demo))).toEqual({
      deleted: 1,
      staffChanged: 1,
    });
    expect(await getPerson(worker._id)).toMatchObject({
      ruleId: null,
      rule: { _id: long._id, name: '长班' },
    });
    expectStatus(await call('GET', `${P}/rules/${half._id}`, cookies.demo), 404);
    expect(await ok(call('GET', `${P}/rules/${long._id}`, cookies.demo))).toMatchObject({ isDefault: true });
  });
});

describe('violation types and items', () => {
  it('names unique per project (types) and per type (items); deleting a type removes its items', async () => {
    const safety = await ok<{ _id: string }>(
      call('POST', `${P}/violationTypes`, cookies.demo, { projectId: project, name: '安全' }),
    );
    const order = await ok<{ _id: string }>(
      call('POST', `${P}/violationTypes`, cookies.demo, { projectId: project, name: '文明施工' }),
    );
    expectStatus(
      await call('POST', `${P}/violationTypes`, cookies.demo, { projectId: project, name: '安全' }),
      409,
      'personnel.nameTaken',
    );
    const helmet = await ok<{ _id: string }>(
      call('POST', `${P}/violationItems`, cookies.demo, {
        projectId: project,
        typeId: safety._id,
        name: '未戴安全帽',
      }),
    );
    expectStatus(
      await call('POST', `${P}/violationItems`, cookies.demo, {
        projectId: project,
        typeId: safety._id,
        name: '未戴安全帽',
      }),
      409,
      'personnel.nameTaken',
    );
    await ok(
      call('POST', `${P}/violationItems`, cookies.demo, {
        projectId: project,
        typeId: order._id,
        name: '未戴安全帽',
      }),
    );
    const foreignType = await ok<{ _id: string }>(
      call('POST', `${P}/violationTypes`, cookies.sunqi, { projectId: otherProject, name: '外' }),
    );
    expectStatus(
      await call('POST', `${P}/violationItems`, cookies.demo, {
        projectId: project,
        typeId: foreignType._id,
        name: 'x',
      }),
      400,
      'personnel.violationTypeNotFound',
    );

    expect(await ok(call('GET', `${P}/violationTypes/${safety._id}`, cookies.zhangsan))).toMatchObject({
      name: '安全',
      itemCount: 1,
    });
    expect(
      await ok(call('PUT', `${P}/violationTypes/${safety._id}`, cookies.demo, { name: '安全管理' })),
    ).toMatchObject({ name: '安全管理' });
    expect(
      await ok(call('PUT', `${P}/violationItems/${helmet._id}`, cookies.demo, { name: '未系安全带' })),
    ).toMatchObject({ name: '未系安全带' });
    expect(await ok(call('GET', `${P}/violationItems/${helmet._id}`, cookies.demo))).toMatchObject({
      typeId: safety._id,
    });
    const ofType = await ok<Array<{ name: string }>>(
      call('GET', `${P}/projects/${project}/violationItems?typeId=${safety._id}`, cookies.demo),
    );
    expect(ofType.map((i) => i.name)).toEqual(['未系安全带']);
    expect(
      (await ok<unknown[]>(call('GET', `${P}/projects/${project}/violationTypes`, cookies.demo))).length,
    ).toBe(2);

    expect(await ok(call('DELETE', `${P}/violationTypes/${safety._id}`, cookies.demo))).toEqual({
      deleted: 2,
      staffChanged: 0,
    });
    expectStatus(await call('GET', `${P}/violationItems/${helmet._id}`, cookies.demo), 404);
    const rest = await ok<Array<{ _id: string }>>(
      call('GET', `${P}/projects/${project}/violationItems`, cookies.demo),
    );
    expect(rest).toHaveLength(1);
    expect(await ok(call('DELETE', `${P}/violationItems/${rest[0]!._id}`, cookies.demo))).toEqual({
      deleted: 1,
      staffChanged: 0,
    });
    expectStatus(await call('DELETE', `${P}/violationItems/${rest[0]!._id}`, cookies.demo), 404);
  });
});

describe('day-offs', () => {
  it('one per date (409 for a repeat), listed by date, changed and deleted', async () => {
    const national = await ok<{ _id: string; date: string; name: string }>(
      call('POST', `${P}/dayOffs`, cookies.demo, { projectId: project, date: '2026-10-01', name: '国庆节' }),
    );
    const newYear = await ok<{ _id: string }>(
      call('POST', `${P}/dayOffs`, cookies.demo, { projectId: project, date: '2026-01-01' }),
    );
    await ok(
      call('POST', `${P}/dayOffs`, cookies.demo, { projectId: project, date: '2027-01-01', name: '元旦' }),
    );
    expectStatus(
      await call('POST', `${P}/dayOffs`, cookies.demo, { projectId: project, date: '2026-10-01' }),
      409,
      'personnel.dayOffTaken',
    );
    expectStatus(
      await call('POST', `${P}/dayOffs`, cookies.demo, { projectId: project, date: '2026-02-30' }),
      400,
    );
    const year = await ok<Array<{ date: string; name: string }>>(
      call('GET', `${P}/projects/${project}/dayOffs?year=2026`, cookies.zhangsan),
    );
    expect(year.map((d) => [d.date, d.name])).toEqual([
      ['2026-01-01', ''],
      ['2026-10-01', '国庆节'],
    ]);
    expectStatus(
      await call('PUT', `${P}/dayOffs/${newYear._id}`, cookies.demo, { date: '2026-10-01' }),
      409,
      'personnel.dayOffTaken',
    );
    expect(
      await ok(call('PUT', `${P}/dayOffs/${national._id}`, cookies.demo, { date: '2026-10-02' })),
    ).toMatchObject({ date: '2026-10-02', name: '国庆节' });
    expect(await ok(call('GET', `${P}/dayOffs/${national._id}`, cookies.demo))).toMatchObject({
      date: '2026-10-02',
    });
    expect(await ok(call('DELETE', `${P}/dayOffs/${national._id}`, cookies.demo))).toEqual({
      deleted: 1,
      staffChanged: 0,
    });
    expectStatus(await call('GET', `${P}/dayOffs/${national._id}`, cookies.demo), 404);
  });
});

describe('personnel', () => {
  let home: Unit;
  let sub: Unit;
  let mason: { _id: string };

  beforeAll(async () => {
    home = await unit({ name: '人员一队' });
    sub = await unit({ name: '人员一队木工班', parentId: home._id });
    mason = await craft('瓦工');
  });

  it('registers a person: sex, birth date and age come from the ID number', async () => {
    const created = await person({
      name: '  王小二 ',
      idNumber: `${idNumber(42, '19900615').slice(0, 17)}${idNumber(42, '19900615').slice(17).toLowerCase()}`,
      unitId: home._id,
      craftId: mason._id,
      bloodType: 'AB',
      team: '瓦工一班',
      teamContact: '赵班长',
      teamPhone: '13800000001',
      phone: '13900000002',
      certificates: ['T001', 'T002', 'T001'],
      entryDate: '2026-03-01',
      safetyEducation: [{ date: '2026-03-01', content: '三级安全教育', hours: 8 }],
      remark: '老师傅',
    });
    expect(created).toMatchObject({
      projectId: project,
      name: '王小二',
      // Masked in every answer (issue 17): the first and last four characters, phones 3 + 4.
      idNumber: `1101**********${idNumber(42, '19900615').slice(-4)}`,
      masked: true,
      phone: '139****0002',
      teamPhone: '138****0001',
      sex: 1,
      birthDate: '1990-06-15',
      age: 36,
      bloodType: 'AB',
      unit: { _id: home._id, name: '人员一队', deleted: false },
      craft: { _id: mason._id, name: '瓦工' },
      certificates: ['T001', 'T002'],
      entryDate: '2026-03-01',
      exitDate: null,
      status: 'entry',
      safetyEducation: [{ date: '2026-03-01', content: '三级安全教育', hours: 8 }],
      attachments: [],
      avatar: null,
    });
    const defaults = await person({ name: '李默认', idNumber: idNumber(43, '20000301'), unitId: sub._id });
    expect(defaults).toMatchObject({
      sex: 0,
      age: 26,
      bloodType: 'unknown',
      entryDate: TODAY,
      craft: null,
      team: '',
      phone: '',
    });
  });

  it('refuses a bad ID number, a duplicate one (409), a wrong sex, foreign references and a bad phone', async () => {
    const body = { name: '坏', unitId: home._id };
    for (const bad of [
      '110101199001010010',
      '11010119900101001',
      '110101209901010011',
      '990101199001010011',
    ]) {
      const response = await call('POST', `${P}/personnel`, cookies.demo, {
        ...body,
        projectId: project,
        idNumber: bad,
      });
      expectStatus(response, 400, 'common.validation');
      expect(json<{ details: Array<{ key: string }> }>(response).details[0]?.key).toBe(
        'personnel.idNumberInvalid',
      );
    }
    const taken = idNumber(42, '19900615');
    expectStatus(
      await call('POST', `${P}/personnel`, cookies.demo, { ...body, projectId: project, idNumber: taken }),
      409,
      'personnel.idNumberTaken',
    );
    expectStatus(
      await call('POST', `${P}/personnel`, cookies.demo, {
        ...body,
        projectId: project,
        idNumber: idNumber(45),
        sex: 1,
      }),
      400,
      'personnel.sexMismatch',
    );
    const foreignUnit = await unit({ name: '外部单位' }, otherProject).catch(() => null);
    expect(foreignUnit).toBeNull(); // demo cannot even create there
    const theirs = await ok<Unit>(
      call('POST', `${P}/units`, cookies.sunqi, { projectId: otherProject, name: '外部单位' }),
    );
    expectStatus(
      await call('POST', `${P}/personnel`, cookies.demo, {
        ...body,
        projectId: project,
        idNumber: idNumber(45),
        unitId: theirs._id,
      }),
      400,
      'personnel.unitNotFound',
    );
    expectStatus(
      await call('POST', `${P}/personnel`, cookies.demo, {
        ...body,
        projectId: project,
        idNumber: idNumber(45),
        phone: '123',
      }),
      400,
    );
    expectStatus(
      await call('POST', `${P}/personnel`, cookies.demo, {
        ...body,
        projectId: project,
        idNumber: idNumber(45),
        age: 30,
      }),
      400,
    );
    // The same ID number in another project is fine.
    const theirPerson = await ok<Person>(
      call('POST', `${P}/personnel`, cookies.sunqi, {
        projectId: otherProject,
        name: '同号',
        idNumber: taken,
        unitId: theirs._id,
      }),
    );
    expect(theirPerson.idNumber).toBe(maskIdNumber(taken));
  });

  it('lists with unit (and below), craft, status and keyword filters, paging and only_count', async () => {
    const inHome = await listPeople(`&unitId=${home._id}`);
    expect(inHome.map((p) => p.name).sort()).toEqual(['李默认', '王小二']);
    expect((await listPeople(`&unitId=${sub._id}`)).map((p) => p.name)).toEqual(['李默认']);
    expect((await listPeople(`&craftId=${mason._id}`)).map((p) => p.name)).toEqual(['王小二']);
    const tail = idNumber(42, '19900615').slice(-6);
    expect((await listPeople(`&keyword=${tail}`)).map((p) => p.name)).toEqual(['王小二']);
    expect((await listPeople(`&keyword=${encodeURIComponent('李默')}`)).map((p) => p.name)).toEqual([
      '李默认',
    ]);
    expect((await listPeople('&keyword=13900000002')).map((p) => p.name)).toEqual(['王小二']);
    const count = await ok<CountResult>(
      call('GET', `${P}/projects/${project}/personnel?only_count=true&unitId=${home._id}`, cookies.demo),
    );
    expect(count).toEqual({ count: 2 });
    const page = await ok<Person[]>(
      call(
        'GET',
        `${P}/projects/${project}/personnel?unitId=${home._id}&order=name&limit=1&skip=1`,
        cookies.demo,
      ),
    );
    expect(page).toHaveLength(1);
    const where = encodeURIComponent(JSON.stringify({ bloodType: 'AB' }));
    expect((await listPeople(`&where=${where}`)).map((p) => p.name)).toEqual(['王小二']);
    expectStatus(
      await call('GET', `${P}/projects/${project}/personnel?order=idNumber`, cookies.demo),
      400,
      'common.orderUnknownField',
    );
    expect((await listPeople('&status=abnormal')).length).toBe(0);
  });

  it('updates, marks abnormal with a remark, exits with a remark, re-enters', async () => {
    const worker = await person({
      name: '流程工',
      idNumber: idNumber(51),
      unitId: home._id,
      entryDate: '2026-05-01',
    });
    expect(
      await ok<Person>(
        call('PUT', `${P}/personnel/${worker._id}`, cookies.wangwu, {
          team: '新班组',
          idNumber: idNumber(52),
        }),
      ),
    ).toMatchObject({
      team: '新班组',
      idNumber: maskIdNumber(idNumber(52)),
      sex: 1,
    });
    expectStatus(
      await call('PUT', `${P}/personnel/${worker._id}`, cookies.demo, { idNumber: idNumber(42, '19900615') }),
      409,
      'personnel.idNumberTaken',
    );
    expectStatus(
      await call('PUT', `${P}/personnel/${worker._id}`, cookies.demo, { status: 'abnormal' }),
      400,
    );
    expect(
      await ok(
        call('PUT', `${P}/personnel/${worker._id}`, cookies.demo, { status: 'abnormal', remark: '连续缺勤' }),
      ),
    ).toMatchObject({
      status: 'abnormal',
      remark: '连续缺勤',
    });
    expect((await listPeople('&status=abnormal')).map((p) => p.name)).toEqual(['流程工']);

    expectStatus(await call('PUT', `${P}/personnel/${worker._id}/exit`, cookies.demo, { date: TODAY }), 400);
    const blank = await call('PUT', `${P}/personnel/${worker._id}/exit`, cookies.demo, {
      date: TODAY,
      remark: '  ',
    });
    expectStatus(blank, 400, 'common.validation');
    expect(json<{ details: Array<{ path: string; key: string }> }>(blank).details).toEqual([
      expect.objectContaining({ path: 'body.remark', key: 'personnel.remarkRequired' }),
    ]);
    expectStatus(
      await call('PUT', `${P}/personnel/${worker._id}/exit`, cookies.demo, {
        date: '2026-04-30',
        remark: '完工',
      }),
      400,
      'personnel.exitBeforeEntry',
    );
    expect(
      await ok(
        call('PUT', `${P}/personnel/${worker._id}/exit`, cookies.demo, {
          date: '2026-11-20',
          remark: '完工',
        }),
      ),
    ).toMatchObject({
      status: 'exit',
      exitDate: '2026-11-20',
      remark: '完工',
    });
    expectStatus(
      await call('PUT', `${P}/personnel/${worker._id}/exit`, cookies.demo, { date: TODAY, remark: '再退' }),
      409,
      'personnel.alreadyExited',
    );
    expectStatus(
      await call('PUT', `${P}/personnel/${worker._id}`, cookies.demo, { status: 'entry' }),
      409,
      'personnel.alreadyExited',
    );
    expect((await listPeople('&status=exit')).map((p) => p.name)).toContain('流程工');
    expect(
      await ok(call('PUT', `${P}/personnel/${worker._id}/reentry`, cookies.demo, { date: TODAY })),
    ).toMatchObject({
      status: 'entry',
      entryDate: TODAY,
      exitDate: null,
    });
    expectStatus(
      await call('PUT', `${P}/personnel/${worker._id}/reentry`, cookies.demo, { date: TODAY }),
      409,
      'personnel.notExited',
    );
  });

  it('takes an avatar and attachments from the project files only', async () => {
    const upload = await uploadAs(
      t,
      cookies.demo,
      [{ field: 'picture', filename: 'a.png', data: makePng() }],
      { projectId: project },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const url = json<{ pictures: string[] }>(upload).pictures[0]!;
    const fileId = url.split('/').pop()!;
    const worker = await person({
      name: '有头像',
      idNumber: idNumber(61),
      unitId: home._id,
      avatar: url,
      attachments: [fileId],
    });
    expect(worker).toMatchObject({ avatar: fileId, avatarUrl: url, attachments: [{ _id: fileId, url }] });
    const theirs = await uploadAs(
      t,
      cookies.sunqi,
      [{ field: 'picture', filename: 'b.png', data: makePng() }],
      { projectId: otherProject },
    );
    const foreign = json<{ pictures: string[] }>(theirs).pictures[0]!;
    expectStatus(
      await call('PUT', `${P}/personnel/${worker._id}`, cookies.demo, { attachments: [foreign] }),
      400,
      'personnel.fileNotFound',
    );
  });
});

describe('rights', () => {
  let someone: Person;
  beforeAll(async () => {
    const home = await unit({ name: '权限队' });
    someone = await person({ name: '权限工', idNumber: idNumber(71), unitId: home._id });
  });

  it('view-only members read but cannot write; members without view get 403; non-members and other tenants 404', async () => {
    expect((await ok<Person>(call('GET', `${P}/personnel/${someone._id}`, cookies.zhangsan))).name).toBe(
      '权限工',
    );
    expectStatus(
      await call('POST', `${P}/crafts`, cookies.zhangsan, { projectId: project, name: '读者' }),
      403,
      'common.forbidden',
    );
    expectStatus(await call('PUT', `${P}/personnel/${someone._id}`, cookies.zhangsan, { team: 'x' }), 403);
    expectStatus(await call('GET', `${P}/projects/${project}/personnel?export=true`, cookies.zhangsan), 403);
    expectStatus(await call('GET', `${P}/projects/${project}/personnel`, cookies.lisi), 403);
    expectStatus(await call('GET', `${P}/personnel/${someone._id}`, cookies.lisi), 403);
    expectStatus(await call('GET', `${P}/projects/${project}/units`, cookies.lisi), 403);
    expectStatus(await call('GET', `${P}/projects/${project}/personnel`, cookies.qianqi), 404);
    expectStatus(await call('GET', `${P}/personnel/${someone._id}`, cookies.sunqi), 404);
    expectStatus(
      await call('PUT', `${P}/personnel/${someone._id}/exit`, cookies.sunqi, { date: TODAY, remark: 'x' }),
      404,
    );
    expectStatus(await call('GET', `${P}/projects/${project}/rules`, null), 401);
    expect(
      (await ok<Person>(call('PUT', `${P}/personnel/${someone._id}`, cookies.wangwu, { team: '改' }))).team,
    ).toBe('改');
  });
});

describe('personal data (issue 17, PIPL)', () => {
  const full = idNumber(151, '19850315');
  let worker: Person;
  const names = async (keyword: string, cookie: string) =>
    (
      await ok<Person[]>(
        call('GET', `${P}/projects/${project}/personnel?limit=200&keyword=${keyword}`, cookie),
      )
    ).map((p) => p.name);
  const audited = (action: string) =>
    ok<AuditEntryView[]>(
      call('GET', `/api/v1/audit-service/entries?action=${action}&projectId=${project}`, cookies.admin),
    );

  beforeAll(async () => {
    const home = await unit({ name: '隐私队' });
    worker = await person({
      name: '隐私工',
      idNumber: full,
      unitId: home._id,
      phone: '13912345678',
      teamPhone: '13787654321',
    });
  });

  it('lists, details and search results carry ID numbers and phones masked, for everyone', async () => {
    expect(worker).toMatchObject({
      idNumber: `1101**********${full.slice(-4)}`,
      masked: true,
      phone: '139****5678',
      teamPhone: '137****4321',
    });
    for (const cookie of [cookies.zhangsan, cookies.zhouba, cookies.demo]) {
      const detail = await call('GET', `${P}/personnel/${worker._id}`, cookie);
      expect(detail.statusCode).toBe(200);
      const list = await call('GET', `${P}/projects/${project}/personnel?limit=200&keyword=${full}`, cookie);
      expect(json<Person[]>(list).map((p) => p.name)).toEqual(['隐私工']);
      for (const body of [detail.body, list.body]) {
        expect(body).not.toContain(full);
        expect(body).not.toContain('13912345678');
        expect(body).not.toContain('13787654321');
      }
    }
  });

  it('without viewSensitive the keyword finds the whole number or its last four, never the hidden middle', async () => {
    expect(await names(full.slice(-4), cookies.zhangsan)).toContain('隐私工');
    expect(await names('13912345678', cookies.zhangsan)).toEqual(['隐私工']);
    expect(await names('4321', cookies.zhangsan)).toEqual(['隐私工']);
    // The birth date, a longer tail, the middle of a phone: nothing.
    expect(await names(full.slice(6, 14), cookies.zhangsan)).toEqual([]);
    expect(await names(full.slice(-6), cookies.zhangsan)).toEqual([]);
    expect(await names('1234567', cookies.zhangsan)).toEqual([]);
    // Holders of the right (admins hold it) search in part.
    expect(await names(full.slice(6, 14), cookies.zhouba)).toEqual(['隐私工']);
    expect(await names('1234567', cookies.demo)).toEqual(['隐私工']);
  });

  it('shows one worker in full to a holder of viewSensitive, each view audited; others are refused', async () => {
    const path = `${P}/personnel/${worker._id}/sensitive`;
    expectStatus(await call('GET', path, cookies.zhangsan), 403, 'common.forbidden');
    expectStatus(await call('GET', path, cookies.wangwu), 403, 'common.forbidden');
    expectStatus(await call('GET', path, cookies.lisi), 403);
    expectStatus(await call('GET', path, cookies.qianqi), 404);
    expectStatus(await call('GET', path, cookies.sunqi), 404);
    expectStatus(await call('GET', path, null), 401);
    expectStatus(await call('GET', `${P}/personnel/${'0'.repeat(24)}/sensitive`, cookies.demo), 404);
    expectStatus(await call('GET', `${P}/personnel/nope/sensitive`, cookies.demo), 400);
    expectStatus(await call('GET', `${path}?all=1`, cookies.zhouba), 400);
    // Nothing refused was recorded as a view.
    expect((await audited('personnel.sensitiveViewed')).filter((e) => e.targetId === worker._id)).toEqual([]);

    const values = { _id: worker._id, idNumber: full, phone: '13912345678', teamPhone: '13787654321' };
    const shown = await call('GET', path, cookies.zhouba);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(json(shown)).toEqual(values);
    expect(await ok(call('GET', path, cookies.demo))).toEqual(values);
    const entries = (await audited('personnel.sensitiveViewed')).filter((e) => e.targetId === worker._id);
    expect(entries.map((e) => e.actorId)).toEqual([ids.demo, ids.zhouba]);
    expect(entries[1]).toMatchObject({
      projectId: project,
      enterpriseId: enterprise,
      targetType: 'worker',
      detail: { name: '隐私工' },
    });
    expect(JSON.stringify(entries)).not.toContain(full);

    // viewSensitive without view (a template can grant one alone) shows nothing.
    const grant = (personnel: Record<string, unknown>) =>
      ok(call('PUT', `${ACCOUNT}/templates/${sensitiveTemplate}`, cookies.demo, { grants: { personnel } }));
    await grant({ view: 'none', viewSensitive: true });
    try {
      expectStatus(await call('GET', path, cookies.zhouba), 403, 'common.forbidden');
    } finally {
      await grant({ view: 'all', viewSensitive: true });
    }
  });

  it('exports masked by default, in full only with viewSensitive; every export is audited', async () => {
    const query = `${P}/projects/${project}/personnel?export=true&keyword=${full}`;
    const masked = await call('GET', query, cookies.wangwu);
    expect(masked.statusCode, masked.body).toBe(200);
    const maskedRow = (await sheetOf(masked.rawPayload)).getRow(2).values as unknown[];
    expect(maskedRow).toContain(maskIdNumber(full));
    expect(maskedRow).toContain('139****5678');
    expect(maskedRow).not.toContain(full);
    expectStatus(await call('GET', `${query}&full=true`, cookies.wangwu), 403, 'common.forbidden');
    expectStatus(await call('GET', `${query}&full=true`, cookies.zhouba), 403, 'common.forbidden');
    expectStatus(await call('GET', `${query}&full=maybe`, cookies.demo), 400);
    const whole = await call('GET', `${query}&full=true`, cookies.demo);
    expect(whole.statusCode, whole.body).toBe(200);
    const wholeRow = (await sheetOf(whole.rawPayload)).getRow(2).values as unknown[];
    expect(wholeRow).toContain(full);
    expect(wholeRow).toContain('13912345678');
    expect(wholeRow).toContain('13787654321');

    const entries = await audited('personnel.exported');
    expect(entries.slice(0, 2).map((e) => [e.actorId, e.detail])).toEqual([
      [ids.demo, { rows: 1, full: true }],
      [ids.wangwu, { rows: 1, full: false }],
    ]);
    expect(entries[0]).toMatchObject({ projectId: project, enterpriseId: enterprise });
  });
});

describe('share card', () => {
  it('the token is made once; the public card needs no session and shows no ID number or phone', async () => {
    const home = await unit({ name: '分享队' });
    const shared = await person({
      name: '分享工',
      idNumber: idNumber(81),
      unitId: home._id,
      phone: '13900000081',
      teamPhone: '13800000081',
      certificates: ['特-001'],
      safetyEducation: [
        { date: '2026-03-01', content: '入场教育' },
        { date: '2026-04-01', content: '专项教育' },
      ],
    });
    // The card is published outside the project: a view-only member makes none (issue 14).
    expectStatus(await call('GET', `${P}/personnel/${shared._id}/share`, cookies.zhangsan), 403);
    const first = await ok<{ token: string; url: string }>(
      call('GET', `${P}/personnel/${shared._id}/share`, cookies.wangwu),
    );
    expect(first.url).toBe(`/share/personnel/${first.token}`);
    expect(await ok(call('GET', `${P}/personnel/${shared._id}/share`, cookies.demo))).toEqual(first);
    expectStatus(await call('GET', `${P}/personnel/${shared._id}/share`, cookies.sunqi), 404);

    const response = await call('GET', `${P}/share/personnel/${first.token}`, null);
    const card = await ok<PersonnelPublicCard>(response);
    expect(card).toEqual({
      name: '分享工',
      avatar: null,
      projectName: '人员测试项目',
      unitName: '分享队',
      craftName: null,
      status: 'entry',
      entryDate: TODAY,
      certificates: ['特-001'],
      safetyEducationCount: 2,
    });
    expect(response.body).not.toContain(idNumber(81));
    expect(response.body).not.toContain('13900000081');
    expect(response.body).not.toContain('13800000081');
    expectStatus(await call('GET', `${P}/share/personnel/${'x'.repeat(32)}`, null), 404);
    expectStatus(await call('GET', `${P}/share/personnel/${first.token}/avatar`, null), 404);
  });

  it('is revoked and rotated with the export right; parallel rotations: one wins, the other 409', async () => {
    const home = await unit({ name: '轮换队' });
    const shared = await person({ name: '轮换工', idNumber: idNumber(85), unitId: home._id });
    const shareUrl = `${P}/personnel/${shared._id}/share`;
    const page = (token: string) => call('GET', `${P}/share/personnel/${token}`, null);
    const first = await ok<{ token: string }>(call('GET', shareUrl, cookies.wangwu));
    expectStatus(await page(first.token), 200);

    for (const [cookie, status] of [
      [cookies.zhangsan, 403],
      [cookies.lisi, 403],
      [cookies.qianqi, 404],
      [cookies.sunqi, 404],
    ] as const) {
      expectStatus(await call('POST', shareUrl, cookie, {}), status);
      expectStatus(await call('DELETE', shareUrl, cookie), status);
    }
    expectStatus(await page(first.token), 200);

    const rotated = await ok<{ token: string; url: string }>(call('POST', shareUrl, cookies.wangwu, {}));
    expect(rotated.token).not.toBe(first.token);
    expect(rotated.url).toBe(`/share/personnel/${rotated.token}`);
    expectStatus(await page(first.token), 404);
    expectStatus(await page(rotated.token), 200);
    expect(await ok(call('GET', shareUrl, cookies.demo))).toEqual(rotated);

    const racing = await Promise.all([
      call('POST', shareUrl, cookies.wangwu, {}),
      call('POST', shareUrl, cookies.demo, {}),
    ]);
    // Each rotation replaces the token it read: run together, one wins and the other is told (409);
    // run one after the other, both win in turn. Either way only the last token answered is in force.
    const answered = racing.filter((r) => r.statusCode === 200).map((r) => json<{ token: string }>(r).token);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const loser of racing.filter((r) => r.statusCode !== 200)) {
      expectStatus(loser, 409, 'personnel.shareChanged');
    }
    const winner = await ok<{ token: string }>(call('GET', shareUrl, cookies.demo));
    expect(answered).toContain(winner.token);
    for (const token of [rotated.token, ...answered.filter((t) => t !== winner.token)]) {
      expectStatus(await page(token), 404);
    }

    expect(await ok(call('DELETE', shareUrl, cookies.wangwu))).toEqual({});
    expectStatus(await page(winner.token), 404);
    expectStatus(await call('GET', `${P}/share/personnel/${winner.token}/avatar`, null), 404);
    // Revoking again is a no-op; asking again makes a new token.
    expect(await ok(call('DELETE', shareUrl, cookies.demo))).toEqual({});
    const fresh = await ok<{ token: string }>(call('GET', shareUrl, cookies.demo));
    expect([first.token, rotated.token, winner.token]).not.toContain(fresh.token);
  });

  it("dies with the person's exit (alone or with their unit) and with the project", async () => {
    const page = (token: string) => call('GET', `${P}/share/personnel/${token}`, null);
    const home = await unit({ name: '退场队' });
    const leaver = await person({ name: '退场工', idNumber: idNumber(87), unitId: home._id });
    const { token } = await ok<{ token: string }>(
      call('GET', `${P}/personnel/${leaver._id}/share`, cookies.demo),
    );
    await ok(call('PUT', `${P}/personnel/${leaver._id}/exit`, cookies.demo, { date: TODAY, remark: '完工' }));
    expectStatus(await page(token), 404);
    expectStatus(
      await call('GET', `${P}/personnel/${leaver._id}/share`, cookies.demo),
      409,
      'personnel.shareExited',
    );
    expectStatus(await call('POST', `${P}/personnel/${leaver._id}/share`, cookies.demo, {}), 409);
    // Back on site: the old token stays dead.
    await ok(call('PUT', `${P}/personnel/${leaver._id}/reentry`, cookies.demo, { date: TODAY }));
    expectStatus(await page(token), 404);

    const gone = await unit({ name: '撤场队' });
    const member = await person({ name: '撤场工', idNumber: idNumber(89), unitId: gone._id });
    const unitToken = (
      await ok<{ token: string }>(call('GET', `${P}/personnel/${member._id}/share`, cookies.demo))
    ).token;
    await ok(call('PUT', `${P}/units/${gone._id}/delete`, cookies.demo, {}));
    expectStatus(await page(unitToken), 404);

    // A project deleted (no API deletes one yet: its mark set as a deletion would set it).
    const other = await newProject('待删人员项目');
    const otherUnit = await unit({ name: '他队' }, other);
    const worker = await person({
      name: '他工',
      idNumber: idNumber(91),
      unitId: otherUnit._id,
      projectId: other,
    });
    const live = (
      await ok<{ token: string }>(call('GET', `${P}/personnel/${worker._id}/share`, cookies.demo))
    ).token;
    expectStatus(await page(live), 200);
    await t.db.db
      .updateTable('projects')
      .set({ deleted_at: t.clock.now().toISOString() })
      .where('id', '=', other)
      .execute();
    expectStatus(await page(live), 404);
    expectStatus(await call('GET', `${P}/share/personnel/${live}/avatar`, null), 404);
  });

  it('the public avatar streams the image', async () => {
    const upload = await uploadAs(
      t,
      cookies.demo,
      [{ field: 'picture', filename: 'a.png', data: makePng() }],
      { projectId: project },
    );
    const url = json<{ pictures: string[] }>(upload).pictures[0]!;
    const home = await unit({ name: '头像队' });
    const shared = await person({ name: '头像工', idNumber: idNumber(83), unitId: home._id, avatar: url });
    const { token } = await ok<{ token: string }>(
      call('GET', `${P}/personnel/${shared._id}/share`, cookies.demo),
    );
    const card = await ok<PersonnelPublicCard>(call('GET', `${P}/share/personnel/${token}`, null));
    expect(card.avatar).toBe(`${P}/share/personnel/${token}/avatar`);
    const image = await t.app.inject({ method: 'GET', url: card.avatar! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('import and export', () => {
  let importProject: string;

  beforeAll(async () => {
    importProject = await newProject('导入项目');
    await unit({ name: '导入劳务' }, importProject);
    await craft('木工', importProject);
  });

  async function filledTemplate(rows: string[][], language = 'zh-CN'): Promise<Buffer> {
    const template = await call(
      'GET',
      `${P}/projects/${importProject}/personnel/import-template`,
      cookies.demo,
      undefined,
      language,
    );
    expect(template.statusCode, template.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    sheet.spliceRows(2, 1);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
  // name, idNumber, unitName, craftName, bloodType, team, teamContact, teamPhone, phone, certificates, entryDate, ruleName, remark
  const row = (name: string, id: string, extra: Partial<Record<number, string>> = {}) => {
    const values = [
      name,
      id,
      '导入劳务',
      '木工',
      'O型',
      '木工班',
      '钱班长',
      '13800000000',
      '',
      'C1，C2',
      '2026-06-01',
      '',
      '',
    ];
    for (const [index, value] of Object.entries(extra)) values[Number(index)] = value as string;
    return values;
  };

  it('the template opens with exceljs: headers in the request language and an example row', async () => {
    const zh = await call('GET', `${P}/projects/${importProject}/personnel/import-template`, cookies.demo);
    expect(zh.headers['content-type']).toContain('spreadsheetml');
    expect(zh.headers['content-disposition']).toContain('personnel-template.xlsx');
    const zhSheet = await sheetOf(zh.rawPayload);
    expect(zhSheet.getRow(1).getCell(1).value).toBe('姓名*');
    expect(zhSheet.getRow(1).getCell(2).value).toBe('身份证号*');
    expect(zhSheet.getRow(2).getCell(1).value).toBe('张三');
    const en = await call(
      'GET',
      `${P}/projects/${importProject}/personnel/import-template`,
      cookies.demo,
      undefined,
      'en-US',
    );
    const enSheet = await sheetOf(en.rawPayload);
    expect(enSheet.getRow(1).getCell(1).value).toBe('Name*');
    expectStatus(
      await call('GET', `${P}/projects/${importProject}/personnel/import-template`, cookies.zhangsan),
      404,
    );
  });

  it('the preview reports per-row errors and saves nothing; a commit with bad rows saves nothing', async () => {
    const bytes = await filledTemplate([
      row('好人', idNumber(101)),
      row('', idNumber(102)),
      row('坏号', '110101199001011030'),
      row('无单位', idNumber(103), { 2: '不存在的单位' }),
      row('重复甲', idNumber(104)),
      row('重复乙', idNumber(104)),
      row('坏血型', idNumber(105), { 4: 'Z' }),
    ]);
    const preview = await ok<PersonnelImportPreview>(xlsxUpload(importProject, bytes, true));
    expect(preview.valid).toBe(1);
    expect(preview.invalid).toBe(6);
    const errors = Object.fromEntries(
      preview.rows.map((r) => [r.row, r.errors.map((e) => `${e.field}:${e.key}`)]),
    );
    expect(errors).toEqual({
      2: [],
      3: ['name:personnel.importRequired'],
      4: ['idNumber:personnel.idNumberInvalid'],
      5: ['unitName:personnel.unitNotFound'],
      6: ['idNumber:personnel.importDuplicateInFile'],
      7: ['idNumber:personnel.importDuplicateInFile'],
      8: ['bloodType:validation.invalidValue'],
    });
    expect(preview.rows[0]!.values).toMatchObject({
      name: '好人',
      idNumber: idNumber(101),
      certificates: 'C1，C2',
    });
    expect(preview.rows[1]!.errors[0]!.message).toBe('必填');
    expect(
      await ok(call('GET', `${P}/projects/${importProject}/personnel?only_count=true`, cookies.demo)),
    ).toEqual({ count: 0 });

    const refused = await xlsxUpload(importProject, bytes, false);
    expectStatus(refused, 400, 'personnel.importInvalid');
    expect(
      await ok(call('GET', `${P}/projects/${importProject}/personnel?only_count=true`, cookies.demo)),
    ).toEqual({ count: 0 });
  });

  it('a clean commit saves every row; a second one finds the ID numbers taken', async () => {
    const bytes = await filledTemplate(
      [row('导入一', idNumber(111)), row('导入二', idNumber(112), { 3: '', 4: '' })],
      'en-US',
    );
    const committed = await ok<{ created: number; ids: string[] }>(xlsxUpload(importProject, bytes, false));
    expect(committed.created).toBe(2);
    const people = await listPeople('&order=name', importProject);
    expect(
      people.map((p) => [p.name, p.unit?.name, p.craft?.name ?? null, p.bloodType, p.certificates]),
    ).toEqual([
      ['导入一', '导入劳务', '木工', 'O', ['C1', 'C2']],
      ['导入二', '导入劳务', null, 'unknown', ['C1', 'C2']],
    ]);
    const again = await ok<PersonnelImportPreview>(xlsxUpload(importProject, bytes, true));
    expect(again.rows.map((r) => r.errors.map((e) => e.key))).toEqual([
      ['personnel.idNumberTaken'],
      ['personnel.idNumberTaken'],
    ]);
  });

  it('refuses what is not an xlsx, a foreign header and callers without the create right', async () => {
    expectStatus(await xlsxUpload(importProject, makePng(), true), 415, 'personnel.importNotXlsx');
    expectStatus(
      await xlsxUpload(importProject, Buffer.from('name,idNumber\n'), true),
      415,
      'personnel.importNotXlsx',
    );
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['foo', 'bar']);
    const foreign = Buffer.from(await workbook.xlsx.writeBuffer());
    expectStatus(await xlsxUpload(importProject, foreign, true), 400, 'personnel.importHeaderMismatch');
    expectStatus(await xlsxUpload(project, foreign, true, cookies.zhangsan), 403);
    const notMultipart = await call(
      'POST',
      `${P}/projects/${importProject}/personnel/import`,
      cookies.demo,
      {},
    );
    expect(notMultipart.statusCode).toBe(415);
  });

  it('exports the filtered list as xlsx with readable cells', async () => {
    const response = await call(
      'GET',
      `${P}/projects/${importProject}/personnel?export=true&order=name`,
      cookies.demo,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(`personnel-${TODAY}.xlsx`);
    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe('姓名');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('导入一');
    expect(sheet.getRow(2).getCell(2).value).toBe('男');
    // Masked unless full=true (the personal-data tests below).
    expect(sheet.getRow(2).getCell(3).value).toBe(maskIdNumber(idNumber(111)));
    expect(sheet.getRow(2).getCell(6).value).toBe('导入劳务');
    expect(sheet.getRow(2).getCell(15).value).toBe('在场');
    const en = await call(
      'GET',
      `${P}/projects/${importProject}/personnel?export=true&status=exit`,
      cookies.demo,
      undefined,
      'en-US',
    );
    const enSheet = await sheetOf(en.rawPayload);
    expect(enSheet.getRow(1).getCell(1).value).toBe('Name');
    expect(enSheet.rowCount).toBe(1);
  });
});

describe('demo data', () => {
  it('the demo project has units, crafts, rules, day-offs and 30 workers with valid ID numbers', async () => {
    const demoProject = (await projectsOf(t, cookies.demo)).find((p) => p._id !== project)!._id;
    const people = await listPeople('', demoProject);
    expect(people).toHaveLength(30);
    for (const worker of people) {
      const { idNumber } = await ok<{ idNumber: string }>(
        call('GET', `${P}/personnel/${worker._id}/sensitive`, cookies.demo),
      );
      expect(checkMainlandIdNumber(idNumber, TODAY), idNumber).toMatchObject({
        valid: true,
        sex: worker.sex,
        birthDate: worker.birthDate,
      });
    }
    expect(people.filter((p) => p.status === 'exit')).toHaveLength(2);
    const units = await ok<Unit[]>(call('GET', `${P}/projects/${demoProject}/units`, cookies.demo));
    expect(units.filter((u) => u.parentId === null).map((u) => u.name)).toEqual([
      '示范劳务有限公司',
      '华东机电安装公司',
    ]);
    const rules = await ok<Rule[]>(call('GET', `${P}/projects/${demoProject}/rules`, cookies.demo));
    expect(rules.map((r) => r.name)).toEqual(['标准考勤', '夜班']);
    expect(rules[0]!.staffCount).toBe(28);
  });
});
