/** A person as the project's modules name them: the nickname, else the account. */
export function displayName(user: { name: string; nickName: string } | null | undefined): string | null {
  if (!user) return null;
  return user.nickName || user.name;
}

/** A member in a picker: the nickname with the account beside it when they differ (two people may share one). */
export function memberLabel(member: {
  userId: string;
  user?: { name: string; nickName: string } | null;
}): string {
  const user = member.user;
  if (!user) return member.userId;
  return user.nickName && user.nickName !== user.name ? `${user.nickName}（${user.name}）` : user.name;
}
