import {
  isNotificationModule,
  type NotificationModule,
  TODO_DELAYS,
  type TodoDelay,
} from '@lintel/contracts/notifications';

/** The notification centre (spec 001 §2). */
export const NOTIFICATIONS_PATH = '/notifications';

export type CentreTab = 'pending' | 'messages';

/** The centre's state, kept in the address so that Back and a reload return to the same view. */
export interface CentreState {
  tab: CentreTab;
  unreadOnly: boolean;
  module: NotificationModule | null;
  delay: TodoDelay | null;
  page: number;
}

function positiveInteger(value: string | null): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : 1;
}

/** `?tab=pending&module=task&delay=1-7&page=2`; whatever is missing or unknown takes its default. */
export function readCentreState(params: URLSearchParams): CentreState {
  const module = params.get('module');
  const delay = params.get('delay');
  return {
    tab: params.get('tab') === 'pending' ? 'pending' : 'messages',
    unreadOnly: params.get('filter') === 'unread',
    module: isNotificationModule(module) ? module : null,
    delay: (TODO_DELAYS as readonly string[]).includes(delay ?? '') ? (delay as TodoDelay) : null,
    page: positiveInteger(params.get('page')),
  };
}

/** The address of a state; defaults are left out. */
export function centreSearch(state: CentreState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab === 'pending') params.set('tab', 'pending');
  if (state.unreadOnly) params.set('filter', 'unread');
  if (state.module) params.set('module', state.module);
  if (state.delay) params.set('delay', state.delay);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/**
 * A path of this web app (`/projects/…`): followed with the router. Anything else — '', another site,
 * `//host`, `javascript:` — is not followed (the server accepts only app paths; this is the second lock).
 */
export function isAppLink(link: string): boolean {
  return /^\/(?![/\\])/.test(link);
}

/** A to-do's link with its stored query (`queryParam`), which the linked page applies. */
export function todoTarget(link: string, queryParam: string | null): string {
  if (!queryParam) return link;
  const url = new URL(link, 'http://app.invalid');
  url.searchParams.set('queryParam', queryParam);
  return `${url.pathname}${url.search}${url.hash}`;
}
