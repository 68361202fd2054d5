import { describe, expect, it } from 'vitest';
import { cubeTransform, viewAngles } from './viewMath';

/** Applies a CSS matrix3d (columns) to a vector. */
function apply(matrix: string, vector: [number, number, number]): [number, number, number] {
  const m = (matrix.match(/matrix3d\((.*)\)/)?.[1] ?? '').split(',').map(Number);
  const out = [0, 1, 2].map(
    (row) => (m[row] ?? 0) * vector[0] + (m[4 + row] ?? 0) * vector[1] + (m[8 + row] ?? 0) * vector[2],
  );
  return out.map((value) => Math.round(value * 1000) / 1000 + 0) as [number, number, number];
}

/** The quaternion of a rotation by `angle` about a unit axis. */
function about(axis: [number, number, number], angle: number) {
  const s = Math.sin(angle / 2);
  return { x: axis[0] * s, y: axis[1] * s, z: axis[2] * s, w: Math.cos(angle / 2) };
}

// The cube's faces in CSS space: front +z, right +x, top −y (CSS y points down).
const FRONT: [number, number, number] = [0, 0, 1];
const RIGHT: [number, number, number] = [1, 0, 0];
const TOP: [number, number, number] = [0, -1, 0];

describe('the view cube follows the camera', () => {
  it('a camera looking from the front shows the front face, top up', () => {
    const matrix = cubeTransform({ x: 0, y: 0, z: 0, w: 1 });
    expect(apply(matrix, FRONT)).toEqual([0, 0, 1]);
    expect(apply(matrix, TOP)).toEqual([0, -1, 0]);
  });

  it('a camera looking down from above shows the top face, the front at the bottom', () => {
    // Looking down: the camera turned −90° about X.
    const matrix = cubeTransform(about([1, 0, 0], -Math.PI / 2));
    expect(apply(matrix, TOP)).toEqual([0, 0, 1]);
    expect(apply(matrix, FRONT)).toEqual([0, 1, 0]);
  });

  it('a camera on the right, looking left, shows the right face with the front on its left', () => {
    const matrix = cubeTransform(about([0, 1, 0], Math.PI / 2));
    expect(apply(matrix, RIGHT)).toEqual([0, 0, 1]);
    expect(apply(matrix, FRONT)).toEqual([-1, 0, 0]);
  });
});

describe('named views', () => {
  it('face the model from each side, the iso from the front-right-top corner', () => {
    expect(viewAngles('front')).toEqual({ azimuth: 0, polar: Math.PI / 2 });
    expect(viewAngles('right').azimuth).toBeCloseTo(Math.PI / 2);
    expect(viewAngles('back').azimuth).toBeCloseTo(Math.PI);
    expect(viewAngles('top').polar).toBeLessThan(0.01);
    expect(viewAngles('bottom').polar).toBeGreaterThan(Math.PI - 0.01);
    const iso = viewAngles('iso');
    // From (1, 1, 1): 45° round and 54.7° down from the vertical.
    expect(iso.azimuth).toBeCloseTo(Math.PI / 4);
    expect((iso.polar * 180) / Math.PI).toBeCloseTo(54.74, 1);
  });
});
