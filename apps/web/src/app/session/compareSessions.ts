/** What a fresh session check means for the user the page was showing (spec 000 §2 "Routing rules"). */
export type SessionChange =
  /** Same user as before, or still nobody. */
  | 'unchanged'
  /** Nobody before, someone now (signed in from another tab): adopt the user. */
  | 'signedIn'
  /** Someone before, nobody now (or the check failed): to /login. */
  | 'signedOut'
  /** A different user than before: to /login. */
  | 'switched';

export function compareSessions(
  before: { _id: string } | null | undefined,
  after: { _id: string } | null | undefined,
): SessionChange {
  if (!before) return after ? 'signedIn' : 'unchanged';
  if (!after) return 'signedOut';
  return before._id === after._id ? 'unchanged' : 'switched';
}
