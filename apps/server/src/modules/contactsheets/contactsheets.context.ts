import type { User } from '@lintel/contracts/account';
import type {
  contactSheetForwardSchema,
  contactSheetReplyCreateSchema,
  contactSheetsQuerySchema,
} from '@lintel/contracts/contactsheets';
import type { PermissionType, ScopeValue } from '@lintel/contracts/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { FilterSpec } from '../../db/where';
import { AppError } from '../../plugins/app-error';
import { createDirectory } from '../directory/index';
import type { FileReadCheck } from '../files/attachments';
import type { ModelLookup } from '../models/models.lookup';
import { bestEffort, type NotificationsModule } from '../notifications/index';
import type { OrgAccess } from '../org/access';
import type { SheetAccess } from './contactsheets.access';
import type { SheetChecks } from './contactsheets.checks';
import type { SheetDetail } from './contactsheets.detail';
import type { Rights } from './contactsheets.presenter';
import type { SheetProducers } from './contactsheets.producers';
import {
  type ContactSheetsRepository,
  createContactSheetsRepository,
  type PersonRow,
  type SheetRow,
} from './contactsheets.repository';
import { withContactSheetTables } from './tables';

/** The module key of the permission templates (contracts MODULES). */
export const CONTACT_SHEETS_MODULE = 'contactLists';
/** The notifications' and to-dos' module (contracts NOTIFICATION_MODULES). */
export const NOTIFICATION_MODULE = 'contactList';
export const VIEW = { moduleKey: CONTACT_SHEETS_MODULE, permission: 'view' } as const;

/** The `where` whitelist of the list (the sheet is `c`). */
export const SHEET_FILTERS: FilterSpec = {
  name: { type: 'string', column: 'c.title' },
  title: { type: 'string', column: 'c.title' },
  number: { type: 'string', column: 'c.number' },
  numberSeq: { type: 'number', column: 'c.number_seq' },
  senderId: { type: 'string', column: 'c.sender_id' },
  type: { type: 'string', column: 'c.type' },
  status: { type: 'string', column: 'c.status' },
  createdAt: { type: 'date', column: 'c.created_at' },
  sentAt: { type: 'date', column: 'c.sent_at' },
  replyNeeded: { type: 'boolean', column: 'c.reply_needed' },
  replied: { type: 'boolean', column: 'c.replied' },
};
export const ORDER = {
  sentAt: 'c.sent_at',
  createdAt: 'c.created_at',
  updatedAt: 'c.updated_at',
  number: 'c.number_seq',
  numberSeq: 'c.number_seq',
  title: 'c.title',
  name: 'c.title',
} as const;

export type ListQuery = z.output<typeof contactSheetsQuerySchema>;
export type ReplyBody = z.output<typeof contactSheetReplyCreateSchema>;
export type ForwardBody = z.output<typeof contactSheetForwardSchema>;

/** The web page of one sheet: where its notifications and to-dos lead. */
export function contactSheetLink(projectId: string, id: string): string {
  return `/projects/${projectId}/contactsheets/${id}`;
}

export interface ContactSheetsServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  /** modules/permissions: may the user do this in the project's contact sheets? */
  authorize(user: User, projectId: string, moduleKey: string, permission: PermissionType): Promise<boolean>;
  /** modules/permissions: how far the user sees the module's records. */
  visibleScope(user: User, projectId: string, moduleKey: string): Promise<ScopeValue>;
  /** modules/notifications: the producers. */
  notify: NotificationsModule['notify'];
  addTodo: NotificationsModule['addTodo'];
  closeTodo: NotificationsModule['closeTodo'];
  /** The user's unread notifications about this sheet become read (they opened it). */
  readNotifications(user: User, sheetId: string): Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** modules/files: may the user read these files? Asked before they are attached (issue 14). */
  readableFiles?: FileReadCheck;
  /** modules/models: the model, viewpoint and selection set a sheet links must be its project's. */
  modelLinks: ModelLinkLookup;
}

/** What contact sheets ask of modules/models (its ModelLookup) about the links a sheet holds. */
export type ModelLinkLookup = Pick<ModelLookup, 'assertModelInProject' | 'findViewport' | 'hasSelectionSet'>;

/** The caller in one project: their rights, and whether they see every sheet (view scope `all`). */
export interface ProjectContext {
  rights: Rights;
  seesAll: boolean;
}

/** One sheet as the caller may see it (see `open`). */
export interface Opened {
  row: SheetRow;
  context: ProjectContext;
  person: PersonRow | undefined;
}

export function badRequest(
  key: 'contactsheets.receiverNotMember' | 'contactsheets.selfReceiver',
  path: string,
) {
  return new AppError(400, key, { details: [{ path, key }] });
}

/** What every part of the contact sheets service works with: its dependencies, repository and directory. */
export function createSheetBase(deps: ContactSheetsServiceDeps) {
  const { db, clock, log } = deps;
  const repository = createContactSheetsRepository(withContactSheetTables(db));
  const directory = createDirectory(db);
  const project = (id: string) => ({ type: 'project' as const, id });
  const now = () => clock.now().toISOString();

  const displayName = (user: User) => user.nickName || user.name;

  /** The producers run after the commit and never undo it: a failure is logged, the sheet stands. */
  const produce = bestEffort(log, 'contactSheetId');

  function circulationEntry(sheetId: string, action: string, actorId: string, at: string, extra = {}) {
    return {
      id: newId(clock.now().getTime()),
      sheet_id: sheetId,
      action,
      actor_id: actorId,
      at,
      users: toJson([]),
      remark: null,
      ...extra,
    };
  }

  function inTransaction<T>(run: (trx: ContactSheetsRepository) => Promise<T>): Promise<T> {
    return db.transaction().execute((trx) => run(createContactSheetsRepository(withContactSheetTables(trx))));
  }

  return {
    ...deps,
    repository,
    directory,
    project,
    now,
    displayName,
    produce,
    circulationEntry,
    inTransaction,
  };
}
export type SheetBase = ReturnType<typeof createSheetBase>;

/** The base with the shared rules: access, checks, the producers and the detail answer. */
export type SheetContext = SheetBase & SheetAccess & SheetChecks & SheetProducers & SheetDetail;
