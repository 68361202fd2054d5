import type { User } from '@lintel/contracts/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { Storage } from '../../storage/index';
import type { OrgAccess } from '../org/access';
import type { FileOwners } from './attachments';
import { type ConversionState, type Converter, PREVIEW_CONTENT_TYPE, previewKey } from './conversion';
import { createFileAccess } from './files.access';
import { createFileRepository, type FileRow } from './files.repository';
import { servedAsItself } from './files.service';
import { type PreviewKind, previewKindOf } from './preview-kinds';
import { type FileDownload, openStored } from './served-file';

/** What the preview screen needs to know of a file before it shows anything (`?meta=true`). */
export interface FileMeta {
  _id: string;
  name: string;
  size: number;
  contentType: string;
  createdAt: string;
  kind: PreviewKind;
  /** Whether the file can be shown at all (false for kind 'none', and for a failed or impossible conversion). */
  previewable: boolean;
  /** Office documents only: where their PDF stands; null for every other kind. */
  conversion: ConversionState | null;
}

export interface PreviewServiceDeps {
  db: Kysely<Database>;
  storage: Storage;
  access: OrgAccess;
  converter: Pick<Converter, 'state'>;
  owners: FileOwners;
}

const notFound = () => new AppError(404, 'common.notFound');

/** `报价单.docx` → `报价单.pdf`: the converted preview says what it is. */
function pdfName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.pdf`;
}

/**
 * Previews of stored files (spec 001 §2 "File preview"), with the download's rights: whoever may read a
 * file may preview it, anyone else gets 404.
 */
export function createPreviewService({ db, storage, access, converter, owners }: PreviewServiceDeps) {
  const files = createFileRepository(db);
  const rights = createFileAccess({ db, access, owners });

  async function readableFile(id: string, user: User): Promise<FileRow> {
    const file = await files.findById(id);
    if (!file || !(await rights.canRead(user, file))) throw notFound();
    return file;
  }

  function conversionOf(file: FileRow): Promise<ConversionState> {
    return converter.state({ storageKey: file.storage_key, contentType: file.content_type });
  }

  return {
    /** The file's name, size, type and how it is previewed; an office document's conversion starts here. */
    async meta(id: string, user: User): Promise<FileMeta> {
      const file = await readableFile(id, user);
      const kind = previewKindOf(file.content_type);
      const conversion = kind === 'office' ? await conversionOf(file) : null;
      return {
        _id: file.id,
        name: file.original_name,
        size: Number(file.size),
        contentType: file.content_type,
        createdAt: file.created_at,
        kind,
        previewable:
          kind !== 'none' && (conversion === null || conversion === 'ready' || conversion === 'converting'),
        conversion,
      };
    },

    /**
     * The bytes a preview shows: the file itself for the kinds browsers show, the converted PDF of an
     * office document once it is ready. Refusals: 415 files.notPreviewable, 409 files.converting (try again
     * shortly), 422 files.previewConversionFailed, 503 files.previewConversionUnavailable.
     */
    async open(id: string, user: User, rangeHeader: string | undefined): Promise<FileDownload> {
      const file = await readableFile(id, user);
      const kind = previewKindOf(file.content_type);
      if (kind === 'none') throw new AppError(415, 'files.notPreviewable');
      if (kind !== 'office') return openStored(storage, file.storage_key, servedAsItself(file), rangeHeader);
      const state = await conversionOf(file);
      if (state === 'converting') throw new AppError(409, 'files.converting');
      if (state === 'failed') throw new AppError(422, 'files.previewConversionFailed');
      if (state === 'unavailable') throw new AppError(503, 'files.previewConversionUnavailable');
      const key = previewKey(file.storage_key);
      const stored = await storage.stat(key);
      if (!stored) throw new AppError(409, 'files.converting');
      const served = {
        etag: `"${file.id}-preview"`,
        contentType: PREVIEW_CONTENT_TYPE,
        name: pdfName(file.original_name),
        size: stored.size,
        inline: true,
      };
      return openStored(storage, key, served, rangeHeader);
    },
  };
}
export type PreviewService = ReturnType<typeof createPreviewService>;
