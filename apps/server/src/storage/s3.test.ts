import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn } from '../../test/helper';
import { makePng, multipartBody } from '../../test/images';
import type { S3Config } from '../config';
import { createStorage } from './index';
import { createS3Storage } from './s3';
import { describeStorageContract, readAll } from './storage.contract';

/**
 * The S3 storage against s3rver, an S3-compatible server started here on a loopback port (no cloud, no
 * container): the same contract the local folder passes. s3rver does not implement AbortMultipartUpload,
 * so the parts of an aborted upload stay in its own folder; the object itself never appears, which is what
 * the contract checks.
 */
let server: S3rver;
let folder: string;
let endpoint: string;
const BUCKETS = Array.from({ length: 12 }, (_, i) => `lintel-test-${i}`);
let nextBucket = 0;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lintel-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: BUCKETS.map((name) => ({ name })),
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

function configFor(bucket: string): S3Config {
  return {
    endpoint,
    bucket,
    // s3rver's built-in account.
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  };
}

async function keysIn(config: S3Config): Promise<string[]> {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: config.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

describeStorageContract('S3 (s3rver)', async () => {
  // A bucket of its own for each test: the contract checks what the whole backend holds.
  const bucket = BUCKETS[nextBucket++ % BUCKETS.length] as string;
  const config = configFor(bucket);
  const storage = createS3Storage(config);
  for (const key of await keysIn(config)) await storage.delete(key);
  return {
    storage,
    everything: () => keysIn(config),
    dispose: async () => {
      for (const key of await keysIn(config)) await storage.delete(key);
      await storage.close?.();
    },
  };
});

describe('S3 storage: configuration', () => {
  it('is what createStorage gives when S3_* is set', async () => {
    const config = configFor(BUCKETS[BUCKETS.length - 1] as string);
    const storage = createStorage({ dataDir: join(folder, 'unused'), s3: config });
    const key = `k${randomBytes(4).toString('hex')}`;
    await storage.put(key, Readable.from([Buffer.from('in the bucket')]), { contentType: 'text/plain' });
    expect(await keysIn(config)).toContain(key);
    expect((await readAll(await storage.get(key))).toString()).toBe('in the bucket');
    await storage.delete(key);
    await storage.close?.();
  });

  it('reports refused credentials as an error, not as a missing object', async () => {
    // s3rver checks the access key (its V4 signature check is incomplete, so a wrong secret passes there).
    const storage = createS3Storage({ ...configFor(BUCKETS[0] as string), accessKey: 'UNKNOWN' });
    await expect(storage.put('k1', Readable.from([Buffer.from('x')]), { contentType: 'x' })).rejects.toThrow(
      /access key/i,
    );
    await expect(storage.get('k1')).rejects.toThrow(/access key/i);
    await expect(storage.stat('k1')).rejects.toThrow();
    await storage.close?.();
  });
});

describe('the app on S3 storage (S3_* set)', () => {
  it('uploads, serves (ranges, thumbnails) and deletes files in the bucket, nothing on the local disk', async () => {
    const bucket = BUCKETS[BUCKETS.length - 2] as string;
    const config = configFor(bucket);
    const t = await buildTestApp({
      env: {
        S3_ENDPOINT: config.endpoint,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY: config.accessKey,
        S3_SECRET_KEY: config.secretKey,
      },
    });
    try {
      const cookie = await signIn(t.app);
      const png = makePng(400, 200);
      const { body, contentType } = multipartBody([{ field: 'picture', filename: '现场.png', data: png }]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/v1/base-service/files',
        headers: { cookie, 'content-type': contentType },
        payload: body,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const url = uploaded.json().pictures[0] as string;
      const id = url.split('/').pop() as string;
      expect(await keysIn(config)).toEqual([id]);

      const whole = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(whole.rawPayload.equals(png)).toBe(true);
      const part = await t.app.inject({ method: 'GET', url, headers: { cookie, range: 'bytes=0-7' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(png.subarray(0, 8))).toBe(true);
      const thumbnail = await t.app.inject({
        method: 'GET',
        url: `${url}?thumbnail=true`,
        headers: { cookie },
      });
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      expect((await keysIn(config)).sort()).toEqual([id, `${id}-thumb`]);

      const deleted = await t.app.inject({ method: 'DELETE', url, headers: { cookie } });
      expect(deleted.statusCode).toBe(200);
      expect(await keysIn(config)).toEqual([]);
      await expect(readdir(join(t.config.dataDir, 'files'))).rejects.toThrow(/ENOENT/);
    } finally {
      await t.close();
    }
  });
});
