import type { User } from '@lintel/contracts/account';
import type { ContactSheet } from '@lintel/contracts/contactsheets';
import { fromJson } from '../../db/json';
import { AppError } from '../../plugins/app-error';
import type { SheetAccess } from './contactsheets.access';
import type { Opened, SheetBase } from './contactsheets.context';
import { presentSheet } from './contactsheets.presenter';

/** One sheet as the caller sees it: people, replies, circulation and attachments, with user cards. */
export function createSheetDetail(base: SheetBase & Pick<SheetAccess, 'open' | 'viewerOf'>) {
  const { repository, directory, open, viewerOf } = base;

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

  return { detail };
}
export type SheetDetail = ReturnType<typeof createSheetDetail>;
