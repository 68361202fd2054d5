import type { PageLoader } from '../../app/routeTypes';

export const previewPages = {
  preview: () => import('./PreviewPage'),
} satisfies Record<string, PageLoader>;
