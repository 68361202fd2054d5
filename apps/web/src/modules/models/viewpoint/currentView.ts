// The view on screen, for forms beside the viewer that save it as their record's viewpoint (issue 16: a
// problem or a contact sheet raised from an element). The viewer's tools own the section controller the
// view is read with, and the forms sit in the properties panel, far from them in the tree: the tools
// register a source while they live and the forms ask for it when they save. One viewer is open at a time.
import type { ViewportCreate } from '@lintel/contracts/models';

/** What a viewpoint keeps of the view: its models, camera, section and visibility. */
export type ViewFields = Pick<
  ViewportCreate,
  'modelIds' | 'camera' | 'clippingPlanes' | 'sectionBox' | 'hidden' | 'isolated'
>;

export interface ViewSource {
  read(): ViewFields;
  /** A small picture of the canvas, or null when the canvas gives none. */
  snapshot(): Promise<File | null>;
}

let current: ViewSource | null = null;

/** The viewer's tools call this when they start; the answer unregisters them (only if still current). */
export function registerViewSource(source: ViewSource): () => void {
  current = source;
  return () => {
    if (current === source) current = null;
  };
}

/** The open viewer's view source; null when no viewer is open (a page test, the viewer still loading). */
export function currentViewSource(): ViewSource | null {
  return current;
}
