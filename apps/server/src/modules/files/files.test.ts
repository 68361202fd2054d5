import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signIn, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/helper';
import {
  GIF,
  HTML,
  makeJpeg,
  makePng,
  multipartBody,
  SVG,
  type UploadPartSpec,
  WEBP,
} from '../../../test/images';
import { DWG, EXE, IFC, MP4, makeOle2, makeOoxml, PDF, SHELL_SCRIPT, TEXT } from './test-files';
import {
  answerBeforeBody,
  FILES,
  fileRowCount,
  getAs,
  idOf,
  listen,
  snapshot,
  storedFiles,
  uploadAs,
} from './test-support';

/** Uploads and downloads without a project: kinds, names, limits, attacks. Projects: files-projects.test.ts. */
const IMAGE_LIMIT = 64 * 1024;
const FILE_LIMIT = 256 * 1024;

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp({
    env: { UPLOAD_IMAGE_MAX_BYTES: String(IMAGE_LIMIT), UPLOAD_FILE_MAX_BYTES: String(FILE_LIMIT) },
  });
  cookie = await signIn(t.app);
});
afterAll(() => t.close());

const upload = (parts: UploadPartSpec[], headers: Record<string, string> = {}) =>
  uploadAs(t, cookie, parts, { headers });
const download = (url: string, headers: Record<string, string> = {}) => getAs(t, cookie, url, headers);

async function expectNothingStored(before: { rows: number; files: number }) {
  // A part file of a body refused at its first bytes may be removed a moment after the answer (local.ts).
  await vi.waitFor(async () => expect(await snapshot(t)).toEqual(before), { timeout: 2000 });
}

describe('POST base-service/files: pictures', () => {
  it('stores a PNG under field file and serves it back byte for byte with safe headers', async () => {
    const png = makePng(20, 12);
    const response = await upload([
      { field: 'file', filename: '头像 (1).png', contentType: 'image/png', data: png },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      files: [expect.stringMatching(/^\/api\/v1\/base-service\/files\/[0-9a-f]{24}$/)],
    });

    const served = await download(body.files[0]);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': "inline; filename*=UTF-8''%E5%A4%B4%E5%83%8F%20%281%29.png",
      'cache-control': 'private, max-age=86400',
      'accept-ranges': 'bytes',
    });
    expect(served.headers['content-encoding']).toBeUndefined();
  });

  it('takes the type from the bytes: a JPEG sent as octet-stream named .bin is a JPEG, under field picture', async () => {
    const jpeg = makeJpeg();
    const response = await upload([
      { field: 'picture', filename: 'photo.bin', contentType: 'application/octet-stream', data: jpeg },
    ]);
    expect(response.statusCode).toBe(200);
    const { pictures } = response.json();
    expect(pictures).toHaveLength(1);
    const served = await download(pictures[0]);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(true);
  });

  it('accepts GIF and WebP, several files in one request', async () => {
    const response = await upload([
      { field: 'file', filename: 'a.gif', contentType: 'image/gif', data: GIF },
      { field: 'picture', filename: 'b.webp', contentType: 'image/webp', data: WEBP },
      { field: 'note', data: 'ignored text field' },
    ]);
    expect(response.statusCode).toBe(200);
    const { files, pictures } = response.json();
    expect((await download(files[0])).headers['content-type']).toBe('image/gif');
    expect((await download(pictures[0])).rawPayload.equals(WEBP)).toBe(true);
  });

  it('refuses a document in the picture field (images only) with 415 files.typeNotAllowed', async () => {
    const before = await snapshot(t);
    const response = await upload([{ field: 'picture', filename: 'scan.pdf', data: PDF }]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 415,
      key: 'files.typeNotAllowed',
      message: '只能上传 JPEG、PNG、GIF 或 WebP 格式的图片',
    });
    await expectNothingStored(before);
  });
});

describe('POST base-service/files: documents', () => {
  const cases: Array<[string, Buffer, string, 'inline' | 'attachment']> = [
    ['施工方案.pdf', PDF, 'application/pdf', 'inline'],
    [
      '工程量清单.xlsx',
      makeOoxml('xlsx', { contentTypesLast: true, padding: 20_000 }),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'attachment',
    ],
    [
      '会议纪要.docx',
      makeOoxml('docx'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'attachment',
    ],
    ['旧报表.xls', makeOle2(['Workbook'], 12), 'application/vnd.ms-excel', 'attachment'],
    ['旧文档.doc', makeOle2(['WordDocument']), 'application/msword', 'attachment'],
    ['总平面图.dwg', DWG, 'image/vnd.dwg', 'attachment'],
    ['模型.ifc', IFC, 'application/x-step', 'attachment'],
    ['日志.txt', TEXT, 'text/plain; charset=utf-8', 'inline'],
    ['巡检.mp4', MP4, 'video/mp4', 'inline'],
  ];

  it.each(cases)(
    'stores %s as %s, served %s with its Chinese name',
    async (name, bytes, mime, disposition) => {
      const response = await upload([
        { field: 'file', filename: name, contentType: 'application/octet-stream', data: bytes },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const url = response.json().files[0];
      const served = await download(url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe(
        `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      const row = await t.db.db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', idOf(url))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        content_type: mime,
        original_name: name,
        project_id: null,
        size: bytes.length,
      });
    },
  );

  it('sends any file as an attachment with download=true', async () => {
    const url = (await upload([{ field: 'file', filename: 'a.pdf', data: PDF }])).json().files[0];
    const served = await download(`${url}?download=true`);
    expect(served.headers['content-disposition']).toBe("attachment; filename*=UTF-8''a.pdf");
    expect((await download(`${url}?download=maybe`)).statusCode).toBe(400);
  });
});

describe('POST base-service/files: what is refused', () => {
  const refused: Array<[string, string, Buffer]> = [
    ['an HTML page renamed .png', 'avatar.png', HTML],
    ['an HTML page renamed .pdf', '合同.pdf', HTML],
    ['an SVG renamed .png', 'logo.png', SVG],
    ['a shell script renamed .txt', 'notes.txt', SHELL_SCRIPT],
    ['an executable renamed .pdf', 'invoice.pdf', EXE],
    ['a real PNG named .exe', 'setup.exe', makePng()],
    ['a real PDF named .html', 'page.html', PDF],
    ['an installer (OLE2 that is no Office file) renamed .doc', 'readme.doc', makeOle2(['\u4840\u3b3f'])],
    ['an empty file', 'empty.pdf', Buffer.alloc(0)],
  ];

  it.each(refused)('%s: 415 files.unsupportedType, nothing kept', async (_name, filename, data) => {
    const before = await snapshot(t);
    const response = await upload([{ field: 'file', filename, contentType: 'application/pdf', data }]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 415, key: 'files.unsupportedType', message: '不支持的文件类型' });
    await expectNothingStored(before);
  });

  it('says so in English too', async () => {
    const response = await upload([{ field: 'file', filename: 'x.png', data: HTML }], {
      'accept-language': 'en-US',
    });
    expect(response.json()).toEqual({
      code: 415,
      key: 'files.unsupportedType',
      message: 'Unsupported file type',
    });
  });

  it('refuses text that turns out not to be UTF-8 past its first bytes, after streaming it, keeping nothing', async () => {
    const before = await snapshot(t);
    const text = Buffer.from('第一行\n'.repeat(4000)); // 40 KB: well past the first bytes
    const response = await upload([
      { field: 'file', filename: 'log.txt', data: Buffer.concat([text, Buffer.from([0xc0, 0x00, 0xff])]) },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().key).toBe('files.unsupportedType');
    await expectNothingStored(before);
  });

  it('takes back the earlier files of a request when a later one is refused', async () => {
    const before = await snapshot(t);
    const mixed = await upload([
      { field: 'file', filename: 'ok.png', data: makePng() },
      { field: 'file', filename: 'ok.pdf', data: PDF },
      { field: 'file', filename: 'bad.png', data: SVG },
    ]);
    expect(mixed.statusCode).toBe(415);
    await expectNothingStored(before);
  });

  it('stores a path-like filename as a plain name and never as a path', async () => {
    const before = await snapshot(t);
    const response = await upload([{ field: 'file', filename: '../../etc/passwd', data: TEXT }]);
    expect(response.statusCode).toBe(200);
    const id = idOf(response.json().files[0]);
    const row = await t.db.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      original_name: 'passwd',
      storage_key: id,
      content_type: 'text/plain; charset=utf-8',
    });
    const files = await storedFiles(t);
    expect(files).toHaveLength(before.files + 1);
    const root = join(t.config.dataDir, 'files');
    for (const file of files) expect(file.startsWith(`${root}/`)).toBe(true);
    expect(files.some((file) => file.endsWith(`/${id}`))).toBe(true);
    expect((await download(response.json().files[0])).headers['content-disposition']).toBe(
      "inline; filename*=UTF-8''passwd",
    );

    const windows = await upload([{ field: 'file', filename: '..\\..\\Windows\\win.ini.pdf', data: PDF }]);
    const windowsRow = await t.db.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', idOf(windows.json().files[0]))
      .executeTakeFirstOrThrow();
    expect(windowsRow.original_name).toBe('win.ini.pdf');
  });
});

describe('POST base-service/files: size limits', () => {
  it('answers 413 at once when Content-Length is over every limit, without reading the body', async () => {
    const { head, body } = await answerBeforeBody(t, {
      cookie,
      path: FILES,
      contentLength: 50 * 1024 * 1024,
      parts: [{ field: 'file', filename: 'big.pdf', data: PDF }],
    });
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/\r\nconnection: close/i);
    expect(body).toEqual({ code: 413, key: 'files.tooLarge', message: '文件过大（最大 256 KiB）' });
  });

  it('limits images to UPLOAD_IMAGE_MAX_BYTES and other files to UPLOAD_FILE_MAX_BYTES', async () => {
    const before = await snapshot(t);
    // 100 KiB: too large for an image, fine for a document.
    const bigPng = Buffer.concat([makePng(), Buffer.alloc(100 * 1024, 7)]);
    const image = await upload([{ field: 'file', filename: 'big.png', data: bigPng }]);
    expect(image.statusCode).toBe(413);
    expect(image.json()).toEqual({ code: 413, key: 'files.tooLarge', message: '文件过大（最大 64 KiB）' });
    const pdf = Buffer.concat([PDF, Buffer.alloc(100 * 1024, 7)]);
    expect((await upload([{ field: 'file', filename: 'ok.pdf', data: pdf }])).statusCode).toBe(200);
    const hugePdf = Buffer.concat([PDF, Buffer.alloc(FILE_LIMIT, 7)]);
    const huge = await upload([{ field: 'file', filename: 'huge.pdf', data: hugePdf }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('文件过大（最大 256 KiB）');
    // Two documents each within the limit, together over it: the request's total counts too.
    const half = Buffer.concat([PDF, Buffer.alloc(150 * 1024, 7)]);
    const pair = await upload([
      { field: 'file', filename: 'a.pdf', data: half },
      { field: 'file', filename: 'b.pdf', data: half },
    ]);
    expect(pair.statusCode).toBe(413);
    expect(await fileRowCount(t)).toBe(before.rows + 1);
    expect((await storedFiles(t)).length).toBe(before.files + 1);
  });

  it('aborts a chunked upload that grows past the limit, and keeps nothing', async () => {
    const port = await listen(t);
    const before = await snapshot(t);
    const { body, contentType } = multipartBody([
      // A real PNG header, then far more bytes than allowed.
      {
        field: 'file',
        filename: 'huge.png',
        data: Buffer.concat([makePng(), Buffer.alloc(4 * IMAGE_LIMIT, 7)]),
      },
    ]);
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: FILES,
          headers: { cookie, 'content-type': contentType, 'transfer-encoding': 'chunked' },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      // The server may close while we still send: that is the point. When it closes with our bytes still
      // unread, TCP resets the connection and its 413 can be lost on the way: then there is no answer to read.
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: 0, body: '' });
        else reject(error);
      });
      let offset = 0;
      const sendMore = () => {
        if (offset >= body.length) {
          request.end();
          return;
        }
        const chunk = body.subarray(offset, offset + 8 * 1024);
        offset += chunk.length;
        if (request.write(chunk)) setImmediate(sendMore);
        else request.once('drain', sendMore);
      };
      sendMore();
    });
    // Refused: with a 413 when the answer made it through the reset, or by the reset itself.
    if (status.status !== 0) {
      expect(status.status).toBe(413);
      expect(JSON.parse(status.body)).toMatchObject({ code: 413, key: 'files.tooLarge' });
    }
    await expectNothingStored(before);
  });
});

describe('GET base-service/files/{id}', () => {
  it('serves byte ranges (206) and refuses ranges past the end (416)', async () => {
    const png = makePng(30, 30);
    const url = (await upload([{ field: 'file', filename: 'r.png', data: png }])).json().files[0];

    const first = await download(url, { range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${png.length}`);
    expect(first.headers['content-length']).toBe('10');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.rawPayload.equals(png.subarray(0, 10))).toBe(true);

    const tail = await download(url, { range: 'bytes=-16' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(png.subarray(png.length - 16))).toBe(true);

    const open = await download(url, { range: 'bytes=100-' });
    expect(open.rawPayload.equals(png.subarray(100))).toBe(true);

    const beyond = await download(url, { range: `bytes=${png.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${png.length}`);
    expect(beyond.headers['x-content-type-options']).toBe('nosniff');
    expect(beyond.json()).toMatchObject({ code: 416, key: 'files.rangeNotSatisfiable' });

    const several = await download(url, { range: 'bytes=0-1,4-5' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(png)).toBe(true);

    const cached = await download(url, { 'if-none-match': String(first.headers.etag) });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('answers 401 without a session, for upload and download', async () => {
    const { body, contentType } = multipartBody([{ field: 'file', filename: 'a.png', data: makePng() }]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: FILES,
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().key).toBe('common.unauthenticated');
    const url = (await upload([{ field: 'file', filename: 'a.png', data: makePng() }])).json().files[0];
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
  });

  it('shows a picture of no project (an avatar) to every signed-in user, a document only to its uploader and system administrators', async () => {
    const picture = (await upload([{ field: 'file', filename: 'a.png', data: makePng() }])).json().files[0];
    const document = (await upload([{ field: 'file', filename: '私人.pdf', data: PDF }])).json().files[0];
    const other = await signIn(t.app, 'zhangsan', 'Demo1234');
    const admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    expect((await getAs(t, other, picture)).statusCode).toBe(200);
    const hidden = await getAs(t, other, document);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().key).toBe('common.notFound');
    expect((await getAs(t, admin, document)).statusCode).toBe(200);
    expect((await download(document)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await download(`${FILES}/0123456789abcdef01234567`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().key).toBe('common.notFound');
    expect((await download(`${FILES}/..%2f..%2fetc%2fpasswd`)).statusCode).toBe(400);
    expect((await download(`${FILES}/0123456789abcdef01234567?other=1`)).statusCode).toBe(400);
  });
});

describe('POST base-service/files: malformed requests', () => {
  it('refuses a foreign Origin, a wrong field, no file, and a body that is not multipart', async () => {
    const foreign = await upload([{ field: 'file', filename: 'a.png', data: makePng() }], {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().key).toBe('common.foreignOrigin');

    const field = await upload([{ field: 'avatar', filename: 'a.png', data: makePng() }]);
    expect(field.statusCode).toBe(400);
    expect(field.json()).toMatchObject({
      key: 'files.unknownField',
      message: expect.stringContaining('avatar'),
    });

    const none = await upload([{ field: 'name', data: 'no file here' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().key).toBe('files.noFile');

    const json = await t.app.inject({
      method: 'POST',
      url: FILES,
      headers: { cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().key).toBe('files.multipartRequired');

    const badProject = await uploadAs(t, cookie, [{ field: 'file', filename: 'a.pdf', data: PDF }], {
      projectId: 'not-an-id',
    });
    expect(badProject.statusCode).toBe(400);

    // Multipart is parsed for uploads only: elsewhere it is an unsupported type like any non-JSON body.
    const { body, contentType } = multipartBody([{ field: 'name', data: 'demo' }]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account-service/login',
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(login.statusCode).toBe(415);
  });
});
