// A camera as the contracts store it ({projection, position, target, zoom}) and back, without WebGL: the
// page reads and writes these numbers through camera-controls. Orthographic zoom is normalised against a
// reference frustum height so that a restored view frames the same height of the model whatever the size
// of the canvas or the frustum OBC happened to compute when the projection was switched.
import type { Camera } from '@lintel/contracts/models';

export type Vec3 = [number, number, number];

/** The frustum height (metres) an orthographic zoom of 1 shows; OBC's default ortho frustum size. */
export const ORTHO_REFERENCE_HEIGHT = 50;

export interface OrthoFrustum {
  top: number;
  bottom: number;
  zoom: number;
}

/** The stored zoom of an orthographic camera: how many times the reference height fits in what it shows. */
export function orthoZoomOf(frustum: OrthoFrustum): number {
  const visibleHeight = (frustum.top - frustum.bottom) / frustum.zoom;
  if (!(visibleHeight > 0) || !Number.isFinite(visibleHeight)) return 1;
  return ORTHO_REFERENCE_HEIGHT / visibleHeight;
}

/** The frustum that shows a stored zoom at a canvas aspect (width / height): half-extents and three's zoom. */
export function orthoFrustumFor(zoom: number, aspect: number) {
  const half = ORTHO_REFERENCE_HEIGHT / 2;
  const safeAspect = Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  return { top: half, bottom: -half, left: -half * safeAspect, right: half * safeAspect, zoom };
}

/** Rounds away float noise (1e-7 m is far below any model's precision) so saved JSON stays small. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

export function toCamera(input: {
  orthographic: boolean;
  position: Vec3;
  target: Vec3;
  frustum?: OrthoFrustum;
}): Camera {
  const position = input.position.map(roundCoordinate) as Vec3;
  let target = input.target.map(roundCoordinate) as Vec3;
  // camera-controls cannot look at the point it stands on: keep the two apart.
  if (position.every((value, index) => value === target[index]))
    target = [target[0], target[1], target[2] - 1e-3];
  return {
    projection: input.orthographic ? 'orthographic' : 'perspective',
    position,
    target,
    zoom: input.orthographic && input.frustum ? roundCoordinate(orthoZoomOf(input.frustum)) : 1,
  };
}

/** True when two cameras show the same view (within a tenth of a millimetre / of a zoom percent). */
export function sameCamera(a: Camera, b: Camera, tolerance = 1e-4): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) <= tolerance;
  return (
    a.projection === b.projection &&
    a.position.every((value, index) => close(value, b.position[index]!)) &&
    a.target.every((value, index) => close(value, b.target[index]!)) &&
    close(a.zoom ?? 1, b.zoom ?? 1)
  );
}
