// First-person roaming: W/A/S/D or the arrows walk, Q/E or C/Space go down/up, the mouse looks around
// (pointer lock on a click on the canvas; a drag looks around on touch screens), +/- change the speed, Esc
// leaves. It drives camera-controls directly (its own input off meanwhile) and, on leaving, puts the orbit
// target straight ahead so the view stays exactly where the walk ended. A walk starts at eye height on the
// floor of what is selected (a storey picked in the tree), or on the model's lowest floor, looking level.
// OBC's camera skips camera-controls' update while its input is off, so every step applies the camera itself
// (and asks the fragments for the tiles of the new view) — otherwise the picture stood still until the walk
// ended.
import * as THREE from 'three';
import type { ViewerContext } from '../../engine/types';
import { stepWalkSpeed, WALK_SPEED_RANGE } from '../settings/viewerSettings';
import { isTyping } from '../typing';
import type { Vec3 } from '../viewports/cameraState';
import {
  directionFromLook,
  type Look,
  levelled,
  lookFromDirection,
  stepFor,
  turned,
  type WalkKey,
  walkKeyOf,
  walkStart,
} from './roamingMath';

/** At most one tiles update of the fragments per this many milliseconds while walking. */
const TILES_INTERVAL_MS = 120;

/** Shift runs this many times faster. */
const RUN_FACTOR = 3;
/** The orbit target stays this far ahead after a walk when the view had none sensible. */
const MIN_ORBIT_DISTANCE = 2;

export class RoamingController {
  private activeState = false;
  private look: Look = { yaw: 0, pitch: 0 };
  private position: Vec3 = [0, 0, 0];
  private readonly keys = new Set<WalkKey>();
  private running = false;
  private frame = 0;
  private lastTime = 0;
  private orbitDistance = 10;
  private drag: { x: number; y: number; id: number } | null = null;
  private readonly listeners = new Set<() => void>();
  private speedValue: number;
  private onLeave: (() => void) | null = null;
  private starting = false;
  private tiles: { busy: boolean; again: boolean; timer: ReturnType<typeof setTimeout> | null } = {
    busy: false,
    again: false,
    timer: null,
  };

  constructor(
    private readonly viewer: ViewerContext,
    speed: number,
    private readonly onSpeedChange?: (speed: number) => void,
  ) {
    this.speedValue = speed;
  }

  get active(): boolean {
    return this.activeState;
  }
  get speed(): number {
    return this.speedValue;
  }
  get locked(): boolean {
    return document.pointerLockElement === this.canvas;
  }

  private get canvas(): HTMLCanvasElement {
    return this.viewer.world.renderer!.three.domElement;
  }
  private get controls() {
    return this.viewer.world.camera.controls;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  private emit() {
    for (const listener of [...this.listeners]) listener();
  }

  setSpeed(speed: number, notify = true) {
    this.speedValue = Math.min(WALK_SPEED_RANGE.max, Math.max(WALK_SPEED_RANGE.min, speed));
    if (notify) this.onSpeedChange?.(this.speedValue);
    this.emit();
  }

  async start(onLeave?: () => void) {
    if (this.activeState || this.starting) return;
    this.starting = true;
    try {
      const camera = this.viewer.world.camera;
      // Walking needs a perspective: an orthographic view has no eye to walk with.
      if (camera.projection.current !== 'Perspective') await camera.projection.set('Perspective');
      const position = new THREE.Vector3();
      const target = new THREE.Vector3();
      this.controls.getPosition(position);
      this.controls.getTarget(target);
      this.orbitDistance = Math.max(position.distanceTo(target), MIN_ORBIT_DISTANCE);
      const selection = this.viewer.getSelection();
      const box = await this.viewer.bounds(selection.length > 0 ? selection : undefined).catch(() => null);
      this.position = walkStart([position.x, position.y, position.z], box, selection.length > 0);
      const direction = target.clone().sub(position);
      this.look = levelled(lookFromDirection([direction.x, direction.y, direction.z]));
    } finally {
      this.starting = false;
    }
    this.onLeave = onLeave ?? null;
    this.activeState = true;
    this.controls.enabled = false;
    this.viewer.setPickingEnabled(false);
    this.apply();
    window.addEventListener('keydown', this.onKeyDown, true);
    window.addEventListener('keyup', this.onKeyUp);
    window.addEventListener('blur', this.onBlur);
    document.addEventListener('pointerlockchange', this.onLockChange);
    document.addEventListener('mousemove', this.onMouseMove);
    this.canvas.addEventListener('pointerdown', this.onPointerDown);
    window.addEventListener('pointermove', this.onPointerMove);
    window.addEventListener('pointerup', this.onPointerUp);
    this.emit();
  }

  /** Back to orbiting: same eye, same direction, the target straight ahead. */
  stop() {
    if (!this.activeState) return;
    this.activeState = false;
    cancelAnimationFrame(this.frame);
    this.running = false;
    this.keys.clear();
    window.removeEventListener('keydown', this.onKeyDown, true);
    window.removeEventListener('keyup', this.onKeyUp);
    window.removeEventListener('blur', this.onBlur);
    document.removeEventListener('pointerlockchange', this.onLockChange);
    document.removeEventListener('mousemove', this.onMouseMove);
    this.canvas.removeEventListener('pointerdown', this.onPointerDown);
    window.removeEventListener('pointermove', this.onPointerMove);
    window.removeEventListener('pointerup', this.onPointerUp);
    if (this.locked) document.exitPointerLock();
    const direction = directionFromLook(this.look);
    const [x, y, z] = this.position;
    const d = this.orbitDistance;
    void this.controls.setLookAt(
      x,
      y,
      z,
      x + direction[0] * d,
      y + direction[1] * d,
      z + direction[2] * d,
      false,
    );
    this.controls.enabled = true;
    this.viewer.setPickingEnabled(true);
    this.viewer.requestRender();
    const leave = this.onLeave;
    this.onLeave = null;
    this.emit();
    leave?.();
  }

  /** Puts the camera where the walk is (no transition: every frame sets it). */
  private apply() {
    const direction = directionFromLook(this.look);
    const [x, y, z] = this.position;
    // A target one metre ahead: camera-controls keeps at least its minDistance between the two.
    void this.controls.setLookAt(x, y, z, x + direction[0], y + direction[1], z + direction[2], false);
    // The camera's own update skips the controls while their input is off: move the camera now.
    this.controls.update(0);
    this.refreshTiles();
    this.viewer.requestRender();
  }

  /** The fragments show the tiles of the view they were last told about: tell them, not too often. */
  private refreshTiles() {
    const tiles = this.tiles;
    if (tiles.busy || tiles.timer) {
      tiles.again = true;
      return;
    }
    tiles.busy = true;
    const started = performance.now();
    void Promise.resolve()
      .then(() => this.viewer.fragments.core.update(true))
      .catch(() => undefined)
      .finally(() => {
        tiles.busy = false;
        if (!tiles.again) return;
        tiles.again = false;
        const wait = Math.max(0, TILES_INTERVAL_MS - (performance.now() - started));
        tiles.timer = setTimeout(() => {
          tiles.timer = null;
          this.refreshTiles();
          this.viewer.requestRender();
        }, wait);
      });
  }

  private tick = (time: number) => {
    if (!this.activeState) return;
    const seconds = Math.min(0.1, (time - this.lastTime) / 1000);
    this.lastTime = time;
    if (this.keys.size > 0) {
      const distance = this.speedValue * (this.running ? RUN_FACTOR : 1) * seconds;
      const step = stepFor(this.keys, this.look, distance);
      this.position = [this.position[0] + step[0], this.position[1] + step[1], this.position[2] + step[2]];
      this.apply();
      this.frame = requestAnimationFrame(this.tick);
    } else {
      this.frame = 0;
    }
  };

  private startLoop() {
    if (this.frame) return;
    this.lastTime = performance.now();
    this.frame = requestAnimationFrame(this.tick);
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (isTyping(event)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      this.stop();
      return;
    }
    if (event.key === '+' || event.key === '=' || event.code === 'NumpadAdd') {
      event.preventDefault();
      this.setSpeed(stepWalkSpeed(this.speedValue, 1));
      return;
    }
    if (event.key === '-' || event.key === '_' || event.code === 'NumpadSubtract') {
      event.preventDefault();
      this.setSpeed(stepWalkSpeed(this.speedValue, -1));
      return;
    }
    this.running = event.shiftKey;
    const key = walkKeyOf(event.code);
    if (!key) return;
    // The arrows and Space would scroll the page, and the page's own keys must not see a walking key.
    event.preventDefault();
    this.keys.add(key);
    this.startLoop();
  };

  private readonly onKeyUp = (event: KeyboardEvent) => {
    this.running = event.shiftKey;
    const key = walkKeyOf(event.code);
    if (key) this.keys.delete(key);
  };

  private readonly onBlur = () => this.keys.clear();

  private readonly onLockChange = () => this.emit();

  private readonly onMouseMove = (event: MouseEvent) => {
    if (!this.locked) return;
    this.look = turned(this.look, event.movementX, event.movementY);
    this.apply();
  };

  private readonly onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') {
      // A click locks the pointer: the mouse then looks around without holding a button.
      if (!this.locked) void Promise.resolve(this.canvas.requestPointerLock?.()).catch(() => undefined);
      return;
    }
    // Touch and pen: drag to look.
    this.drag = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };

  private readonly onPointerMove = (event: PointerEvent) => {
    const drag = this.drag;
    if (!drag || drag.id !== event.pointerId) return;
    this.look = turned(this.look, event.clientX - drag.x, event.clientY - drag.y);
    this.drag = { ...drag, x: event.clientX, y: event.clientY };
    this.apply();
  };

  private readonly onPointerUp = (event: PointerEvent) => {
    if (this.drag?.id === event.pointerId) this.drag = null;
  };

  /** Walks while a button is held (the on-screen pad of touch screens). */
  press(key: WalkKey, down: boolean) {
    if (!this.activeState) return;
    if (down) {
      this.keys.add(key);
      this.startLoop();
    } else this.keys.delete(key);
  }

  dispose() {
    this.stop();
    if (this.tiles.timer) clearTimeout(this.tiles.timer);
    this.tiles.timer = null;
    this.listeners.clear();
  }
}
