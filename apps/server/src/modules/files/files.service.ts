import { Readable } from 'node:stream';
import type { User } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import type { Database, FilesTable } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { type ByteRange, type Storage, StorageNotFoundError } from '../../storage/index';
import { canReadFile } from './files.access';
import { fileUrl } from './files.presenter';
import { createFileRepository, type FileRow } from './files.repository';
import { formatBytes, parseRange, sanitizeFilename } from './http';
import { SNIFF_BYTES, sniffImageType } from './image-type';
import { type ByteBudget, peekStream, UploadTooLargeError } from './upload-stream';

/** The form fields an upload may use, and the answer's array each one fills (spec 000 §7, Avatar). */
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

export type FileDownload =
  | { kind: 'unsatisfiable'; file: FileRow }
  | { kind: 'full' | 'partial'; file: FileRow; range: ByteRange | null; stream: Readable };

export interface FileServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  storage: Storage;
  /** UPLOAD_IMAGE_MAX_BYTES: the bytes of all files of one request together. */
  maxImageBytes: number;
}

function isUploadField(name: string): name is UploadField {
  return Object.hasOwn(UPLOAD_FIELDS, name);
}

/** Multipart and stream failures as the client should read them; anything else stays a server error. */
function uploadProblem(error: unknown, maxImageBytes: number): unknown {
  if (error instanceof AppError) return error;
  const tooLarge = () =>
    new AppError(413, 'files.tooLarge', { params: { limit: formatBytes(maxImageBytes) } });
  if (error instanceof UploadTooLargeError) return tooLarge();
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
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

export function createFileService({ db, clock, storage, maxImageBytes }: FileServiceDeps) {
  const files = createFileRepository(db);

  /** Streams one image part to the storage; refuses it by its first bytes before anything is written. */
  async function storeImage(
    part: Extract<UploadPart, { type: 'file' }>,
    ownerId: string,
    budget: ByteBudget,
  ): Promise<FilesTable> {
    const peeked = await peekStream(part.file, SNIFF_BYTES, budget);
    const contentType = sniffImageType(peeked.head);
    if (!contentType) {
      await peeked.abandon();
      throw new AppError(415, 'files.typeNotAllowed');
    }
    const now = clock.now();
    const id = newId(now.getTime());
    // The storage key is the id: nothing the client sent ever becomes part of a path.
    const { size } = await storage.put(id, Readable.from(peeked.body), { contentType });
    return {
      id,
      owner_id: ownerId,
      storage_key: id,
      content_type: contentType,
      size,
      original_name: sanitizeFilename(part.filename),
      created_at: now.toISOString(),
    };
  }

  return {
    /**
     * Stores the image parts of an upload and answers their URLs, by field. All or nothing: when one part
     * fails (type, size, a broken body) the ones already stored are removed again.
     */
    async upload(ownerId: string, parts: AsyncIterable<UploadPart>): Promise<UploadResult> {
      const budget: ByteBudget = { remaining: maxImageBytes };
      const stored: Array<{ row: FilesTable; field: UploadField }> = [];
      try {
        for await (const part of parts) {
          // Plain text fields are ignored (some upload widgets add their own).
          if (part.type !== 'file') continue;
          if (!isUploadField(part.fieldname)) {
            throw new AppError(400, 'files.unknownField', { params: { field: part.fieldname.slice(0, 40) } });
          }
          stored.push({ row: await storeImage(part, ownerId, budget), field: part.fieldname });
        }
        if (stored.length === 0) throw new AppError(400, 'files.noFile');
        await files.insertMany(stored.map((s) => s.row));
      } catch (error) {
        await Promise.all(stored.map((s) => storage.delete(s.row.storage_key).catch(() => undefined)));
        throw uploadProblem(error, maxImageBytes);
      }
      const result: UploadResult = {};
      for (const { row, field } of stored) {
        const list = UPLOAD_FIELDS[field];
        result[list] = [...(result[list] ?? []), fileUrl(row)];
      }
      return result;
    },

    /**
     * The file for a download, or the part `rangeHeader` asks for. Unknown and unreadable files are both
     * 404: a file the caller may not see does not exist for them.
     */
    async open(id: string, user: User | null, rangeHeader: string | undefined): Promise<FileDownload> {
      const file = await files.findById(id);
      if (!file || !canReadFile(user, file)) throw new AppError(404, 'common.notFound');
      const request = parseRange(rangeHeader, file.size);
      if (request.kind === 'unsatisfiable') return { kind: 'unsatisfiable', file };
      const range = request.kind === 'partial' ? request.range : null;
      try {
        const stream = await storage.get(file.storage_key, range ?? undefined);
        return { kind: request.kind, file, range, stream };
      } catch (error) {
        if (error instanceof StorageNotFoundError) {
          throw new AppError(404, 'common.notFound', { cause: error });
        }
        throw error;
      }
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;
