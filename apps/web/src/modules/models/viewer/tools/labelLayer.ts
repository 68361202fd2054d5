// The 2D layer that shows the measures' labels and the snapping marker (CSS2DObjects of OBF). OBF's
// RendererWith2D carries one; the viewer core uses a plain SimpleRenderer, so the tools add the same layer
// over the canvas while they are mounted (and skip it if the renderer already draws 2D objects).
import { CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import type { ViewerContext } from '../engine/types';

export function attachLabelLayer(viewer: ViewerContext): () => void {
  const renderer = viewer.world.renderer;
  if (!renderer || 'three2D' in renderer) return () => undefined;
  const layer = new CSS2DRenderer();
  const element = layer.domElement;
  element.className = 'viewer-tools-labels';
  element.style.position = 'absolute';
  element.style.top = '0';
  element.style.left = '0';
  element.style.pointerEvents = 'none';
  viewer.container.appendChild(element);
  const size = renderer.getSize();
  layer.setSize(size.x, size.y);
  const render = () => {
    const camera = viewer.world.camera?.three;
    if (camera) layer.render(viewer.world.scene.three, camera);
  };
  const resize = ({ x, y }: { x: number; y: number }) => layer.setSize(x, y);
  renderer.onAfterUpdate.add(render);
  renderer.onResize.add(resize);
  return () => {
    renderer.onAfterUpdate.remove(render);
    renderer.onResize.remove(resize);
    element.remove();
  };
}

/** A press that moved less than this (px) between down and up is a click, not a camera drag. */
export const CLICK_TOLERANCE = 6;

/**
 * Calls `onClick` for left-button clicks on the canvas that were not camera drags (the same rule the core's
 * picking uses), until the returned function is called.
 */
export function onCanvasClick(viewer: ViewerContext, onClick: (event: PointerEvent) => void): () => void {
  const canvas = viewer.world.renderer?.three.domElement;
  if (!canvas) return () => undefined;
  let pressed: { x: number; y: number; id: number } | null = null;
  const down = (event: PointerEvent) => {
    if (event.button === 0) pressed = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const up = (event: PointerEvent) => {
    const start = pressed;
    pressed = null;
    if (!start || start.id !== event.pointerId) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_TOLERANCE) return;
    onClick(event);
  };
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointerup', up);
  return () => {
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointerup', up);
  };
}
