import type { User } from '@lintel/contracts/account';
import {
  type ContactSheet,
  type ContactSheetRole,
  contactSheetExcerpt,
} from '@lintel/contracts/contactsheets';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import { AppError } from '../../plugins/app-error';
import { templated } from '../notifications/index';
import {
  contactSheetLink,
  type ForwardBody,
  NOTIFICATION_MODULE,
  type ReplyBody,
  type SheetContext,
} from './contactsheets.context';

/** A sent sheet's circulation: read, replied, forwarded, recalled; each recorded and told. */
export function createSheetCirculation(ctx: SheetContext) {
  const {
    clock,
    notify,
    readNotifications,
    repository,
    now,
    produce,
    displayName,
    inTransaction,
    circulationEntry,
    open,
    requireSender,
    detail,
    checkPeople,
    checkAttachments,
    announce,
    closeTodos,
  } = ctx;

  return {
    /** A receiver or cc opens it: read, once in the circulation record; a no-reply receiver's to-do closes. */
    async setRead(user: User, id: string): Promise<ContactSheet> {
      const opened = await open(user, id);
      const { row, person } = opened;
      if (!person || row.status !== 'sent') throw new AppError(403, 'contactsheets.notOnSheet');
      const at = now();
      await inTransaction(async (trx) => {
        if (await trx.markRead(id, user._id, at)) {
          await trx.insertCirculation(circulationEntry(id, 'read', user._id, at));
        }
      });
      if (person.role === 'receiver' && row.reply_needed === 0) await closeTodos(id, [user._id]);
      await produce('could not read the notifications of a contact sheet', id, () =>
        readNotifications(user, id),
      );
      return detail(user, id);
    },

    /** A receiver replies (as often as they like): their to-do closes, the sender is told. */
    async reply(user: User, id: string, body: ReplyBody): Promise<ContactSheet> {
      const opened = await open(user, id);
      const { row, person } = opened;
      if (person?.role !== 'receiver') throw new AppError(403, 'contactsheets.notReceiver');
      const attachments = await checkAttachments(row.project_id, body.attachments ?? [], user);
      const at = now();
      const replyId = newId(clock.now().getTime());
      await inTransaction(async (trx) => {
        // Recalled or deleted since it was opened: refused, nothing written.
        if (!(await trx.markReplied(id, at))) throw new AppError(404, 'contactsheets.recalled');
        await trx.insertReply({
          id: replyId,
          sheet_id: id,
          user_id: user._id,
          content: body.content,
          created_at: at,
        });
        await trx.insertAttachments(
          attachments.map((fileId, position) => ({
            sheet_id: id,
            owner_id: replyId,
            file_id: fileId,
            position,
          })),
        );
        if (person.is_read === 0) await trx.insertCirculation(circulationEntry(id, 'read', user._id, at));
        await trx.markPersonReplied(id, user._id, at);
        await trx.insertCirculation(
          circulationEntry(id, 'reply', user._id, at, { remark: contactSheetExcerpt(body.content) }),
        );
      });
      await closeTodos(id, [user._id]);
      await produce('could not notify the sender of a contact sheet', id, () =>
        notify([row.sender_id], {
          module: NOTIFICATION_MODULE,
          ...templated('contactSheetReplied', {
            byName: displayName(user),
            title: row.title,
            excerpt: contactSheetExcerpt(body.content),
          }),
          link: contactSheetLink(row.project_id, id),
          projectId: row.project_id,
          recordId: id,
          senderId: user._id,
        }),
      );
      return detail(user, id);
    },

    /** The sender or a receiver adds people; new receivers get a to-do like the first ones. */
    async forward(user: User, id: string, body: ForwardBody): Promise<ContactSheet> {
      const opened = await open(user, id);
      const { row, person } = opened;
      const isSender = row.sender_id === user._id;
      if (row.status !== 'sent' || (!isSender && person?.role !== 'receiver')) {
        throw new AppError(403, 'contactsheets.cannotForward');
      }
      const cc = body.cc ?? [];
      await checkPeople(row.project_id, row.sender_id, { receivers: body.receivers, cc });
      const people = await repository.people([id]);
      const onSheet = new Set(people.map((p) => p.user_id));
      if ([...body.receivers, ...cc].some((u) => onSheet.has(u))) {
        throw new AppError(400, 'contactsheets.alreadyOnSheet', {
          details: [{ path: 'receivers', key: 'contactsheets.alreadyOnSheet' }],
        });
      }
      const at = now();
      await inTransaction(async (trx) => {
        const after = Math.max(-1, ...people.map((p) => p.position)) + 1;
        const added = (userId: string, role: ContactSheetRole, index: number) => ({
          sheet_id: id,
          user_id: userId,
          project_id: row.project_id,
          role,
          is_read: 0 as const,
          read_at: null,
          replied: 0 as const,
          replied_at: null,
          forwarded_by: user._id,
          added_at: at,
          position: after + index,
        });
        await trx.insertPeople([
          ...body.receivers.map((u, index) => added(u, 'receiver', index)),
          ...cc.map((u, index) => added(u, 'cc', body.receivers.length + index)),
        ]);
        await trx.insertCirculation(
          circulationEntry(id, 'forward', user._id, at, {
            users: toJson([...body.receivers, ...cc]),
            remark: body.remark || null,
          }),
        );
      });
      await announce(row, user, body.receivers, cc, 'forward');
      return detail(user, id);
    },

    /** The sender takes it back while no receiver has replied; it becomes their draft. */
    async recall(user: User, id: string): Promise<ContactSheet> {
      const opened = await open(user, id);
      requireSender(user, opened);
      const { row } = opened;
      if (row.status === 'recalled') throw new AppError(409, 'contactsheets.alreadyRecalled');
      const at = now();
      await inTransaction(async (trx) => {
        if (!(await trx.recall(id, at))) {
          const current = await trx.find(id);
          throw new AppError(
            409,
            current?.status === 'recalled'
              ? 'contactsheets.alreadyRecalled'
              : 'contactsheets.recallAfterReply',
          );
        }
        await trx.insertCirculation(circulationEntry(id, 'recall', user._id, at));
      });
      await closeTodos(id);
      const people = await repository.people([id]);
      if (people.length > 0) {
        await produce('could not notify the recall of a contact sheet', id, () =>
          notify(
            people.map((p) => p.user_id),
            {
              module: NOTIFICATION_MODULE,
              ...templated('contactSheetRecalled', {
                byName: displayName(user),
                title: row.title,
                number: row.number,
              }),
              link: contactSheetLink(row.project_id, id),
              projectId: row.project_id,
              recordId: id,
              senderId: user._id,
            },
          ),
        );
      }
      return detail(user, id);
    },
  };
}
