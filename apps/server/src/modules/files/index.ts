import multipart from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { Storage } from '../../storage/index';
import type { OrgAccess } from '../org/access';
import { type FileOwnerPort, FileOwners } from './attachments';
import { createConverter } from './conversion';
import { createPreviewService } from './files.preview';
import { filesRoutes } from './files.routes';
import { createFileService, MAX_FILES_PER_UPLOAD, type UploadLimits } from './files.service';

export { type FileOwnerPort, type FileReadCheck, fileAttachments, opensAny } from './attachments';
export { FILES_PREFIX, fileUrl } from './files.presenter';

export interface FilesDeps {
  db: Kysely<Database>;
  clock: Clock;
  storage: Storage;
  /** The organisation's rights: who reads a project's files, who may delete them. */
  access: OrgAccess;
  /** UPLOAD_IMAGE_MAX_BYTES, UPLOAD_FILE_MAX_BYTES */
  limits: UploadLimits;
  log: FastifyBaseLogger;
  /** SOFFICE_PATH: LibreOffice, which converts office documents to PDF for their previews. */
  soffice: string;
}

export function createFilesModule(deps: FilesDeps) {
  const owners = new FileOwners();
  const converter = createConverter({
    storage: deps.storage,
    clock: deps.clock,
    soffice: deps.soffice,
    log: deps.log,
  });
  const files = createFileService({ ...deps, converter, owners });
  return {
    files,
    /** The check modules make before attaching files to a record (FileReadCheck). */
    readable: files.readable,
    previews: createPreviewService({ ...deps, converter, owners }),
    converter,
    /**
     * A module that attaches files to its records (through `fileAttachments` in its transactions) registers
     * here how the files module asks it whether a user may see one of them (issue 14).
     */
    registerOwner: (port: FileOwnerPort) => owners.register(port),
    limits: deps.limits,
  };
}
export type FilesModule = ReturnType<typeof createFilesModule>;

/**
 * base-service files. Multipart parsing is registered inside this plugin only: everywhere else a
 * multipart body stays a 415, like any body that is not JSON.
 */
export const filesPlugin: FastifyPluginAsyncZod<{ module: FilesModule }> = async (app, { module }) => {
  await app.register(multipart, {
    limits: {
      // One byte over the largest limit reaches the service, whose own count answers 413 with its text.
      fileSize: Math.max(module.limits.image, module.limits.file) + 1,
      files: MAX_FILES_PER_UPLOAD,
      fields: 20,
      fieldSize: 4096,
      parts: MAX_FILES_PER_UPLOAD + 20,
      headerPairs: 20,
    },
  });
  // A conversion still running is killed, so that closing never waits for LibreOffice.
  app.addHook('onClose', async () => module.converter.close());
  await app.register(filesRoutes, { files: module.files, previews: module.previews, limits: module.limits });
};
