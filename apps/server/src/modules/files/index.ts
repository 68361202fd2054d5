import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { Storage } from '../../storage/index';
import { filesRoutes } from './files.routes';
import { createFileService, MAX_FILES_PER_UPLOAD } from './files.service';

export { FILES_PREFIX, fileUrl } from './files.presenter';

export interface FilesDeps {
  db: Kysely<Database>;
  clock: Clock;
  storage: Storage;
  /** UPLOAD_IMAGE_MAX_BYTES */
  maxImageBytes: number;
}

export function createFilesModule(deps: FilesDeps) {
  return { files: createFileService(deps), maxImageBytes: deps.maxImageBytes };
}
export type FilesModule = ReturnType<typeof createFilesModule>;

/**
 * base-service files. Multipart parsing is registered inside this plugin only: everywhere else a
 * multipart body stays a 415, like any body that is not JSON.
 */
export const filesPlugin: FastifyPluginAsyncZod<{ module: FilesModule }> = async (app, { module }) => {
  await app.register(multipart, {
    limits: {
      // One byte over the limit reaches the service, whose own count answers 413 with the limit's text.
      fileSize: module.maxImageBytes + 1,
      files: MAX_FILES_PER_UPLOAD,
      fields: 20,
      fieldSize: 4096,
      parts: MAX_FILES_PER_UPLOAD + 20,
      headerPairs: 20,
    },
  });
  await app.register(filesRoutes, { files: module.files, maxImageBytes: module.maxImageBytes });
};
