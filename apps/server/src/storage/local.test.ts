import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';
import { isStorageKey, type Storage, StorageNotFoundError } from './storage';

let root: string;
let storage: Storage;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'lintel-storage-'));
  storage = createLocalStorage(join(root, 'files'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Every regular file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

describe('local storage', () => {
  it('puts, stats, gets (whole and by range) and deletes', async () => {
    const { size } = await storage.put(
      'abc123',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      {
        contentType: 'text/plain',
      },
    );
    expect(size).toBe(11);
    expect(await storage.stat('abc123')).toEqual({ size: 11 });
    expect(await text(await storage.get('abc123'))).toBe('hello world');
    expect(await text(await storage.get('abc123', { start: 6, end: 10 }))).toBe('world');
    expect(await text(await storage.get('abc123', { start: 0, end: 0 }))).toBe('h');
    await storage.delete('abc123');
    expect(await storage.stat('abc123')).toBeNull();
    await expect(storage.get('abc123')).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete('abc123'); // a missing key is fine
  });

  it('keeps objects inside its root, sharded, under the key itself', async () => {
    await storage.put('nested/key_1', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' });
    const files = await filesUnder(join(root, 'files'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{2}\/nested\/key_1$/);
    expect(await readFile(join(root, 'files', files[0] as string), 'utf8')).toBe('x');
  });

  it('refuses keys that could name another place', async () => {
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
    }
    expect(await filesUnder(root)).toEqual([]);
  });

  it('leaves nothing behind when the body fails half-way', async () => {
    async function* failing() {
      yield Buffer.alloc(1024);
      throw new Error('client went away');
    }
    await expect(storage.put('broken', Readable.from(failing()), { contentType: 'x' })).rejects.toThrow(
      'client went away',
    );
    expect(await storage.stat('broken')).toBeNull();
    expect(await filesUnder(join(root, 'files'))).toEqual([]);
  });

  it('replaces an object put again under the same key', async () => {
    await storage.put('same', Readable.from([Buffer.from('one')]), { contentType: 'x' });
    await storage.put('same', Readable.from([Buffer.from('two!')]), { contentType: 'x' });
    expect(await text(await storage.get('same'))).toBe('two!');
    expect((await stat(join(root, 'files'))).isDirectory()).toBe(true);
  });
});
