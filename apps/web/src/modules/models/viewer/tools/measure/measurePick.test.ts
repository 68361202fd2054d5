// A tap (or a click with no pointer move before it) measures what it picks. The fake tool follows OBF's
// LengthMeasurement: its first point is `lastPick` (or a fresh pick), its second point is the preview's free
// end, which only follows `lastPick` when `onPointerMove` fires; the picker reads the raycaster's mouse,
// which OBC only updates on pointermove / touchstart.
import { describe, expect, it } from 'vitest';
import { type PickingMouse, type PickingTool, placePointAt, serialized } from './measurePick';

type Point = { x: number; y: number };

function fakeWorld() {
  // What is under the screen point (x, y): the model point (x, y) itself; nothing left of x = 0.
  let event: { clientX: number; clientY: number } | null = null;
  const mouse: PickingMouse = {
    updateMouseInfo: (e) => {
      event = e;
    },
  };
  const pick = async (): Promise<{ point: Point } | null> =>
    event && event.clientX >= 0 ? { point: { x: event.clientX, y: event.clientY } } : null;
  const lengths: number[] = [];
  let start: Point | null = null;
  let end: Point | null = null;
  const tool = {
    snappings: ['POINT', 'LINE', 'FACE'],
    lastPick: null as { point: Point } | null,
    _vertexPicker: { get: pick },
    onPointerMove: {
      trigger: () => {
        if (start && tool.lastPick) end = { ...tool.lastPick.point };
      },
    },
    async create() {
      if (!start) {
        const first = tool.lastPick ?? (await pick());
        if (!first) return;
        start = { ...first.point };
        end = { ...first.point };
        return;
      }
      lengths.push(Math.hypot(end!.x - start.x, end!.y - start.y));
      start = null;
      end = null;
    },
  };
  return { tool: tool as PickingTool & typeof tool, mouse, lengths };
}

const tap = (x: number, y: number) => new MouseEvent('pointerup', { clientX: x, clientY: y });

describe('placing measure points', () => {
  it('measures between two taps with no pointer movement', async () => {
    const { tool, mouse, lengths } = fakeWorld();
    await placePointAt(tool, mouse, tap(10, 0));
    await placePointAt(tool, mouse, tap(13, 4));
    expect(lengths).toEqual([5]);
  });

  it('ignores a stale hover pick: a second measure starts where it was tapped', async () => {
    const { tool, mouse, lengths } = fakeWorld();
    tool.lastPick = { point: { x: 100, y: 100 } };
    await placePointAt(tool, mouse, tap(0, 0));
    await placePointAt(tool, mouse, tap(6, 8));
    expect(lengths).toEqual([10]);
  });

  it('places nothing where nothing is picked, and leaves no half measure behind', async () => {
    const { tool, mouse, lengths } = fakeWorld();
    await placePointAt(tool, mouse, tap(-5, 0));
    expect(tool.lastPick).toBeNull();
    await placePointAt(tool, mouse, tap(3, 0));
    await placePointAt(tool, mouse, tap(3, 2));
    expect(lengths).toEqual([2]);
  });

  it('handles quick taps one after the other', async () => {
    const { tool, mouse, lengths } = fakeWorld();
    const place = serialized((e: MouseEvent) => placePointAt(tool, mouse, e));
    void place(tap(1, 1));
    await place(tap(4, 5));
    expect(lengths).toEqual([5]);
  });
});
