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
}
