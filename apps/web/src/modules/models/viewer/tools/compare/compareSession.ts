// Version compare in the viewer: the `to` version shown normally, the `from` version only for its removed
// elements (ghosted red), added green, changed orange, everything else X-ray. Leaving puts back the copies
// of the model that were open before, the X-ray state and the visibility.
import type { CompareResult, ElementChangeKind } from '@lintel/contracts/models';
import * as OBC from '@thatopen/components';
import * as OBF from '@thatopen/components-front';
import * as FRAGS from '@thatopen/fragments';
import * as THREE from 'three';
import type { LoadedModel, ViewerContext } from '../../engine/types';
import type { CompareTarget } from '../urlParams';
import { CHANGE_COLORS, globalIdsByKind } from './compareGroups';

const STYLE: Record<ElementChangeKind, string> = {
  added: 'compare:added',
  changed: 'compare:changed',
  removed: 'compare:removed',
};

export class CompareSession {
  private fromCopy: LoadedModel | null = null;
  private toCopy: LoadedModel | null = null;
  private hiddenInFrom = new Set<number>();
  private readonly openBefore: string[];
  private readonly xrayBefore: boolean;
  private stopWatching: (() => void) | null = null;
  private ended = false;

  constructor(
    private readonly viewer: ViewerContext,
    readonly target: CompareTarget,
  ) {
    this.openBefore = viewer
      .models()
      .filter((copy) => copy.modelId === target.modelId)
      .map((copy) => copy.versionId);
    this.xrayBefore = viewer.isXray();
  }

  private get highlighter() {
    return this.viewer.components.get(OBF.Highlighter);
  }
  private get hider() {
    return this.viewer.components.get(OBC.Hider);
  }

  /** Loads both versions, keeps only them of this model, and paints the changes. */
  async start(result: CompareResult) {
    const { modelId, fromVersionId, toVersionId } = this.target;
    this.toCopy = await this.viewer.loadModel(modelId, toVersionId);
    this.fromCopy = await this.viewer.loadModel(modelId, fromVersionId);
    if (this.ended) return;
    for (const copy of this.viewer.models()) {
      if (copy.modelId === modelId && copy.versionId !== fromVersionId && copy.versionId !== toVersionId) {
        await this.viewer.unloadModel(modelId, copy.versionId);
      }
    }
    const ids = globalIdsByKind(result);
    const removedLocal = await this.localIds(this.fromCopy, ids.removed);
    const all = await this.fromCopy.model.getItemsIdsWithGeometry();
    this.hiddenInFrom = new Set(all.filter((id) => !removedLocal.has(id)));
    await this.hideFromCopy();
    // The engine shows everything again after its own visibility changes: keep the old version hidden.
    this.stopWatching = this.viewer.onVisibilityChange(() => void this.hideFromCopy());
    await this.viewer.setXray(true);
    this.defineStyles();
    await this.paint('added', this.toCopy, ids.added);
    await this.paint('changed', this.toCopy, ids.changed);
    await this.paint('removed', this.fromCopy, ids.removed);
    this.viewer.requestRender();
  }

  /**
   * The local ids of these elements in a copy, with their parts: an aggregate (a roof made of slabs, a
   * stair of flights) has no geometry of its own, so its colour goes to the parts that draw it.
   */
  private async localIds(copy: LoadedModel, globalIds: string[]): Promise<Set<number>> {
    if (globalIds.length === 0) return new Set();
    const found = (await copy.model.getLocalIdsByGuids(globalIds)).filter((id): id is number => id !== null);
    const parts = found.length > 0 ? await copy.model.getItemsChildren(found).catch(() => []) : [];
    return new Set([...found, ...parts]);
  }

  private async hideFromCopy() {
    if (!this.fromCopy || this.hiddenInFrom.size === 0 || this.ended) return;
    await this.hider.set(false, { [this.fromCopy.fragmentsKey]: new Set(this.hiddenInFrom) });
    this.viewer.requestRender();
  }

  private defineStyles() {
    for (const kind of ['added', 'changed', 'removed'] as const) {
      if (this.highlighter.styles.has(STYLE[kind])) continue;
      this.highlighter.styles.set(STYLE[kind], {
        color: new THREE.Color(CHANGE_COLORS[kind]),
        renderedFaces: FRAGS.RenderedFaces.TWO,
        // The removed elements belong to the old version: shown as a ghost of what was there.
        opacity: kind === 'removed' ? 0.45 : 1,
        transparent: kind === 'removed',
        priority: 1,
      });
    }
  }

  private async paint(kind: ElementChangeKind, copy: LoadedModel, globalIds: string[]) {
    const ids = await this.localIds(copy, globalIds);
    if (ids.size === 0) return;
    await this.highlighter.highlightByID(STYLE[kind], { [copy.fragmentsKey]: ids }, true, false);
  }

  /** Back to the plain viewer; every step runs even when one before it failed (a model gone meanwhile). */
  async end() {
    if (this.ended) return;
    this.ended = true;
    this.stopWatching?.();
    const attempt = async (step: () => Promise<unknown>) => {
      try {
        await step();
      } catch {
        // Best effort: the next steps still put the viewer back.
      }
    };
    for (const kind of ['added', 'changed', 'removed'] as const) {
      if (this.highlighter.styles.has(STYLE[kind])) await attempt(() => this.highlighter.clear(STYLE[kind]));
    }
    // Before the models change: the page re-reads the X-ray state when they do.
    await attempt(() => this.viewer.setXray(this.xrayBefore));
    const { modelId } = this.target;
    for (const copy of this.viewer.models()) {
      if (copy.modelId === modelId && !this.openBefore.includes(copy.versionId)) {
        await attempt(() => this.viewer.unloadModel(modelId, copy.versionId));
      }
    }
    for (const versionId of this.openBefore) {
      if (!this.viewer.models().some((copy) => copy.modelId === modelId && copy.versionId === versionId)) {
        await attempt(() => this.viewer.loadModel(modelId, versionId));
      }
    }
    // A copy kept from before the compare gets its elements back, then the engine's own hidden/isolated.
    const kept = this.viewer.models().find((copy) => copy.fragmentsKey === this.fromCopy?.fragmentsKey);
    if (kept && this.hiddenInFrom.size > 0) {
      await attempt(() => this.hider.set(true, { [kept.fragmentsKey]: new Set(this.hiddenInFrom) }));
      const isolated = this.viewer.getIsolated();
      if (isolated) await attempt(() => this.viewer.isolate(isolated));
      const hidden = this.viewer.getHidden();
      if (hidden.length > 0) await attempt(() => this.viewer.hide(hidden));
    }
    this.viewer.requestRender();
  }
}
