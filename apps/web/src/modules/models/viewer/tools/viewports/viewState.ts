// Reading the whole view of the viewer (camera, section planes and box, hidden and isolated elements, open
// models) as a viewport's fields, and putting a saved one back exactly: missing models opened, the camera
// set without animation, planes and visibility as they were.
import type { Camera, ModelElementsRef, Viewport } from '@lintel/contracts/models';
import * as THREE from 'three';
import type { ViewerContext } from '../../engine/types';
import type { SectionController } from '../section/sectionController';
import type { StoredPlane } from '../section/sectionMath';
import { orthoFrustumFor, toCamera, type Vec3 } from './cameraState';

export interface ViewState {
  modelIds: string[];
  camera: Camera;
  clippingPlanes: StoredPlane[];
  sectionBox: { min: Vec3; max: Vec3 } | null;
  hidden: ModelElementsRef[];
  isolated: ModelElementsRef[] | null;
}

/** The models open in the viewer (their current versions; compare copies are not part of a view). */
export function openModelIds(viewer: ViewerContext): string[] {
  return [...new Set(viewer.models().map((model) => model.modelId))];
}

export function readCamera(viewer: ViewerContext): Camera {
  const camera = viewer.world.camera;
  const position = new THREE.Vector3();
  const target = new THREE.Vector3();
  camera.controls.getPosition(position);
  camera.controls.getTarget(target);
  const orthographic = camera.projection.current === 'Orthographic';
  return toCamera({
    orthographic,
    position: [position.x, position.y, position.z],
    target: [target.x, target.y, target.z],
    frustum: orthographic ? camera.threeOrtho : undefined,
  });
}

export async function writeCamera(viewer: ViewerContext, stored: Camera) {
  const camera = viewer.world.camera;
  const wantOrtho = stored.projection === 'orthographic';
  if (wantOrtho !== (camera.projection.current === 'Orthographic')) {
    await camera.projection.set(wantOrtho ? 'Orthographic' : 'Perspective');
  }
  const [px, py, pz] = stored.position;
  const [tx, ty, tz] = stored.target;
  await camera.controls.setLookAt(px, py, pz, tx, ty, tz, false);
  if (wantOrtho) {
    const size = viewer.world.renderer?.getSize();
    const frustum = orthoFrustumFor(stored.zoom ?? 1, size ? size.x / size.y : 1);
    const ortho = camera.threeOrtho;
    ortho.left = frustum.left;
    ortho.right = frustum.right;
    ortho.top = frustum.top;
    ortho.bottom = frustum.bottom;
    ortho.updateProjectionMatrix();
    await camera.controls.zoomTo(frustum.zoom, false);
  }
  camera.controls.update(0);
  viewer.requestRender();
}

export function readView(viewer: ViewerContext, section: SectionController): ViewState {
  return {
    modelIds: openModelIds(viewer),
    camera: readCamera(viewer),
    clippingPlanes: section.planes().map((entry) => entry.plane),
    sectionBox: section.box(),
    hidden: viewer.getHidden(),
    isolated: viewer.getIsolated(),
  };
}

export interface RestoreOutcome {
  /** Models of the viewport that could not be opened (deleted, no right, not ready). */
  missingModelIds: string[];
}

/**
 * Puts a saved viewport back. Models it names that are not open are opened; models open that it does not
 * name are closed (the view is exactly the saved one) unless none of its models could be opened.
 */
export async function restoreView(
  viewer: ViewerContext,
  section: SectionController,
  viewport: Pick<Viewport, 'modelIds' | 'camera' | 'clippingPlanes' | 'sectionBox' | 'hidden' | 'isolated'>,
): Promise<RestoreOutcome> {
  const open = new Set(openModelIds(viewer));
  const missingModelIds: string[] = [];
  await Promise.all(
    viewport.modelIds
      .filter((modelId) => !open.has(modelId))
      .map((modelId) => viewer.loadModel(modelId).catch(() => void missingModelIds.push(modelId))),
  );
  const available = viewport.modelIds.filter((modelId) => !missingModelIds.includes(modelId));
  if (available.length > 0) {
    for (const modelId of openModelIds(viewer)) {
      if (!available.includes(modelId)) await viewer.unloadModel(modelId);
    }
  }
  if (viewport.isolated) await viewer.isolate(viewport.isolated);
  else await viewer.showAll();
  if (viewport.hidden.length > 0) await viewer.hide(viewport.hidden);
  section.setPlanes(viewport.clippingPlanes as StoredPlane[]);
  section.setBox(viewport.sectionBox as ViewState['sectionBox']);
  await writeCamera(viewer, viewport.camera);
  return { missingModelIds };
}

/** A small picture of the canvas (max 320 px wide) as a PNG file, or null when the canvas cannot give one. */
export async function snapshot(viewer: ViewerContext, maxWidth = 320): Promise<File | null> {
  const source = viewer.world.renderer?.three.domElement;
  if (!source || source.width === 0 || source.height === 0) return null;
  const scale = Math.min(1, maxWidth / source.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(source.width * scale));
  canvas.height = Math.max(1, Math.round(source.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return blob ? new File([blob], 'viewport.png', { type: 'image/png' }) : null;
}
