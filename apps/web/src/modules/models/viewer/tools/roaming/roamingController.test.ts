// Walking redraws as it goes: OBC's camera skips camera-controls' update while their input is off (as it is
// during a walk), so the controller must move the camera itself on every step — the fake controls below
// only move their camera on update(), like camera-controls — and tell the fragments about the new view.
// A walk starts at eye height on the selected storey's floor, or on the model's lowest floor.
import type * as THREE from 'three';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewerContext } from '../../engine/types';
import { RoamingController } from './roamingController';
import { EYE_HEIGHT } from './roamingMath';

type V3 = [number, number, number];

function fakeViewer(options: { selection?: boolean } = {}) {
  const camera = { position: [30, 40, 30] as V3, target: [0, 0, 0] as V3 };
  const end = { position: [...camera.position] as V3, target: [...camera.target] as V3 };
  const controls = {
    enabled: true,
    getPosition: (out: THREE.Vector3) => out.set(...camera.position),
    getTarget: (out: THREE.Vector3) => out.set(...camera.target),
    setLookAt: async (x: number, y: number, z: number, tx: number, ty: number, tz: number) => {
      end.position = [x, y, z];
      end.target = [tx, ty, tz];
    },
    update: vi.fn(() => {
      camera.position = [...end.position];
      camera.target = [...end.target];
      return true;
    }),
  };
  const canvas = document.createElement('canvas');
  const tilesUpdate = vi.fn(async () => undefined);
  const model: V3[] = [
    [-10, -0.2, -8],
    [10, 9, 8],
  ];
  const storey: V3[] = [
    [-10, 2.8, -8],
    [10, 6, 8],
  ];
  const selection = options.selection ? [{ modelId: 'm1', globalIds: ['storey-2-a', 'storey-2-b'] }] : [];
  const viewer = {
    world: {
      camera: { controls, projection: { current: 'Perspective', set: vi.fn() } },
      renderer: { three: { domElement: canvas } },
    },
    fragments: { core: { update: tilesUpdate } },
    getSelection: () => selection,
    bounds: vi.fn(async (refs?: unknown[]) => {
      const [min, max] = refs ? storey : model;
      return { min: min!, max: max! };
    }),
    setPickingEnabled: vi.fn(),
    requestRender: vi.fn(),
  };
  return { viewer: viewer as unknown as ViewerContext, camera, controls, tilesUpdate, bounds: viewer.bounds };
}

let frames: FrameRequestCallback[] = [];
let now = 0;
/** Runs `count` animation frames, 1/60 s apart. */
function runFrames(count: number) {
  for (let i = 0; i < count; i++) {
    now += 1000 / 60;
    const due = frames;
    frames = [];
    for (const frame of due) frame(now);
  }
}

beforeEach(() => {
  frames = [];
  now = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('walking (roaming)', () => {
  it('starts on the lowest floor at eye height, and the picture follows every step of a held key', async () => {
    const { viewer, camera, controls, tilesUpdate } = fakeViewer();
    const roaming = new RoamingController(viewer, 2);
    await roaming.start();
    // From the view above the model: down on its lowest floor, eyes 1.6 m up, looking level.
    expect(camera.position[1]).toBeCloseTo(-0.2 + EYE_HEIGHT);
    expect(camera.position[0]).toBe(10);
    expect(camera.target[1]).toBeCloseTo(camera.position[1]);
    expect(controls.enabled).toBe(false);

    const before = [...camera.position];
    window.dispatchEvent(new KeyboardEvent('keydown', { code: 'KeyW', key: 'w' }));
    runFrames(10);
    // Drawn while the key is held, not only after leaving the walk.
    const during = [...camera.position];
    expect(Math.hypot(during[0]! - before[0]!, during[2]! - before[2]!)).toBeGreaterThan(0.1);
    expect(during[1]).toBeCloseTo(before[1]!);
    runFrames(10);
    expect(camera.position).not.toEqual(during);
    expect(tilesUpdate).toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keyup', { code: 'KeyW', key: 'w' }));
    runFrames(2);
    const stopped = [...camera.position];
    runFrames(5);
    expect(camera.position).toEqual(stopped);

    // Esc leaves: the orbit controls take over where the walk ended.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape' }));
    expect(roaming.active).toBe(false);
    expect(controls.enabled).toBe(true);
    roaming.dispose();
  });

  it('starts on the selected storey, and walks from the touch pad', async () => {
    const { viewer, camera, bounds } = fakeViewer({ selection: true });
    const roaming = new RoamingController(viewer, 2);
    await roaming.start();
    expect(bounds).toHaveBeenCalledWith([{ modelId: 'm1', globalIds: ['storey-2-a', 'storey-2-b'] }]);
    // The camera stood outside the storey's outline: on its edge nearest the camera, on its floor.
    expect(camera.position).toEqual([10, 2.8 + EYE_HEIGHT, 8]);

    roaming.press('forward', true);
    runFrames(6);
    expect(camera.position).not.toEqual([10, 2.8 + EYE_HEIGHT, 8]);
    roaming.press('forward', false);
    roaming.press('up', true);
    runFrames(6);
    expect(camera.position[1]).toBeGreaterThan(2.8 + EYE_HEIGHT);
    roaming.dispose();
    expect(roaming.active).toBe(false);
  });
});
