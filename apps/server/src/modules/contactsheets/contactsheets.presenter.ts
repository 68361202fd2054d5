import type {
  ContactSheet,
  ContactSheetAttachment,
  ContactSheetCirculationEntry,
  ContactSheetRole,
  ContactSheetStatus,
  ContactSheetSummary,
  ContactSheetType,
  ContactSheetUser,
} from '@lintel/contracts/contactsheets';
import { fromJson } from '../../db/json';
import type { UserSummary as UserCard } from '../directory/index';
import { presentFileCard, presentUserCard } from '../directory/present';
import type { FileRow } from '../files/files.repository';
import type {
  AttachmentRow,
  CirculationRow,
  PersonRow,
  ReplyRow,
  SheetRow,
} from './contactsheets.repository';

/** What the caller may do in the sheet's project (one look-up per request). */
export interface Rights {
  create: boolean;
  edit: boolean;
  delete: boolean;
  export: boolean;
}

/** The caller, their rights, and their own place on one sheet. */
export interface Viewer {
  userId: string;
  rights: Rights;
  /** Their people row on the sheet, if any. */
  person: Pick<PersonRow, 'role' | 'is_read'> | null;
}

export interface SheetFacts {
  people: PersonRow[];
  replyCount: number;
  attachmentCount: number;
}

/** A user's card; a placeholder for an account that is gone (its id, no name). */
export function presentUser(users: ReadonlyMap<string, UserCard>, id: string): ContactSheetUser {
  const user = users.get(id);
  return user ? presentUserCard(user) : { _id: id, name: '', nickName: '', avatar: '' };
}

/** The rules behind the can* flags (the service enforces the same ones). */
export function abilities(row: SheetRow, viewer: Viewer, facts: Pick<SheetFacts, 'people'>) {
  const isSender = row.sender_id === viewer.userId;
  const sent = row.status === 'sent';
  const someoneRead = facts.people.some((person) => person.is_read === 1);
  return {
    canEdit: isSender && (viewer.rights.create || viewer.rights.edit) && (!sent || !someoneRead),
    canRecall: isSender && sent && row.replied === 0,
    canReply: sent && viewer.person?.role === 'receiver',
    canForward: sent && (isSender || viewer.person?.role === 'receiver'),
    canDelete: isSender || viewer.rights.delete,
    canDownload: viewer.rights.export,
  };
}

/** Row → list item, field by field. */
export function presentSummary(
  row: SheetRow,
  viewer: Viewer,
  facts: SheetFacts,
  users: ReadonlyMap<string, UserCard>,
): ContactSheetSummary {
  const receivers = facts.people.filter((p) => p.role === 'receiver').map((p) => p.user_id);
  const cc = facts.people.filter((p) => p.role === 'cc').map((p) => p.user_id);
  const isSender = row.sender_id === viewer.userId;
  const onSheet = viewer.person !== null && row.status === 'sent';
  const read = onSheet ? viewer.person?.is_read === 1 : true;
  return {
    _id: row.id,
    projectId: row.project_id,
    type: row.type as ContactSheetType,
    number: row.number,
    numberSeq: Number(row.number_seq),
    title: row.title,
    name: row.title,
    excerpt: row.excerpt,
    senderId: row.sender_id,
    sender: presentUser(users, row.sender_id),
    senderUnit: row.sender_unit,
    sentAt: row.sent_at,
    receivers,
    cc,
    receiverUsers: receivers.map((id) => presentUser(users, id)),
    ccUsers: cc.map((id) => presentUser(users, id)),
    replyNeeded: row.reply_needed === 1,
    replyDeadline: row.reply_deadline,
    status: row.status as ContactSheetStatus,
    recalledAt: row.recalled_at,
    modelId: row.model_id,
    viewportId: row.viewport_id,
    selectionSetId: row.selection_set_id,
    attachmentCount: facts.attachmentCount,
    receiverCount: receivers.length,
    readCount: facts.people.filter((p) => p.is_read === 1).length,
    replyCount: facts.replyCount,
    replied: row.replied === 1,
    box: isSender ? 'sent' : onSheet ? 'received' : null,
    role: !isSender && onSheet ? ((viewer.person?.role as ContactSheetRole) ?? null) : null,
    read,
    unRead: !read,
    ...abilities(row, viewer, facts),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface SheetDetails {
  files: ReadonlyMap<string, FileRow>;
  attachments: AttachmentRow[];
  replies: ReplyRow[];
  circulation: CirculationRow[];
}

function filesOf(owner: string, details: SheetDetails): ContactSheetAttachment[] {
  return details.attachments.flatMap((a) => {
    const file = a.owner_id === owner ? details.files.get(a.file_id) : undefined;
    return file ? [presentFileCard(file)] : [];
  });
}

export function presentCirculation(
  entry: CirculationRow,
  users: ReadonlyMap<string, UserCard>,
): ContactSheetCirculationEntry {
  return {
    _id: entry.id,
    action: entry.action as ContactSheetCirculationEntry['action'],
    actor: entry.actor_id ? presentUser(users, entry.actor_id) : null,
    at: entry.at,
    users: fromJson<string[]>(entry.users, []).map((id) => presentUser(users, id)),
    remark: entry.remark,
  };
}

/** The whole sheet: content, attachments, people, replies, circulation record. */
export function presentSheet(
  row: SheetRow,
  viewer: Viewer,
  facts: SheetFacts,
  users: ReadonlyMap<string, UserCard>,
  details: SheetDetails,
): ContactSheet {
  return {
    ...presentSummary(row, viewer, facts, users),
    content: row.content,
    attachments: filesOf(row.id, details),
    participants: facts.people.map((person) => ({
      user: presentUser(users, person.user_id),
      role: person.role as ContactSheetRole,
      read: person.is_read === 1,
      readAt: person.read_at,
      replied: person.replied === 1,
      repliedAt: person.replied_at,
      forwardedBy: person.forwarded_by,
      addedAt: person.added_at,
    })),
    replies: details.replies.map((reply) => ({
      _id: reply.id,
      user: presentUser(users, reply.user_id),
      content: reply.content,
      attachments: filesOf(reply.id, details),
      createdAt: reply.created_at,
    })),
    circulation: details.circulation.map((entry) => presentCirculation(entry, users)),
  };
}
