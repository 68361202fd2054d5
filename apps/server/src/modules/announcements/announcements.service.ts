import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  ANNOUNCEMENT_TEXT_MAX_LENGTH,
  type Announcement,
  type AnnouncementAuthKey,
  type AnnouncementBox,
  type AnnouncementSummary,
  type announcementCreateSchema,
  announcementExcerpt,
  type announcementsQuerySchema,
  announcementText,
} from '@lintel/contracts/announcements';
import type { AuthValue, PermissionType } from '@lintel/contracts/permissions';
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
import { createDirectory, withSubDepartments } from '../directory/index';
import { presentUserCard } from '../directory/present';
import { type FileOwnerPort, type FileReadCheck, fileAttachments, opensAny } from '../files/attachments';
import { bestEffort, type Notify } from '../notifications/index';
import type { OrgAccess, ScopeAccess } from '../org/access';
import { presentAnnouncement, presentSummary, type Viewpoint } from './announcements.presenter';
import {
  type AnnouncementRow,
  createAnnouncementsRepository,
  type ReceiptRow,
} from './announcements.repository';
import { sanitizeAnnouncementHtml } from './sanitize';
import { withAnnouncementTables } from './tables';

/** The module key of the permission templates (contracts MODULES). */
export const ANNOUNCEMENTS_MODULE = 'announcements';
const VIEW = { moduleKey: ANNOUNCEMENTS_MODULE, permission: 'view' } as const;
const CREATE = { moduleKey: ANNOUNCEMENTS_MODULE, permission: 'create' } as const;
const DELETE = { moduleKey: ANNOUNCEMENTS_MODULE, permission: 'delete' } as const;
/** The owner key of announcement attachments in the files module (file_attachments). */
export const FILE_OWNER = 'announcements';

const COMMON_FILTERS = {
  title: { type: 'string', column: 'a.title' },
  senderId: { type: 'string', column: 'a.sender_id' },
  createdAt: { type: 'date', column: 'a.created_at' },
  stick: { type: 'boolean', column: 'a.stick' },
} as const;
/** The `where` whitelists of the two lists. */
export const SENT_FILTERS: FilterSpec = {
  ...COMMON_FILTERS,
  recalled: { type: 'boolean', column: 'a.recalled' },
};
export const RECEIVED_FILTERS: FilterSpec = {
  ...COMMON_FILTERS,
  read: { type: 'boolean', column: 'r.is_read' },
};
const ORDER = { createdAt: 'a.created_at', title: 'a.title', _id: 'a.id' } as const;

type CreateBody = z.output<typeof announcementCreateSchema>;
type ListQuery = z.output<typeof announcementsQuerySchema>;

/** The web page of one announcement: where its notification leads. */
export function announcementLink(projectId: string, id: string): string {
  return `/projects/${projectId}/announcements/${id}`;
}

export interface AnnouncementsServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  /** modules/permissions: may the user do this in the project's announcements? */
  authorize(user: User, projectId: string, moduleKey: string, permission: PermissionType): Promise<boolean>;
  /** modules/permissions: the raw value of GET projects/{id}/auth. */
  authValue(
    user: User,
    projectId: string,
    key: AnnouncementAuthKey,
    moduleKey: 'announcements',
  ): Promise<AuthValue>;
  /** modules/notifications: tells the receivers. */
  notify: Notify;
  /** The user's unread notifications about this announcement become read (they opened it). */
  readNotifications(user: User, announcementId: string): Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** modules/files: may the user read these files? Asked before they are attached (issue 14). */
  readableFiles?: FileReadCheck;
}

/** How the caller may see one announcement (see `open`). */
interface Opened {
  row: AnnouncementRow;
  scope: ScopeAccess;
  /** sender: they sent it; receiver: it is in their received list; moderator: a project admin looking. */
  relation: 'sender' | 'receiver' | 'moderator';
  receipt: ReceiptRow | undefined;
}

/**
 * Announcements of a project (announcement-service, spec 001 §2/§3/§6/§7). Rights: every call needs the
 * module's view permission in the project (non-members and other tenants: 404; without it: 403); publishing
 * needs create, deleting delete (checked per project, spec 001 §6). The sender and project admins pin,
 * unpin and recall; receivers mark read. Receivers are resolved when it is sent.
 */
export function createAnnouncementsService(deps: AnnouncementsServiceDeps) {
  const { db, engine, clock, access, authorize, notify, readNotifications, log } = deps;
  const repository = createAnnouncementsRepository(withAnnouncementTables(db));
  const directory = createDirectory(db);
  const quietly = bestEffort(log, 'announcementId');
  const project = (id: string) => ({ type: 'project' as const, id });
  const now = () => clock.now().toISOString();

  /**
   * The announcement as the caller may see it: its sender; a receiver who still has it (a recalled one
   * answers 404 announcements.recalled); an admin of the project (or a system administrator) looking.
   * Anyone else gets 404, as for a missing one.
   */
  async function open(user: User, id: string): Promise<Opened> {
    const row = await repository.find(id);
    if (!row) throw new AppError(404, 'common.notFound');
    const scope = await access.requireScopeRole(user, project(row.project_id), VIEW);
    if (row.sender_id === user._id) return { row, scope, relation: 'sender', receipt: undefined };
    const receipt = await repository.receipt(id, user._id);
    const kept = receipt !== undefined && receipt.hidden === 0;
    if (kept && row.recalled === 0) return { row, scope, relation: 'receiver', receipt };
    if (scope.role !== 'member') return { row, scope, relation: 'moderator', receipt: undefined };
    throw new AppError(404, kept ? 'announcements.recalled' : 'common.notFound');
  }

  function viewpointOf(opened: Pick<Opened, 'relation' | 'receipt'>): Viewpoint {
    if (opened.relation === 'sender') return { box: 'send' };
    if (opened.relation === 'receiver') return { box: 'receive', read: opened.receipt?.is_read === 1 };
    return { box: null };
  }

  /** Pin, unpin and recall: the sender while they may still publish, and admins of the project. */
  async function requireManager(user: User, opened: Opened): Promise<void> {
    const allowed =
      opened.scope.role === 'admin' ||
      (opened.relation === 'sender' &&
        (await authorize(user, opened.row.project_id, ANNOUNCEMENTS_MODULE, 'create')));
    if (!allowed) throw new AppError(403, 'common.forbidden');
  }

  async function detail(user: User, id: string, expand: boolean): Promise<Announcement> {
    const opened = await open(user, id);
    const { row } = opened;
    const [counts, fileIds] = await Promise.all([repository.readCounts([id]), repository.attachmentIds(id)]);
    const attachments = await directory.files(fileIds);
    const figures = {
      receivers: counts.get(id)?.receivers ?? 0,
      read: counts.get(id)?.read ?? 0,
      attachments: attachments.length,
    };
    if (!expand) return presentAnnouncement(row, viewpointOf(opened), figures, { attachments });

    const seesReaders = opened.relation === 'sender' || opened.scope.role !== 'member';
    const receipts = seesReaders ? await repository.receipts(id) : [];
    const users = await directory.users([
      ...(row.sender_id ? [row.sender_id] : []),
      ...receipts.map((r) => r.user_id),
    ]);
    const chosen = new Set(fromJson<string[]>(row.departments, []));
    const departmentList =
      chosen.size === 0
        ? []
        : (await directory.departments(row.project_id))
            .filter((d) => chosen.has(d.id))
            .map((d) => ({ _id: d.id, name: d.name }));
    const receiverStates = seesReaders
      ? receipts.flatMap((receipt) => {
          const receiver = users.get(receipt.user_id);
          return receiver
            ? [{ user: presentUserCard(receiver), read: receipt.is_read === 1, readAt: receipt.read_at }]
            : [];
        })
      : undefined;
    return presentAnnouncement(
      row,
      viewpointOf(opened),
      { ...figures, sender: row.sender_id ? (users.get(row.sender_id) ?? null) : null },
      { attachments, departmentList, ...(receiverStates ? { receiverStates } : {}) },
    );
  }

  /** Every receiver: members chosen, members of the chosen departments (and below), or all; never the sender. */
  async function resolveReceivers(user: User, body: CreateBody): Promise<string[]> {
    const members = await directory.projectMembers(body.projectId);
    const memberIds = new Set(members.map((m) => m.userId));
    const receivers = new Set<string>();
    if (body.receivers === 'all') {
      for (const id of memberIds) receivers.add(id);
    } else {
      for (const id of body.receivers) {
        if (!memberIds.has(id)) {
          throw new AppError(400, 'announcements.receiverNotMember', {
            details: [{ path: 'receivers', key: 'announcements.receiverNotMember' }],
          });
        }
        receivers.add(id);
      }
    }
    const chosen = [...new Set(body.departments ?? [])];
    if (chosen.length > 0) {
      const departments = await directory.departments(body.projectId);
      const known = new Set(departments.map((d) => d.id));
      if (chosen.some((id) => !known.has(id))) {
        throw new AppError(400, 'announcements.departmentNotFound', {
          details: [{ path: 'departments', key: 'announcements.departmentNotFound' }],
        });
      }
      const covered = withSubDepartments(departments, chosen);
      for (const member of members) if (covered.has(member.department)) receivers.add(member.userId);
    }
    receivers.delete(user._id);
    if (receivers.size === 0) throw new AppError(400, 'announcements.noReceivers');
    return [...receivers];
  }

  async function checkAttachments(projectId: string, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const files = await directory.files(unique);
    if (files.length !== unique.length || files.some((file) => file.project_id !== projectId)) {
      throw new AppError(400, 'announcements.attachmentNotFound', {
        details: [{ path: 'attachments', key: 'announcements.attachmentNotFound' }],
      });
    }
    return unique;
  }

  async function listPage(
    user: User,
    projectId: string,
    box: AnnouncementBox,
    query: ListQuery,
  ): Promise<AnnouncementSummary[] | CountResult> {
    const filters = box === 'send' ? SENT_FILTERS : RECEIVED_FILTERS;
    const node = parseWhereQuery(query.where, filters);
    const where = node ? compileWhere(node, filters, engine) : null;
    if (query.only_count) {
      const count =
        box === 'send'
          ? await repository.countSent(projectId, user._id, where)
          : await repository.countReceived(projectId, user._id, where);
      return { count };
    }
    const order = parseOrder(query.order, ORDER, { column: ORDER.createdAt, direction: 'desc' });
    const slice = { where, order, skip: query.skip, limit: query.limit };
    const rows =
      box === 'send'
        ? (await repository.listSent(projectId, user._id, slice)).map((row) => ({ row, read: undefined }))
        : (await repository.listReceived(projectId, user._id, slice)).map((row) => ({
            row,
            read: row.my_read === 1,
          }));
    const ids = rows.map(({ row }) => row.id);
    const [counts, attachments, senders] = await Promise.all([
      repository.readCounts(ids),
      repository.attachmentCounts(ids),
      query.expand
        ? directory.users(rows.flatMap(({ row }) => (row.sender_id ? [row.sender_id] : [])))
        : Promise.resolve(null),
    ]);
    return rows.map(({ row, read }) =>
      presentSummary(row, box === 'send' ? { box } : { box, read: read === true }, {
        receivers: counts.get(row.id)?.receivers ?? 0,
        read: counts.get(row.id)?.read ?? 0,
        attachments: attachments.get(row.id) ?? 0,
        ...(senders ? { sender: row.sender_id ? (senders.get(row.sender_id) ?? null) : null } : {}),
      }),
    );
  }

  return {
    detail,

    /** `body` as the route's schema (announcementCreateSchema) parsed it. */
    async create(user: User, body: CreateBody): Promise<Announcement> {
      await access.requireScopeRole(user, project(body.projectId), CREATE);
      const content = sanitizeAnnouncementHtml(body.content);
      const text = announcementText(content);
      if (text === '') {
        throw new AppError(400, 'announcements.contentEmpty', {
          details: [{ path: 'content', key: 'announcements.contentEmpty' }],
        });
      }
      if ([...text].length > ANNOUNCEMENT_TEXT_MAX_LENGTH) {
        throw new AppError(400, 'announcements.contentTooLong', {
          params: { max: ANNOUNCEMENT_TEXT_MAX_LENGTH },
          details: [{ path: 'content', key: 'announcements.contentTooLong' }],
        });
      }
      const receivers = await resolveReceivers(user, body);
      const attachments = await checkAttachments(body.projectId, body.attachments ?? []);
      // A file the sender may not read is, for them, no file of the project (issue 14).
      if (deps.readableFiles && !(await deps.readableFiles(user, attachments))) {
        throw new AppError(400, 'announcements.attachmentNotFound', {
          details: [{ path: 'attachments', key: 'announcements.attachmentNotFound' }],
        });
      }
      const at = now();
      const id = newId(clock.now().getTime());
      const excerpt = announcementExcerpt(text);
      await db.transaction().execute(async (trx) => {
        await createAnnouncementsRepository(withAnnouncementTables(trx)).insert(
          {
            id,
            project_id: body.projectId,
            sender_id: user._id,
            title: body.title,
            content,
            excerpt,
            receivers: toJson(body.receivers === 'all' ? 'all' : [...new Set(body.receivers)]),
            departments: toJson([...new Set(body.departments ?? [])]),
            stick: body.stick ? 1 : 0,
            stick_at: body.stick ? at : null,
            recalled: 0,
            recalled_at: null,
            created_at: at,
            updated_at: at,
          },
          receivers.map((userId) => ({
            announcement_id: id,
            user_id: userId,
            project_id: body.projectId,
            is_read: 0,
            read_at: null,
            hidden: 0,
          })),
          attachments.map((fileId, position) => ({ announcement_id: id, file_id: fileId, position })),
        );
        await fileAttachments.set(trx, FILE_OWNER, id, attachments);
      });
      // After the commit; a failure here never undoes the announcement (the receivers still have it).
      await quietly('could not notify the receivers of an announcement', id, () =>
        notify(receivers, {
          module: 'announcement',
          title: body.title,
          content: excerpt,
          link: announcementLink(body.projectId, id),
          projectId: body.projectId,
          recordId: id,
          senderId: user._id,
        }),
      );
      return detail(user, id, false);
    },

    async list(
      user: User,
      projectId: string,
      query: ListQuery,
    ): Promise<AnnouncementSummary[] | CountResult> {
      await access.requireScopeRole(user, project(projectId), VIEW);
      return listPage(user, projectId, query.type, query);
    },

    /** A receiver's read flag; reading also reads their notifications about it. */
    async setRead(user: User, id: string, read: boolean): Promise<Announcement> {
      const opened = await open(user, id);
      if (opened.relation !== 'receiver') throw new AppError(403, 'announcements.notReceiver');
      await repository.setRead(id, user._id, read, now());
      if (read) {
        await quietly('could not mark the notifications of an announcement read', id, () =>
          readNotifications(user, id),
        );
      }
      return detail(user, id, false);
    },

    async setStick(user: User, id: string, stick: boolean): Promise<Announcement> {
      const opened = await open(user, id);
      await requireManager(user, opened);
      if (stick && opened.row.recalled === 1) throw new AppError(409, 'announcements.alreadyRecalled');
      await repository.setStick(id, stick, now());
      return detail(user, id, false);
    },

    /** Withdrawn from every receiver (their lists no longer show it); the sender keeps it, marked recalled. */
    async recall(user: User, id: string): Promise<Announcement> {
      const opened = await open(user, id);
      await requireManager(user, opened);
      if (!(await repository.recall(id, now()))) throw new AppError(409, 'announcements.alreadyRecalled');
      return detail(user, id, false);
    },

    /**
     * Needs the delete right. A receiver deletes it from their own list; its sender, or a project admin
     * who did not receive it, deletes it for everyone.
     */
    async remove(user: User, id: string): Promise<void> {
      const opened = await open(user, id);
      if (!(await authorize(user, opened.row.project_id, ANNOUNCEMENTS_MODULE, 'delete'))) {
        throw new AppError(403, 'common.forbidden');
      }
      const done =
        opened.relation === 'receiver' ? await repository.hide(id, user._id) : await repository.delete(id);
      if (!done) throw new AppError(404, 'common.notFound');
    },

    /** Every announcement of the caller's box in the project: sent ones for everyone, received ones for them. */
    async removeAll(user: User, projectId: string, box: AnnouncementBox): Promise<CountResult> {
      await access.requireScopeRole(user, project(projectId), DELETE);
      const count =
        box === 'send'
          ? await repository.deleteSent(projectId, user._id)
          : await repository.hideReceived(projectId, user._id);
      return { count };
    },

    /** The files module's question (issue 14): may the user open one of these announcements? */
    fileOwner: {
      owner: FILE_OWNER,
      canRead: (user: User, ids: readonly string[]) => opensAny(ids, (id) => open(user, id)),
    } satisfies FileOwnerPort,

    /** GET projects/{id}/auth for the announcement module: the permissions module's answer. */
    authValue(user: User, projectId: string, key: AnnouncementAuthKey): Promise<AuthValue> {
      return deps.authValue(user, projectId, key, ANNOUNCEMENTS_MODULE);
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
