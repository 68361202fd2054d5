import type { User } from '@lintel/contracts/account';
import { type ContactSheetType, contactSheetTypeLabel } from '@lintel/contracts/contactsheets';
import { templated } from '../notifications/index';
import { contactSheetLink, NOTIFICATION_MODULE, type SheetBase } from './contactsheets.context';
import type { SheetRow } from './contactsheets.repository';

/** The notifications and to-dos of a sheet: sent (to receivers and cc), to-dos opened and closed. */
export function createSheetProducers(base: SheetBase) {
  const { notify, addTodo, closeTodo, produce, displayName } = base;

  function todoFor(row: SheetRow) {
    const label = contactSheetTypeLabel(row.type as ContactSheetType, 'zh-CN');
    return {
      module: NOTIFICATION_MODULE,
      recordId: row.id,
      title: `${row.reply_needed === 1 ? '待回复' : '待阅读'}${label}「${row.title}」`,
      content: `${row.number} ${row.excerpt}`.slice(0, 2000),
      link: contactSheetLink(row.project_id, row.id),
      projectId: row.project_id,
      senderId: row.sender_id,
      dueDate: row.reply_needed === 1 ? row.reply_deadline : null,
    } as const;
  }

  /** Tells the people the sheet went to; receivers get their to-do. */
  async function announce(
    row: SheetRow,
    sender: User,
    receivers: string[],
    cc: string[],
    action: 'send' | 'resend' | 'forward',
  ) {
    await produce('could not notify the receivers of a contact sheet', row.id, () =>
      notify([...receivers, ...cc], {
        module: NOTIFICATION_MODULE,
        ...templated('contactSheetSent', {
          action,
          byName: displayName(sender),
          sheetType: row.type,
          title: row.title,
          number: row.number,
          excerpt: row.excerpt,
        }),
        link: contactSheetLink(row.project_id, row.id),
        projectId: row.project_id,
        recordId: row.id,
        senderId: sender._id,
      }),
    );
    if (receivers.length > 0)
      await produce('could not add the to-dos of a contact sheet', row.id, () =>
        addTodo(receivers, todoFor(row)),
      );
  }

  async function closeTodos(sheetId: string, userIds?: string[]): Promise<void> {
    if (userIds && userIds.length === 0) return;
    await produce('could not close the to-dos of a contact sheet', sheetId, () =>
      closeTodo({ module: NOTIFICATION_MODULE, recordId: sheetId, ...(userIds ? { userIds } : {}) }),
    );
  }

  return { todoFor, announce, closeTodos };
}
export type SheetProducers = ReturnType<typeof createSheetProducers>;
