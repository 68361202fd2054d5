import type { Person, Unit } from '@lintel/contracts/personnel';
import { idNumberCheckCharacter } from '@lintel/contracts/personnel';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../test/helper';
import { makePng } from '../../../test/images';
import { addMemberWithConsent } from '../../../test/membership';
import { json, keyOf, projectsOf, requester, signInPeople } from '../../../test/project-api';
import { PDF } from '../files/test-files';
import { attachmentsRebuiltByMigration, FILES, idOf, uploadAs } from '../files/test-support';

/**
 * The `units` tree scope of permission templates (issue 4): a template naming units narrows the personnel a
 * member sees to those units and their sub-units — in the list, its count, the export and one person.
 * demo: project admin; wangwu: a member whose template sees all personnel but only the unit 甲 (with 甲一).
 */

const P = '/api/v1/personnel-service';

let t: TestApp;
let cookies: Record<'demo' | 'wangwu' | 'zhangsan' | 'admin', string>;
let ids: Record<string, string>;
let project: string;
let otherProject: string;
const call = requester(() => t);

async function ok<T>(response: Promise<LightMyRequestResponse> | LightMyRequestResponse): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return json<T>(answer);
}
function idNumber(seq: number): string {
  const first17 = `11010119900101${String(seq).padStart(3, '0')}`;
  return first17 + idNumberCheckCharacter(first17);
}
const unit = (name: string, parentId?: string, projectId = project) =>
  ok<Unit>(call('POST', `${P}/units`, cookies.demo, { projectId, name, ...(parentId ? { parentId } : {}) }));
const person = (name: string, seq: number, unitId: string) =>
  ok<Person>(
    call('POST', `${P}/personnel`, cookies.demo, {
      projectId: project,
      name,
      idNumber: idNumber(seq),
      unitId,
    }),
  );
const template = (body: Record<string, unknown>) =>
  call('POST', `${ACCOUNT}/projects/${project}/templates`, cookies.demo, body);

let units: Record<'a' | 'a1' | 'b' | 'foreign', Unit>;
let people: Record<'a' | 'a1' | 'b', Person>;
let templateId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookies, ids } = await signInPeople(t, ['wangwu'] as const));
  const enterpriseId = (await projectsOf(t, cookies.demo))[0]!.enterpriseId;
  const newProject = async (name: string) =>
    (await ok<{ _id: string }>(call('POST', `${ACCOUNT}/projects`, cookies.demo, { name, enterpriseId })))
      ._id;
  project = await newProject('范围测试项目');
  otherProject = await newProject('范围测试另一项目');
  const a = await unit('甲劳务');
  units = {
    a,
    a1: await unit('甲一班', a._id),
    b: await unit('乙劳务'),
    foreign: await unit('外项目班', undefined, otherProject),
  };
  people = {
    a: await person('甲工', 1, units.a._id),
    a1: await person('甲一工', 2, units.a1._id),
    b: await person('乙工', 3, units.b._id),
  };
  const made = await template({
    name: '只看甲',
    grants: { personnel: { view: 'all', export: true } },
    treeScopes: { personnel: { units: [units.a._id] } },
  });
  expect(made.statusCode, made.body).toBe(200);
  templateId = json<{ _id: string }>(made)._id;
  await ok(
    addMemberWithConsent(t.app, {
      scope: `projects/${project}`,
      adminCookie: cookies.demo,
      userCookie: cookies.wangwu,
      body: { userId: ids.wangwu, templateId },
    }),
  );
});
afterAll(() => t.close());

describe('the units tree scope of a template', () => {
  it('narrows the list, its count and one person to the units and their sub-units', async () => {
    const list = await ok<Person[]>(
      call('GET', `${P}/projects/${project}/personnel?limit=50`, cookies.wangwu),
    );
    expect(list.map((p) => p.name).sort()).toEqual(['甲一工', '甲工']);
    expect(
      await ok(call('GET', `${P}/projects/${project}/personnel?only_count=true`, cookies.wangwu)),
    ).toEqual({
      count: 2,
    });
    // Asking for a unit outside the scope finds nobody, not the unit's staff.
    expect(
      await ok(call('GET', `${P}/projects/${project}/personnel?unitId=${units.b._id}`, cookies.wangwu)),
    ).toEqual([]);
    const inside = await ok<Person>(call('GET', `${P}/personnel/${people.a1._id}`, cookies.wangwu));
    expect(inside.name).toBe('甲一工');
    const outside = await call('GET', `${P}/personnel/${people.b._id}`, cookies.wangwu);
    expect(outside.statusCode).toBe(404);
    // The administrator is never narrowed.
    const all = await ok<Person[]>(call('GET', `${P}/projects/${project}/personnel?limit=50`, cookies.demo));
    expect(all).toHaveLength(3);
  });

  it("a worker's ID-card scan and photo are read through the worker: 404 to a member who may not see them (issue 14)", async () => {
    const upload = async (field: 'file' | 'picture', filename: string, data: Buffer) => {
      const response = await uploadAs(t, cookies.demo, [{ field, filename, data }], { projectId: project });
      expect(response.statusCode, response.body).toBe(200);
      return idOf(response.json()[field === 'file' ? 'files' : 'pictures'][0]);
    };
    const [scanB, avatarB, scanA] = [
      await upload('file', '身份证.pdf', PDF),
      await upload('picture', '乙工.png', makePng()),
      await upload('file', '甲工身份证.pdf', PDF),
    ];
    await ok(
      call('PUT', `${P}/personnel/${people.b._id}`, cookies.demo, {
        attachments: [scanB],
        avatar: `${FILES}/${avatarB}`,
      }),
    );
    await ok(call('PUT', `${P}/personnel/${people.a._id}`, cookies.demo, { attachments: [scanA] }));

    // wangwu sees personnel of 甲 only: 乙工's scan and photo do not exist for him, whatever he asks.
    for (const id of [scanB, avatarB]) {
      for (const query of ['', '?download=true', '?meta=true', '?preview=true', '?thumbnail=true']) {
        const response = await call('GET', `${FILES}/${id}${query}`, cookies.wangwu);
        expect(response.statusCode, `${id}${query}`).toBe(404);
        expect(keyOf(response)).toBe('common.notFound');
      }
    }
    // 甲工's scan he reads, as the project admin reads both.
    expect((await call('GET', `${FILES}/${scanA}`, cookies.wangwu)).statusCode).toBe(200);
    expect((await call('GET', `${FILES}/${scanB}`, cookies.demo)).statusCode).toBe(200);
    // A signed-in user of no project: 404 too.
    expect((await call('GET', `${FILES}/${scanB}`, cookies.zhangsan)).statusCode).toBe(404);

    // Moved into 甲, the worker and his files become visible to wangwu; the old scan, dropped, is not.
    const scanB2 = await upload('file', '新身份证.pdf', PDF);
    await ok(
      call('PUT', `${P}/personnel/${people.b._id}`, cookies.demo, {
        unitId: units.a._id,
        attachments: [scanB2],
      }),
    );
    expect((await call('GET', `${FILES}/${scanB2}`, cookies.wangwu)).statusCode).toBe(200);
    expect((await call('GET', `${FILES}/${scanB}`, cookies.wangwu)).statusCode).toBe(404);
    await ok(call('PUT', `${P}/personnel/${people.b._id}`, cookies.demo, { unitId: units.b._id }));
  });

  it('narrows the export too', async () => {
    const answer = await call('GET', `${P}/projects/${project}/personnel?export=true`, cookies.wangwu);
    expect(answer.statusCode, answer.body).toBe(200);
    const text = answer.rawPayload;
    // An xlsx is a zip; the names sit in its shared strings, so compare the unzipped sheet through exceljs.
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(text as unknown as ArrayBuffer);
    const names: string[] = [];
    workbook.worksheets[0]!.eachRow((row, index) => {
      if (index > 1) names.push(String(row.getCell(1).value));
    });
    expect(names.sort()).toEqual(['甲一工', '甲工']);
  });

  it('takes only nodes of the project, and no nodes of a tree that has none yet', async () => {
    const foreign = await template({
      name: '外项目单位',
      grants: { personnel: { view: 'all' } },
      treeScopes: { personnel: { units: [units.foreign._id] } },
    });
    expect(foreign.statusCode).toBe(400);
    expect(keyOf(foreign)).toBe('permissions.unknownTreeNode');
    const folders = await template({
      name: '文件夹',
      grants: { documents: { view: 'all' } },
      treeScopes: { documents: { folders: [units.a._id] } },
    });
    expect(folders.statusCode).toBe(400);
    expect(keyOf(folders)).toBe('permissions.treeUnavailable');
    const update = await call('PUT', `${ACCOUNT}/templates/${templateId}`, cookies.demo, {
      treeScopes: { personnel: { units: [units.foreign._id] } },
    });
    expect(update.statusCode).toBe(400);
    // Nothing changed: the template still narrows to 甲.
    const list = await ok<Person[]>(
      call('GET', `${P}/projects/${project}/personnel?limit=50`, cookies.wangwu),
    );
    expect(list).toHaveLength(2);
  });

  it('a template naming no node leaves the module whole', async () => {
    await ok(
      call('PUT', `${ACCOUNT}/templates/${templateId}`, cookies.demo, {
        treeScopes: { personnel: { units: [] } },
      }),
    );
    const list = await ok<Person[]>(
      call('GET', `${P}/projects/${project}/personnel?limit=50`, cookies.wangwu),
    );
    expect(list).toHaveLength(3);
  });
});

describe('migration 2026112640 (issue 14)', () => {
  it('copies the existing references of workers (attachments and avatar) into file_attachments', async () => {
    const { before, after } = await attachmentsRebuiltByMigration(t, 'personnel');
    expect(before.length).toBeGreaterThan(0);
    // As on a database that had these records before the migration: the table rebuilt from the records.
    expect(after).toEqual(before);
  });
});
