import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MODEL_RESUMABLE_THRESHOLD_BYTES } from '@lintel/contracts/models';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, isHttpError } from '../../lib/http';
import { makeModel } from './testSupport';
import { startModelUpload, TUS_CHUNK_BYTES } from './uploader';

// The build a browser gets (package.json `browser`): XMLHttpRequest and File, not Node's streams.
// @ts-expect-error the browser build has no declaration file of its own (its API is lib/index.d.ts)
vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'));

/**
 * A minimal tus 1.0 server standing in for model-service's `/uploads`: creation, PATCH with offsets, HEAD,
 * termination, and the final PATCH answering `{created, model}` as the real one does. CORS as a browser
 * needs it (jsdom's XMLHttpRequest applies it).
 */
interface TusUpload {
  length: number;
  offset: number;
  metadata: Record<string, string>;
  terminated: boolean;
}

let server: Server;
let baseUrl = '';
const uploads = new Map<string, TusUpload>();
const seen: { method: string; url: string; offset?: string; cookieCredentials: boolean }[] = [];
let refuseCreation: { status: number; body: unknown } | null = null;

function cors(request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  return origin
    ? {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Expose-Headers': 'Location, Upload-Offset, Upload-Length, Tus-Resumable',
      }
    : {};
}

function decodeMetadata(header: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of (header ?? '').split(',').filter(Boolean)) {
    const [key, value = ''] = pair.trim().split(' ');
    result[key!] = Buffer.from(value, 'base64').toString('utf8');
  }
  return result;
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const headers = { ...cors(request), 'Tus-Resumable': '1.0.0' };
  if (request.method === 'OPTIONS') {
    response.writeHead(204, {
      ...headers,
      'Access-Control-Allow-Methods': 'POST, HEAD, PATCH, DELETE',
      'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '',
    });
    response.end();
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const url = request.url ?? '';
  seen.push({
    method: request.method ?? '',
    url,
    offset: request.headers['upload-offset'] as string | undefined,
    cookieCredentials: request.headers['accept-language'] !== undefined,
  });
  if (request.method === 'POST' && url === '/api/v1/model-service/uploads') {
    if (refuseCreation) {
      response.writeHead(refuseCreation.status, { ...headers, 'Content-Type': 'application/json' });
      response.end(JSON.stringify(refuseCreation.body));
      return;
    }
    const id = `u${uploads.size + 1}`;
    uploads.set(id, {
      length: Number(request.headers['upload-length']),
      offset: 0,
      metadata: decodeMetadata(request.headers['upload-metadata'] as string | undefined),
      terminated: false,
    });
    response.writeHead(201, { ...headers, Location: `${baseUrl}/api/v1/model-service/uploads/${id}` });
    response.end();
    return;
  }
  const id = url.split('/').pop() ?? '';
  const upload = uploads.get(id);
  if (!upload) {
    response.writeHead(404, headers);
    response.end();
    return;
  }
  if (request.method === 'HEAD') {
    response.writeHead(200, {
      ...headers,
      'Upload-Offset': String(upload.offset),
      'Upload-Length': String(upload.length),
    });
    response.end();
    return;
  }
  if (request.method === 'DELETE') {
    upload.terminated = true;
    response.writeHead(204, headers);
    response.end();
    return;
  }
  // PATCH
  upload.offset += body.length;
  const done = upload.offset >= upload.length;
  const answer = done
    ? JSON.stringify({ created: true, model: makeModel({ name: upload.metadata.name ?? 'model' }) })
    : '';
  response.writeHead(done ? 200 : 204, {
    ...headers,
    'Upload-Offset': String(upload.offset),
    ...(done ? { 'Content-Type': 'application/json' } : {}),
  });
  response.end(answer);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    // A cancelled upload aborts its PATCH mid-body: reading it then rejects, which is the client's doing,
    // not a failure of the test (it was an unhandled rejection that failed the whole run once).
    handle(request, response).catch(() => response.destroy());
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
beforeEach(() => {
  uploads.clear();
  seen.length = 0;
  refuseCreation = null;
  localStorage.clear();
  configureHttp({ baseUrl });
});

/** An IFC just above the threshold: one full chunk and a small last one. */
function largeIfc(name: string): File {
  const header = 'ISO-10303-21;\n';
  const size = MODEL_RESUMABLE_THRESHOLD_BYTES + 1024;
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode(header));
  return new File([bytes], name, { lastModified: 1_700_000_000_000 });
}

describe('model uploader over tus', { timeout: 120_000 }, () => {
  it('sends a large file in chunks with its metadata and answers the model of the final PATCH', async () => {
    const progress: number[] = [];
    const handle = startModelUpload({
      projectId: '68a000000000000000000001',
      file: largeIfc('large.ifc'),
      name: '大模型',
      onProgress: (percent) => progress.push(percent),
    });
    expect(handle.resumable).toBe(true);
    const result = await handle.promise;
    expect(result.created).toBe(true);
    expect(result.model.name).toBe('大模型');
    const [upload] = [...uploads.values()];
    expect(upload!.metadata).toEqual({
      projectId: '68a000000000000000000001',
      filename: 'large.ifc',
      name: '大模型',
    });
    const patches = seen.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => r.offset)).toEqual(['0', String(TUS_CHUNK_BYTES)]);
    expect(progress.at(-1)).toBe(100);
  });

  it('turns a refusal of the server into an HttpError with its message', async () => {
    refuseCreation = { status: 413, body: { code: 413, key: 'models.tooLarge', message: '模型文件过大' } };
    const handle = startModelUpload({
      projectId: '68a000000000000000000001',
      file: largeIfc('huge.ifc'),
      name: '超大模型',
    });
    const error = await handle.promise.catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect((error as { status: number }).status).toBe(413);
    expect((error as Error).message).toBe('模型文件过大');
  });

  it('terminates the upload on the server when cancelled', async () => {
    const handle = startModelUpload({
      projectId: '68a000000000000000000001',
      file: largeIfc('cancel.ifc'),
      name: '取消的模型',
    });
    // Cancel once the upload exists on the server.
    await new Promise<void>((resolve) => {
      const wait = () => (uploads.size > 0 ? resolve() : setTimeout(wait, 10));
      wait();
    });
    handle.cancel();
    const error = await handle.promise.catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    await new Promise<void>((resolve) => {
      const wait = () => ([...uploads.values()][0]?.terminated ? resolve() : setTimeout(wait, 10));
      wait();
    });
  });
});
