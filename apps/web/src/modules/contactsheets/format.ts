import type { ContactSheetUser } from '@lintel/contracts/contactsheets';
import { displayName } from '../../lib/people';

export { formatTime } from '../../lib/dateTime';
export { displayName } from '../../lib/people';

/** People as a sheet lists them: names joined by the language's separator. */
export function namesOf(users: readonly ContactSheetUser[], separator: string): string {
  return users.map((user) => displayName(user) ?? user.name).join(separator);
}
