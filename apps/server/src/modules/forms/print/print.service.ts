import { Readable } from 'node:stream';
import type { Language } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import type { WorkflowLogEntry } from '@lintel/contracts/workflow';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Clock } from '../../../clock';
import { newId } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import type { Storage } from '../../../storage/index';
import { readAll } from '../../../storage/read-all';
import { createDirectory } from '../../directory/index';
import { type Converter, previewKey } from '../../files/conversion';
import type { OrgAccess } from '../../org/access';
import type { FormsModule } from '../index';
import {
  checkWordFile,
  compileTemplate,
  DOCX_CONTENT_TYPE,
  fillTemplate,
  type PrintImage,
  TemplateProblem,
} from './docx';
import { fileIdsOf, type Placeholder, peopleOf, placeholdersOf, printData } from './print-data';
import { withPrintTables } from './tables';

/** A print template larger than this is refused (a Word form with a logo is a few hundred KB). */
export const PRINT_TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
/** How often a PDF conversion in the converter's queue is looked at. */
const POLL_MS = 200;
/** Longer than the converter's own timeout (120 s), so that its verdict always comes first. */
const PDF_WAIT_MS = 150_000;
/** The picture formats Word reads as they are; others are converted to PNG. */
const PICTURE_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpeg'],
  ['image/gif', 'gif'],
]);

export interface PrintTemplateInfo {
  templateId: string;
  fileName: string;
  size: number;
  uploadedBy: string | null;
  uploadedAt: string;
}

export interface PrintDeps {
  db: Kysely<Database>;
  storage: Storage;
  converter: Converter;
  clock: Clock;
  access: OrgAccess;
  forms: FormsModule;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Form printing (issue 18): a form template's Word print template (admins import, read, delete it) and a
 * form filled into it as .docx or, through LibreOffice (files/conversion.ts), as PDF. Who may read a form
 * is the forms service's rule: printing asks it for the form, never decides itself.
 */
export function createPrintService({ db, storage, converter, clock, access, forms, log }: PrintDeps) {
  const tables = withPrintTables(db);
  const directory = createDirectory(db);

  const present = (row: {
    template_id: string;
    file_name: string;
    size: number;
    uploaded_by: string | null;
    uploaded_at: string;
  }): PrintTemplateInfo => ({
    templateId: row.template_id,
    fileName: row.file_name,
    size: Number(row.size),
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at,
  });

  const findRow = (templateId: string) =>
    tables
      .selectFrom('form_print_templates')
      .selectAll()
      .where('template_id', '=', templateId)
      .executeTakeFirst();

  /** The form template when the caller administers its project: 404 outside it, 403 for members. */
  async function administered(user: User, templateId: string) {
    const template = await forms.templates.getTemplate(user, templateId);
    await access.requireScopeRole(user, { type: 'project', id: template.projectId }, 'admin');
    return template;
  }

  function dropStored(key: string): void {
    storage.delete(key).catch((error: unknown) => {
      log.warn({ err: error, key }, 'a replaced print template could not be deleted from the storage');
    });
  }

  /** The pictures among these files, as PNG/JPEG/GIF with their size; files outside the form are left out. */
  async function picturesOf(ids: Set<string>, projectId: string, owners: Set<string>) {
    const images = new Map<string, PrintImage>();
    for (const row of await directory.files([...ids])) {
      // The form's project's files, or a person's own (a signature drawn by the initiator or an approver).
      const belongs =
        row.project_id === projectId || (row.project_id === null && owners.has(row.owner_id ?? ''));
      if (!belongs || !row.content_type.startsWith('image/')) continue;
      try {
        let bytes = await readAll(await storage.get(row.storage_key));
        let extension = PICTURE_TYPES.get(row.content_type);
        if (!extension) {
          // WebP, HEIC…: Word reads only the classic formats.
          bytes = await sharp(bytes).png().toBuffer();
          extension = 'png';
        }
        const meta = await sharp(bytes).metadata();
        images.set(row.id, { bytes, extension, widthPx: meta.width ?? 100, heightPx: meta.height ?? 100 });
      } catch (error) {
        log.warn({ err: error, file: row.id }, 'a picture could not be placed in a printout');
      }
    }
    return images;
  }

  async function toPdf(docx: Buffer): Promise<Buffer> {
    const key = `form-print-${newId(clock.now().getTime())}`;
    await storage.put(key, Readable.from([docx]), { contentType: DOCX_CONTENT_TYPE });
    try {
      const source = { storageKey: key, contentType: DOCX_CONTENT_TYPE };
      const started = Date.now();
      for (;;) {
        const state = await converter.state(source);
        if (state === 'ready') return await readAll(await storage.get(previewKey(key)));
        if (state === 'unavailable') throw new AppError(503, 'forms.printConversionUnavailable');
        if (state === 'failed' || Date.now() - started > PDF_WAIT_MS) {
          throw new AppError(502, 'forms.printConversionFailed');
        }
        await sleep(POLL_MS);
      }
    } finally {
      converter.forget(key);
      await Promise.all([storage.delete(key), storage.delete(previewKey(key))]).catch(() => undefined);
    }
  }

  return {
    async info(user: User, templateId: string): Promise<PrintTemplateInfo> {
      await administered(user, templateId);
      const row = await findRow(templateId);
      if (!row) throw new AppError(404, 'forms.printTemplateMissing');
      return present(row);
    },

    /** Imports (or replaces) the template's Word file: checked by its bytes, and that it compiles. */
    async put(user: User, templateId: string, fileName: string, bytes: Buffer): Promise<PrintTemplateInfo> {
      await administered(user, templateId);
      if (checkWordFile(bytes) !== null) throw new AppError(400, 'forms.wordFileRequired');
      try {
        compileTemplate(bytes);
      } catch (error) {
        if (error instanceof TemplateProblem) {
          throw new AppError(400, 'forms.printTemplateBroken', { params: { detail: error.detail } });
        }
        throw error;
      }
      const key = `form-print-${newId(clock.now().getTime())}`;
      await storage.put(key, Readable.from([bytes]), { contentType: DOCX_CONTENT_TYPE });
      const row = {
        template_id: templateId,
        storage_key: key,
        file_name: fileName.slice(0, 200) || 'template.docx',
        size: bytes.length,
        uploaded_by: user._id,
        uploaded_at: clock.now().toISOString(),
      };
      let replaced: string | undefined;
      try {
        await tables.transaction().execute(async (trx) => {
          replaced = (
            await trx
              .selectFrom('form_print_templates')
              .select('storage_key')
              .where('template_id', '=', templateId)
              .executeTakeFirst()
          )?.storage_key;
          await trx.deleteFrom('form_print_templates').where('template_id', '=', templateId).execute();
          await trx.insertInto('form_print_templates').values(row).execute();
        });
      } catch (error) {
        dropStored(key);
        throw error;
      }
      if (replaced) dropStored(replaced);
      return present(row);
    },

    async remove(user: User, templateId: string): Promise<void> {
      await administered(user, templateId);
      const row = await findRow(templateId);
      if (!row) throw new AppError(404, 'forms.printTemplateMissing');
      await tables.deleteFrom('form_print_templates').where('template_id', '=', templateId).execute();
      dropStored(row.storage_key);
    },

    async placeholders(user: User, templateId: string, language: Language): Promise<Placeholder[]> {
      const template = await administered(user, templateId);
      return placeholdersOf(template.fields, language);
    },

    /** The form filled into its template's print template, as the caller may read it. */
    async print(
      user: User,
      formId: string,
      format: 'docx' | 'pdf',
      language: Language,
    ): Promise<{ bytes: Buffer; fileName: string; contentType: string }> {
      // The forms service's own read: 404 for whoever may not read the form; hidden fields left out.
      const detail = await forms.forms.get(user, formId);
      const row = await findRow(detail.templateId);
      if (!row) throw new AppError(404, 'forms.printTemplateMissing');
      // The log as the reader may see it: a workflow that hides its log from them prints none.
      const entries: WorkflowLogEntry[] = await forms.forms.log(user, formId).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 403) return [];
        throw error;
      });
      const people = peopleOf(detail);
      const userIds = new Set([...people.users, detail.initiatorId]);
      for (const entry of entries) if (entry.actorId) userIds.add(entry.actorId);
      const fileIds = fileIdsOf(detail, entries);
      const [users, departments, files, images] = await Promise.all([
        directory.users([...userIds]),
        directory.departments(detail.projectId),
        directory.files([...fileIds.files]),
        picturesOf(fileIds.images, detail.projectId, userIds),
      ]);
      const data = printData(
        { detail, log: entries, templateName: detail.templateName, printedAt: clock.now() },
        {
          userNames: new Map([...users].map(([id, summary]) => [id, summary.name || summary.nickName])),
          departmentNames: new Map(
            departments.filter((d) => people.departments.has(d.id)).map((d) => [d.id, d.name]),
          ),
          fileNames: new Map(
            files.filter((f) => f.project_id === detail.projectId).map((f) => [f.id, f.original_name]),
          ),
          images,
        },
        language,
      );
      const template = await readAll(await storage.get(row.storage_key));
      let docx: Buffer;
      try {
        docx = fillTemplate(template, data);
      } catch (error) {
        if (error instanceof TemplateProblem) {
          throw new AppError(400, 'forms.printTemplateBroken', { params: { detail: error.detail } });
        }
        throw error;
      }
      const base = detail.name.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim() || 'form';
      if (format === 'docx') return { bytes: docx, fileName: `${base}.docx`, contentType: DOCX_CONTENT_TYPE };
      return { bytes: await toPdf(docx), fileName: `${base}.pdf`, contentType: 'application/pdf' };
    },
  };
}
export type PrintService = ReturnType<typeof createPrintService>;
