import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  type ContactSheetMaxNumber,
  type ContactSheetSummary,
  type ContactSheetType,
  formatContactSheetNumber,
} from '@lintel/contracts/contactsheets';
import { parseOrder } from '../../db/order';
import { compileWhere, parseWhereQuery } from '../../db/where';
import { AppError } from '../../plugins/app-error';
import { type ListQuery, ORDER, SHEET_FILTERS, type SheetContext } from './contactsheets.context';
import { presentSummary, type Viewer } from './contactsheets.presenter';

/** Reading sheets: one (also as a PDF's data), the boxes' lists, the numbers of a kind. */
export function createSheetReads(ctx: SheetContext) {
  const { engine, clock, repository, directory, projectContext, open, detail, defaultSenderUnit } = ctx;

  return {
    detail: (user: User, id: string) => detail(user, id),

    /** The sheet and what the PDF needs besides: the project's name. `download` needs the export right. */
    async printable(user: User, id: string, download: boolean) {
      const opened = await open(user, id);
      if (download && !opened.context.rights.export) throw new AppError(403, 'common.forbidden');
      const [sheet, projectName] = await Promise.all([
        detail(user, id, opened),
        directory.projectName(opened.row.project_id),
      ]);
      return { sheet, projectName };
    },

    async list(
      user: User,
      projectId: string,
      query: ListQuery,
    ): Promise<ContactSheetSummary[] | CountResult> {
      const context = await projectContext(user, projectId);
      const node = parseWhereQuery(query.where, SHEET_FILTERS);
      const filter = {
        projectId,
        userId: user._id,
        box: query.visible,
        seesAll: context.seesAll,
        ...(query.type ? { type: query.type } : {}),
        unReadOnly: query.unRead === true,
        where: node ? compileWhere(node, SHEET_FILTERS, engine) : null,
      };
      if (query.only_count) return { count: await repository.count(filter) };
      const order = parseOrder(query.order, ORDER, { column: ORDER.sentAt, direction: 'desc' });
      const rows = await repository.list(filter, { order, skip: query.skip, limit: query.limit });
      const ids = rows.map((row) => row.id);
      const [people, replyCounts, attachmentCounts] = await Promise.all([
        repository.people(ids),
        repository.replyCounts(ids),
        repository.attachmentCounts(ids),
      ]);
      const users = await directory.users([...rows.map((r) => r.sender_id), ...people.map((p) => p.user_id)]);
      return rows.map((row) => {
        const own = people.filter((p) => p.sheet_id === row.id);
        const person =
          row.my_role === null ? null : { role: row.my_role, is_read: row.my_read === 1 ? 1 : 0 };
        return presentSummary(
          row,
          { userId: user._id, rights: context.rights, person: person as Viewer['person'] },
          {
            people: own,
            replyCount: replyCounts.get(row.id) ?? 0,
            attachmentCount: attachmentCounts.get(row.id) ?? 0,
          },
          users,
        );
      });
    },

    async maxNumber(user: User, projectId: string, type: ContactSheetType): Promise<ContactSheetMaxNumber> {
      // The counter tells how many sheets of a kind the project has: those who write sheets need it, and
      // those who see them all could count them anyway; a member who sees only their own gets 403.
      const context = await projectContext(user, projectId);
      if (!context.rights.create && !context.seesAll) throw new AppError(403, 'common.forbidden');
      const last = await repository.lastNumber(projectId, type);
      const lastNumber = last > 0 ? ((await repository.numberOf(projectId, type, last)) ?? null) : null;
      return {
        type,
        lastSequence: last,
        lastNumber,
        nextSequence: last + 1,
        nextNumber: formatContactSheetNumber(type, clock.now().getUTCFullYear(), last + 1),
        senderUnit: await defaultSenderUnit(user, projectId),
      };
    },
  };
}
