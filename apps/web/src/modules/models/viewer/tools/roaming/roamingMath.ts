// First-person walking as numbers (Y is up in the viewer's scene): the look direction from yaw and pitch,
// and the step the pressed keys make in a frame.
import type { Vec3 } from '../viewports/cameraState';

/** Looking straight up or down flips the view: stop just short of it. */
export const MAX_PITCH = (89 * Math.PI) / 180;
/** Radians of turn per pixel of mouse movement. */
export const LOOK_SENSITIVITY = 0.0025;

export interface Look {
  yaw: number;
  pitch: number;
}

export function lookFromDirection(direction: Vec3): Look {
  const length = Math.hypot(...direction) || 1;
  const [x, y, z] = direction.map((value) => value / length) as Vec3;
  return { yaw: Math.atan2(x, z), pitch: clampPitch(Math.asin(Math.max(-1, Math.min(1, y)))) };
}

export function directionFromLook(look: Look): Vec3 {
  const cos = Math.cos(look.pitch);
  return [Math.sin(look.yaw) * cos, Math.sin(look.pitch), Math.cos(look.yaw) * cos];
}

export function clampPitch(pitch: number): number {
  return Math.max(-MAX_PITCH, Math.min(MAX_PITCH, pitch));
}

/** Mouse movement (pixels, right and down positive) turns the view: right turns right, up looks up. */
export function turned(
  look: Look,
  movementX: number,
  movementY: number,
  sensitivity = LOOK_SENSITIVITY,
): Look {
  return { yaw: look.yaw - movementX * sensitivity, pitch: clampPitch(look.pitch - movementY * sensitivity) };
}

export type WalkKey = 'forward' | 'back' | 'left' | 'right' | 'up' | 'down';

/** The walking intent of a key (W/A/S/D, arrows, Q/E and Space/C), by `KeyboardEvent.code`. */
export function walkKeyOf(code: string): WalkKey | null {
  switch (code) {
    case 'KeyW':
    case 'ArrowUp':
      return 'forward';
    case 'KeyS':
    case 'ArrowDown':
      return 'back';
    case 'KeyA':
    case 'ArrowLeft':
      return 'left';
    case 'KeyD':
    case 'ArrowRight':
      return 'right';
    case 'KeyE':
    case 'Space':
      return 'up';
    case 'KeyQ':
    case 'KeyC':
      return 'down';
    default:
      return null;
  }
}

/**
 * The move of one frame: forward/back along the horizontal look direction (walking does not climb when
 * looking up), left/right across it, up/down vertically; diagonal moves are not faster.
 */
export function stepFor(keys: ReadonlySet<WalkKey>, look: Look, distance: number): Vec3 {
  const forward: Vec3 = [Math.sin(look.yaw), 0, Math.cos(look.yaw)];
  const right: Vec3 = [-Math.cos(look.yaw), 0, Math.sin(look.yaw)];
  const move: Vec3 = [0, 0, 0];
  const add = (v: Vec3, sign: number) => {
    for (let i = 0; i < 3; i++) move[i] = move[i]! + v[i]! * sign;
  };
  if (keys.has('forward')) add(forward, 1);
  if (keys.has('back')) add(forward, -1);
  if (keys.has('right')) add(right, 1);
  if (keys.has('left')) add(right, -1);
  if (keys.has('up')) move[1] += 1;
  if (keys.has('down')) move[1] -= 1;
  const length = Math.hypot(...move);
  if (length === 0) return [0, 0, 0];
  return move.map((value) => (value / length) * distance) as Vec3;
}

/** A standing person's eyes above the floor, in metres. */
export const EYE_HEIGHT = 1.6;

export interface WalkBox {
  min: Vec3;
  max: Vec3;
}

/**
 * Where a walk starts. With a storey (or any elements) selected: on its floor (the bottom of what is
 * selected) at eye height, where the camera stands in plan, kept within the selection's outline (a camera
 * outside it lands on its edge, facing in as it looked, not inside an element in its middle). Nothing
 * selected: where the camera is when it is already inside the model (a walk resumed); otherwise (a view
 * from outside or above) the same on the model's lowest floor. No box: where the camera is.
 */
export function walkStart(camera: Vec3, box: WalkBox | null, selected: boolean): Vec3 {
  if (!box) return camera;
  const inside = [0, 1, 2].every((i) => camera[i]! >= box.min[i]! && camera[i]! <= box.max[i]!);
  if (!selected && inside) return camera;
  const clamp = (i: 0 | 2) => Math.min(box.max[i], Math.max(box.min[i], camera[i]));
  return [clamp(0), box.min[1] + EYE_HEIGHT, clamp(2)];
}

/** Looking level (no pitch) in the same compass direction: a walk starts looking ahead, not at the floor. */
export function levelled(look: Look): Look {
  return { yaw: look.yaw, pitch: 0 };
}
