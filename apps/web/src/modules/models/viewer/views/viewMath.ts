// The named views of the orientation control (view cube) and the home view, as camera-controls angles, and
// the cube's CSS rotation from the camera's. Pure: no WebGL, no three (the page's first chunk may use it).

/** The named views: the six faces of the model's box and the iso corner (front, right, top). */
export const VIEW_NAMES = ['top', 'bottom', 'front', 'back', 'left', 'right', 'iso'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

// camera-controls' spherical angles: azimuth 0 looks from +Z (the front, IFC south after the Y-up turn) and
// grows towards +X; polar 0 looks straight down. A polar of exactly 0 or π leaves the azimuth undefined.
const EDGE = 1e-3;
const ISO_POLAR = Math.atan(Math.SQRT2);

export function viewAngles(view: ViewName): { azimuth: number; polar: number } {
  switch (view) {
    case 'top':
      return { azimuth: 0, polar: EDGE };
    case 'bottom':
      return { azimuth: 0, polar: Math.PI - EDGE };
    case 'front':
      return { azimuth: 0, polar: Math.PI / 2 };
    case 'back':
      return { azimuth: Math.PI, polar: Math.PI / 2 };
    case 'left':
      return { azimuth: -Math.PI / 2, polar: Math.PI / 2 };
    case 'right':
      return { azimuth: Math.PI / 2, polar: Math.PI / 2 };
    case 'iso':
      return { azimuth: Math.PI / 4, polar: ISO_POLAR };
  }
}

/** The view the home button goes to: the iso corner, everything framed. */
export const HOME_VIEW: ViewName = 'iso';

export interface Quaternion {
  x: number;
  y: number;
  z: number;
  w: number;
}

const tidy = (value: number) => (Math.abs(value) < 1e-6 ? 0 : Number(value.toFixed(6)));

/**
 * The CSS `matrix3d` that turns the cube (faces laid out in CSS space: +x right, +y down, +z towards the
 * reader, so world +Y is CSS −y) the way the camera sees the world. The view rotation is the inverse of the
 * camera's; CSS's y points down, so it is conjugated by diag(1, −1, 1).
 */
export function cubeTransform(camera: Quaternion): string {
  // The inverse rotation of a unit quaternion is its conjugate.
  const x = -camera.x;
  const y = -camera.y;
  const z = -camera.z;
  const w = camera.w;
  const r = [
    [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
    [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
    [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
  ] as const;
  const flip = [1, -1, 1] as const;
  const at = (row: 0 | 1 | 2, column: 0 | 1 | 2) => tidy(r[row][column] * flip[row] * flip[column]);
  // matrix3d lists the columns one after the other.
  const columns = [0, 1, 2].flatMap((column) => [
    at(0, column as 0 | 1 | 2),
    at(1, column as 0 | 1 | 2),
    at(2, column as 0 | 1 | 2),
    0,
  ]);
  return `matrix3d(${[...columns, 0, 0, 0, 1].join(',')})`;
}
