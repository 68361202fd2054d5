// Placing a measure point where the press was, not where the pointer last hovered. OBF's measurements take
// their point from a pick the pointer's movement keeps up to date (`lastPick`, refreshed on `pointermove`,
// and the raycaster's mouse, set on `pointermove` / `touchstart`): a tap or a click without a move before
// it measured from a stale or empty pick (0.00 m, and a label left behind). So every press first points
// the raycaster's mouse at the press, picks there (with the tool's snapping), hands that pick to the tool
// as its latest one and lets the tool's preview follow it — then places the point.

/** The parts of an OBF measurement (protected there) that placing a point reads and writes. */
export interface PickingTool {
  snappings?: unknown;
  lastPick: unknown;
  _vertexPicker: { get(config?: { snappingClasses?: unknown }): Promise<unknown> };
  onPointerMove: { trigger(data?: unknown): void };
  create(): unknown;
}

/** OBC's Mouse: it keeps the event it last saw and reads the position from it. */
export interface PickingMouse {
  updateMouseInfo(event: PointerEvent | MouseEvent): void;
}

/**
 * Points the mouse at `event`, picks there and places the tool's next point on that pick. Answers whether a
 * point was placed.
 */
export async function placePointAt(
  tool: PickingTool,
  mouse: PickingMouse | null,
  event: PointerEvent | MouseEvent,
): Promise<boolean> {
  mouse?.updateMouseInfo(event);
  let pick: unknown = null;
  try {
    pick = await tool._vertexPicker.get({ snappingClasses: tool.snappings });
  } catch {
    pick = null;
  }
  tool.lastPick = pick;
  // The preview (a length's free end, an area's or angle's next corner) moves to the pick.
  tool.onPointerMove.trigger();
  // Nothing under the press: no point (OBF would otherwise reuse whatever it picked before).
  if (!pick) return false;
  await tool.create();
  return true;
}

/** Runs the presses one after the other: a quick second tap waits for the first one's pick. */
export function serialized<A extends unknown[], R>(run: (...args: A) => Promise<R>) {
  let queue: Promise<unknown> = Promise.resolve();
  return (...args: A): Promise<R | undefined> => {
    const next = queue.then(() => run(...args)).catch(() => undefined);
    queue = next;
    return next;
  };
}
