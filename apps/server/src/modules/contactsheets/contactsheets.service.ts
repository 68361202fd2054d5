import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  type ContactSheet,
  type ContactSheetCreateParsed,
  type ContactSheetMaxNumber,
  type ContactSheetRole,
  type ContactSheetSummary,
  type ContactSheetType,
  type ContactSheetUpdateParsed,
  contactSheetExcerpt,
  type contactSheetForwardSchema,
  type contactSheetReplyCreateSchema,
  type contactSheetsQuerySchema,
  contactSheetTypeLabel,
  formatContactSheetNumber,
} from '@lintel/contracts/contactsheets';
import type { PermissionType, ScopeValue } from '@lintel/contracts/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { newId } from '../../db/ids';
import { fromJson, toJson } from '../../db/json';
import { parseOrder } from '../../db/order';
import type { Database } from '../../db/schema';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../db/where';
import { AppError } from '../../plugins/app-error';
import type { NotificationsModule } from '../notifications/index';
import type { OrgAccess } from '../org/access';
import { presentSheet, presentSummary, type Rights, type Viewer } from './contactsheets.presenter';
import {
  type ContactSheetsRepository,
  createContactSheetsRepository,
  type PersonRow,
  type SheetRow,
} from './contactsheets.repository';
import { createDirectory } from './directory';
import { withContactSheetTables } from './tables';

/** The module key of the permission templates (contracts MODULES). */
export const CONTACT_SHEETS_MODULE = 'contactLists';
/** The notifications' and to-dos' module (contracts NOTIFICATION_MODULES). */
const NOTIFICATION_MODULE = 'contactList';
const VIEW = { moduleKey: CONTACT_SHEETS_MODULE, permission: 'view' } as const;

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
const ORDER = {
  sentAt: 'c.sent_at',
  createdAt: 'c.created_at',
  updatedAt: 'c.updated_at',
  number: 'c.number_seq',
  numberSeq: 'c.number_seq',
  title: 'c.title',
  name: 'c.title',
} as const;

type ListQuery = z.output<typeof contactSheetsQuerySchema>;
type ReplyBody = z.output<typeof contactSheetReplyCreateSchema>;
type ForwardBody = z.output<typeof contactSheetForwardSchema>;

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
}

/** The caller in one project: their rights, and whether they see every sheet (view scope `all`). */
interface ProjectContext {
  rights: Rights;
  seesAll: boolean;
}

/** One sheet as the caller may see it (see `open`). */
interface Opened {
  row: SheetRow;
  context: ProjectContext;
  person: PersonRow | undefined;
}

function badRequest(key: 'contactsheets.receiverNotMember' | 'contactsheets.selfReceiver', path: string) {
  return new AppError(400, key, { details: [{ path, key }] });
}

/**
 * Contact sheets of a project (worksheet-service, spec 000 §7, spec 001 §3/§5). Rights (module
 * `contactLists`): every call needs view (non-members and other tenants: 404; without it: 403); a view
 * scope of `all` shows every sent sheet, any other scope only those the caller sent or is on. Sending needs
 * create; the sender edits (create or edit right) while nobody has read it or after a recall; deleting:
 * the sender, or anyone with delete; the PDF download needs export (the inline preview only view).
 */
export function createContactSheetsService(deps: ContactSheetsServiceDeps) {
  const { db, engine, clock, access, authorize, visibleScope, log } = deps;
  const repository = createContactSheetsRepository(withContactSheetTables(db));
  const directory = createDirectory(db);
  const project = (id: string) => ({ type: 'project' as const, id });
  const now = () => clock.now().toISOString();

  async function projectContext(user: User, projectId: string): Promise<ProjectContext> {
    await access.requireScopeRole(user, project(projectId), VIEW);
    const may = (permission: PermissionType) => authorize(user, projectId, CONTACT_SHEETS_MODULE, permission);
    const [create, edit, remove, exportRight, scope] = await Promise.all([
      may('create'),
      may('edit'),
      may('delete'),
      may('export'),
      visibleScope(user, projectId, CONTACT_SHEETS_MODULE),
    ]);
    return { rights: { create, edit, delete: remove, export: exportRight }, seesAll: scope === 'all' };
  }

  /**
   * The sheet as the caller may see it: its sender; someone on it; anyone whose view scope is `all`.
   * Anyone else: 404 as for a missing one. A deleted sheet answers 404 contactsheets.deleted, a recalled
   * one 404 contactsheets.recalled to all but its sender.
   */
  async function open(user: User, id: string): Promise<Opened> {
    const row = await repository.find(id);
    if (!row) throw new AppError(404, 'common.notFound');
    const context = await projectContext(user, row.project_id);
    const person = await repository.person(id, user._id);
    const isSender = row.sender_id === user._id;
    if (!isSender && !person && !context.seesAll) throw new AppError(404, 'common.notFound');
    if (row.deleted_at !== null) throw new AppError(404, 'contactsheets.deleted');
    if (!isSender && row.status === 'recalled') throw new AppError(404, 'contactsheets.recalled');
    return { row, context, person };
  }

  function viewerOf(user: User, opened: Pick<Opened, 'context' | 'person'>): Viewer {
    return { userId: user._id, rights: opened.context.rights, person: opened.person ?? null };
  }

  async function detail(user: User, id: string, opened?: Opened): Promise<ContactSheet> {
    const current = opened ?? (await open(user, id));
    // Re-read: the caller's own row may have changed in the call that brings us here.
    const [row, person, people, replies, circulation, attachments] = await Promise.all([
      repository.find(id),
      repository.person(id, user._id),
      repository.people([id]),
      repository.replies(id),
      repository.circulation(id),
      repository.attachments(id),
    ]);
    if (!row) throw new AppError(404, 'common.notFound');
    const userIds = [
      row.sender_id,
      ...people.map((p) => p.user_id),
      ...replies.map((r) => r.user_id),
      ...circulation.flatMap((c) => [
        ...(c.actor_id ? [c.actor_id] : []),
        ...fromJson<string[]>(c.users, []),
      ]),
    ];
    const [users, files] = await Promise.all([
      directory.users(userIds),
      directory.files(attachments.map((a) => a.file_id)),
    ]);
    const viewer = viewerOf(user, { context: current.context, person });
    return presentSheet(
      row,
      viewer,
      {
        people,
        replyCount: replies.length,
        attachmentCount: attachments.filter((a) => a.owner_id === id).length,
      },
      users,
      { files: new Map(files.map((f) => [f.id, f])), attachments, replies, circulation },
    );
  }

  /** Receivers and cc must be members of the project, and never the sender. */
  async function checkPeople(projectId: string, senderId: string, groups: Record<string, string[]>) {
    const members = await directory.memberIds(projectId);
    for (const [path, ids] of Object.entries(groups)) {
      if (ids.includes(senderId)) throw badRequest('contactsheets.selfReceiver', path);
      if (ids.some((id) => !members.has(id))) throw badRequest('contactsheets.receiverNotMember', path);
    }
  }

  async function checkAttachments(projectId: string, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const files = await directory.files(unique);
    if (files.length !== unique.length || files.some((file) => file.project_id !== projectId)) {
      throw new AppError(400, 'contactsheets.attachmentNotFound', {
        details: [{ path: 'attachments', key: 'contactsheets.attachmentNotFound' }],
      });
    }
    return unique;
  }

  /** The sender unit when none is given: their department in the project, else their company. */
  async function defaultSenderUnit(user: User, projectId: string): Promise<string> {
    return (await directory.departmentName(projectId, user._id)) || user.company || '';
  }

  const displayName = (user: User) => user.nickName || user.name;

  /**
   * The producers run after the commit and never undo it: a failure is logged (the sheet and its people
   * stand; the notification centre is a convenience on top).
   */
  async function produce(what: string, sheetId: string, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      log.warn({ err: error, contactSheetId: sheetId }, `could not ${what} for a contact sheet`);
    }
  }

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
  async function announce(row: SheetRow, sender: User, receivers: string[], cc: string[], verb: string) {
    const label = contactSheetTypeLabel(row.type as ContactSheetType, 'zh-CN');
    await produce('notify the receivers', row.id, () =>
      deps.notify([...receivers, ...cc], {
        module: NOTIFICATION_MODULE,
        title: `${displayName(sender)} ${verb}${label}「${row.title}」`,
        content: `${row.number} ${row.excerpt}`.slice(0, 2000),
        link: contactSheetLink(row.project_id, row.id),
        projectId: row.project_id,
        recordId: row.id,
        senderId: sender._id,
      }),
    );
    if (receivers.length > 0)
      await produce('add to-dos', row.id, () => deps.addTodo(receivers, todoFor(row)));
  }

  async function closeTodos(sheetId: string, userIds?: string[]): Promise<void> {
    if (userIds && userIds.length === 0) return;
    await produce('close to-dos', sheetId, () =>
      deps.closeTodo({ module: NOTIFICATION_MODULE, recordId: sheetId, ...(userIds ? { userIds } : {}) }),
    );
  }

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
      body.attachments !== undefined ? await checkAttachments(row.project_id, body.attachments) : undefined;
    const content = body.content ?? row.content;
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
      model_id: body.modelId === undefined ? row.model_id : body.modelId || null,
      viewport_id: body.viewportId === undefined ? row.viewport_id : body.viewportId || null,
      selection_set_id:
        body.selectionSetId === undefined ? row.selection_set_id : body.selectionSetId || null,
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

  function inTransaction<T>(run: (trx: ContactSheetsRepository) => Promise<T>): Promise<T> {
    return db.transaction().execute((trx) => run(createContactSheetsRepository(withContactSheetTables(trx))));
  }

  function requireSender(user: User, opened: Opened): void {
    if (opened.row.sender_id !== user._id) throw new AppError(403, 'contactsheets.notSender');
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
      await announce(updated, user, addedReceivers, addedCc, '发送了');
      // The others' to-dos follow the new title and deadline.
      const kept = plan.receivers.filter((u) => !addedReceivers.includes(u));
      if (kept.length > 0) await produce('refresh to-dos', id, () => deps.addTodo(kept, todoFor(updated)));
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
    await announce(updated, user, plan.receivers, plan.cc, '重新发送了');
    return detail(user, id);
  }

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

    /** `body` as the route's schema (contactSheetCreateSchema) parsed it. */
    async create(user: User, body: ContactSheetCreateParsed): Promise<ContactSheet> {
      const context = await projectContext(user, body.projectId);
      if (!context.rights.create) throw new AppError(403, 'common.forbidden');
      await checkPeople(body.projectId, user._id, { receivers: body.receivers, cc: body.cc });
      const attachments = await checkAttachments(body.projectId, body.attachments ?? []);
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
      await announce(row, user, body.receivers, body.cc, '发送了');
      return detail(user, id);
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
      await projectContext(user, projectId);
      const last = await repository.lastNumber(projectId, type);
      const lastNumber = last > 0 ? ((await repository.numberOf(projectId, type, last)) ?? null) : null;
      return {
        type,
        lastSequence: last,
        lastNumber,
        nextSequence: last + 1,
        nextNumber: formatContactSheetNumber(type, clock.now().getUTCFullYear(), last + 1),
      };
    },

    edit,
    resend,

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
      await produce('read the notifications', id, () => deps.readNotifications(user, id));
      return detail(user, id);
    },

    /** A receiver replies (as often as they like): their to-do closes, the sender is told. */
    async reply(user: User, id: string, body: ReplyBody): Promise<ContactSheet> {
      const opened = await open(user, id);
      const { row, person } = opened;
      if (person?.role !== 'receiver') throw new AppError(403, 'contactsheets.notReceiver');
      const attachments = await checkAttachments(row.project_id, body.attachments ?? []);
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
      await produce('notify the sender', id, () =>
        deps.notify([row.sender_id], {
          module: NOTIFICATION_MODULE,
          title: `${displayName(user)} 回复了「${row.title}」`,
          content: contactSheetExcerpt(body.content),
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
      await announce(row, user, body.receivers, cc, '转发了');
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
        await produce('notify the recall', id, () =>
          deps.notify(
            people.map((p) => p.user_id),
            {
              module: NOTIFICATION_MODULE,
              title: `${displayName(user)} 撤回了「${row.title}」`,
              content: row.number,
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
export type ContactSheetsService = ReturnType<typeof createContactSheetsService>;
