// Distance, area and angle measures over OBF's measurement components, with snapping to vertices and edges
// (their `snappings`). Clicks on the canvas place points (a camera drag does not); an area closes with a
// double click, Enter or the panel's button; Esc cancels the measure being drawn, and a second Esc leaves.
import * as OBC from '@thatopen/components';
import * as OBF from '@thatopen/components-front';
import * as FRAGS from '@thatopen/fragments';
import type { ViewerContext } from '../../engine/types';
import { onCanvasClick } from '../labelLayer';
import type { LengthUnit } from '../settings/viewerSettings';
import { isTyping } from '../typing';
import { angleBetween, MEASURE_KINDS, type MeasureKind, OBF_UNITS } from './measureFormat';
import { type PickingMouse, type PickingTool, placePointAt, serialized } from './measurePick';

export interface MeasureItem {
  id: string;
  kind: MeasureKind;
  /** Metres, square metres or radians. */
  raw: number;
  /** 1, 2, 3 … within its kind, in the order drawn. */
  number: number;
}
export interface SnapOptions {
  vertices: boolean;
  edges: boolean;
}

/** Two clicks closer in time than this (and in place) are a double click. */
const DOUBLE_CLICK_MS = 350;

type AnyMeasurement = OBF.LengthMeasurement | OBF.AreaMeasurement | OBF.AngleMeasurement;
type MeasuredThing = OBF.Line | OBF.Area | OBF.Angle;

function rawValueOf(kind: MeasureKind, item: MeasuredThing): number {
  if (kind === 'length') return (item as OBF.Line).distance();
  if (kind === 'area') return (item as OBF.Area).rawValue;
  const angle = item as OBF.Angle;
  return angleBetween(angle.start.toArray(), angle.vertex.toArray(), angle.end.toArray());
}

export class MeasureController {
  private readonly tools: Record<MeasureKind, AnyMeasurement>;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: Array<() => void> = [];
  private stopClicks: (() => void) | null = null;
  private activeKind: MeasureKind | null = null;
  /** Points placed for the measure being drawn (Esc with none pending leaves the tool). */
  private pending = 0;
  private snapping: SnapOptions = { vertices: true, edges: true };
  private onLeave: (() => void) | null = null;

  constructor(private readonly viewer: ViewerContext) {
    const { components, world } = viewer;
    this.tools = {
      length: components.get(OBF.LengthMeasurement),
      area: components.get(OBF.AreaMeasurement),
      angle: components.get(OBF.AngleMeasurement),
    };
    for (const kind of MEASURE_KINDS) {
      const tool = this.tools[kind];
      tool.world = world;
      tool.enabled = false;
      const changed = () => {
        this.pending = 0;
        this.emit();
      };
      const list = tool.list as FRAGS.DataSet<MeasuredThing>;
      list.onItemAdded.add(changed);
      list.onItemDeleted.add(changed);
      list.onCleared.add(changed);
      this.unsubscribe.push(() => {
        list.onItemAdded.remove(changed);
        list.onItemDeleted.remove(changed);
        list.onCleared.remove(changed);
      });
    }
    this.applySnapping();
  }

  get active(): MeasureKind | null {
    return this.activeKind;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private emit() {
    this.viewer.requestRender();
    for (const listener of [...this.listeners]) listener();
  }

  /** Starts measuring `kind` (stops any other); `onLeave` runs when Esc leaves the tool. */
  start(kind: MeasureKind, onLeave?: () => void) {
    this.stop();
    this.activeKind = kind;
    this.onLeave = onLeave ?? null;
    this.pending = 0;
    this.viewer.setPickingEnabled(false);
    const tool = this.tools[kind];
    tool.enabled = true;
    let last = { time: 0, x: 0, y: 0 };
    // The point is picked where the press was (a tap has no hover before it), one press after the other.
    const mouse = raycasterMouse(this.viewer);
    const place = serialized((event: PointerEvent) =>
      placePointAt(tool as unknown as PickingTool, mouse, event),
    );
    this.stopClicks = onCanvasClick(this.viewer, (event) => {
      // A double click closes an area: its first click placed the last point, the second finishes.
      const double =
        event.timeStamp - last.time < DOUBLE_CLICK_MS &&
        Math.hypot(event.clientX - last.x, event.clientY - last.y) < 6;
      last = { time: event.timeStamp, x: event.clientX, y: event.clientY };
      if (double && kind === 'area') {
        last = { time: 0, x: 0, y: 0 };
        this.finish();
        return;
      }
      this.pending += 1;
      void place(event).then((placed) => {
        // A press on nothing placed no point.
        if (!placed) this.pending = Math.max(0, this.pending - 1);
      });
      if (kind === 'angle' && this.pending >= 3) this.pending = 0;
    });
    // Capture: before the page's own keys (Esc clears the selection there unless a tool took the key).
    window.addEventListener('keydown', this.onKeyDown, true);
    this.emit();
  }

  stop() {
    if (!this.activeKind) return;
    const tool = this.tools[this.activeKind];
    tool.cancelCreation();
    tool.enabled = false;
    this.stopClicks?.();
    this.stopClicks = null;
    window.removeEventListener('keydown', this.onKeyDown, true);
    this.activeKind = null;
    this.pending = 0;
    this.viewer.setPickingEnabled(true);
    this.emit();
  }

  /** Closes the area being drawn (three points or more). */
  finish() {
    if (this.activeKind !== 'area') return;
    this.tools.area.endCreation();
    this.pending = 0;
    this.emit();
  }

  /** Drops the measure being drawn. */
  cancel() {
    if (!this.activeKind) return;
    this.tools[this.activeKind].cancelCreation();
    this.pending = 0;
    this.emit();
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (isTyping(event)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      // OBF cancels the drawing on the same key; with nothing being drawn, Esc leaves the tool.
      if (this.pending > 0) this.cancel();
      else {
        const leave = this.onLeave;
        this.stop();
        leave?.();
      }
    } else if (event.key === 'Enter' && this.activeKind === 'area') {
      event.preventDefault();
      this.finish();
    }
  };

  items(): MeasureItem[] {
    const out: MeasureItem[] = [];
    for (const kind of MEASURE_KINDS) {
      let number = 0;
      for (const item of this.tools[kind].list as FRAGS.DataSet<MeasuredThing>) {
        number += 1;
        out.push({ id: item.id, kind, raw: rawValueOf(kind, item), number });
      }
    }
    return out;
  }

  remove(id: string) {
    for (const kind of MEASURE_KINDS) {
      const list = this.tools[kind].list as FRAGS.DataSet<MeasuredThing>;
      for (const item of list) if (item.id === id) list.delete(item);
    }
  }

  clear() {
    for (const kind of MEASURE_KINDS) this.tools[kind].list.clear();
  }

  get snap(): SnapOptions {
    return this.snapping;
  }

  setSnapping(options: SnapOptions) {
    this.snapping = options;
    this.applySnapping();
    this.emit();
  }

  private applySnapping() {
    // Faces always: a point on a face is where the pointer is when no vertex or edge is near.
    const classes = [
      ...(this.snapping.vertices ? [FRAGS.SnappingClass.POINT] : []),
      ...(this.snapping.edges ? [FRAGS.SnappingClass.LINE] : []),
      FRAGS.SnappingClass.FACE,
    ];
    for (const kind of MEASURE_KINDS) this.tools[kind].snappings = classes;
  }

  /** The labels in the viewer follow the chosen unit and precision. */
  setFormat(unit: LengthUnit, precision: number) {
    this.tools.length.units = OBF_UNITS[unit].length;
    this.tools.area.units = OBF_UNITS[unit].area;
    this.tools.angle.units = 'deg';
    for (const kind of MEASURE_KINDS) this.tools[kind].rounding = precision;
    this.emit();
  }

  dispose() {
    this.stop();
    this.clear();
    for (const off of this.unsubscribe) off();
    this.listeners.clear();
  }
}

/** The raycaster's mouse of the viewer's world (null when the world has no raycaster yet). */
function raycasterMouse(viewer: ViewerContext): PickingMouse | null {
  try {
    return viewer.components.get(OBC.Raycasters).get(viewer.world).mouse as unknown as PickingMouse;
  } catch {
    return null;
  }
}
