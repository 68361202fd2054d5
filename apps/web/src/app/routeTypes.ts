import type { ComponentType } from 'react';

/** A page module loaded on demand: its default export is the page. One chunk per page. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface AppRoute {
  /** The path of spec 000 §2. */
  path: string;
  /** Spec 000 §2, column "Needs login". */
  needsLogin: boolean;
  /** The page, or null while the issue that builds it has not landed (the path then acts as unknown). */
  page: PageLoader | null;
  /**
   * 'core' when the page shows no antd component with built-in texts beyond antd's `global` ones (the
   * password field's show / hide labels): antd's full locale then does not load with it (antdLocale.ts).
   * Leave it out otherwise: the page waits for the full locale (pickers, tables, empty states, modals…).
   */
  antdTexts?: 'core';
}
