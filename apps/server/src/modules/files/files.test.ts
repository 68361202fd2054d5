import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../../test/helper';
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

const FILES = '/api/v1/base-service/files';
const LIMIT = 64 * 1024;

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { UPLOAD_IMAGE_MAX_BYTES: String(LIMIT) } });
  cookie = await signIn(t.app);
});
afterAll(() => t.close());

function upload(parts: UploadPartSpec[], headers: Record<string, string> = {}) {
  const { body, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: FILES,
    headers: { cookie, 'content-type': contentType, ...headers },
    payload: body,
  });
}

function download(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
}

async function fileRowCount(): Promise<number> {
  const rows = await t.db.db.selectFrom('files').select('id').execute();
  return rows.length;
}

/** Every regular file in the storage folder (DATA_DIR/files), temp files included. */
async function storedFiles(): Promise<string[]> {
  const root = join(t.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function expectNothingStored(before: { rows: number; files: number }) {
  expect(await fileRowCount()).toBe(before.rows);
  expect(await storedFiles()).toHaveLength(before.files);
}

async function snapshot() {
  return { rows: await fileRowCount(), files: (await storedFiles()).length };
}

async function listen(): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' }).catch((error: unknown) => {
    // Already listening from an earlier test of this file.
    if ((error as { code?: string }).code !== 'FST_ERR_REOPENED_SERVER') throw error;
  });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('POST base-service/files', () => {
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

  it('serves byte ranges (206) and refuses ranges past the end (416)', async () => {
    const png = makePng(30, 30);
    const url = (await upload([{ field: 'file', filename: 'r.png', data: png }])).json().files[0];

    const first = await download(url, { range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${png.length}`);
    expect(first.headers['content-length']).toBe('10');
    expect(first.rawPayload.equals(png.subarray(0, 10))).toBe(true);

    const tail = await download(url, { range: 'bytes=-16' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(png.subarray(png.length - 16))).toBe(true);

    const open = await download(url, { range: 'bytes=100-' });
    expect(open.rawPayload.equals(png.subarray(100))).toBe(true);

    const beyond = await download(url, { range: `bytes=${png.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${png.length}`);
    expect(beyond.json()).toMatchObject({ code: 416, key: 'files.rangeNotSatisfiable' });

    const several = await download(url, { range: 'bytes=0-1,4-5' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(png)).toBe(true);

    const cached = await download(url, { 'if-none-match': String(first.headers.etag) });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('refuses an HTML page renamed .png with 415 and keeps nothing', async () => {
    const before = await snapshot();
    const response = await upload([
      { field: 'file', filename: 'avatar.png', contentType: 'image/png', data: HTML },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 415,
      key: 'files.typeNotAllowed',
      message: '只能上传 JPEG、PNG、GIF 或 WebP 格式的图片',
    });
    await expectNothingStored(before);
  });

  it('refuses SVG (it can carry scripts), empty files, and takes back the earlier files of the request', async () => {
    const before = await snapshot();
    const svg = await upload([
      { field: 'file', filename: 'logo.svg', contentType: 'image/svg+xml', data: SVG },
    ]);
    expect(svg.statusCode).toBe(415);
    expect(svg.json().key).toBe('files.typeNotAllowed');
    const empty = await upload([{ field: 'file', filename: 'empty.png', data: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(415);
    const mixed = await upload([
      { field: 'file', filename: 'ok.png', data: makePng() },
      { field: 'file', filename: 'bad.png', data: SVG },
    ]);
    expect(mixed.statusCode).toBe(415);
    await expectNothingStored(before);
  });

  it('stores a path-like filename as a plain name and never as a path', async () => {
    const before = await snapshot();
    const png = makePng(3, 3);
    const response = await upload([{ field: 'file', filename: '../../etc/passwd.png', data: png }]);
    expect(response.statusCode).toBe(200);
    const id = response.json().files[0].split('/').pop() as string;
    const row = await t.db.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ original_name: 'passwd.png', storage_key: id, content_type: 'image/png' });
    expect(row.size).toBe(png.length);
    const files = await storedFiles();
    expect(files).toHaveLength(before.files + 1);
    const root = join(t.config.dataDir, 'files');
    for (const file of files) expect(file.startsWith(`${root}/`)).toBe(true);
    expect(files.some((file) => file.endsWith(`/${id}`))).toBe(true);
    expect((await download(response.json().files[0])).headers['content-disposition']).toBe(
      "inline; filename*=UTF-8''passwd.png",
    );
  });

  it('answers 413 at once when Content-Length is over the limit, without reading the body', async () => {
    const port = await listen();
    const { body, contentType } = multipartBody([{ field: 'file', filename: 'big.png', data: makePng() }]);
    const socket = connect(port, '127.0.0.1');
    const answer = new Promise<string>((resolve, reject) => {
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
        // The whole answer is there once its JSON body has closed.
        if (/\r\n\r\n\{.*\}$/s.test(received)) resolve(received);
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    socket.write(
      [
        `POST ${FILES} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Cookie: ${cookie}`,
        `Content-Type: ${contentType}`,
        `Content-Length: ${50 * 1024 * 1024}`,
        '',
        '',
      ].join('\r\n'),
    );
    // A few bytes of the announced 50 MiB, and then nothing: the answer must not wait for the rest.
    socket.write(body.subarray(0, 64));
    const text = await answer;
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 413,
      key: 'files.tooLarge',
      message: '文件过大（最大 64 KiB）',
    });
  });

  it('aborts a chunked upload that grows past the limit, and keeps nothing', async () => {
    const port = await listen();
    const before = await snapshot();
    const { body, contentType } = multipartBody([
      // A real PNG header, then far more bytes than allowed.
      { field: 'file', filename: 'huge.png', data: Buffer.concat([makePng(), Buffer.alloc(4 * LIMIT, 7)]) },
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
      // The server may close while we still send: that is the point.
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
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
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body)).toMatchObject({ code: 413, key: 'files.tooLarge' });
    await expectNothingStored(before);
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
  });

  it('lets another signed-in member see an avatar; an unknown id is 404, a malformed one 400', async () => {
    const url = (await upload([{ field: 'file', filename: 'a.png', data: makePng() }])).json().files[0];
    const other = await signIn(t.app, 'zhangsan', 'Demo1234');
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: other } })).statusCode).toBe(200);
    const unknown = await download(`${FILES}/0123456789abcdef01234567`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().key).toBe('common.notFound');
    expect((await download(`${FILES}/..%2f..%2fetc%2fpasswd`)).statusCode).toBe(400);
  });

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
