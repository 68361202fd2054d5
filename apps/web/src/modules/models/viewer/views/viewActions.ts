import type { ViewerContext } from '../engine/types';
import { HOME_VIEW, type ViewName, viewAngles } from './viewMath';

/**
 * Turns the camera to a named view and frames what is shown (the isolated elements, else every model);
 * `everything` frames every model whatever is isolated (the home view). The turn and the framing run as one
 * transition (camera-controls animates the angles and the distance apart).
 */
export async function showView(
  viewer: ViewerContext,
  view: ViewName,
  options: { everything?: boolean } = {},
) {
  if (viewer.models().length === 0) return;
  const { azimuth, polar } = viewAngles(view);
  const isolated = options.everything ? null : viewer.getIsolated();
  await Promise.all([
    viewer.world.camera.controls.rotateTo(azimuth, polar, true),
    viewer.fit(isolated && isolated.length > 0 ? isolated : undefined),
  ]);
  viewer.requestRender();
}

/** The home view: every model, from the iso corner. */
export const showHome = (viewer: ViewerContext) => showView(viewer, HOME_VIEW, { everything: true });
