import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAll } from './read-all';
import { isStorageKey, type Storage, StorageNotFoundError } from './storage';

/**
 * What every Storage implementation promises (storage.ts), as tests each implementation's test file runs
 * against its own backend: the local folder, the S3 client against a locally started S3 server.
 */
export interface StorageFixture {
  storage: Storage;
  /** Every object the backend holds, by key (temp files included where the backend has any). */
  everything(): Promise<string[]>;
  dispose(): Promise<void>;
}

export { readAll };

/** `count` chunks of `chunkSize` bytes, each filled with its index: a body never held whole in memory. */
async function* generated(count: number, chunkSize: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < count; i++) yield Buffer.alloc(chunkSize, i % 251);
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function describeStorageContract(name: string, open: () => Promise<StorageFixture>): void {
  describe(`${name}: the Storage contract`, () => {
    let fixture: StorageFixture;
    let storage: Storage;

    beforeEach(async () => {
      fixture = await open();
      storage = fixture.storage;
    });
    afterEach(() => fixture.dispose());

    it('puts, stats, gets (whole and by range) and deletes', async () => {
      const body = Readable.from([Buffer.from('hello '), Buffer.from('world')]);
      const { size } = await storage.put('abc123', body, { contentType: 'text/plain' });
      expect(size).toBe(11);
      expect(await storage.stat('abc123')).toEqual({ size: 11 });
      expect((await readAll(await storage.get('abc123'))).toString()).toBe('hello world');
      expect((await readAll(await storage.get('abc123', { start: 6, end: 10 }))).toString()).toBe('world');
      expect((await readAll(await storage.get('abc123', { start: 0, end: 0 }))).toString()).toBe('h');
      expect(await fixture.everything()).toContain('abc123');
      await storage.delete('abc123');
      expect(await storage.stat('abc123')).toBeNull();
      await expect(storage.get('abc123')).rejects.toBeInstanceOf(StorageNotFoundError);
      await storage.delete('abc123'); // a missing key is fine
      expect(await fixture.everything()).toEqual([]);
    });

    it('streams a body of many chunks (several S3 parts) and gives back the same bytes', async () => {
      const chunkSize = 256 * 1024;
      const count = 48; // 12 MiB: three parts of a multipart upload
      const { size } = await storage.put('big', generated(count, chunkSize), {
        contentType: 'application/octet-stream',
      });
      expect(size).toBe(count * chunkSize);
      expect(await storage.stat('big')).toEqual({ size: count * chunkSize });
      const expected = await readAll(Readable.from(generated(count, chunkSize)));
      expect(sha256(await readAll(await storage.get('big')))).toBe(sha256(expected));
      // A range across a part boundary.
      const start = 5 * 1024 * 1024 - 3;
      const part = await readAll(await storage.get('big', { start, end: start + 9 }));
      expect(part.equals(expected.subarray(start, start + 10))).toBe(true);
    });

    it('stores an empty object', async () => {
      expect(await storage.put('empty', Readable.from([]), { contentType: 'text/plain' })).toEqual({
        size: 0,
      });
      expect(await storage.stat('empty')).toEqual({ size: 0 });
      expect(await readAll(await storage.get('empty'))).toHaveLength(0);
    });

    it('refuses keys that could name another place, before touching the backend', async () => {
      for (const key of [
        '../x',
        '..',
        'a/../../b',
        '/etc/passwd',
        'a\\b',
        'a.png',
        '',
        'a//b',
        'a/',
        '%2e%2e',
      ]) {
        expect(isStorageKey(key), key).toBe(false);
        await expect(storage.put(key, Readable.from([]), { contentType: 'x' }), key).rejects.toThrow(
          /invalid storage key/,
        );
        await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
        await expect(storage.stat(key), key).rejects.toThrow(/invalid storage key/);
        await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
      }
      expect(await fixture.everything()).toEqual([]);
    });

    it('keeps nothing when the body fails half-way, and rethrows the body’s own error', async () => {
      async function* failingSmall() {
        yield Buffer.alloc(1024);
        throw new Error('client went away');
      }
      await expect(storage.put('broken', failingSmall(), { contentType: 'x' })).rejects.toThrow(
        'client went away',
      );
      async function* failingAfterParts() {
        yield* generated(24, 256 * 1024); // 6 MiB: the first part is already uploaded
        throw new Error('limit passed');
      }
      await expect(storage.put('broken2', failingAfterParts(), { contentType: 'x' })).rejects.toThrow(
        'limit passed',
      );
      expect(await storage.stat('broken')).toBeNull();
      expect(await storage.stat('broken2')).toBeNull();
      expect(await fixture.everything()).toEqual([]);
    });

    it('replaces an object put again under the same key', async () => {
      await storage.put('same', Readable.from([Buffer.from('one')]), { contentType: 'x' });
      await storage.put('same', Readable.from([Buffer.from('two!')]), { contentType: 'x' });
      expect((await readAll(await storage.get('same'))).toString()).toBe('two!');
      expect(await fixture.everything()).toEqual(['same']);
    });

    it('keeps keys with folders and keys that differ only by a suffix apart', async () => {
      await storage.put('nested/key_1', Readable.from([Buffer.from('x')]), { contentType: 'x' });
      await storage.put('key_1', Readable.from([Buffer.from('y')]), { contentType: 'x' });
      await storage.put('key_1-thumb', Readable.from([Buffer.from('z')]), { contentType: 'x' });
      expect((await readAll(await storage.get('nested/key_1'))).toString()).toBe('x');
      expect((await readAll(await storage.get('key_1'))).toString()).toBe('y');
      expect((await readAll(await storage.get('key_1-thumb'))).toString()).toBe('z');
      expect((await fixture.everything()).sort()).toEqual(['key_1', 'key_1-thumb', 'nested/key_1']);
    });
  });
}
