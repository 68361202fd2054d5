// Section planes and the section box as numbers. Two conventions meet here: the contracts say a plane's
// normal points at the part that is CUT AWAY (clippingPlaneSchema), while OBC's SimplePlane (and three's
// clipping) keeps the side its normal points at. Every conversion between the two goes through this file.
import type { Vec3 } from '../viewports/cameraState';

export interface StoredPlane {
  /** Points at the part that is cut away (contracts). */
  normal: Vec3;
  point: Vec3;
}
export interface EnginePlane {
  /** Points at the part that is kept (OBC SimplePlane / THREE.Plane clipping). */
  normal: Vec3;
  point: Vec3;
}
export interface Box {
  min: Vec3;
  max: Vec3;
}

const negate = (v: Vec3): Vec3 => [-v[0] || 0, -v[1] || 0, -v[2] || 0];

export function toStoredPlane(plane: EnginePlane): StoredPlane {
  return { normal: normalize(negate(plane.normal)), point: [...plane.point] };
}
export function toEnginePlane(plane: StoredPlane): EnginePlane {
  return { normal: normalize(negate(plane.normal)), point: [...plane.point] };
}

export function normalize(v: Vec3): Vec3 {
  const length = Math.hypot(v[0], v[1], v[2]);
  if (!(length > 0)) return [0, -1, 0];
  return [v[0] / length, v[1] / length, v[2] / length];
}

/** The plane turned round: same place, the other side kept. */
export function flipped(plane: EnginePlane): EnginePlane {
  return { normal: negate(plane.normal), point: [...plane.point] };
}

export const BOX_FACES = ['minX', 'maxX', 'minY', 'maxY', 'minZ', 'maxZ'] as const;
export type BoxFace = (typeof BOX_FACES)[number];
const AXIS: Record<BoxFace, 0 | 1 | 2> = { minX: 0, maxX: 0, minY: 1, maxY: 1, minZ: 2, maxZ: 2 };

/** The six planes of a box, each keeping the inside (the engine's convention). */
export function boxPlanes(box: Box): Array<EnginePlane & { face: BoxFace }> {
  const center: Vec3 = [0, 1, 2].map((i) => (box.min[i]! + box.max[i]!) / 2) as Vec3;
  return BOX_FACES.map((face) => {
    const axis = AXIS[face];
    const isMin = face.startsWith('min');
    const normal: Vec3 = [0, 0, 0];
    normal[axis] = isMin ? 1 : -1;
    const point: Vec3 = [...center];
    point[axis] = isMin ? box.min[axis] : box.max[axis];
    return { face, normal, point };
  });
}

/** The box the six face planes enclose now (after the user dragged some of them). */
export function boxFromFaces(faces: Partial<Record<BoxFace, Vec3>>, fallback: Box): Box {
  const min: Vec3 = [...fallback.min];
  const max: Vec3 = [...fallback.max];
  for (const face of BOX_FACES) {
    const point = faces[face];
    if (!point) continue;
    const axis = AXIS[face];
    if (face.startsWith('min')) min[axis] = point[axis];
    else max[axis] = point[axis];
  }
  return orderedBox({ min, max });
}

/** A box whose min is below its max on every axis (a dragged face may have crossed its opposite). */
export function orderedBox(box: Box): Box {
  const min = [0, 1, 2].map((i) => Math.min(box.min[i]!, box.max[i]!)) as Vec3;
  const max = [0, 1, 2].map((i) => Math.max(box.min[i]!, box.max[i]!)) as Vec3;
  return { min, max };
}

/** A box grown by a margin on every side (so the section box does not cut the faces it was made around). */
export function paddedBox(box: Box, margin: number): Box {
  return {
    min: box.min.map((value) => value - margin) as Vec3,
    max: box.max.map((value) => value + margin) as Vec3,
  };
}

/** A box with one face moved to a coordinate (the panel's sliders), kept ordered. */
export function withFace(box: Box, face: BoxFace, value: number): Box {
  const axis = AXIS[face];
  const next: Box = { min: [...box.min], max: [...box.max] };
  if (face.startsWith('min')) next.min[axis] = Math.min(value, box.max[axis]);
  else next.max[axis] = Math.max(value, box.min[axis]);
  return next;
}

export function axisOf(face: BoxFace): 0 | 1 | 2 {
  return AXIS[face];
}
