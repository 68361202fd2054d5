import type { PageLoader } from '../../app/routeTypes';

export const downloadPages = {
  download: () => import('./pages/DownloadPage'),
} satisfies Record<string, PageLoader>;
