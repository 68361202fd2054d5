import dayjs from 'dayjs';

/** A publication or read time as the lists show it: date and minutes, in local time. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm') : iso;
}

/** A person as the announcements name them: the nickname, else the account. */
export function displayName(user: { name: string; nickName: string } | null | undefined): string | null {
  if (!user) return null;
  return user.nickName || user.name;
}
