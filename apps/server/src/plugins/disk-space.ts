import { statfs } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import { AppError } from './app-error';

/** statfs is read at most this often: uploads come in bursts and the answer changes slowly. */
const CACHE_MS = 5_000;

export interface DiskState {
  /** Below the floor: uploads are refused and health reports `disk: low`. */
  low: boolean;
  /** Bytes an unprivileged process may still write there; null when the folder cannot be measured. */
  freeBytes: number | null;
}

export interface DiskSpace {
  state(): Promise<DiskState>;
  /** 507 `common.diskFull` below the floor. */
  requireRoom(): Promise<void>;
}

export interface DiskSpaceOptions {
  /** A folder on the disk to watch (DATA_DIR: the SQLite file, local files, unfinished uploads). */
  path: string;
  /** Free bytes below which the disk counts as low; 0 turns the check off. */
  floorBytes: number;
  clock: Clock;
  log: FastifyBaseLogger;
}

export const diskFullError = () => new AppError(507, 'common.diskFull');

/**
 * The free-space floor of DATA_DIR's disk (MIN_FREE_DISK_MB). Below it uploads are refused, so the space
 * left still takes the database writes of deletes (SQLite's WAL grows with a delete too) and small edits:
 * a full disk can be emptied through the app. Crossing the floor is logged once each way.
 */
export function createDiskSpace(options: DiskSpaceOptions): DiskSpace {
  const { path, floorBytes, clock, log } = options;
  let cached: { at: number; state: DiskState } | null = null;
  let reading: Promise<DiskState> | null = null;
  let wasLow = false;

  async function measure(): Promise<DiskState> {
    if (floorBytes <= 0) return { low: false, freeBytes: null };
    try {
      const info = await statfs(path);
      const freeBytes = info.bavail * info.bsize;
      const low = freeBytes < floorBytes;
      if (low !== wasLow) {
        const fields = {
          freeMiB: Math.floor(freeBytes / 2 ** 20),
          floorMiB: Math.floor(floorBytes / 2 ** 20),
        };
        if (low) log.warn(fields, 'disk space low: uploads are refused until space is freed');
        else log.info(fields, 'disk space back above the floor: uploads accepted again');
        wasLow = low;
      }
      return { low, freeBytes };
    } catch (error) {
      // No DATA_DIR (PostgreSQL and S3, nothing uploaded yet): nothing of ours on that disk to protect.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        log.warn({ err: error }, 'could not read the free disk space');
      }
      return { low: false, freeBytes: null };
    }
  }

  async function state(): Promise<DiskState> {
    const now = clock.now().getTime();
    if (cached && now - cached.at < CACHE_MS && now >= cached.at) return cached.state;
    reading ??= measure().finally(() => {
      reading = null;
    });
    const measured = await reading;
    cached = { at: now, state: measured };
    return measured;
  }

  return {
    state,
    async requireRoom() {
      if ((await state()).low) throw diskFullError();
    },
  };
}

/**
 * Is this request an upload that writes to DATA_DIR's disk? Resumable (tus) creations and chunks always
 * do (they wait under DATA_DIR/uploads-in-progress); multipart bodies do when files are stored locally.
 */
function isUpload(request: FastifyRequest, multipartOnDisk: boolean): boolean {
  const method = request.method;
  if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') return false;
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/offset+octet-stream')) return true;
  if (request.headers['upload-length'] !== undefined) return true;
  return multipartOnDisk && type.startsWith('multipart/');
}

/**
 * Refuses uploads with 507 while the disk is below the floor, before a byte of their body is read; every
 * other request (reads, deletes, small JSON writes) goes through.
 */
export const diskSpacePlugin = fp<{ diskSpace: DiskSpace; multipartOnDisk: boolean }>(
  async (app, { diskSpace, multipartOnDisk }) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (!isUpload(request, multipartOnDisk)) {
        done();
        return;
      }
      diskSpace.state().then(
        ({ low }) => done(low ? diskFullError() : undefined),
        (error: unknown) => done(error as Error),
      );
    });
  },
  { name: 'lintel-disk-space' },
);
