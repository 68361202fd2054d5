import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import {
  assertStorageKey,
  type ByteRange,
  type PutOptions,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from './storage';

/**
 * Parts of a multipart upload. S3's minimum; lib-storage holds `queueSize` of them in memory per upload,
 * so one upload costs about 10 MiB whatever the file's size.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

type ClientS3 = typeof import('@aws-sdk/client-s3');
type LibStorage = typeof import('@aws-sdk/lib-storage');

interface Sdk {
  s3: ClientS3;
  storage: LibStorage;
  client: S3Client;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** The bytes `range` selects of a stream that starts at offset 0; stops reading once past them. */
async function* sliceStream(source: Readable, range: ByteRange): AsyncGenerator<Buffer> {
  let offset = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const from = Math.max(range.start - offset, 0);
      const to = Math.min(range.end + 1 - offset, chunk.length);
      offset += chunk.length;
      if (to > from) yield chunk.subarray(from, to);
      if (offset > range.end) return;
    }
  } finally {
    source.destroy();
  }
}

/**
 * Objects in an S3-compatible bucket (S3_*), under the same keys the local folder uses. The SDK is loaded
 * on first use, so a server on the local folder never parses it.
 *
 * Checksums are sent and checked only where S3 requires them: the SDK's default (CRC32 trailers in an
 * aws-chunked body) is not understood by many S3-compatible servers, and TLS already guards the bytes.
 */
export function createS3Storage(config: S3Config): Storage {
  let sdk: Promise<Sdk> | null = null;

  function load(): Promise<Sdk> {
    sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
      ([s3, storage]) => ({
        s3,
        storage,
        client: new s3.S3Client({
          endpoint: config.endpoint,
          region: config.region,
          forcePathStyle: config.forcePathStyle,
          credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
      }),
    );
    return sdk;
  }

  const Bucket = config.bucket;

  return {
    async put(key: string, body: Readable | AsyncIterable<Uint8Array>, options: PutOptions) {
      assertStorageKey(key);
      const { storage, client } = await load();
      let size = 0;
      // The body's own failure (a size limit, a client gone) is what the caller must see, not the abort's.
      let bodyError: { error: unknown } | null = null;
      async function* counted(): AsyncGenerator<Buffer> {
        try {
          for await (const chunk of body) {
            const bytes = Buffer.isBuffer(chunk)
              ? chunk
              : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
            size += bytes.length;
            yield bytes;
          }
        } catch (error) {
          bodyError = { error };
          throw error;
        }
      }
      const upload = new storage.Upload({
        client,
        params: { Bucket, Key: key, Body: Readable.from(counted()), ContentType: options.contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        // A failed multipart upload is aborted, so no parts stay behind (and none are billed).
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        const failed = bodyError as { error: unknown } | null;
        throw failed ? failed.error : error;
      }
      return { size };
    },

    async get(key: string, range?: ByteRange) {
      assertStorageKey(key);
      const { s3, client } = await load();
      try {
        const answer = await client.send(
          new s3.GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no body stream for ${key}`);
        if (!range || answer.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`))
          return answer.Body;
        // Some S3-compatible servers answer a range they cannot serve (or any range) with the whole object.
        return Readable.from(sliceStream(answer.Body, range));
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },

    async stat(key: string): Promise<StoredObject | null> {
      assertStorageKey(key);
      const { s3, client } = await load();
      try {
        const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key: string) {
      assertStorageKey(key);
      const { s3, client } = await load();
      try {
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async close() {
      if (!sdk) return;
      (await sdk).client.destroy();
    },
  };
}
