import type { TopicUser } from '@lintel/contracts/topics';

export { formatTime } from '../../lib/dateTime';

/** A person as the topics name them: the nickname, else the account. */
export function userName(user: TopicUser | null | undefined): string | null {
  if (!user) return null;
  return user.nickName || user.name;
}

/** The names of users, joined for one line. */
export function userNames(users: readonly TopicUser[] | undefined, separator: string): string {
  return (users ?? []).map((user) => userName(user)).join(separator);
}

/** The local calendar date of today, `YYYY-MM-DD`. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
