import type { Announcement, AnnouncementBox, AnnouncementSummary } from '@lintel/contracts/announcements';
import { fromJson } from '../../db/json';
import type { UserSummary } from '../directory/index';
import { presentFileCard, presentUserCard } from '../directory/present';
import type { FileRow } from '../files/files.repository';
import type { AnnouncementRow } from './announcements.repository';

/** How the caller stands to one announcement: its box, and their own read state when they received it. */
export interface Viewpoint {
  box: AnnouncementBox | null;
  /** The caller's receipt (receivers only). */
  read?: boolean;
}

export interface SummaryFigures {
  receivers: number;
  read: number;
  attachments: number;
  /** Present with expand=true: the sender's card, null when the account is gone. */
  sender?: UserSummary | null;
}

/** Row → list item, field by field. */
export function presentSummary(
  row: AnnouncementRow,
  viewpoint: Viewpoint,
  figures: SummaryFigures,
): AnnouncementSummary {
  const receivers = fromJson<'all' | string[]>(row.receivers, []);
  const read = viewpoint.box === 'receive' ? viewpoint.read === true : true;
  const summary: AnnouncementSummary = {
    _id: row.id,
    projectId: row.project_id,
    title: row.title,
    excerpt: row.excerpt,
    senderId: row.sender_id,
    receivers: receivers === 'all' ? 'all' : [...receivers],
    departments: fromJson<string[]>(row.departments, []),
    receiverCount: figures.receivers,
    readCount: figures.read,
    attachmentCount: figures.attachments,
    type: viewpoint.box,
    read,
    unRead: viewpoint.box === 'receive' && !read,
    stick: row.stick === 1,
    stickAt: row.stick_at,
    send: row.recalled === 0,
    recalled: row.recalled === 1,
    recalledAt: row.recalled_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (figures.sender !== undefined) summary.sender = figures.sender ? presentUserCard(figures.sender) : null;
  return summary;
}

export function presentAnnouncement(
  row: AnnouncementRow,
  viewpoint: Viewpoint,
  figures: SummaryFigures,
  details: {
    attachments: FileRow[];
    departmentList?: Array<{ _id: string; name: string }>;
    receiverStates?: Announcement['receiverStates'];
  },
): Announcement {
  const announcement: Announcement = {
    ...presentSummary(row, viewpoint, figures),
    content: row.content,
    attachments: details.attachments.map(presentFileCard),
  };
  if (details.departmentList) announcement.departmentList = details.departmentList;
  if (details.receiverStates) announcement.receiverStates = details.receiverStates;
  return announcement;
}
