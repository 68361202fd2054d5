// The pure parts of the viewer tools: URL parameters, camera and section serialisation round trips,
// compare grouping, settings, measure formatting, walking maths and form validation.
import type { CompareResult, ElementChange } from '@lintel/contracts/models';
import {
  cameraSchema,
  clippingPlaneSchema,
  sectionBoxSchema,
  viewportCreateSchema,
} from '@lintel/contracts/models';
import { describe, expect, it } from 'vitest';
import { changeDetailKeys, globalIdsByKind, groupChanges } from './compare/compareGroups';
import { angleBetween, formatMeasure } from './measure/measureFormat';
import {
  directionFromLook,
  EYE_HEIGHT,
  lookFromDirection,
  MAX_PITCH,
  stepFor,
  turned,
  walkKeyOf,
  walkStart,
} from './roaming/roamingMath';
import {
  boxFromFaces,
  boxPlanes,
  flipped,
  paddedBox,
  toEnginePlane,
  toStoredPlane,
  withFace,
} from './section/sectionMath';
import {
  DEFAULT_SETTINGS,
  loadSettings,
  parseSettings,
  SETTINGS_STORAGE_KEY,
  saveSettings,
  stepWalkSpeed,
} from './settings/viewerSettings';
import { formatCompareParam, parseCompareParam, readIdParam, withParam } from './urlParams';
import {
  ORTHO_REFERENCE_HEIGHT,
  orthoFrustumFor,
  orthoZoomOf,
  sameCamera,
  toCamera,
} from './viewports/cameraState';
import { checkSelectionSetFields, checkViewportFields } from './viewports/viewportFields';

const M = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const V1 = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const V2 = 'bbbbbbbbbbbbbbbbbbbbbbb2';

describe('URL parameters', () => {
  it('reads a compare target and writes it back the same', () => {
    const target = parseCompareParam(`${M}:${V1}:${V2}`);
    expect(target).toEqual({ modelId: M, fromVersionId: V1, toVersionId: V2 });
    expect(formatCompareParam(target!)).toBe(`${M}:${V1}:${V2}`);
  });

  it('ignores malformed compare values instead of failing', () => {
    for (const value of [
      null,
      '',
      `${M}:${V1}`,
      `${M}:${V1}:${V1}`,
      `${M}:${V1}:nothex`,
      `${M}:${V1}:${V2}:x`,
    ]) {
      expect(parseCompareParam(value)).toBeNull();
    }
  });

  it('accepts only record ids for viewport and selection set, and edits one parameter at a time', () => {
    const search = new URLSearchParams(`models=${M}&viewport=${V1}&selectionSet=../x`);
    expect(readIdParam(search, 'viewport')).toBe(V1);
    expect(readIdParam(search, 'selectionSet')).toBeNull();
    const next = withParam(search, 'viewport', null);
    expect(next.get('viewport')).toBeNull();
    expect(next.get('models')).toBe(M);
    expect(search.get('viewport')).toBe(V1);
    expect(withParam(search, 'compare', 'a').get('compare')).toBe('a');
  });
});

describe('camera serialisation', () => {
  it('round-trips a perspective camera through the contract schema unchanged', () => {
    const camera = toCamera({ orthographic: false, position: [12.5, 8.25, -3.125], target: [1, 2, 3] });
    const stored = cameraSchema.parse(JSON.parse(JSON.stringify(camera)));
    expect(stored).toEqual({
      projection: 'perspective',
      position: [12.5, 8.25, -3.125],
      target: [1, 2, 3],
      zoom: 1,
    });
    expect(sameCamera(stored, camera)).toBe(true);
  });

  it('normalises an orthographic zoom so the same height of the model shows at any canvas size', () => {
    // OBC's frustum after switching projection: 37.4 m high, zoomed ×2.5 → 14.96 m visible.
    const zoom = orthoZoomOf({ top: 18.7, bottom: -18.7, zoom: 2.5 });
    const camera = toCamera({
      orthographic: true,
      position: [0, 50, 0],
      target: [0, 0, 0.001],
      frustum: { top: 18.7, bottom: -18.7, zoom: 2.5 },
    });
    expect(camera.projection).toBe('orthographic');
    expect(camera.zoom).toBeCloseTo(zoom, 6);
    const restored = orthoFrustumFor(camera.zoom, 16 / 9);
    expect((restored.top - restored.bottom) / restored.zoom).toBeCloseTo(37.4 / 2.5, 5);
    expect(restored.right / restored.top).toBeCloseTo(16 / 9, 6);
    // Read again after restoring: the same stored zoom.
    expect(orthoZoomOf(restored)).toBeCloseTo(camera.zoom, 6);
    expect(
      orthoZoomOf({ top: ORTHO_REFERENCE_HEIGHT / 2, bottom: -ORTHO_REFERENCE_HEIGHT / 2, zoom: 1 }),
    ).toBe(1);
  });

  it('keeps a target apart from the eye and rounds float noise', () => {
    const camera = toCamera({ orthographic: false, position: [1.000000001, 2, 3], target: [1, 2, 3] });
    expect(camera.position).toEqual([1, 2, 3]);
    expect(camera.target).not.toEqual(camera.position);
    expect(() => cameraSchema.parse(camera)).not.toThrow();
  });

  it('tells different cameras apart', () => {
    const a = toCamera({ orthographic: false, position: [0, 0, 10], target: [0, 0, 0] });
    expect(sameCamera(a, { ...a, position: [0, 0, 10.01] })).toBe(false);
    expect(sameCamera(a, { ...a, projection: 'orthographic' })).toBe(false);
  });
});

describe('section planes and box', () => {
  it('stores a plane with the normal on the cut-away side and reads it back to the same engine plane', () => {
    // A plane made by clicking a floor's top face: the engine keeps what is below (normal down).
    const engine = {
      normal: [0, -1, 0] as [number, number, number],
      point: [2, 3, 4] as [number, number, number],
    };
    const stored = clippingPlaneSchema.parse(toStoredPlane(engine));
    expect(stored.normal).toEqual([0, 1, 0]);
    expect(stored.point).toEqual([2, 3, 4]);
    expect(toEnginePlane(stored)).toEqual(engine);
  });

  it('flips a plane in place', () => {
    const plane = {
      normal: [1, 0, 0] as [number, number, number],
      point: [5, 0, 0] as [number, number, number],
    };
    expect(flipped(plane)).toEqual({ normal: [-1, 0, 0], point: [5, 0, 0] });
    expect(flipped(flipped(plane))).toEqual(plane);
  });

  it('makes six inward planes of a box and reads the box back after faces moved', () => {
    const box = paddedBox({ min: [0, 0, 0], max: [10, 4, 6] }, 0.5);
    expect(sectionBoxSchema.parse(box)).toEqual({ min: [-0.5, -0.5, -0.5], max: [10.5, 4.5, 6.5] });
    const planes = boxPlanes(box);
    expect(planes).toHaveLength(6);
    // Every plane keeps the centre: the dot of (centre - point) with its normal is positive.
    for (const plane of planes) {
      const inside = [5, 2, 3].reduce((sum, c, i) => sum + (c - plane.point[i]!) * plane.normal[i]!, 0);
      expect(inside).toBeGreaterThan(0);
    }
    const faces = Object.fromEntries(planes.map((plane) => [plane.face, plane.point]));
    expect(boxFromFaces(faces, box)).toEqual(box);
    const moved = { ...faces, maxY: [5, 2, 3] as [number, number, number] };
    expect(boxFromFaces(moved, box).max[1]).toBe(2);
  });

  it('keeps a box ordered when a face is pushed past its opposite', () => {
    const box = { min: [0, 0, 0] as [number, number, number], max: [1, 1, 1] as [number, number, number] };
    expect(withFace(box, 'minX', 5).min[0]).toBe(1);
    expect(withFace(box, 'maxZ', -3).max[2]).toBe(0);
    expect(boxFromFaces({ minX: [3, 0, 0] }, box)).toEqual({ min: [1, 0, 0], max: [3, 1, 1] });
  });

  it('fits a whole viewport in the contract', () => {
    const planes = boxPlanes({ min: [0, 0, 0], max: [1, 1, 1] })
      .slice(0, 2)
      .map(toStoredPlane);
    const parsed = viewportCreateSchema.parse({
      name: '二层东侧',
      modelIds: [M],
      camera: toCamera({ orthographic: false, position: [1, 2, 3], target: [0, 0, 0] }),
      clippingPlanes: planes,
      sectionBox: { min: [0, 0, 0], max: [1, 1, 1] },
      hidden: [{ modelId: M, globalIds: ['2O2Fr$t4X7Zf8NOew3FLOH'] }],
      isolated: null,
    });
    expect(parsed.clippingPlanes).toEqual(planes);
  });
});

const change = (patch: Partial<ElementChange>): ElementChange => ({
  kind: 'added',
  globalId: 'g',
  ifcClass: 'IFCWALL',
  name: null,
  fromLocalId: null,
  toLocalId: 1,
  geometryChanged: false,
  propertiesChanged: false,
  ...patch,
});

describe('compare grouping', () => {
  const result: Pick<CompareResult, 'changes'> = {
    changes: [
      change({
        kind: 'removed',
        globalId: 'r1',
        ifcClass: 'IFCDOOR',
        name: '门 1',
        fromLocalId: 4,
        toLocalId: null,
      }),
      change({ kind: 'added', globalId: 'a2', ifcClass: 'IFCWINDOW', name: '窗 2' }),
      change({ kind: 'added', globalId: 'a1', ifcClass: 'IFCWALL', name: 'Wall' }),
      change({ kind: 'changed', globalId: 'c1', geometryChanged: true, propertiesChanged: true }),
    ],
  };

  it('groups in the order added, changed, removed with counts, sorted by class then name', () => {
    const groups = groupChanges(result);
    expect(groups.map((group) => [group.kind, group.count])).toEqual([
      ['added', 2],
      ['changed', 1],
      ['removed', 1],
    ]);
    expect(groups[0]!.changes.map((item) => item.globalId)).toEqual(['a1', 'a2']);
  });

  it('filters by kind and by text over name, class and GlobalId', () => {
    expect(groupChanges(result, { kinds: ['removed'] }).map((group) => group.kind)).toEqual(['removed']);
    const byText = groupChanges(result, { text: 'window' });
    expect(byText.map((group) => group.count)).toEqual([1, 0, 0]);
    expect(groupChanges(result, { text: '门' })[2]!.changes[0]!.globalId).toBe('r1');
  });

  it('lists the GlobalIds to colour per kind and what changed', () => {
    expect(globalIdsByKind(result)).toEqual({ added: ['a2', 'a1'], changed: ['c1'], removed: ['r1'] });
    expect(changeDetailKeys(result.changes[3]!)).toEqual([
      'compare.geometryChanged',
      'compare.propertiesChanged',
    ]);
    expect(changeDetailKeys(result.changes[0]!)).toEqual([]);
  });
});

describe('viewer settings', () => {
  it('falls back per field on anything unreadable', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('[1,2]')).toEqual(DEFAULT_SETTINGS);
    expect(
      parseSettings(
        JSON.stringify({
          background: '#ABCDEF',
          navigationSpeed: 99,
          walkSpeed: 5,
          lengthUnit: 'ft',
          precision: 1.5,
        }),
      ),
    ).toEqual({ ...DEFAULT_SETTINGS, background: '#abcdef', walkSpeed: 5 });
  });

  it('keeps them in localStorage', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    saveSettings({ ...DEFAULT_SETTINGS, lengthUnit: 'mm', precision: 3 }, storage);
    expect(store.has(SETTINGS_STORAGE_KEY)).toBe(true);
    expect(loadSettings(storage)).toEqual({ ...DEFAULT_SETTINGS, lengthUnit: 'mm', precision: 3 });
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadSettings(blocked)).toEqual(DEFAULT_SETTINGS);
    expect(() => saveSettings(DEFAULT_SETTINGS, blocked)).not.toThrow();
  });

  it('steps the walking speed within its range', () => {
    expect(stepWalkSpeed(4, 1)).toBe(5);
    expect(stepWalkSpeed(5, -1)).toBe(4);
    expect(stepWalkSpeed(19, 1)).toBe(20);
    expect(stepWalkSpeed(0.5, -1)).toBe(0.5);
  });
});

describe('measure formatting', () => {
  it('shows lengths, areas and angles in the chosen unit and precision', () => {
    expect(formatMeasure('length', 3.14259, { lengthUnit: 'm', precision: 2 })).toBe('3.14 m');
    expect(formatMeasure('length', 3.14259, { lengthUnit: 'mm', precision: 0 })).toBe('3143 mm');
    expect(formatMeasure('area', 2.5, { lengthUnit: 'm', precision: 1 })).toBe('2.5 m²');
    expect(formatMeasure('area', 2.5, { lengthUnit: 'cm', precision: 0 })).toBe('25000 cm²');
    expect(formatMeasure('angle', Math.PI / 2, { lengthUnit: 'm', precision: 1 })).toBe('90.0°');
    expect(formatMeasure('length', -0.0001, { lengthUnit: 'm', precision: 2 })).toBe('0.00 m');
    expect(formatMeasure('length', Number.NaN, { lengthUnit: 'm', precision: 2 })).toBe('—');
  });

  it('computes the angle at a vertex', () => {
    expect(angleBetween([1, 0, 0], [0, 0, 0], [0, 0, 1])).toBeCloseTo(Math.PI / 2);
    expect(angleBetween([1, 0, 0], [0, 0, 0], [-1, 0, 0])).toBeCloseTo(Math.PI);
    expect(angleBetween([0, 0, 0], [0, 0, 0], [1, 0, 0])).toBe(0);
  });
});

describe('walking', () => {
  it('turns a direction into yaw and pitch and back', () => {
    const look = lookFromDirection([0, 0, -2]);
    const direction = directionFromLook(look);
    expect(direction[0]).toBeCloseTo(0);
    expect(direction[2]).toBeCloseTo(-1);
    expect(lookFromDirection([0, 5, 0]).pitch).toBeCloseTo(MAX_PITCH);
  });

  it('turns right with the mouse moving right and looks up with it moving up', () => {
    const ahead = lookFromDirection([0, 0, -1]);
    const right = directionFromLook(turned(ahead, 100, 0));
    expect(right[0]).toBeGreaterThan(0);
    expect(directionFromLook(turned(ahead, 0, -100))[1]).toBeGreaterThan(0);
    expect(turned(ahead, 0, -1e6).pitch).toBeCloseTo(MAX_PITCH);
  });

  it('walks level, strafes and climbs, never faster on a diagonal', () => {
    const look = { ...lookFromDirection([0, 0, -1]), pitch: 0.8 };
    const forward = stepFor(new Set(['forward']), look, 2);
    expect(forward[1]).toBe(0);
    expect(forward[2]).toBeCloseTo(-2);
    expect(stepFor(new Set(['right']), look, 1)[0]).toBeCloseTo(1);
    expect(stepFor(new Set(['up']), look, 1)).toEqual([0, 1, 0]);
    const diagonal = stepFor(new Set(['forward', 'left']), look, 1);
    expect(Math.hypot(...diagonal)).toBeCloseTo(1);
    expect(stepFor(new Set(['forward', 'back']), look, 1)).toEqual([0, 0, 0]);
  });

  it('starts a walk at eye height on the selected storey or the lowest floor', () => {
    const storey = {
      min: [0, 3, 0] as [number, number, number],
      max: [20, 6, 10] as [number, number, number],
    };
    // Over the storey: stays in plan, lands on its floor; away from it: on its edge.
    expect(walkStart([5, 30, 5], storey, true)).toEqual([5, 3 + EYE_HEIGHT, 5]);
    expect(walkStart([-50, 30, 5], storey, true)).toEqual([0, 3 + EYE_HEIGHT, 5]);
    expect(walkStart([5, 4, 5], storey, true)).toEqual([5, 3 + EYE_HEIGHT, 5]);
    // Nothing selected: inside the model the walk resumes where it is; from outside, on the lowest floor.
    expect(walkStart([5, 4, 5], storey, false)).toEqual([5, 4, 5]);
    expect(walkStart([-50, 30, 5], storey, false)).toEqual([0, 3 + EYE_HEIGHT, 5]);
    expect(walkStart([1, 2, 3], null, false)).toEqual([1, 2, 3]);
  });

  it('maps the walking keys', () => {
    expect(
      ['KeyW', 'ArrowUp', 'KeyA', 'KeyS', 'KeyD', 'KeyQ', 'KeyE', 'Space', 'KeyC', 'KeyX'].map(walkKeyOf),
    ).toEqual(['forward', 'forward', 'left', 'back', 'right', 'down', 'up', 'up', 'down', null]);
  });
});

describe('form validation', () => {
  it('checks viewport name, remark and tags like the server', () => {
    expect(checkViewportFields({ name: '  ', remark: '' })).toEqual({ name: 'validation.nameRequired' });
    expect(checkViewportFields({ name: '视'.repeat(30), remark: '备'.repeat(150) })).toEqual({});
    expect(checkViewportFields({ name: '视'.repeat(31), remark: '备'.repeat(151) })).toEqual({
      name: 'validation.nameTooLong',
      remark: 'validation.remarkTooLong',
    });
    expect(
      checkViewportFields({ name: 'a', remark: '', tagIds: Array.from({ length: 21 }, String) }).tagIds,
    ).toBe('validation.tooManyTags');
    expect(() => viewportCreateSchema.shape.name.parse('视'.repeat(31))).toThrow();
  });

  it('checks selection set name and remark', () => {
    expect(checkSelectionSetFields({ name: '', remark: '' }).name).toBe('validation.nameRequired');
    expect(checkSelectionSetFields({ name: '一层柱', remark: 'x'.repeat(151) }).remark).toBe(
      'validation.remarkTooLong',
    );
  });
});
