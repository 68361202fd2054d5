import type { User } from '@lintel/contracts/account';
import { type FileOwnerPort, opensAny } from '../files/attachments';
import { createSheetAccess } from './contactsheets.access';
import { createSheetChecks } from './contactsheets.checks';
import { createSheetCirculation } from './contactsheets.circulation';
import { type ContactSheetsServiceDeps, createSheetBase, type SheetContext } from './contactsheets.context';
import { createSheetDetail } from './contactsheets.detail';
import { createSheetEdits } from './contactsheets.edits';
import { createSheetProducers } from './contactsheets.producers';
import { createSheetReads } from './contactsheets.reads';
import { CONTACT_SHEET_FILES } from './contactsheets.repository';
import { createSheetWrites } from './contactsheets.writes';

export {
  CONTACT_SHEETS_MODULE,
  type ContactSheetsServiceDeps,
  contactSheetLink,
  SHEET_FILTERS,
} from './contactsheets.context';
export { CONTACT_SHEET_FILES } from './contactsheets.repository';

/**
 * Contact sheets of a project (worksheet-service, spec 000 §7, spec 001 §3/§5). Rights (module
 * `contactLists`): every call needs view (non-members and other tenants: 404; without it: 403); a view
 * scope of `all` shows every sent sheet, any other scope only those the caller sent or is on. Sending needs
 * create; the sender edits (create or edit right) while nobody has read it or after a recall; deleting:
 * the sender, or anyone with delete; the PDF download needs export (the inline preview only view).
 */
export function createContactSheetsService(deps: ContactSheetsServiceDeps) {
  const base = createSheetBase(deps);
  const access = createSheetAccess(base);
  const context: SheetContext = {
    ...base,
    ...access,
    ...createSheetChecks(base),
    ...createSheetProducers(base),
    ...createSheetDetail({ ...base, ...access }),
  };
  return {
    ...createSheetReads(context),
    ...createSheetWrites(context),
    ...createSheetEdits(context),
    ...createSheetCirculation(context),
    /** The files module's question (issue 14): may the user open one of these sheets? */
    fileOwner: {
      owner: CONTACT_SHEET_FILES,
      canRead: (user: User, ids: readonly string[]) => opensAny(ids, (id) => context.open(user, id)),
    } satisfies FileOwnerPort,
  };
}
export type ContactSheetsService = ReturnType<typeof createContactSheetsService>;
