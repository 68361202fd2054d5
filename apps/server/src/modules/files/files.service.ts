import { Readable } from 'node:stream';
import type { User } from '@lintel/contracts/account';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { type Storage, StorageNotFoundError } from '../../storage/index';
import { readAll } from '../../storage/read-all';
import type { OrgAccess } from '../org/access';
import { createStorageFigures, type StorageLeft } from '../org/storage.repository';
import type { FileOwners } from './attachments';
import { type Converter, previewKey } from './conversion';
import type { ContentCheck, FileType, SizeClass } from './file-kinds';
import { isPictureType, typeOfMime } from './file-kinds';
import { isRefusedName } from './file-names';
import { SNIFF_BYTES, sniffFileType, sniffPicture } from './file-type';
import { createFileAccess } from './files.access';
import { fileUrl } from './files.presenter';
import { createFileRepository, type FileRow, type NewFileRow } from './files.repository';
import { formatBytes, sanitizeFilename } from './http';
import { type FileDownload, openStored, type ServedFile } from './served-file';
import { makeThumbnail, THUMBNAIL_TYPE, thumbnailKey } from './thumbnails';
import { type ByteLimit, ByteMeter, peekStream } from './upload-stream';

/** The form fields an upload may use, and the answer's array each one fills (spec 000 §7, spec 001 §7). */
export const UPLOAD_FIELDS = { file: 'files', picture: 'pictures' } as const;
export type UploadField = keyof typeof UPLOAD_FIELDS;
export const MAX_FILES_PER_UPLOAD = 10;

/** One part of a multipart body, as @fastify/multipart hands it over (only what the service reads). */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename?: string; file: AsyncIterable<Uint8Array> }
  | { type: 'field'; fieldname: string };

export interface UploadResult {
  files?: string[];
  pictures?: string[];
}

/** UPLOAD_IMAGE_MAX_BYTES and UPLOAD_FILE_MAX_BYTES (the latter also bounds one request's files together). */
export interface UploadLimits {
  image: number;
  file: number;
}

/** Where an upload goes, checked before its body is read (FileService.prepareUpload). */
export interface UploadTarget {
  ownerId: string;
  project: { id: string; left: StorageLeft } | null;
}

/** How a file is sent as itself: its stored type and name, inline when browsers show that type. */
export function servedAsItself(file: FileRow): ServedFile {
  return {
    etag: `"${file.id}"`,
    contentType: file.content_type,
    name: file.original_name,
    size: Number(file.size),
    inline: typeOfMime(file.content_type)?.inline === true,
  };
}

export interface FileServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  storage: Storage;
  access: OrgAccess;
  limits: UploadLimits;
  /** Where bytes left behind by a failed clean-up are reported. */
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Told when a file is deleted, so that a conversion of it still queued or running leaves nothing. */
  converter: Pick<Converter, 'forget'>;
  /** The modules that attach files to their records, asked whether a user may see them. */
  owners: FileOwners;
}

function isUploadField(name: string): name is UploadField {
  return Object.hasOwn(UPLOAD_FIELDS, name);
}

export function tooLarge(limit: number): AppError {
  return new AppError(413, 'files.tooLarge', { params: { limit: formatBytes(limit) } });
}

const storageCapacityReached = () => new AppError(400, 'files.storageCapacityReached');
const spaceCapacityFull = () => new AppError(400, 'files.spaceCapacityFull');
const unsupportedType = () => new AppError(415, 'files.unsupportedType');
const notFound = () => new AppError(404, 'common.notFound');

/** Multipart and stream failures as the client should read them; anything else stays a server error. */
function uploadProblem(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(Math.max(limits.image, limits.file));
    case 'FST_FILES_LIMIT':
      return new AppError(400, 'files.tooManyFiles', { params: { max: MAX_FILES_PER_UPLOAD } });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'files.multipartRequired');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    // The client went away or cut the body short.
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return new AppError(400, 'files.malformed', { cause: error });
  }
  const message = error instanceof Error ? error.message : '';
  if (/^Multipart:|terminated early|Unexpected end of (multipart|form)/i.test(message)) {
    return new AppError(400, 'files.malformed', { cause: error });
  }
  return error;
}

/** The body again, passed through the type's whole-body check; `onType` learns the final type at the end. */
async function* checkedBody(
  body: AsyncIterable<Buffer>,
  check: ContentCheck,
  onType: (type: FileType) => void,
): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    if (!check.update(chunk)) throw unsupportedType();
    yield chunk;
  }
  const type = check.finish();
  if (!type) throw unsupportedType();
  onType(type);
}

/** The limits of the bytes a project may still store (its own allocation, its enterprise's space). */
function capacityLimits(left: StorageLeft): ByteLimit[] {
  const limits: ByteLimit[] = [];
  if (left.project !== null) limits.push({ remaining: left.project, exceeded: storageCapacityReached });
  if (left.enterprise !== null) limits.push({ remaining: left.enterprise, exceeded: spaceCapacityFull });
  return limits;
}

export function createFileService({
  db,
  clock,
  storage,
  access,
  limits,
  log,
  converter,
  owners,
}: FileServiceDeps) {
  const files = createFileRepository(db);
  const figures = createStorageFigures(db);
  const rights = createFileAccess({ db, access, owners });
  /** Thumbnails being made, by file id: concurrent requests for one wait for the same work. */
  const makingThumbnails = new Map<string, Promise<Buffer>>();

  function limitOf(sizeClass: SizeClass): number {
    return sizeClass === 'image' ? limits.image : limits.file;
  }

  /** Deletes stored bytes after their row is gone (or never came); a failure leaves an orphan, logged. */
  async function discard(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        storage.delete(key).catch((error: unknown) => {
          log.warn({ err: error, key }, 'stored bytes could not be deleted');
        }),
      ),
    );
  }

  /**
   * Streams one file part to the storage. Refused by its first bytes (type, name, the kind's size limit)
   * before anything is written; refused later (size, capacity, a body that fails its type's check) with
   * nothing kept, as the storage's put promises.
   */
  async function storeFile(
    part: Extract<UploadPart, { type: 'file' }>,
    field: UploadField,
    meter: ByteMeter,
    target: UploadTarget,
  ): Promise<NewFileRow> {
    const peeked = await peekStream(part.file, SNIFF_BYTES, meter);
    const name = sanitizeFilename(part.filename);
    let sniffed: { type: FileType; check?: ContentCheck } | null;
    try {
      if (field === 'picture') {
        const type = sniffPicture(peeked.head);
        if (!type) throw new AppError(415, 'files.typeNotAllowed');
        sniffed = { type };
      } else {
        sniffed = sniffFileType(peeked.head, peeked.complete);
        if (!sniffed) throw unsupportedType();
      }
      // The name comes back as the name on the user's disk: never one their system would run.
      if (isRefusedName(name)) throw unsupportedType();
      const limit = limitOf(sniffed.type.sizeClass);
      meter.addLimit(limit, peeked.bytesRead, () => tooLarge(limit));
    } catch (error) {
      await peeked.abandon();
      throw error;
    }
    const now = clock.now();
    const id = newId(now.getTime());
    let type = sniffed.type;
    const body = sniffed.check
      ? checkedBody(peeked.body, sniffed.check, (final) => {
          type = final;
        })
      : peeked.body;
    // The storage key is the id: nothing the client sent ever becomes part of a path.
    const { size } = await storage.put(id, Readable.from(body), { contentType: type.mime });
    return {
      id,
      owner_id: target.ownerId,
      project_id: target.project?.id ?? null,
      storage_key: id,
      content_type: type.mime,
      size,
      original_name: name,
      created_at: now.toISOString(),
    };
  }

  /** Adds the rows and counts their bytes against the project and its enterprise, all or nothing. */
  async function commit(rows: NewFileRow[], target: UploadTarget): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await createFileRepository(trx).insertMany(rows);
      if (!target.project) return;
      const total = rows.reduce((sum, row) => sum + Number(row.size), 0);
      const inTransaction = createStorageFigures(trx);
      if (!(await inTransaction.addToProject(target.project.id, total))) throw storageCapacityReached();
      if (!(await inTransaction.addToEnterprise(target.project.left.enterpriseId, total))) {
        throw spaceCapacityFull();
      }
    });
  }

  async function readableFile(id: string, user: User): Promise<FileRow> {
    const file = await files.findById(id);
    // Unknown and unreadable files are both 404: a file the caller may not see does not exist for them.
    if (!file || !(await rights.canRead(user, file))) throw notFound();
    return file;
  }

  /** The stored thumbnail, or a new one made from the image and stored for the next time. */
  async function thumbnailOf(file: FileRow): Promise<Buffer> {
    const key = thumbnailKey(file.storage_key);
    try {
      return await readAll(await storage.get(key));
    } catch (error) {
      if (!(error instanceof StorageNotFoundError)) throw error;
    }
    const source = await storage.get(file.storage_key).catch((error: unknown) => {
      throw error instanceof StorageNotFoundError ? notFound() : error;
    });
    let bytes: Buffer;
    try {
      bytes = await makeThumbnail(source);
    } catch (error) {
      // An image its decoder refuses (damaged, or too many pixels) has no thumbnail.
      throw new AppError(404, 'files.noThumbnail', { cause: error });
    }
    await storage.put(key, Readable.from([bytes]), { contentType: THUMBNAIL_TYPE });
    return bytes;
  }

  return {
    /**
     * Checks where an upload goes before its body is read: the caller's upload right in the project, and
     * the storage left to it and its enterprise (`announcedBytes`: what Content-Length says the files
     * will take at least). A refusal here costs the client no upload time.
     */
    async prepareUpload(
      user: User,
      projectId: string | undefined,
      announcedBytes: number,
    ): Promise<UploadTarget> {
      if (projectId === undefined) return { ownerId: user._id, project: null };
      await rights.requireUpload(user, projectId);
      const left = await figures.left(projectId);
      if (!left) throw notFound();
      const needed = Math.max(announcedBytes, 1);
      if (left.project !== null && left.project < needed) throw storageCapacityReached();
      if (left.enterprise !== null && left.enterprise < needed) throw spaceCapacityFull();
      return { ownerId: user._id, project: { id: projectId, left } };
    },

    /**
     * Stores the file parts of an upload and answers their URLs, by field. All or nothing: when one part
     * fails (type, size, capacity, a broken body) the ones already stored are removed again.
     */
    async upload(target: UploadTarget, parts: AsyncIterable<UploadPart>): Promise<UploadResult> {
      const request: ByteLimit = { remaining: limits.file, exceeded: () => tooLarge(limits.file) };
      const shared = [request, ...(target.project ? capacityLimits(target.project.left) : [])];
      const stored: Array<{ row: NewFileRow; field: UploadField }> = [];
      try {
        for await (const part of parts) {
          // Plain text fields are ignored (some upload widgets add their own).
          if (part.type !== 'file') continue;
          if (!isUploadField(part.fieldname)) {
            throw new AppError(400, 'files.unknownField', { params: { field: part.fieldname.slice(0, 40) } });
          }
          const row = await storeFile(part, part.fieldname, new ByteMeter(shared), target);
          stored.push({ row, field: part.fieldname });
        }
        if (stored.length === 0) throw new AppError(400, 'files.noFile');
        await commit(
          stored.map((s) => s.row),
          target,
        );
      } catch (error) {
        await discard(stored.map((s) => s.row.storage_key));
        throw uploadProblem(error, limits);
      }
      const result: UploadResult = {};
      for (const { row, field } of stored) {
        const list = UPLOAD_FIELDS[field];
        result[list] = [...(result[list] ?? []), fileUrl(row)];
      }
      return result;
    },

    /** Whether the user may read every one of these files (FileReadCheck). */
    async readable(user: User, ids: readonly string[]): Promise<boolean> {
      for (const id of new Set(ids)) {
        const file = await files.findById(id);
        if (!file || !(await rights.canRead(user, file))) return false;
      }
      return true;
    },

    /** The file for a download, or the part `rangeHeader` asks for. */
    async open(id: string, user: User, rangeHeader: string | undefined): Promise<FileDownload> {
      const file = await readableFile(id, user);
      return openStored(storage, file.storage_key, servedAsItself(file), rangeHeader);
    },

    /** A picture's thumbnail (made once, then stored); 404 files.noThumbnail for any other file. */
    async thumbnail(id: string, user: User): Promise<{ file: FileRow; bytes: Buffer }> {
      const file = await readableFile(id, user);
      if (!isPictureType(file.content_type)) throw new AppError(404, 'files.noThumbnail');
      let making = makingThumbnails.get(file.id);
      if (!making) {
        making = thumbnailOf(file).finally(() => makingThumbnails.delete(file.id));
        makingThumbnails.set(file.id, making);
      }
      return { file, bytes: await making };
    },

    /**
     * Deletes a file (its uploader, or an admin of its project) and gives its bytes back to the project's
     * and the enterprise's figures, in one transaction; the bytes themselves go after it.
     */
    async remove(id: string, user: User): Promise<void> {
      const file = await files.findById(id);
      if (!file) throw notFound();
      if (!(await rights.canDelete(user, file))) {
        throw (await rights.canRead(user, file)) ? new AppError(403, 'common.forbidden') : notFound();
      }
      const deleted = await db.transaction().execute(async (trx) => {
        if (!(await createFileRepository(trx).delete(file.id))) return false;
        if (file.project_id !== null) {
          await createStorageFigures(trx).release(file.project_id, Number(file.size));
        }
        return true;
      });
      if (!deleted) throw notFound();
      converter.forget(file.storage_key);
      await discard([file.storage_key, thumbnailKey(file.storage_key), previewKey(file.storage_key)]);
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;
