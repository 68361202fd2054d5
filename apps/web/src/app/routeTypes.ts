import type { ComponentType } from 'react';
import type { FlowPrerequisite } from '../modules/account/flowState';

/** A page module loaded on demand: its default export is the page. One chunk per page. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface AppRoute {
  /** The path of spec 000 §2. */
  path: string;
  /** Spec 000 §2, column "Needs login". */
  needsLogin: boolean;
  /**
   * For the registration and reset screens, what the route needs INSTEAD of a session (it replaces
   * `needsLogin`): 'open' for anyone, else the flow state an earlier step must have left (flowState.ts).
   * DECISION (spec 000 §2): the table marks /perfectinformation, /findPassword, /resetPassword and
   * /finishPassword "needs login", but these flows run before the user can sign in; we read it as "needs the
   * flow's prerequisite", and a missing prerequisite sends the visitor to /login (spec 000 §2 routing rules).
   */
  flow?: 'open' | FlowPrerequisite;
  /** The page, or null while the issue that builds it has not landed (the path then acts as unknown). */
  page: PageLoader | null;
  /**
   * 'core' when the page shows no antd component with built-in texts beyond antd's `global` ones (the
   * password field's show / hide labels): antd's full locale then does not load with it (antdLocale.ts).
   * Leave it out otherwise: the page waits for the full locale (pickers, tables, empty states, modals…).
   */
  antdTexts?: 'core';
}
