// Section planes (added by clicking a face, flipped, moved with their gizmo, deleted) and a section box
// (six planes around the selection or the whole model) over OBC's Clipper. Planes of the box carry the type
// `sectionBox` so the two never mix. Reading and writing them as contract values goes through sectionMath.
import { CLIPPING_PLANES_MAX } from '@lintel/contracts/models';
import * as OBC from '@thatopen/components';
import * as THREE from 'three';
import { VIEWER_COLORS } from '../../engine/colors';
import type { ViewerContext } from '../../engine/types';
import { onCanvasClick } from '../labelLayer';
import type { Vec3 } from '../viewports/cameraState';
import {
  BOX_FACES,
  type Box,
  type BoxFace,
  boxFromFaces,
  boxPlanes,
  type EnginePlane,
  flipped,
  paddedBox,
  type StoredPlane,
  toEnginePlane,
  toStoredPlane,
} from './sectionMath';

const PLANE_TYPE = 'default';
/** The drawn plane's size relative to its distance from the camera (OBC's 5 covers most of the view). */
const PLANE_SIZE = 2;
const BOX_TYPE = 'sectionBox';

export interface SectionPlaneInfo {
  id: string;
  plane: StoredPlane;
}

const vec = (v: THREE.Vector3): Vec3 => [v.x, v.y, v.z];

export class SectionController {
  private readonly clipper: OBC.Clipper;
  private readonly listeners = new Set<() => void>();
  private readonly boxIds = new Map<BoxFace, string>();
  private stopClicks: (() => void) | null = null;
  private lastBox: Box | null = null;
  private enabledState = true;
  private handlesVisible = true;
  private readonly onDrag = () => this.emit();
  /** The box's faces show only their drag arrows: six drawn planes would hide the model they cut. */
  private readonly invisible = new THREE.MeshBasicMaterial({ visible: false });

  constructor(private readonly viewer: ViewerContext) {
    this.clipper = viewer.components.get(OBC.Clipper);
    // Planes come only from this controller's calls, never from the Clipper's own mouse handling.
    this.clipper.enabled = false;
    // The planes' fill in the viewer's status colour (That Open's default is a purple of its own).
    this.clipper.material.color.set(VIEWER_COLORS.section);
    this.clipper.onAfterDrag.add(this.onDrag);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private emit() {
    this.viewer.requestRender();
    for (const listener of [...this.listeners]) listener();
  }

  private ofType(type: string): Array<[string, OBC.SimplePlane]> {
    return [...this.clipper.list].filter(([, plane]) => plane.type === type);
  }

  planes(): SectionPlaneInfo[] {
    return this.ofType(PLANE_TYPE).map(([id, plane]) => ({ id, plane: toStoredPlane(this.engineOf(plane)) }));
  }

  private engineOf(plane: OBC.SimplePlane): EnginePlane {
    return { normal: vec(plane.normal), point: vec(plane.helper.position) };
  }

  get picking(): boolean {
    return this.stopClicks !== null;
  }

  get canAdd(): boolean {
    return this.ofType(PLANE_TYPE).length < CLIPPING_PLANES_MAX;
  }

  /** The next click on a face adds a plane there (cutting away the side the face looks at). */
  startPicking() {
    if (!this.canAdd || this.stopClicks) return;
    this.viewer.setPickingEnabled(false);
    this.stopClicks = onCanvasClick(this.viewer, () => void this.addAtPointer());
    this.emit();
  }

  stopPicking() {
    if (!this.stopClicks) return;
    this.stopClicks();
    this.stopClicks = null;
    this.viewer.setPickingEnabled(true);
    this.emit();
  }

  private async addAtPointer() {
    const plane = await this.clipper.create(this.viewer.world);
    if (plane) {
      plane.type = PLANE_TYPE;
      plane.size = PLANE_SIZE;
      plane.visible = this.handlesVisible;
      if (!this.enabledState) plane.enabled = false;
    }
    this.stopPicking();
    this.emit();
  }

  flip(id: string) {
    const plane = this.clipper.list.get(id);
    if (!plane) return;
    const next = flipped(this.engineOf(plane));
    plane.setFromNormalAndCoplanarPoint(new THREE.Vector3(...next.normal), new THREE.Vector3(...next.point));
    this.emit();
  }

  remove(id: string) {
    this.clipper.list.delete(id);
    this.emit();
  }

  removeAllPlanes() {
    this.clipper.deleteAll(new Set([PLANE_TYPE]));
    this.emit();
  }

  private addPlane(plane: EnginePlane, type: string): string {
    const id = this.clipper.createFromNormalAndCoplanarPoint(
      this.viewer.world,
      new THREE.Vector3(...plane.normal),
      new THREE.Vector3(...plane.point),
    );
    const created = this.clipper.list.get(id);
    if (created) {
      created.type = type;
      created.size = PLANE_SIZE;
      if (type === BOX_TYPE) created.planeMaterial = this.invisible;
      created.visible = this.handlesVisible;
      if (!this.enabledState) created.enabled = false;
    }
    return id;
  }

  /** Replaces the section planes by stored ones (a viewport being restored). */
  setPlanes(planes: readonly StoredPlane[]) {
    this.clipper.deleteAll(new Set([PLANE_TYPE]));
    for (const plane of planes.slice(0, CLIPPING_PLANES_MAX)) this.addPlane(toEnginePlane(plane), PLANE_TYPE);
    this.emit();
  }

  // ── the section box ─────────────────────────────────────────────────────────────────────────────────

  /** The box as its six planes enclose it now (null when there is none). */
  box(): Box | null {
    if (this.boxIds.size === 0 || !this.lastBox) return null;
    const faces: Partial<Record<BoxFace, Vec3>> = {};
    for (const [face, id] of this.boxIds) {
      const plane = this.clipper.list.get(id);
      if (plane) faces[face] = vec(plane.helper.position);
    }
    return boxFromFaces(faces, this.lastBox);
  }

  setBox(box: Box | null) {
    this.clipper.deleteAll(new Set([BOX_TYPE]));
    this.boxIds.clear();
    this.lastBox = box;
    if (box) for (const plane of boxPlanes(box)) this.boxIds.set(plane.face, this.addPlane(plane, BOX_TYPE));
    this.emit();
  }

  /** A box around the selection (or every loaded model when nothing is selected), 5 cm beyond it. */
  async boxAroundSelection(): Promise<Box | null> {
    const selection = this.viewer.getSelection();
    const bounds = new THREE.Box3();
    if (selection.length > 0) {
      const map = await this.viewer.toModelIdMap(selection);
      for (const [key, ids] of Object.entries(map)) {
        const model = this.viewer.fragments.list.get(key);
        if (model && ids.size > 0) bounds.union(await model.getMergedBox([...ids]));
      }
    } else {
      for (const loaded of this.viewer.models()) bounds.union(loaded.model.box);
    }
    if (bounds.isEmpty()) return null;
    const box = paddedBox({ min: vec(bounds.min), max: vec(bounds.max) }, 0.05);
    this.setBox(box);
    return box;
  }

  /** The bounds of everything loaded (the limits of the box sliders). */
  modelBounds(): Box | null {
    const bounds = new THREE.Box3();
    for (const loaded of this.viewer.models()) bounds.union(loaded.model.box);
    return bounds.isEmpty() ? null : { min: vec(bounds.min), max: vec(bounds.max) };
  }

  // ── on / off, handles ───────────────────────────────────────────────────────────────────────────────

  get enabled(): boolean {
    return this.enabledState;
  }

  /** Turns every plane and the box off (the model shows whole) or back on, keeping them. */
  setEnabled(enabled: boolean) {
    this.enabledState = enabled;
    for (const [, plane] of this.clipper.list) plane.enabled = enabled;
    this.emit();
  }

  get handles(): boolean {
    return this.handlesVisible;
  }

  /** Shows or hides the planes' drawn surfaces and move gizmos (the cut stays). */
  setHandles(visible: boolean) {
    this.handlesVisible = visible;
    for (const [, plane] of this.clipper.list) if (plane.enabled) plane.visible = visible;
    this.emit();
  }

  get count(): number {
    return this.ofType(PLANE_TYPE).length;
  }

  static readonly faces = BOX_FACES;

  dispose() {
    this.stopPicking();
    this.clipper.onAfterDrag.remove(this.onDrag);
    this.clipper.deleteAll(new Set([PLANE_TYPE, BOX_TYPE]));
    this.boxIds.clear();
    this.listeners.clear();
    this.invisible.dispose();
  }
}
