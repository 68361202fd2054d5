import { join } from 'node:path';
import { createLocalStorage } from './local';
import type { Storage } from './storage';

export * from './storage';

/** The folder under DATA_DIR that holds the local storage's objects. */
export const LOCAL_STORAGE_FOLDER = 'files';

/**
 * The app's storage. Only the local folder exists so far: S3_* is validated by config.ts, and the S3
 * implementation of the same interface arrives with the files issue.
 */
export function createStorage(options: { dataDir: string }): Storage {
  return createLocalStorage(join(options.dataDir, LOCAL_STORAGE_FOLDER));
}
