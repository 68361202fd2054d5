import type { Language } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  MODEL_NAME_MAX_LENGTH,
  type ModelUploadResult,
  modelUploadFieldsSchema,
} from '@lintel/contracts/models';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import { AppError } from '../../plugins/app-error';
import { formatBytes } from '../files/http';
import { ByteMeter, peekStream } from '../files/upload-stream';
import { isZip, sniffIfc } from './conversion/index';
import { type ModelsBase, need, projectScope, versionKeys } from './models.context';
import type { ConversionRunner } from './models.converter';
import { presentModel } from './models.presenter';
import { assertModelTags } from './views/tags.lookup';

/** The first bytes read to recognise an IFC (and its FILE_SCHEMA) or a zip. */
const HEAD_BYTES = 4096;

/** What an upload says about itself besides its bytes (multipart fields, tus metadata). */
export interface UploadFields {
  fileName: string;
  name?: string | undefined;
  remark?: string | undefined;
  tagIds?: string[] | undefined;
}

/** An IFC received into storage under the version's key. */
export interface ReceivedIfc {
  versionId: string;
  size: number;
  schema: string | null;
}

export const tooLarge = (max: number) =>
  new AppError(413, 'models.tooLarge', { params: { limit: formatBytes(max) } });
export const notIfc = () =>
  new AppError(400, 'models.notIfc', { details: [{ path: 'file', key: 'models.notIfc' }] });

/**
 * Is this the start of an IFC, or of a zip whose first entry is an .ifc (an .ifczip)? The zip's single-.ifc
 * rule is checked in full when it is unpacked for the conversion.
 */
export function checkHead(head: Uint8Array): { schema: string | null } | null {
  const ifc = sniffIfc(head);
  if (ifc.ifc) return { schema: ifc.schema };
  if (!isZip(head) || head.length < 30) return null;
  // Local file header: the name's length at offset 26, the name from offset 30.
  const nameLength = head[26]! | (head[27]! << 8);
  const name = Buffer.from(head.subarray(30, 30 + nameLength)).toString('utf8');
  return /\.ifc$/i.test(name) ? { schema: null } : null;
}

/** The model name an upload gets by default: its file name without the extension, trimmed, ≤ 60. */
export function defaultModelName(fileName: string): string {
  const base = fileName.replace(/\\/g, '/').split('/').pop() ?? '';
  const stem = base.replace(/\.(ifc|ifczip|zip)$/i, '').trim();
  return [...(stem || base.trim() || 'model')].slice(0, MODEL_NAME_MAX_LENGTH).join('').trim();
}

/**
 * Uploads of model files (multipart POST and tus): the bytes are checked by content and size while they
 * stream into storage, then the model (or its next version) is created and its conversion queued.
 */
export function createModelUploads(base: ModelsBase, runner: ConversionRunner) {
  const { repository, storage, access, limits, db } = base;

  /** Right `upload` in the project (404 outside it, 403 without the right). */
  async function requireUpload(user: User, projectId: string): Promise<void> {
    await access.requireScopeRole(user, projectScope(projectId), need('upload'));
  }

  /**
   * Streams the file into storage under a new version's key: refused with 400 `models.notIfc` when its
   * first bytes are neither an IFC nor an .ifczip, 413 past MODEL_UPLOAD_MAX_BYTES; nothing is kept then.
   */
  async function receive(source: AsyncIterable<Uint8Array>): Promise<ReceivedIfc> {
    const meter = new ByteMeter([
      { remaining: limits.uploadMaxBytes, exceeded: () => tooLarge(limits.uploadMaxBytes) },
    ]);
    const peeked = await peekStream(source, HEAD_BYTES, meter);
    const head = checkHead(peeked.head);
    if (!head) {
      await peeked.abandon();
      throw notIfc();
    }
    const versionId = newId();
    const stored = await storage.put(versionKeys(versionId).ifc, peeked.body, {
      contentType: 'application/octet-stream',
    });
    return { versionId, size: stored.size, schema: head.schema };
  }

  /**
   * The received file becomes a version: of the live model of that name when there is one (`created:
   * false`), else of a new model. Its conversion is queued. The stored bytes are removed when this fails.
   */
  async function accept(
    user: User,
    projectId: string,
    received: ReceivedIfc,
    fields: UploadFields,
    language: Language,
  ): Promise<ModelUploadResult> {
    try {
      const parsed = modelUploadFieldsSchema.safeParse({
        ...(fields.name === undefined || fields.name.trim() === '' ? {} : { name: fields.name }),
        ...(fields.remark === undefined ? {} : { remark: fields.remark }),
        ...(fields.tagIds === undefined ? {} : { tagIds: fields.tagIds }),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const path = issue?.path.join('.') || 'name';
        throw new AppError(400, 'common.validation', { details: [{ path, key: 'common.validation' }] });
      }
      const name = parsed.data.name ?? defaultModelName(fields.fileName);
      const tagIds = parsed.data.tagIds ? [...new Set(parsed.data.tagIds)] : undefined;
      if (tagIds) await assertModelTags(db, projectId, tagIds);
      const result = await addVersion(user, projectId, name, received, fields.fileName, {
        remark: parsed.data.remark,
        tagIds,
      }).catch(async (error: unknown) => {
        // Two uploads of a new name at once: the loser becomes a version of the winner's model.
        if (!isUniqueViolation(error)) throw error;
        return addVersion(user, projectId, name, received, fields.fileName, {
          remark: parsed.data.remark,
          tagIds,
        });
      });
      await runner.enqueue(received.versionId);
      const [model, version] = await Promise.all([
        repository.findModel(result.modelId),
        repository.findVersion(received.versionId),
      ]);
      return { created: result.created, model: presentModel(model!, version!, language) };
    } catch (error) {
      await storage.delete(versionKeys(received.versionId).ifc).catch(() => undefined);
      throw error;
    }
  }

  async function addVersion(
    user: User,
    projectId: string,
    name: string,
    received: ReceivedIfc,
    fileName: string,
    extra: { remark?: string | undefined; tagIds?: string[] | undefined },
  ): Promise<{ modelId: string; created: boolean }> {
    const now = base.now();
    return repository.db.transaction().execute(async (trx) => {
      const existing = await repository.findModelByName(projectId, name, trx);
      const modelId = existing?.id ?? newId();
      const number = existing ? (await repository.maxVersionNumber(modelId, trx)) + 1 : 1;
      if (!existing) {
        await repository.insertModel(
          {
            id: modelId,
            project_id: projectId,
            name,
            remark: extra.remark ?? '',
            tag_ids: toJson(extra.tagIds ?? []),
            current_version_id: null,
            version_count: 0,
            created_by: user._id,
            created_at: now,
            updated_at: now,
            deleted_at: null,
          },
          trx,
        );
      }
      await repository.insertVersion(
        {
          id: received.versionId,
          model_id: modelId,
          project_id: projectId,
          number,
          file_name: [...fileName].slice(0, 255).join(''),
          size: received.size,
          status: 'queued',
          progress: 0,
          schema: received.schema,
          ifc_key: versionKeys(received.versionId).ifc,
          created_by: user._id,
          created_at: now,
        },
        trx,
      );
      await repository.updateModel(
        modelId,
        {
          current_version_id: received.versionId,
          version_count: (existing?.version_count ?? 0) + 1,
          updated_at: now,
          ...(existing && extra.remark !== undefined ? { remark: extra.remark } : {}),
          ...(existing && extra.tagIds !== undefined ? { tag_ids: toJson(extra.tagIds) } : {}),
        },
        trx,
      );
      return { modelId, created: !existing };
    });
  }

  /**
   * POST models/{id}/versions: the received file becomes the next version of this model, whatever the
   * file's name.
   */
  async function acceptVersion(
    user: User,
    modelId: string,
    received: ReceivedIfc,
    fileName: string,
    language: Language,
  ): Promise<ModelUploadResult> {
    try {
      const { model } = await base.openModel(user, modelId, 'upload');
      await addVersion(user, model.project_id, model.name, received, fileName, {});
      await runner.enqueue(received.versionId);
      const [fresh, version] = await Promise.all([
        repository.findModel(modelId),
        repository.findVersion(received.versionId),
      ]);
      return { created: false, model: presentModel(fresh!, version!, language) };
    } catch (error) {
      await storage.delete(versionKeys(received.versionId).ifc).catch(() => undefined);
      throw error;
    }
  }

  /** Removes the bytes of an upload that will not become a version. */
  async function discard(received: ReceivedIfc): Promise<void> {
    await storage.delete(versionKeys(received.versionId).ifc).catch(() => undefined);
  }

  return { requireUpload, receive, discard, accept, acceptVersion, maxBytes: limits.uploadMaxBytes };
}
export type ModelUploads = ReturnType<typeof createModelUploads>;
