// The viewer engine: one OBC world (scene, orthographic/perspective camera, renderer) with the fragments
// worker served by us, selection through the OBF Highlighter, visibility through the OBC Hider, and the
// element addressing by GlobalId the rest of the product uses. Everything it creates is disposed by
// `dispose()` (the page calls it on unmount, so navigating away and back leaks no WebGL context).
import type { ModelElementsRef } from '@lintel/contracts/models';
import * as OBC from '@thatopen/components';
import * as OBF from '@thatopen/components-front';
import * as FRAGS from '@thatopen/fragments';
import workerUrl from '@thatopen/fragments/worker?worker&url';
import * as THREE from 'three';
import { downloadFragments, fetchModel, readFragments } from '../../api';
import { VIEWER_COLORS } from './colors';
import { addRefs, containsElement, fragmentsKeyOf, normalizeRefs, removeRefs } from './refs';
import type { LoadedModel, LoadModelOptions, ViewerContext, ViewerWorld } from './types';

const SELECT_STYLE = 'select';
const XRAY_STYLE = 'xray';
const COLOR_STYLE_PREFIX = 'color:';
/** Pointer travel (px) between down and up above which a press is a camera drag, not a pick. */
const PICK_MOVE_TOLERANCE = 6;
export const VIEWER_BACKGROUND = '#eef1f5';
/** The longest the page waits for the models' tiles before it shows the tools anyway (see whenDrawn). */
const DRAWN_WAIT_MS = 15_000;

export interface ViewerEngine extends ViewerContext {
  /** Fires after every rendered frame. */
  onFrame(listener: () => void): () => void;
  /**
   * Resolves after the first frame that shows the loaded models' geometry: every model has finished its view
   * update (its tiles came back from the fragments worker) and something was drawn. The frame right after
   * framing may still be empty; the page marks the canvas as drawn (and brings the tools) only now. A model
   * with nothing to draw never gets there: after `DRAWN_WAIT_MS` it resolves anyway.
   */
  whenDrawn(): Promise<void>;
  /** Fires when X-ray goes on or off (from the toolbar, or a tool such as compare): the button follows. */
  onXrayChange(listener: (on: boolean) => void): () => void;
  /**
   * Multi-select mode (phones have no Ctrl): while on, a plain tap adds the picked element to the selection,
   * or takes it out if it is in, as a Ctrl-, Shift- or Cmd-click always does.
   */
  setMultiSelect(on: boolean): void;
  isMultiSelect(): boolean;
  dispose(): Promise<void>;
}

type Listener<T> = (value: T) => void;

function listeners<T>() {
  const set = new Set<Listener<T>>();
  return {
    add(listener: Listener<T>) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(value: T) {
      for (const listener of [...set]) listener(value);
    },
    clear: () => set.clear(),
  };
}

/**
 * The part of the engine that needs no page: That Open's components and the fragments worker. The viewer's
 * first open makes it as soon as this chunk is in (viewer/prefetch.ts) and parses the URL's models in it
 * while the page still renders and checks the project; `createViewer` then builds the world around it.
 */
export interface EngineCore {
  components: OBC.Components;
  fragments: OBC.FragmentsManager;
  /** Models parsed before the page asked for them, by fragments key (the current version's: the model id). */
  early: Map<string, { versionId: string; model: Promise<FRAGS.FragmentsModel> }>;
}

export function createEngineCore(): EngineCore {
  const components = new OBC.Components();
  const fragments = components.get(OBC.FragmentsManager);
  fragments.init(workerUrl);
  return { components, fragments, early: new Map() };
}

/** Starts parsing a model's fragments answer in the core's worker; `createViewer`'s loadModel adopts it. */
export function parseEarly(core: EngineCore, modelId: string, versionId: string, answer: Response) {
  const model = readFragments(answer).then((bytes) =>
    core.fragments.core.load(bytes, { modelId: fragmentsKeyOf(modelId, null) }),
  );
  model.catch(() => undefined);
  core.early.set(fragmentsKeyOf(modelId, null), { versionId, model });
}

export function createViewer(
  container: HTMLElement,
  projectId: string,
  options: { background?: string; core?: EngineCore | null } = {},
): ViewerEngine {
  const core = options.core ?? createEngineCore();
  const { components, fragments } = core;
  const worlds = components.get(OBC.Worlds);
  const world = worlds.create<
    OBC.SimpleScene,
    OBC.OrthoPerspectiveCamera,
    OBC.SimpleRenderer
  >() as ViewerWorld;
  world.scene = new OBC.SimpleScene(components);
  world.scene.setup();
  // The stored background from the first frame on (the settings tool, which applies changes, comes later).
  world.scene.three.background = new THREE.Color(options.background ?? VIEWER_BACKGROUND);
  let renderer: OBC.SimpleRenderer;
  try {
    // preserveDrawingBuffer: canvas snapshots (viewport thumbnails) and pixel reads must see the last frame.
    renderer = new OBC.SimpleRenderer(components, container, {
      antialias: true,
      preserveDrawingBuffer: true,
    });
  } catch (error) {
    // No WebGL: the page says so; the worker (perhaps started early with the core) must not stay behind.
    components.dispose();
    throw error;
  }
  renderer.showLogo = false;
  world.renderer = renderer;
  world.camera = new OBC.OrthoPerspectiveCamera(components);
  components.init();

  const canvas = renderer.three.domElement;
  // The camera controls take every touch gesture; the browser must not scroll or zoom the page instead.
  canvas.style.touchAction = 'none';
  canvas.setAttribute('data-testid', 'viewer-canvas');

  const updateFragments = () => void fragments.core.update(true);
  world.camera.controls.addEventListener('rest', updateFragments);
  world.camera.projection.onChanged.add((camera: THREE.PerspectiveCamera | THREE.OrthographicCamera) => {
    // biome-ignore lint/correctness/useHookAtTopLevel: FragmentsModel.useCamera is a method, not a React hook.
    for (const [, model] of fragments.list) model.useCamera(camera);
    updateFragments();
  });
  const addToScene = (model: FRAGS.FragmentsModel) => {
    // biome-ignore lint/correctness/useHookAtTopLevel: FragmentsModel.useCamera is a method, not a React hook.
    model.useCamera(world.camera.three);
    world.scene.three.add(model.object);
    updateFragments();
  };
  // A model parsed early joins the scene when loadModel adopts it (one the page never asks for stays out).
  fragments.list.onItemSet.add(({ key, value: model }) => {
    if (!core.early.has(key)) addToScene(model);
  });

  const highlighter = components.get(OBF.Highlighter);
  highlighter.setup({
    world,
    selectName: SELECT_STYLE,
    autoHighlightOnClick: false,
    selectMaterialDefinition: {
      color: new THREE.Color(VIEWER_COLORS.selection),
      renderedFaces: FRAGS.RenderedFaces.TWO,
      opacity: 1,
      transparent: false,
    },
  });
  highlighter.zoomToSelection = false;
  const hider = components.get(OBC.Hider);
  const raycaster = components.get(OBC.Raycasters).get(world);

  const loaded = new Map<string, LoadedModel>();
  let selection: ModelElementsRef[] = [];
  let hidden: ModelElementsRef[] = [];
  let isolated: ModelElementsRef[] | null = null;
  let xray = false;
  let picking = true;
  let multiSelect = false;
  const colorStyles = new Set<string>();
  const modelsChanged = listeners<LoadedModel[]>();
  const selectionChanged = listeners<ModelElementsRef[]>();
  const visibilityChanged = listeners<void>();
  const xrayChanged = listeners<boolean>();
  const frames = listeners<void>();
  const pending = new Map<string, Promise<LoadedModel>>();
  let disposed = false;

  renderer.onAfterUpdate.add(() => frames.emit());

  const requestRender = () => {
    renderer.needsUpdate = true;
  };

  /** Every loaded model is through its view update and at least one has tiles in the scene. */
  const geometryShown = () => {
    const copies = [...loaded.values()];
    return (
      copies.length > 0 &&
      copies.every((copy) => !copy.model.isBusy) &&
      copies.some((copy) => copy.model.tiles.size > 0)
    );
  };

  function whenDrawn() {
    return new Promise<void>((resolve) => {
      // Tiles arrive between frames: the frame after the one that found them all in is the one that shows them.
      let seen = false;
      const done = () => {
        stop();
        clearTimeout(timer);
        resolve();
      };
      const stop = frames.add(() => {
        if (seen) done();
        else seen = geometryShown();
        requestRender();
      });
      const timer = setTimeout(done, DRAWN_WAIT_MS);
      requestRender();
    });
  }

  /** The loaded copies a ref's modelId names: the current version first, other versions after. */
  const copiesOf = (modelId: string) =>
    [...loaded.values()]
      .filter((item) => item.modelId === modelId)
      .sort((a, b) => Number(b.fragmentsKey === modelId) - Number(a.fragmentsKey === modelId));

  async function toModelIdMap(refs: readonly ModelElementsRef[]): Promise<OBC.ModelIdMap> {
    const map: OBC.ModelIdMap = {};
    for (const ref of normalizeRefs(refs)) {
      for (const copy of copiesOf(ref.modelId)) {
        const ids = await copy.model.getLocalIdsByGuids(ref.globalIds);
        const found = ids.filter((id): id is number => id !== null);
        if (found.length > 0) map[copy.fragmentsKey] = new Set(found);
      }
    }
    return map;
  }

  async function toRefs(map: OBC.ModelIdMap): Promise<ModelElementsRef[]> {
    const refs: ModelElementsRef[] = [];
    for (const [key, ids] of Object.entries(map)) {
      const copy = loaded.get(key);
      if (!copy || ids.size === 0) continue;
      const guids = await copy.model.getGuidsByLocalIds([...ids]);
      refs.push({ modelId: copy.modelId, globalIds: guids.filter((id): id is string => !!id) });
    }
    return normalizeRefs(refs);
  }

  async function everything(keys?: string[]): Promise<OBC.ModelIdMap> {
    const map: OBC.ModelIdMap = {};
    for (const copy of loaded.values()) {
      if (keys && !keys.includes(copy.fragmentsKey)) continue;
      map[copy.fragmentsKey] = new Set(await copy.model.getItemsIdsWithGeometry());
    }
    return map;
  }

  async function applySelection(refs: ModelElementsRef[]) {
    selection = normalizeRefs(refs);
    const map = await toModelIdMap(selection);
    if (Object.keys(map).length === 0) await highlighter.clear(SELECT_STYLE);
    else await highlighter.highlightByID(SELECT_STYLE, map, true, false);
    requestRender();
    selectionChanged.emit(selection);
  }

  async function applyXray(keys?: string[]) {
    if (!xray) return;
    await highlighter.highlightByID(XRAY_STYLE, await everything(keys), !keys, false);
  }

  /** Puts a model's visibility in line with the hidden / isolated sets (after load, or after a change). */
  async function applyVisibility(keys?: string[]) {
    const all = await everything(keys);
    if (Object.keys(all).length === 0) return;
    if (isolated) {
      await hider.set(false, all);
      const shown = await toModelIdMap(isolated);
      for (const key of Object.keys(shown)) if (keys && !keys.includes(key)) delete shown[key];
      if (Object.keys(shown).length > 0) await hider.set(true, shown);
    } else {
      await hider.set(true, all);
    }
    const hide = await toModelIdMap(hidden);
    for (const key of Object.keys(hide)) if (keys && !keys.includes(key)) delete hide[key];
    if (Object.keys(hide).length > 0) await hider.set(false, hide);
    requestRender();
  }

  async function fit(refs?: ModelElementsRef[], options?: { animate?: boolean }) {
    if (loaded.size === 0) return;
    const map = refs ? await toModelIdMap(refs) : undefined;
    if (map && Object.keys(map).length === 0) return;
    if (options?.animate === false) {
      // What fitToItems does, without its transition (which only resolves once the camera has come to rest).
      const boxer = components.get(OBC.BoundingBoxer);
      boxer.list.clear();
      if (map) await boxer.addFromModelIdMap(map);
      else for (const copy of loaded.values()) boxer.list.add(copy.model.box);
      const sphere = boxer.get().getBoundingSphere(new THREE.Sphere());
      boxer.list.clear();
      await world.camera.controls.fitToSphere(sphere, false);
    } else {
      await world.camera.fitToItems(map);
    }
    updateFragments();
  }

  async function bounds(refs?: ModelElementsRef[]) {
    if (loaded.size === 0) return null;
    const map = refs ? await toModelIdMap(refs) : undefined;
    if (map && Object.keys(map).length === 0) return null;
    const boxer = components.get(OBC.BoundingBoxer);
    boxer.list.clear();
    if (map) await boxer.addFromModelIdMap(map);
    else for (const copy of loaded.values()) boxer.list.add(copy.model.box);
    const box = boxer.get();
    boxer.list.clear();
    if (box.isEmpty()) return null;
    return {
      min: [box.min.x, box.min.y, box.min.z] as [number, number, number],
      max: [box.max.x, box.max.y, box.max.z] as [number, number, number],
    };
  }

  async function loadModel(
    modelId: string,
    versionId?: string,
    options: Omit<LoadModelOptions, 'versionId'> = {},
  ): Promise<LoadedModel> {
    const meta = options.model?._id === modelId ? options.model : await fetchModel(modelId);
    const current = meta.currentVersion._id;
    const version = versionId ?? current;
    const key = fragmentsKeyOf(modelId, version === current ? null : version);
    const existing = loaded.get(key);
    if (existing) return existing;
    const running = pending.get(key);
    if (running) return running;
    const parsed = core.early.get(key);
    core.early.delete(key);
    const task = (async () => {
      if (parsed) {
        options.onProgress?.({ phase: 'parse', loaded: 0, total: 100 });
        const model = await parsed.model.catch(() => null);
        if (disposed) throw new DOMException('The viewer was closed', 'AbortError');
        if (model && parsed.versionId === version) {
          addToScene(model);
          return settle(model);
        }
        // Another version by now, or the early parse failed: it goes, and the usual way below loads the
        // model (and reports its error, if any). The key is free again only once it is disposed.
        if (model) await fragments.core.disposeModel(key).catch(() => undefined);
      }
      const onProgress = (done: number, total: number | null) =>
        options.onProgress?.({ phase: 'download', loaded: done, total });
      const early = await options.fragments?.catch(() => null);
      const bytes = early
        ? await readFragments(early, onProgress).catch(() =>
            downloadFragments(modelId, version, { onProgress }),
          )
        : await downloadFragments(modelId, version, { onProgress });
      if (disposed) throw new DOMException('The viewer was closed', 'AbortError');
      const model = await fragments.core.load(bytes, {
        modelId: key,
        camera: world.camera.three,
        onProgress: (event) =>
          options.onProgress?.({ phase: 'parse', loaded: Math.round(event.progress * 100), total: 100 }),
      });
      return settle(model);
    })();
    async function settle(model: FRAGS.FragmentsModel) {
      const entry: LoadedModel = { modelId, versionId: version, name: meta.name, model, fragmentsKey: key };
      loaded.set(key, entry);
      // A model comes in with everything shown: only a hidden or isolated set needs a pass (it costs a round
      // trip to the worker per element group, ~0.4 s for duplex.ifc in the bench).
      if (isolated || hidden.length > 0) await applyVisibility([key]);
      await applyXray([key]);
      if (selection.some((ref) => ref.modelId === modelId)) await applySelection(selection);
      updateFragments();
      requestRender();
      modelsChanged.emit([...loaded.values()]);
      return entry;
    }
    pending.set(key, task);
    try {
      return await task;
    } finally {
      pending.delete(key);
    }
  }

  async function unloadModel(modelId: string, versionId?: string) {
    const keys = [...loaded.values()]
      .filter((item) => item.modelId === modelId && (!versionId || item.versionId === versionId))
      .map((item) => item.fragmentsKey);
    if (keys.length === 0) return;
    for (const key of keys) {
      loaded.delete(key);
      await fragments.core.disposeModel(key);
    }
    // A model no longer shown keeps no selection; its hidden / isolated sets stay for when it comes back.
    if (!copiesOf(modelId).length && selection.some((ref) => ref.modelId === modelId)) {
      await applySelection(selection.filter((ref) => ref.modelId !== modelId));
    }
    requestRender();
    modelsChanged.emit([...loaded.values()]);
  }

  // Click or tap: pick the element under the pointer. A press that moved is a camera gesture.
  let pressed: { x: number; y: number; id: number } | null = null;
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    pressed = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = pressed;
    pressed = null;
    if (!start || start.id !== event.pointerId || !picking) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > PICK_MOVE_TOLERANCE) return;
    void pickAt(
      event.clientX,
      event.clientY,
      multiSelect || event.ctrlKey || event.shiftKey || event.metaKey,
    );
  };
  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointerup', onPointerUp);

  async function pickAt(clientX: number, clientY: number, toggle: boolean) {
    const bounds = canvas.getBoundingClientRect();
    const position = new THREE.Vector2(
      ((clientX - bounds.left) / bounds.width) * 2 - 1,
      -((clientY - bounds.top) / bounds.height) * 2 + 1,
    );
    const hit = await raycaster.castRay({ position });
    const localId = (hit as { localId?: number | null } | null)?.localId;
    const key = (hit as { fragments?: FRAGS.FragmentsModel } | null)?.fragments?.modelId;
    const copy = key ? loaded.get(key) : undefined;
    if (localId === undefined || localId === null || !copy) {
      if (!toggle) await applySelection([]);
      return;
    }
    const [globalId] = await copy.model.getGuidsByLocalIds([localId]);
    if (!globalId) return;
    const ref = { modelId: copy.modelId, globalIds: [globalId] };
    if (!toggle) await applySelection([ref]);
    else if (containsElement(selection, copy.modelId, globalId))
      await applySelection(removeRefs(selection, [ref]));
    else await applySelection(addRefs(selection, [ref]));
  }

  const engine: ViewerEngine = {
    components,
    world,
    fragments,
    container,
    projectId,
    models: () => [...loaded.values()],
    loadModel,
    unloadModel,
    onModelsChange: modelsChanged.add,
    getSelection: () => selection,
    async select(refs, options) {
      await applySelection(refs);
      if (options?.fit && selection.length > 0) await fit(selection);
    },
    onSelectionChange: selectionChanged.add,
    setPickingEnabled(enabled) {
      picking = enabled;
    },
    async hide(refs) {
      hidden = addRefs(hidden, refs);
      if (isolated) isolated = removeRefs(isolated, refs);
      const map = await toModelIdMap(refs);
      if (Object.keys(map).length > 0) await hider.set(false, map);
      requestRender();
      visibilityChanged.emit();
    },
    async show(refs) {
      hidden = removeRefs(hidden, refs);
      if (isolated) isolated = addRefs(isolated, refs);
      const map = await toModelIdMap(refs);
      if (Object.keys(map).length > 0) await hider.set(true, map);
      requestRender();
      visibilityChanged.emit();
    },
    async isolate(refs) {
      isolated = normalizeRefs(refs);
      hidden = [];
      await applyVisibility();
      visibilityChanged.emit();
    },
    async showAll() {
      isolated = null;
      hidden = [];
      await applyVisibility();
      visibilityChanged.emit();
    },
    getHidden: () => hidden,
    getIsolated: () => isolated,
    onVisibilityChange: visibilityChanged.add,
    async setXray(on) {
      xray = on;
      if (!highlighter.styles.has(XRAY_STYLE)) {
        highlighter.styles.set(XRAY_STYLE, {
          color: new THREE.Color(VIEWER_COLORS.xray),
          renderedFaces: FRAGS.RenderedFaces.TWO,
          opacity: 0.12,
          transparent: true,
          depthTest: true,
          // Below every other style: the selection and the colours stay solid on top of the ghost.
          priority: -1,
        });
      }
      if (on) await applyXray();
      else await highlighter.clear(XRAY_STYLE);
      requestRender();
      xrayChanged.emit(on);
    },
    isXray: () => xray,
    onXrayChange: xrayChanged.add,
    setMultiSelect(on) {
      multiSelect = on;
    },
    isMultiSelect: () => multiSelect,
    async colorize(refs, color) {
      const name = `${COLOR_STYLE_PREFIX}${color.toLowerCase()}`;
      if (!highlighter.styles.has(name)) {
        highlighter.styles.set(name, {
          color: new THREE.Color(color),
          renderedFaces: FRAGS.RenderedFaces.TWO,
          opacity: 1,
          transparent: false,
          priority: 1,
        });
      }
      colorStyles.add(name);
      const map = await toModelIdMap(refs);
      if (Object.keys(map).length > 0) await highlighter.highlightByID(name, map, false, false);
      requestRender();
    },
    async resetColors() {
      for (const name of colorStyles) await highlighter.clear(name);
      requestRender();
    },
    fit,
    bounds,
    requestRender,
    toModelIdMap,
    toRefs,
    onFrame: frames.add,
    whenDrawn,
    async dispose() {
      if (disposed) return;
      disposed = true;
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointerup', onPointerUp);
      world.camera.controls.removeEventListener('rest', updateFragments);
      modelsChanged.clear();
      selectionChanged.clear();
      visibilityChanged.clear();
      xrayChanged.clear();
      frames.clear();
      // Disposes every component: the highlighter, the worlds (renderer: WebGL context lost and released),
      // the fragments worker and its models.
      components.dispose();
    },
  };
  return engine;
}
