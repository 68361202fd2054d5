import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';
import { makePng } from '../../../test/images';
import { addMemberWithConsent, makeReadOnly } from '../../../test/membership';
import { createUserService } from '../account/user.service';
import { PDF, TEXT } from './test-files';
import {
  answerBeforeBody,
  deleteAs,
  FILES,
  getAs,
  idOf,
  snapshot,
  storedFiles,
  uploadAs,
} from './test-support';

/**
 * Files of a project: who reads and deletes them, the project's storage and the enterprise's space
 * (spec 001 §8), thumbnails.
 */
const ACCOUNT = '/api/v1/account-service';

let t: TestApp;
let demo: string; // admin of the demo enterprise, circle and project
let zhangsan: string; // member of the demo project whose template lets him create topics (the upload right)
let zhaoliu: string; // member of the demo project with the template 只读 (view only: no upload right)
let sunba: string; // member of the demo project whose template grants the documents module's download right
let lisi: string; // another tenant: his own enterprise and project
let wangwu: string; // signed in, member of nothing
let admin: string; // system administrator
let project: string;
let enterprise: string;
let lisiProject: string;

beforeAll(async () => {
  t = await buildTestApp({
    env: { UPLOAD_IMAGE_MAX_BYTES: String(1024 * 1024), UPLOAD_FILE_MAX_BYTES: String(512 * 1024) },
  });
  const users = createUserService({ db: t.db.db, clock: t.clock });
  const ids: Record<string, string> = {};
  for (const name of ['lisi', 'wangwu', 'zhaoliu', 'sunba']) {
    ids[name] = (
      await users.createUser({ name, nickName: name, password: 'Passw0rd', phoneNumber: null })
    ).id;
  }
  // One after another: sign-ins from one address at once look like guessing to the throttle.
  demo = await signIn(t.app);
  zhangsan = await signIn(t.app, 'zhangsan');
  lisi = await signIn(t.app, 'lisi', 'Passw0rd');
  wangwu = await signIn(t.app, 'wangwu', 'Passw0rd');
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  zhaoliu = await signIn(t.app, 'zhaoliu', 'Passw0rd');
  sunba = await signIn(t.app, 'sunba', 'Passw0rd');
  const projects = (await getAs(t, demo, `${ACCOUNT}/projects`)).json() as Array<{
    _id: string;
    enterpriseId: string;
  }>;
  project = projects[0]!._id;
  enterprise = projects[0]!.enterpriseId;
  const as = (cookie: string, method: 'POST' | 'PUT', path: string, payload: Record<string, unknown>) =>
    t.app.inject({ method, url: `${ACCOUNT}/${path}`, headers: { cookie }, payload });
  const template = async (name: string, grants: Record<string, unknown>) =>
    ((await as(demo, 'POST', `projects/${project}/templates`, { name, grants })).json() as { _id: string })
      ._id;
  const writer = await template('问题发起', { problemTopics: { view: 'all', create: true } });
  const reader = await template('文档下载', { documents: { view: 'all', download: true } });
  const zhangsanId = (
    await t.db.db.selectFrom('users').select('id').where('name', '=', 'zhangsan').executeTakeFirstOrThrow()
  ).id;
  const where = encodeURIComponent(JSON.stringify({ userId: zhangsanId }));
  const [member] = (
    await getAs(t, demo, `${ACCOUNT}/projects/${project}/members?where=${where}`)
  ).json() as Array<{
    _id: string;
  }>;
  expect((await as(demo, 'PUT', `members/${member!._id}`, { templateId: writer })).statusCode).toBe(200);
  for (const [cookie, name, templateId] of [
    [zhaoliu, 'zhaoliu', null],
    [sunba, 'sunba', reader],
  ] as const) {
    // Someone outside the enterprise is invited and joins by accepting (issue 14).
    const joined = await addMemberWithConsent(t.app, {
      scope: `projects/${project}`,
      adminCookie: demo,
      userCookie: cookie,
      body: { userId: ids[name], ...(templateId ? { templateId } : {}) },
    });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  // zhaoliu: view only (the default template, 项目成员, creates topics and so may upload).
  await makeReadOnly(t.app, { projectId: project, adminCookie: demo, userIds: [ids.zhaoliu] });
  const post = (path: string, payload: Record<string, unknown>) => as(lisi, 'POST', path, payload);
  const e = (await post('enterprises', { name: '李四建设' })).json() as { _id: string };
  lisiProject = (
    (await post('projects', { name: '李四项目', enterpriseId: e._id })).json() as { _id: string }
  )._id;
});
afterAll(() => t.close());

async function projectUsed(): Promise<number> {
  const response = await getAs(t, demo, `${ACCOUNT}/projects/${project}`);
  return (response.json() as { storage: { used: number } }).storage.used;
}

async function enterpriseUsed(): Promise<number> {
  const row = await t.db.db
    .selectFrom('enterprises')
    .select('space_used')
    .where('id', '=', enterprise)
    .executeTakeFirstOrThrow();
  return Number(row.space_used);
}

async function setProjectStorage(allocated: number, unlimited: 0 | 1) {
  await t.db.db
    .updateTable('projects')
    .set({ storage_allocated: allocated, storage_unlimited: unlimited })
    .where('id', '=', project)
    .execute();
}

async function setSpaceCapacity(capacity: number | null) {
  await t.db.db
    .updateTable('enterprises')
    .set({ space_capacity: capacity })
    .where('id', '=', enterprise)
    .execute();
}

function pdfOf(size: number): Buffer {
  return Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);
}

describe('files of a project', () => {
  it('counts an upload against the project and its enterprise, and gives it back on delete', async () => {
    const [projectBefore, enterpriseBefore] = [await projectUsed(), await enterpriseUsed()];
    const data = pdfOf(10_000);
    const response = await uploadAs(t, zhangsan, [{ field: 'file', filename: '图纸会审.pdf', data }], {
      projectId: project,
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json().files[0];
    const row = await t.db.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', idOf(url))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ project_id: project, size: 10_000 });
    expect(await projectUsed()).toBe(projectBefore + 10_000);
    expect(await enterpriseUsed()).toBe(enterpriseBefore + 10_000);

    const deleted = await deleteAs(t, zhangsan, url);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({});
    expect(await projectUsed()).toBe(projectBefore);
    expect(await enterpriseUsed()).toBe(enterpriseBefore);
    expect((await getAs(t, zhangsan, url)).statusCode).toBe(404);
    expect((await storedFiles(t)).some((path) => path.endsWith(`/${idOf(url)}`))).toBe(false);
    // Deleting again: gone.
    expect((await deleteAs(t, zhangsan, url)).statusCode).toBe(404);
    expect(await projectUsed()).toBe(projectBefore);
  });

  it('a loose project file: its uploader, admins, holders of the documents download right and system administrators read; plain members and anyone else get 404', async () => {
    const url = (
      await uploadAs(t, zhangsan, [{ field: 'file', filename: '进度.txt', data: TEXT }], {
        projectId: project,
      })
    ).json().files[0];
    for (const [who, cookie] of [
      ['uploader', zhangsan],
      ['project admin', demo],
      ['documents download right', sunba],
      ['system administrator', admin],
    ] as const) {
      const response = await getAs(t, cookie, url);
      expect(response.statusCode, who).toBe(200);
      expect(response.rawPayload.equals(TEXT), who).toBe(true);
    }
    for (const [who, cookie] of [
      ['a view-only member (issue 14: membership alone is no longer enough)', zhaoliu],
      ['another tenant', lisi],
      ['a member of nothing', wangwu],
    ] as const) {
      const response = await getAs(t, cookie, url);
      expect(response.statusCode, who).toBe(404);
      expect(response.json().key, who).toBe('common.notFound');
      // Not even a range, a thumbnail, the meta or the preview.
      expect((await getAs(t, cookie, url, { range: 'bytes=0-1' })).statusCode, who).toBe(404);
      expect((await getAs(t, cookie, `${url}?thumbnail=true`)).statusCode, who).toBe(404);
      expect((await getAs(t, cookie, `${url}?meta=true`)).statusCode, who).toBe(404);
      expect((await getAs(t, cookie, `${url}?preview=true`)).statusCode, who).toBe(404);
    }
  });

  it('uploading needs the upload right: a view-only member gets 403 files.uploadNotAllowed and nothing is kept', async () => {
    const before = await snapshot(t);
    const refused = await uploadAs(t, zhaoliu, [{ field: 'file', filename: 'a.pdf', data: PDF }], {
      projectId: project,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('files.uploadNotAllowed');
    // Parallel attempts are all refused too.
    const racing = await Promise.all(
      Array.from({ length: 5 }, () =>
        uploadAs(t, zhaoliu, [{ field: 'picture', filename: 'a.png', data: makePng() }], {
          projectId: project,
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(await snapshot(t)).toEqual(before);
    // Without a project, their own pictures (an avatar) still upload.
    const avatar = await uploadAs(t, zhaoliu, [{ field: 'picture', filename: 'me.png', data: makePng() }]);
    expect(avatar.statusCode).toBe(200);
  });

  it('lets the uploader or a project admin delete; a reader gets 403, anyone else 404', async () => {
    const url = (
      await uploadAs(t, demo, [{ field: 'file', filename: 'a.pdf', data: PDF }], { projectId: project })
    ).json().files[0];
    // A reader who may not delete: 403; a member who may not even read it: 404.
    const reader = await deleteAs(t, sunba, url);
    expect(reader.statusCode).toBe(403);
    expect(reader.json().key).toBe('common.forbidden');
    expect((await deleteAs(t, zhangsan, url)).statusCode).toBe(404);
    expect((await deleteAs(t, lisi, url)).statusCode).toBe(404);
    expect((await deleteAs(t, wangwu, url)).statusCode).toBe(404);
    expect((await deleteAs(t, admin, url)).statusCode).toBe(403);
    expect((await getAs(t, sunba, url)).statusCode).toBe(200);

    const own = (
      await uploadAs(t, zhangsan, [{ field: 'file', filename: 'b.pdf', data: PDF }], { projectId: project })
    ).json().files[0];
    expect((await deleteAs(t, demo, own)).statusCode).toBe(200);
    expect((await getAs(t, zhangsan, own)).statusCode).toBe(404);
  });

  it('refuses uploads to a project the caller is not in: another tenant’s 404, a system administrator 403', async () => {
    const before = await snapshot(t);
    const foreign = await uploadAs(t, demo, [{ field: 'file', filename: 'a.pdf', data: PDF }], {
      projectId: lisiProject,
    });
    expect(foreign.statusCode).toBe(404);
    const outsider = await uploadAs(t, wangwu, [{ field: 'file', filename: 'a.pdf', data: PDF }], {
      projectId: project,
    });
    expect(outsider.statusCode).toBe(404);
    const unknown = await uploadAs(t, demo, [{ field: 'file', filename: 'a.pdf', data: PDF }], {
      projectId: '0123456789abcdef01234567',
    });
    expect(unknown.statusCode).toBe(404);
    const sysadmin = await uploadAs(t, admin, [{ field: 'file', filename: 'a.pdf', data: PDF }], {
      projectId: project,
    });
    expect(sysadmin.statusCode).toBe(403);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('storage capacity (spec 001 §8)', () => {
  it('refuses an upload past the project’s allocation with files.storageCapacityReached, keeping nothing', async () => {
    const used = await projectUsed();
    await setProjectStorage(used + 5000, 0);
    try {
      const before = await snapshot(t);
      const enterpriseBefore = await enterpriseUsed();
      const response = await uploadAs(
        t,
        zhangsan,
        [{ field: 'file', filename: 'big.pdf', data: pdfOf(6000) }],
        {
          projectId: project,
        },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        key: 'files.storageCapacityReached',
        message: '存储容量已满，请联系管理员',
      });
      expect(await snapshot(t)).toEqual(before);
      expect(await projectUsed()).toBe(used);
      expect(await enterpriseUsed()).toBe(enterpriseBefore);

      // What still fits is taken; then the project is full to the byte.
      const fits = await uploadAs(t, zhangsan, [{ field: 'file', filename: 'ok.pdf', data: pdfOf(5000) }], {
        projectId: project,
      });
      expect(fits.statusCode).toBe(200);
      expect(await projectUsed()).toBe(used + 5000);
      const full = await uploadAs(t, zhangsan, [{ field: 'file', filename: 'one.txt', data: 'x' }], {
        projectId: project,
      });
      expect(full.json().key).toBe('files.storageCapacityReached');
      // Deleting frees the space again.
      expect((await deleteAs(t, zhangsan, fits.json().files[0])).statusCode).toBe(200);
      expect(await projectUsed()).toBe(used);
    } finally {
      await setProjectStorage(20 * 1024 ** 3, 0);
    }
  });

  it('refuses before reading the body when Content-Length already says it will not fit', async () => {
    await setProjectStorage((await projectUsed()) + 1000, 0);
    try {
      const { head, body } = await answerBeforeBody(t, {
        cookie: zhangsan,
        path: `${FILES}?projectId=${project}`,
        contentLength: 400 * 1024,
        parts: [{ field: 'file', filename: 'big.pdf', data: PDF }],
      });
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(body).toMatchObject({ key: 'files.storageCapacityReached' });
    } finally {
      await setProjectStorage(20 * 1024 ** 3, 0);
    }
  });

  it('refuses past the enterprise’s space capacity with files.spaceCapacityFull, in both languages', async () => {
    await setProjectStorage(0, 1);
    await setSpaceCapacity((await enterpriseUsed()) + 3000);
    try {
      const before = await snapshot(t);
      const refused = await uploadAs(t, zhangsan, [{ field: 'file', filename: 'a.pdf', data: pdfOf(4000) }], {
        projectId: project,
        headers: { 'accept-language': 'en-US' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 400,
        key: 'files.spaceCapacityFull',
        message: 'Space capacity full: contact the admin',
      });
      expect(await snapshot(t)).toEqual(before);
      const chinese = await uploadAs(t, zhangsan, [{ field: 'file', filename: 'a.pdf', data: pdfOf(4000) }], {
        projectId: project,
      });
      expect(chinese.json().message).toBe('空间容量已满，请联系管理员');
      // Files of no project count against nothing.
      expect(
        (await uploadAs(t, zhangsan, [{ field: 'file', filename: 'a.pdf', data: pdfOf(4000) }])).statusCode,
      ).toBe(200);
    } finally {
      await setSpaceCapacity(100 * 1024 ** 3);
      await setProjectStorage(20 * 1024 ** 3, 0);
    }
  });

  it('lets only one of two simultaneous uploads take the last space', async () => {
    const used = await projectUsed();
    await setProjectStorage(used + 15_000, 0);
    try {
      const send = (name: string) =>
        uploadAs(t, zhangsan, [{ field: 'file', filename: name, data: pdfOf(10_000) }], {
          projectId: project,
        });
      const answers = await Promise.all([send('a.pdf'), send('b.pdf')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      expect(await projectUsed()).toBe(used + 10_000);
      const winner = answers.find((a) => a.statusCode === 200)!;
      await deleteAs(t, zhangsan, winner.json().files[0]);
      expect(await projectUsed()).toBe(used);
    } finally {
      await setProjectStorage(20 * 1024 ** 3, 0);
    }
  });
});

describe('thumbnails', () => {
  it('makes a WebP thumbnail once, stores it, serves it again, and deletes it with the file', async () => {
    const png = makePng(400, 300);
    const url = (
      await uploadAs(t, zhangsan, [{ field: 'picture', filename: '现场照片.png', data: png }], {
        projectId: project,
      })
    ).json().pictures[0];
    const id = idOf(url);
    const first = await getAs(t, demo, `${url}?thumbnail=true`);
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent('现场照片.webp')}`,
      etag: `"${id}-thumb"`,
    });
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(first.rawPayload.length).toBeLessThan(png.length);
    expect((await storedFiles(t)).some((path) => path.endsWith(`/${id}-thumb`))).toBe(true);

    const again = await getAs(t, zhangsan, `${url}?thumbnail=true`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(
      (await getAs(t, zhangsan, `${url}?thumbnail=true`, { 'if-none-match': `"${id}-thumb"` })).statusCode,
    ).toBe(304);
    // The original is untouched.
    expect((await getAs(t, zhangsan, url)).rawPayload.equals(png)).toBe(true);

    expect((await deleteAs(t, zhangsan, url)).statusCode).toBe(200);
    expect((await storedFiles(t)).some((path) => path.includes(`/${id}`))).toBe(false);
  });

  it('never enlarges a small picture, and answers files.noThumbnail for documents and undecodable images', async () => {
    const small = (
      await uploadAs(t, demo, [{ field: 'picture', filename: 's.png', data: makePng(40, 30) }])
    ).json().pictures[0];
    const thumb = await getAs(t, demo, `${small}?thumbnail=true`);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 40, height: 30 });

    const pdf = (await uploadAs(t, demo, [{ field: 'file', filename: 'a.pdf', data: PDF }])).json().files[0];
    const none = await getAs(t, demo, `${pdf}?thumbnail=true`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 404, key: 'files.noThumbnail', message: '该文件没有缩略图' });

    // A PNG signature followed by garbage passes the type check but cannot be decoded.
    const broken = Buffer.concat([makePng().subarray(0, 16), Buffer.alloc(200, 0x55)]);
    const brokenUrl = (await uploadAs(t, demo, [{ field: 'file', filename: 'x.png', data: broken }])).json()
      .files[0];
    const failed = await getAs(t, demo, `${brokenUrl}?thumbnail=true`);
    expect(failed.statusCode).toBe(404);
    expect(failed.json().key).toBe('files.noThumbnail');
  });
});
