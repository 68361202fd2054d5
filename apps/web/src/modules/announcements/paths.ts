import type { AnnouncementBox } from '@lintel/contracts/announcements';

const enc = encodeURIComponent;

/** The received list is the module's index; the sent list, the form and one announcement hang below it. */
export const announcementsPath = (projectId: string, box: AnnouncementBox = 'receive') =>
  `/projects/${enc(projectId)}/announcements${box === 'send' ? '/sent' : ''}`;
export const newAnnouncementPath = (projectId: string) => `/projects/${enc(projectId)}/announcements/new`;
export const announcementPath = (projectId: string, id: string) =>
  `/projects/${enc(projectId)}/announcements/${enc(id)}`;
