import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  type ContactSheet,
  type ContactSheetCreateParsed,
  type ContactSheetRole,
  contactSheetExcerpt,
  formatContactSheetNumber,
} from '@lintel/contracts/contactsheets';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import { AppError } from '../../plugins/app-error';
import type { ProjectContext, SheetContext } from './contactsheets.context';
import type { SheetRow } from './contactsheets.repository';

/** Sending a sheet, and deleting sheets (all or nothing, or a whole project's). */
export function createSheetWrites(ctx: SheetContext) {
  const {
    clock,
    repository,
    now,
    inTransaction,
    circulationEntry,
    projectContext,
    detail,
    checkPeople,
    checkAttachments,
    checkModelLinks,
    defaultSenderUnit,
    announce,
    closeTodos,
  } = ctx;

  return {
    /** `body` as the route's schema (contactSheetCreateSchema) parsed it. */
    async create(user: User, body: ContactSheetCreateParsed): Promise<ContactSheet> {
      const context = await projectContext(user, body.projectId);
      if (!context.rights.create) throw new AppError(403, 'common.forbidden');
      await checkPeople(body.projectId, user._id, { receivers: body.receivers, cc: body.cc });
      const attachments = await checkAttachments(body.projectId, body.attachments ?? [], user);
      await checkModelLinks(body.projectId, body);
      const senderUnit = body.senderUnit || (await defaultSenderUnit(user, body.projectId));
      const when = clock.now();
      const at = when.toISOString();
      const id = newId(when.getTime());
      const row = await inTransaction(async (trx) => {
        const sequence = await trx.takeNumber(body.projectId, body.type);
        const sheet: SheetRow = {
          id,
          project_id: body.projectId,
          type: body.type,
          number_seq: sequence,
          number: formatContactSheetNumber(body.type, when.getUTCFullYear(), sequence),
          sender_id: user._id,
          sender_unit: senderUnit,
          title: body.title,
          content: body.content,
          excerpt: contactSheetExcerpt(body.content),
          reply_needed: body.replyNeeded ? 1 : 0,
          reply_deadline: body.replyNeeded ? (body.replyDeadline ?? null) : null,
          model_id: body.modelId || null,
          viewport_id: body.viewportId || null,
          selection_set_id: body.selectionSetId || null,
          status: 'sent',
          sent_at: at,
          recalled_at: null,
          replied: 0,
          deleted_at: null,
          deleted_by: null,
          created_at: at,
          updated_at: at,
        };
        await trx.insertSheet(sheet);
        const person = (userId: string, role: ContactSheetRole, position: number) => ({
          sheet_id: id,
          user_id: userId,
          project_id: body.projectId,
          role,
          is_read: 0 as const,
          read_at: null,
          replied: 0 as const,
          replied_at: null,
          forwarded_by: null,
          added_at: at,
          position,
        });
        await trx.insertPeople([
          ...body.receivers.map((u, index) => person(u, 'receiver', index)),
          ...body.cc.map((u, index) => person(u, 'cc', body.receivers.length + index)),
        ]);
        await trx.insertAttachments(
          attachments.map((fileId, position) => ({ sheet_id: id, owner_id: id, file_id: fileId, position })),
        );
        await trx.insertCirculation(
          circulationEntry(id, 'send', user._id, at, { users: toJson([...body.receivers, ...body.cc]) }),
        );
        return sheet;
      });
      await announce(row, user, body.receivers, body.cc, 'send');
      return detail(user, id);
    },

    /**
     * All or nothing: every id must be a sheet the caller can see (else 404, nothing deleted) and may delete
     * — theirs, or any with the delete right (else 403 contactsheets.notDeletable, nothing deleted).
     */
    async removeMany(user: User, ids: readonly string[]): Promise<CountResult> {
      const unique = [...new Set(ids)];
      const rows = await repository.findMany(unique);
      if (rows.length !== unique.length) throw new AppError(404, 'common.notFound');
      const contexts = new Map<string, ProjectContext>();
      for (const projectId of new Set(rows.map((r) => r.project_id))) {
        contexts.set(projectId, await projectContext(user, projectId));
      }
      const people = await repository.people(unique);
      for (const row of rows) {
        const context = contexts.get(row.project_id) as ProjectContext;
        const isSender = row.sender_id === user._id;
        const onSheet = people.some((p) => p.sheet_id === row.id && p.user_id === user._id);
        if (!isSender && !onSheet && !context.seesAll) throw new AppError(404, 'common.notFound');
        if (row.deleted_at !== null) throw new AppError(404, 'contactsheets.deleted');
      }
      if (rows.some((row) => row.sender_id !== user._id && !contexts.get(row.project_id)?.rights.delete)) {
        throw new AppError(403, 'contactsheets.notDeletable');
      }
      const count = await inTransaction((trx) => trx.softDelete(unique, user._id, now()));
      for (const id of unique) await closeTodos(id);
      return { count };
    },

    /** Every live sheet of the project the caller may delete: all with the delete right, else their own. */
    async removeProject(user: User, projectId: string): Promise<CountResult> {
      const context = await projectContext(user, projectId);
      const ids = await repository.liveIds(projectId, context.rights.delete ? null : user._id);
      const count = await inTransaction((trx) => trx.softDelete(ids, user._id, now()));
      for (const id of ids) await closeTodos(id);
      return { count };
    },
  };
}
