// The contract between the viewer core (engine, page, panels) and the viewer tools (measure, section,
// roaming, viewports, selection sets, compare). The tools build only on this interface and on the OBC
// objects it exposes, so the core may change its inner workings without breaking them.

import type { Model, ModelElementsRef } from '@lintel/contracts/models';
import type * as OBC from '@thatopen/components';
import type * as FRAGS from '@thatopen/fragments';

/** One model (one version of it) loaded into the viewer. */
export interface LoadedModel {
  modelId: string;
  versionId: string;
  name: string;
  /** The fragments model; its `modelId` in the FragmentsManager list is `fragmentsKey`. */
  model: FRAGS.FragmentsModel;
  /**
   * The key of this model in `fragments.list` (and in OBC ModelIdMaps). It is `modelId` for the model's
   * current version and `modelId@versionId` when another version is loaded beside it (version compare).
   */
  fragmentsKey: string;
}

export type ViewerWorld = OBC.SimpleWorld<OBC.SimpleScene, OBC.OrthoPerspectiveCamera, OBC.SimpleRenderer>;

export interface LoadModelOptions {
  /** Load this version instead of the current one; it is keyed `modelId@versionId` (see LoadedModel). */
  versionId?: string;
  /** Progress of the download (bytes) and of the parsing, for a loading indicator. */
  onProgress?: (progress: ModelLoadProgress) => void;
  /** The model as GET models/{id} answered it, when the caller has it already (saves asking again). */
  model?: Model;
  /**
   * The fragments' answer already asked for (viewer/prefetch.ts), body unread; null or a failure: the
   * engine downloads them itself.
   */
  fragments?: Promise<Response | null>;
}

export interface ModelLoadProgress {
  phase: 'download' | 'parse';
  loaded: number;
  /** null when the server did not say how big the download is. */
  total: number | null;
}

export interface ViewerContext {
  components: OBC.Components;
  world: ViewerWorld;
  fragments: OBC.FragmentsManager;
  /** The element holding the canvas (position: relative); tools may add overlays to it. */
  container: HTMLElement;
  projectId: string;

  models(): LoadedModel[];
  /** Fetches the .frag of the model (its current version, or `versionId`) from our API and shows it. */
  loadModel(
    modelId: string,
    versionId?: string,
    options?: Omit<LoadModelOptions, 'versionId'>,
  ): Promise<LoadedModel>;
  /** Removes the model; with `versionId`, only that version's copy (compare). */
  unloadModel(modelId: string, versionId?: string): Promise<void>;
  /** Fires after every load / unload with the new list. Returns the unsubscribe function. */
  onModelsChange(listener: (models: LoadedModel[]) => void): () => void;

  // Elements are addressed across models by ModelElementsRef ({ modelId, globalIds }, contracts).
  getSelection(): ModelElementsRef[];
  /** Replaces the selection (highlighted); `fit` moves the camera to it. An empty list clears it. */
  select(refs: ModelElementsRef[], options?: { fit?: boolean }): Promise<void>;
  onSelectionChange(listener: (refs: ModelElementsRef[]) => void): () => void;
  /**
   * Click-to-select is on by default. A tool that uses clicks itself (measure, roaming) turns it off while
   * active and back on when done.
   */
  setPickingEnabled(enabled: boolean): void;

  hide(refs: ModelElementsRef[]): Promise<void>;
  show(refs: ModelElementsRef[]): Promise<void>;
  /** Shows only these elements (everything else hidden); `getIsolated()` then returns them. */
  isolate(refs: ModelElementsRef[]): Promise<void>;
  /** Clears hidden and isolated. */
  showAll(): Promise<void>;
  getHidden(): ModelElementsRef[];
  getIsolated(): ModelElementsRef[] | null;
  /** Fires after hide / show / isolate / showAll. */
  onVisibilityChange(listener: () => void): () => void;

  /** Ghosts everything that is not selected (X-ray). */
  setXray(on: boolean): Promise<void>;
  isXray(): boolean;
  /** Paints the elements in a CSS colour (#rrggbb) until resetColors (compare colouring etc.). */
  colorize(refs: ModelElementsRef[], color: string): Promise<void>;
  resetColors(): Promise<void>;
  /**
   * Moves the camera to frame `refs` (everything loaded when omitted), with a short transition unless
   * `animate` is false (opening the viewer jumps straight to the models: no animation before the first frame).
   */
  fit(refs?: ModelElementsRef[], options?: { animate?: boolean }): Promise<void>;
  /** Asks for one more frame (after changing the scene or camera yourself). */
  requestRender(): void;
  /**
   * The world box (metres, Y up) around `refs`, or around everything loaded when omitted; null when there is
   * nothing to bound.
   */
  bounds(
    refs?: ModelElementsRef[],
  ): Promise<{ min: [number, number, number]; max: [number, number, number] } | null>;

  /**
   * Converting between the two ways of naming elements. Keys of the ModelIdMap are `fragmentsKey`s.
   * Unknown GlobalIds are skipped.
   */
  toModelIdMap(refs: ModelElementsRef[]): Promise<OBC.ModelIdMap>;
  toRefs(map: OBC.ModelIdMap): Promise<ModelElementsRef[]>;

  /** Where the pointer hits (for measure snapping etc.): use `components.get(OBC.Raycasters).get(world)`. */
}

/**
 * Keyboard: the page handles F (fit), H (hide the selection), I (isolate it), Esc (clear it) and Shift+H (show
 * all) on window keydown, skipping typing in fields and events already `defaultPrevented`. A tool that uses
 * one of these keys while active (Esc to cancel a measure, roaming keys) calls `preventDefault()` in its own
 * listener registered on `window` with `{ capture: true }` (capture runs before the page's bubble listener).
 *
 * The page marks the stage `[data-testid="viewer-stage"]` with `data-rendered="true"` once the URL's
 * models are in, framed and drawn (browser tests and the bench wait for it).
 */

/**
 * Props of `<ViewerTools />` (viewer/tools/index.tsx), rendered by the viewer page once the engine runs.
 * - It renders its buttons inline: the page places it inside its toolbar (a horizontal antd `Space`).
 * - `panelHost`: an element in the right-hand side column; a tool's panel (viewports list, selection sets,
 *   compare list) goes there with `createPortal`. Only one tool panel should be open at a time. null while
 *   the page lays out.
 * - `search`: the page's URL parameters (`viewport=<id>`, `compare=<modelId>:<from>:<to>`), so the tools
 *   restore a viewport or start a compare on opening; `setSearch` updates them (replace, not push).
 */
export interface ViewerToolsProps {
  viewer: ViewerContext;
  panelHost: HTMLElement | null;
  search: URLSearchParams;
  setSearch: (next: URLSearchParams) => void;
}
