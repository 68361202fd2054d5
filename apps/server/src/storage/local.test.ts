import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorage, LOCAL_STORAGE_FOLDER } from './index';
import { createLocalStorage } from './local';
import { describeStorageContract } from './storage.contract';

/** Every regular file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

describeStorageContract('local folder', async () => {
  const root = await mkdtemp(join(tmpdir(), 'lintel-storage-'));
  const folder = join(root, 'files');
  return {
    storage: createLocalStorage(folder),
    // Objects are `shard/key`; anything else (a temp file left in .tmp) is reported as it is.
    everything: async () =>
      (await filesUnder(folder)).map((path) => (/^[0-9a-f]{2}\//.test(path) ? path.slice(3) : path)),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
});

describe('local storage: layout', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'lintel-storage-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('keeps objects inside its root, sharded, under the key itself', async () => {
    const storage = createLocalStorage(join(root, 'files'));
    await storage.put('nested/key_1', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' });
    const files = await filesUnder(join(root, 'files'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{2}\/nested\/key_1$/);
    expect(await readFile(join(root, 'files', files[0] as string), 'utf8')).toBe('x');
  });

  it('is what createStorage gives without S3_*: DATA_DIR/files', async () => {
    const storage = createStorage({ dataDir: root, s3: null });
    await storage.put('k1', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' });
    expect(await filesUnder(join(root, LOCAL_STORAGE_FOLDER))).toEqual([
      expect.stringMatching(/^[0-9a-f]{2}\/k1$/),
    ]);
  });
});
