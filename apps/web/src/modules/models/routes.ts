import type { PageLoader } from '../../app/routeTypes';
import { loadEngineModule, startViewerPrefetch } from './viewer/prefetch';

/** The BIM models of a project's workbench (issue 8); the viewer page is code-split from the others. */
export const modelsPages = {
  /** /projects/:projectId/models */
  list: () => import('./pages/ModelsPage'),
  /** /projects/:projectId/models/settings (model tags, viewport tags, selection-set groups, attribute display) */
  settings: () => import('./pages/ModelSettingsPage'),
  /** /projects/:projectId/models/selection-sets */
  selectionSets: () => import('./pages/SelectionSetsPage'),
  /** /projects/:projectId/models/qrcodes — the elements that have a QR code */
  qrCodes: () => import('./pages/ElementQrCodesPage'),
  /** /share/element/:token — an element's QR code opens this public page, no login. */
  share: () => import('./pages/SharedElementPage'),
  /** /projects/:projectId/models/viewer?models=a,b&element=m:g… — three and @thatopen load only here. */
  // The URL's models and the engine start with the page's code, not after it rendered. In this order:
  // over HTTP/1.1 the browser has six connections, and the requests queue in the order they are made.
  viewer: () => {
    startViewerPrefetch();
    const page = import('./viewer/ViewerPage');
    void loadEngineModule().catch(() => undefined);
    return page;
  },
} satisfies Record<string, PageLoader>;
