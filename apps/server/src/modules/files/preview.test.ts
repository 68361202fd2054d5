import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../../test/helper';
import { makePng } from '../../../test/images';
import { createUserService } from '../account/user.service';
import { MP4, makeOoxml, TEXT, WEBM } from './test-files';
import { FILES, getAs, idOf, uploadAs } from './test-support';

/**
 * Previews (spec 001 §2 "File preview", §9 "Preview"): `?meta=true` says how a file is previewed and
 * `?preview=true` serves what the preview shows. Here LibreOffice is not installed — SOFFICE_PATH names a
 * file that does not exist, so the lookup really fails on any machine — and office documents answer
 * 'preview conversion unavailable'. The conversion itself: conversion.test.ts.
 */
const ACCOUNT = '/api/v1/account-service';
const FIXTURES = new URL('./fixtures/', import.meta.url);
const ONE_PAGE_PDF = readFileSync(new URL('one-page.pdf', FIXTURES));
const LEGACY_XLS = readFileSync(new URL('legacy.xls', FIXTURES));

let t: TestApp;
let demo: string;
let zhangsan: string;
let lisi: string;
let project: string;

beforeAll(async () => {
  t = await buildTestApp({
    env: { SOFFICE_PATH: join(tmpdir(), 'lintel-no-libreoffice-here', 'soffice') },
  });
  await createUserService({ db: t.db.db, clock: t.clock }).createUser({
    name: 'lisi',
    nickName: 'lisi',
    password: 'Passw0rd',
    phoneNumber: null,
  });
  // One after another: sign-ins in flight count as attempts of the one test address (issue 14).
  demo = await signIn(t.app);
  zhangsan = await signIn(t.app, 'zhangsan');
  lisi = await signIn(t.app, 'lisi', 'Passw0rd');
  const projects = (await getAs(t, demo, `${ACCOUNT}/projects`)).json() as Array<{ _id: string }>;
  project = projects[0]!._id;
  // zhangsan reads the project's loose files through the documents module's download right (issue 14).
  const template = await t.app.inject({
    method: 'POST',
    url: `${ACCOUNT}/projects/${project}/templates`,
    headers: { cookie: demo },
    payload: { name: '文档下载', grants: { documents: { view: 'all', download: true } } },
  });
  const zhangsanId = (
    await t.db.db.selectFrom('users').select('id').where('name', '=', 'zhangsan').executeTakeFirstOrThrow()
  ).id;
  const where = encodeURIComponent(JSON.stringify({ userId: zhangsanId }));
  const [member] = (await getAs(t, demo, `${ACCOUNT}/projects/${project}/members?where=${where}`)).json();
  const updated = await t.app.inject({
    method: 'PUT',
    url: `${ACCOUNT}/members/${member._id}`,
    headers: { cookie: demo },
    payload: { templateId: template.json()._id },
  });
  expect(updated.statusCode, updated.body).toBe(200);
});
afterAll(() => t.close());

/** Uploads one file into the demo project as demo; answers its id. */
async function uploadToProject(filename: string, data: Buffer): Promise<string> {
  const response = await uploadAs(t, demo, [{ field: 'file', filename, data }], { projectId: project });
  expect(response.statusCode, response.body).toBe(200);
  return idOf(response.json().files[0]);
}

describe('GET base-service/files/{id}?meta=true', () => {
  const cases: Array<[string, Buffer, string, string]> = [
    ['现场照片.png', makePng(40, 30), 'image/png', 'image'],
    ['施工方案.pdf', ONE_PAGE_PDF, 'application/pdf', 'pdf'],
    ['巡检.mp4', MP4, 'video/mp4', 'video'],
    ['巡检.webm', WEBM, 'video/webm', 'video'],
    ['日志.txt', TEXT, 'text/plain; charset=utf-8', 'text'],
  ];

  it.each(cases)('%s: kind %s… shown as it is, no conversion', async (name, data, contentType, kind) => {
    const id = await uploadToProject(name, data);
    const response = await getAs(t, zhangsan, `${FILES}/${id}?meta=true`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      _id: id,
      name,
      size: data.length,
      contentType,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      kind,
      previewable: true,
      conversion: null,
    });
  });

  it('a legacy .xls is not previewable (spec 001 §9), and says so', async () => {
    const id = await uploadToProject('工程量清单.xls', LEGACY_XLS);
    const meta = (await getAs(t, demo, `${FILES}/${id}?meta=true`)).json();
    expect(meta).toMatchObject({
      contentType: 'application/vnd.ms-excel',
      kind: 'none',
      previewable: false,
      conversion: null,
    });
  });

  it('an office document without LibreOffice: kind office, conversion unavailable, not previewable', async () => {
    const id = await uploadToProject('会议纪要.docx', makeOoxml('docx'));
    const meta = (await getAs(t, demo, `${FILES}/${id}?meta=true`)).json();
    expect(meta).toMatchObject({ kind: 'office', conversion: 'unavailable', previewable: false });
  });

  it('follows the download rights: 404 for a stranger, 401 signed out', async () => {
    const id = await uploadToProject('图纸说明.pdf', ONE_PAGE_PDF);
    const stranger = await getAs(t, lisi, `${FILES}/${id}?meta=true`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().key).toBe('common.notFound');
    const signedOut = await t.app.inject({ method: 'GET', url: `${FILES}/${id}?meta=true` });
    expect(signedOut.statusCode).toBe(401);
    expect((await getAs(t, demo, `${FILES}/0123456789abcdef01234567?meta=true`)).statusCode).toBe(404);
  });

  it('refuses meta together with thumbnail or preview (400)', async () => {
    const id = await uploadToProject('a.png', makePng());
    for (const query of ['meta=true&thumbnail=true', 'meta=true&preview=true', 'preview=1&thumbnail=1']) {
      const response = await getAs(t, demo, `${FILES}/${id}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().key).toBe('common.validation');
    }
  });
});

describe('GET base-service/files/{id}?preview=true', () => {
  it('serves a PDF itself, inline, with ranges (what pdf.js asks for)', async () => {
    const id = await uploadToProject('施工方案.pdf', ONE_PAGE_PDF);
    const whole = await getAs(t, zhangsan, `${FILES}/${id}?preview=true`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(ONE_PAGE_PDF)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/pdf',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-disposition': expect.stringMatching(/^inline; filename\*=UTF-8''/),
    });
    const part = await getAs(t, zhangsan, `${FILES}/${id}?preview=true`, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-1.4');
    expect(part.headers['content-range']).toBe(`bytes 0-7/${ONE_PAGE_PDF.length}`);
  });

  it('serves text and video as they are', async () => {
    const text = await uploadToProject('日志.txt', TEXT);
    const served = await getAs(t, demo, `${FILES}/${text}?preview=true`);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.body).toBe(TEXT.toString('utf8'));
    const video = await uploadToProject('巡检.mp4', MP4);
    expect((await getAs(t, demo, `${FILES}/${video}?preview=true`)).rawPayload.equals(MP4)).toBe(true);
  });

  it('refuses an .xls with 415 files.notPreviewable, in both languages', async () => {
    const id = await uploadToProject('工程量清单.xls', LEGACY_XLS);
    const zh = await getAs(t, demo, `${FILES}/${id}?preview=true`);
    expect(zh.statusCode).toBe(415);
    expect(zh.json()).toEqual({
      code: 415,
      key: 'files.notPreviewable',
      message: '该类型的文件不支持预览，请下载后查看',
    });
    const en = await getAs(t, demo, `${FILES}/${id}?preview=true`, { 'accept-language': 'en-US' });
    expect(en.json().message).toBe('This file type cannot be previewed: download it to open it');
    // The download itself stays available.
    const download = await getAs(t, demo, `${FILES}/${id}?download=true`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(LEGACY_XLS)).toBe(true);
  });

  it('answers an office document with 503 files.previewConversionUnavailable when LibreOffice is missing', async () => {
    const id = await uploadToProject('汇报.pptx', makeOoxml('pptx'));
    const zh = await getAs(t, demo, `${FILES}/${id}?preview=true`);
    expect(zh.statusCode).toBe(503);
    expect(zh.json()).toEqual({
      code: 503,
      key: 'files.previewConversionUnavailable',
      message: '服务器不支持预览转换（未安装 LibreOffice），请下载后查看',
    });
    const en = await getAs(t, demo, `${FILES}/${id}?preview=true`, { 'accept-language': 'en-US' });
    expect(en.json().message).toBe(
      'Preview conversion is unavailable on this server (LibreOffice is not installed): download the file to open it',
    );
  });

  it('follows the download rights: 404 for a stranger', async () => {
    const id = await uploadToProject('图纸说明.pdf', ONE_PAGE_PDF);
    expect((await getAs(t, lisi, `${FILES}/${id}?preview=true`)).statusCode).toBe(404);
  });
});
