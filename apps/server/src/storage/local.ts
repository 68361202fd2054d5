import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  type ByteRange,
  type PutOptions,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from './storage';

const TEMP_FOLDER = '.tmp';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Objects as files under `root` (DATA_DIR/files). Each key goes into one of 256 folders picked by a hash
 * of the key, so no folder grows too large. A put writes a temp file in `root/.tmp` and renames it into
 * place when the body has ended, so a reader never sees half a file and a failed upload leaves nothing.
 */
export interface LocalStorageOptions {
  /**
   * Opens the temp file a put writes to (tests wrap it to fail like a full disk: ENOSPC mid-body). Must
   * create the file at `path` exclusively, as the default does.
   */
  openTempFile?: (path: string) => Writable;
}

const openTempFileDefault = (path: string): Writable => createWriteStream(path, { flags: 'wx', mode: 0o640 });

export function createLocalStorage(root: string, options: LocalStorageOptions = {}): Storage {
  const openTempFile = options.openTempFile ?? openTempFileDefault;
  const base = resolve(root);
  const tempDir = join(base, TEMP_FOLDER);

  function pathOf(key: string): string {
    assertStorageKey(key);
    const shard = createHash('sha256').update(key).digest('hex').slice(0, 2);
    const path = join(base, shard, ...key.split('/'));
    // Defence in depth: the key pattern already rules out `..`, but never trust one check with the disk.
    const inside = relative(base, path);
    if (inside.startsWith('..') || inside.startsWith(sep) || inside === '') {
      throw new Error(`storage key escapes the root: ${key}`);
    }
    return path;
  }

  return {
    async put(key: string, body: Readable | AsyncIterable<Uint8Array>, _options: PutOptions) {
      const target = pathOf(key);
      await mkdir(tempDir, { recursive: true });
      const temp = join(tempDir, `${randomBytes(12).toString('hex')}.part`);
      const out = openTempFile(temp);
      try {
        await pipeline(body, out);
        const { size } = await stat(temp);
        await mkdir(join(target, '..'), { recursive: true });
        await rename(temp, target);
        return { size };
      } catch (error) {
        // A body that fails at once can fail while the file is still being opened: remove it now, and again
        // once the stream has closed (the file may only exist from then on). Not awaited: waiting for that
        // close could hold the answer to a refused upload.
        const remove = () => rm(temp, { force: true }).catch(() => undefined);
        out.once('close', () => void remove());
        await remove();
        throw error;
      }
    },

    async get(key: string, range?: ByteRange) {
      const path = pathOf(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(path, 'r');
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(key);
        throw error;
      }
      // The stream owns the handle from here and closes it when it ends or is destroyed.
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async stat(key: string): Promise<StoredObject | null> {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key: string) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async sweep(before: Date) {
      let names: string[];
      try {
        names = await readdir(tempDir);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        if (!name.endsWith('.part')) continue;
        const path = join(tempDir, name);
        // A put in progress writes to its file all the time; one untouched since `before` is a leftover.
        const info = await stat(path).catch(() => null);
        if (!info?.isFile() || info.mtimeMs >= before.getTime()) continue;
        await rm(path, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
