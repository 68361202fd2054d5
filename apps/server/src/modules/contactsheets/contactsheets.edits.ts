import type { User } from '@lintel/contracts/account';
import {
  type ContactSheet,
  type ContactSheetRole,
  type ContactSheetUpdateParsed,
  contactSheetExcerpt,
} from '@lintel/contracts/contactsheets';
import { toJson } from '../../db/json';
import { AppError } from '../../plugins/app-error';
import type { SheetContext } from './contactsheets.context';
import type { ContactSheetsRepository, PersonRow, SheetRow } from './contactsheets.repository';

/** The sender changes a sheet: an edit while nobody has read it, or sending it again after a recall. */
export function createSheetEdits(ctx: SheetContext) {
  const {
    addTodo,
    repository,
    now,
    produce,
    inTransaction,
    circulationEntry,
    open,
    requireSender,
    detail,
    checkPeople,
    checkAttachments,
    checkModelLinks,
    defaultSenderUnit,
    todoFor,
    announce,
    closeTodos,
  } = ctx;

  /**
   * An edit's changes, checked against the stored sheet: the fields to set, and the new receivers and cc
   * (the full lists) when the body changes either.
   */
  async function planEdit(user: User, row: SheetRow, people: PersonRow[], body: ContactSheetUpdateParsed) {
    const currentReceivers = people.filter((p) => p.role === 'receiver').map((p) => p.user_id);
    const currentCc = people.filter((p) => p.role === 'cc').map((p) => p.user_id);
    const receivers = body.receivers ?? currentReceivers;
    const cc = body.cc ?? currentCc;
    const changesPeople = body.receivers !== undefined || body.cc !== undefined;
    if (changesPeople) {
      const chosen = new Set(receivers);
      if (cc.some((id) => chosen.has(id))) {
        throw new AppError(400, 'contactsheets.ccOverlapsReceivers', {
          details: [{ path: 'cc', key: 'contactsheets.ccOverlapsReceivers' }],
        });
      }
      await checkPeople(row.project_id, user._id, { receivers, cc });
    }
    const replyNeeded = body.replyNeeded ?? row.reply_needed === 1;
    let replyDeadline = body.replyDeadline !== undefined ? body.replyDeadline : row.reply_deadline;
    if (!replyNeeded && replyDeadline) {
      // Turning "reply needed" off drops the stored deadline; a new deadline without it is refused.
      if (body.replyDeadline) {
        throw new AppError(400, 'contactsheets.deadlineWithoutReply', {
          details: [{ path: 'replyDeadline', key: 'contactsheets.deadlineWithoutReply' }],
        });
      }
      replyDeadline = null;
    }
    const attachments =
      body.attachments !== undefined
        ? await checkAttachments(row.project_id, body.attachments, user)
        : undefined;
    const content = body.content ?? row.content;
    const model_id = body.modelId === undefined ? row.model_id : body.modelId || null;
    const viewport_id = body.viewportId === undefined ? row.viewport_id : body.viewportId || null;
    const selection_set_id =
      body.selectionSetId === undefined ? row.selection_set_id : body.selectionSetId || null;
    if (body.modelId !== undefined || body.viewportId !== undefined || body.selectionSetId !== undefined) {
      // The links as they will stand, so a new model is checked against the kept viewpoint too.
      await checkModelLinks(row.project_id, {
        modelId: model_id,
        viewportId: viewport_id,
        selectionSetId: selection_set_id,
      });
    }
    const changes = {
      title: body.title ?? row.title,
      content,
      excerpt: contactSheetExcerpt(content),
      sender_unit:
        body.senderUnit === undefined
          ? row.sender_unit
          : body.senderUnit || (await defaultSenderUnit(user, row.project_id)),
      reply_needed: replyNeeded ? 1 : 0,
      reply_deadline: replyDeadline ?? null,
      model_id,
      viewport_id,
      selection_set_id,
    } as const;
    const before = new Map(people.map((p) => [p.user_id, p.role]));
    const wanted = new Map<string, ContactSheetRole>([
      ...receivers.map((id) => [id, 'receiver'] as const),
      ...cc.map((id) => [id, 'cc'] as const),
    ]);
    return {
      changes,
      attachments,
      receivers,
      cc,
      changesPeople,
      /** Everyone on the sheet afterwards, in order (their positions). */
      wanted: [...wanted],
      added: [...wanted].filter(([id]) => !before.has(id)),
      removed: [...before.keys()].filter((id) => !wanted.has(id)),
      roleChanged: [...wanted].filter(([id, role]) => before.has(id) && before.get(id) !== role),
    };
  }

  type Plan = Awaited<ReturnType<typeof planEdit>>;

  async function applyPlan(
    trx: ContactSheetsRepository,
    row: SheetRow,
    plan: Plan,
    at: string,
    extra: Record<string, unknown>,
  ): Promise<void> {
    await trx.updateSheet(row.id, { ...plan.changes, ...extra, updated_at: at });
    if (plan.changesPeople) {
      await trx.removePeople(row.id, plan.removed);
      const added = new Set(plan.added.map(([userId]) => userId));
      const kept = plan.wanted.map(([userId, role], position) => ({ userId, role, position }));
      for (const person of kept.filter((p) => !added.has(p.userId))) {
        await trx.updatePerson(row.id, person.userId, { role: person.role, position: person.position });
      }
      await trx.insertPeople(
        kept
          .filter((p) => added.has(p.userId))
          .map(({ userId, role, position }) => ({
            sheet_id: row.id,
            user_id: userId,
            project_id: row.project_id,
            role,
            is_read: 0,
            read_at: null,
            replied: 0,
            replied_at: null,
            forwarded_by: null,
            added_at: at,
            position,
          })),
      );
    }
    if (plan.attachments) {
      await trx.replaceAttachments(
        row.id,
        plan.attachments.map((fileId, position) => ({
          sheet_id: row.id,
          owner_id: row.id,
          file_id: fileId,
          position,
        })),
      );
    }
  }

  async function edit(user: User, id: string, body: ContactSheetUpdateParsed): Promise<ContactSheet> {
    const opened = await open(user, id);
    requireSender(user, opened);
    const { row } = opened;
    if (!opened.context.rights.create && !opened.context.rights.edit) {
      throw new AppError(403, 'common.forbidden');
    }
    const people = await repository.people([id]);
    if (row.status === 'sent' && people.some((p) => p.is_read === 1)) {
      throw new AppError(409, 'contactsheets.notEditable');
    }
    const plan = await planEdit(user, row, people, body);
    const at = now();
    await inTransaction(async (trx) => {
      // Checked again inside the transaction: a receiver may have opened it meanwhile.
      if (row.status === 'sent' && (await trx.readCount(id)) > 0) {
        throw new AppError(409, 'contactsheets.notEditable');
      }
      await applyPlan(trx, row, plan, at, {});
      await trx.insertCirculation(circulationEntry(id, 'edit', user._id, at));
    });
    if (row.status === 'sent') {
      const updated = (await repository.find(id)) as SheetRow;
      const addedReceivers = plan.added.filter(([, r]) => r === 'receiver').map(([u]) => u);
      const addedCc = plan.added.filter(([, r]) => r === 'cc').map(([u]) => u);
      const noLongerReceivers = [
        ...plan.removed,
        ...plan.roleChanged.filter(([, role]) => role === 'cc').map(([u]) => u),
      ];
      await closeTodos(id, noLongerReceivers);
      await announce(updated, user, addedReceivers, addedCc, 'send');
      // The others' to-dos follow the new title and deadline.
      const kept = plan.receivers.filter((u) => !addedReceivers.includes(u));
      if (kept.length > 0)
        await produce('could not refresh the to-dos of a contact sheet', id, () =>
          addTodo(kept, todoFor(updated)),
        );
    }
    return detail(user, id);
  }

  async function resend(user: User, id: string, body: ContactSheetUpdateParsed): Promise<ContactSheet> {
    const opened = await open(user, id);
    requireSender(user, opened);
    if (!opened.context.rights.create) throw new AppError(403, 'common.forbidden');
    const { row } = opened;
    if (row.status !== 'recalled') throw new AppError(409, 'contactsheets.notRecalled');
    const people = await repository.people([id]);
    const plan = await planEdit(user, row, people, body);
    const at = now();
    await inTransaction(async (trx) => {
      await applyPlan(trx, row, plan, at, { status: 'sent', sent_at: at, recalled_at: null });
      await trx.resetReads(id);
      await trx.insertCirculation(
        circulationEntry(id, 'resend', user._id, at, { users: toJson([...plan.receivers, ...plan.cc]) }),
      );
    });
    const updated = (await repository.find(id)) as SheetRow;
    await announce(updated, user, plan.receivers, plan.cc, 'resend');
    return detail(user, id);
  }

  return {
    edit,
    resend,
  };
}
