import { join } from 'node:path';
import type { S3Config } from '../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

export * from './storage';

/** The folder under DATA_DIR that holds the local storage's objects. */
export const LOCAL_STORAGE_FOLDER = 'files';

/** The app's storage: the S3-compatible bucket when S3_* is set, else the local folder DATA_DIR/files. */
export function createStorage(options: { dataDir: string; s3: S3Config | null }): Storage {
  if (options.s3) return createS3Storage(options.s3);
  return createLocalStorage(join(options.dataDir, LOCAL_STORAGE_FOLDER));
}
