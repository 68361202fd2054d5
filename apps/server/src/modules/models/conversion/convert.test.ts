import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SpatialNode } from '@lintel/contracts/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningConversionWorkers } from './convert';
import { ConversionFailure, type ConversionOutput, type ConvertedElement, convertIfcFile } from './index';

// The public sample models (samples/ifc at the repository's root).
const SAMPLES = join(import.meta.dirname, '../../../../../../samples/ifc');
const sample = (name: string) => join(SAMPLES, name);
const LIMITS = { timeoutMs: 180_000, maxMemoryMb: 2048 };
// The machine is shared: a conversion of a few seconds may take many times that under load.
const SLOW = 240_000;

const folder = mkdtempSync(join(tmpdir(), 'lintel-conversion-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** GlobalIds of the IFC text's entities of these classes (the first argument of every IfcRoot). */
function globalIdsIn(text: string, classes: string[]): string[] {
  const pattern = new RegExp(`=\\s*IFC(?:${classes.join('|')})\\('([0-9A-Za-z_$]{22})'`, 'g');
  return [...text.matchAll(pattern)].map((match) => match[1] as string);
}

function nodes(tree: SpatialNode, kind: SpatialNode['kind']): SpatialNode[] {
  const found: SpatialNode[] = [];
  const walk = (node: SpatialNode) => {
    if (node.kind === kind) found.push(node);
    node.children.forEach(walk);
  };
  walk(tree);
  return found;
}

interface Converted {
  output: ConversionOutput;
  progress: number[];
  ms: number;
}

async function convert(path: string): Promise<Converted> {
  const progress: number[] = [];
  const started = performance.now();
  const output = await convertIfcFile(path, {
    limits: LIMITS,
    onProgress: (percent) => progress.push(percent),
  });
  return { output, progress, ms: Math.round(performance.now() - started) };
}

async function failure(promise: Promise<unknown>): Promise<ConversionFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConversionFailure) return error;
    throw error;
  }
  throw new Error('expected a ConversionFailure');
}

const byGlobalId = (elements: ConvertedElement[]) =>
  new Map(elements.map((element) => [element.globalId, element]));

// Each sample is converted once; the tests read the results.
const results = new Map<string, Converted>();
beforeAll(async () => {
  for (const name of ['IfcOpenHouse_IFC4.ifc', 'example.ifc', 'duplex.ifc']) {
    results.set(name, await convert(sample(name)));
  }
}, SLOW * 2);

describe('convertIfcFile: the samples', () => {
  it.each([
    // name, schema, elements (with geometry, or made of parts that have some), storeys by name
    ['IfcOpenHouse_IFC4.ifc', 'IFC4', 41, [null]],
    ['example.ifc', 'IFC2X3', 116, ['Level 1', 'Level 2']],
    ['duplex.ifc', 'IFC2X3', 239, ['Level 1', 'Level 2', 'T/FDN', 'Roof']],
  ] as const)(
    '%s converts: schema, elements, GlobalIds, storeys, tree, progress',
    (name, schema, count, storeys) => {
      const result = results.get(name);
      if (!result) throw new Error(`${name} was not converted`);
      const { output, progress } = result;
      const size = readFileSync(sample(name)).length;
      console.info(
        `${name}: ${result.ms} ms, IFC ${size} bytes, fragments ${output.fragments.length} bytes ` +
          `(${((100 * output.fragments.length) / size).toFixed(1)} %), ${output.elements.length} elements, ` +
          `${nodes(output.tree, 'storey').length} storeys`,
      );

      expect(output.schema).toBe(schema);
      expect(output.fragments).toBeInstanceOf(Uint8Array);
      expect(output.fragments.length).toBeGreaterThan(1000);
      expect(output.elements).toHaveLength(count);
      // Unique by GlobalId.
      expect(byGlobalId(output.elements).size).toBe(count);

      // Every wall, door, window, column, beam and furnishing of the text is in the index.
      const text = readFileSync(sample(name), 'latin1');
      const expected = globalIdsIn(text, [
        'WALLSTANDARDCASE',
        'WALL',
        'DOOR',
        'WINDOW',
        'COLUMN',
        'BEAM',
        'FURNISHINGELEMENT',
      ]);
      expect(expected.length).toBeGreaterThan(0);
      const index = byGlobalId(output.elements);
      expect(expected.filter((globalId) => !index.has(globalId))).toEqual([]);

      for (const element of output.elements) {
        expect(element.ifcClass).toMatch(/^IFC[A-Z0-9]+$/);
        expect(element.geometryHash).toMatch(/^[0-9a-f]{64}$/);
        expect(element.propertiesHash).toMatch(/^[0-9a-f]{64}$/);
        expect(Number.isInteger(element.localId)).toBe(true);
      }
      expect([...new Set(output.elements.map((element) => element.storey))].sort()).toEqual(
        [...storeys].sort(),
      );

      const tree = output.tree;
      expect(tree.kind).toBe('project');
      expect(tree.ifcClass).toBe('IFCPROJECT');
      expect(nodes(tree, 'site')).toHaveLength(1);
      expect(nodes(tree, 'building')).toHaveLength(1);
      expect(
        nodes(tree, 'storey')
          .map((storey) => storey.name)
          .sort(),
      ).toEqual([...storeys].sort());
      // Every element of the index hangs in the tree, with its GlobalId.
      const inTree = new Set<string>();
      const walk = (node: SpatialNode) => {
        if (node.globalId && index.has(node.globalId)) inTree.add(node.globalId);
        node.children.forEach(walk);
      };
      walk(tree);
      expect(inTree.size).toBe(count);
      expect(JSON.stringify(tree)).not.toMatch(/"category"/);

      expect(progress.at(-1)).toBe(100);
      expect(progress.every((value, i) => i === 0 || value > (progress[i - 1] as number))).toBe(true);
      expect(runningConversionWorkers()).toBe(0);
    },
  );

  it('indexes elements made of parts (a window of members and plates) with a hash over the parts', () => {
    const house = results.get('IfcOpenHouse_IFC4.ifc')?.output;
    const windows = house?.elements.filter((element) => element.ifcClass === 'IFCWINDOW') ?? [];
    expect(windows.map((window) => window.globalId)).toContain('3lY7vAqg1AOuHmhrmPSRNL');
    for (const window of windows) expect(window.geometryHash).toMatch(/^[0-9a-f]{64}$/);
    const members = house?.elements.filter((element) => element.ifcClass === 'IFCMEMBER') ?? [];
    expect(members.length).toBeGreaterThan(0);
  });

  it('reads names, types, disciplines and property and quantity sets', () => {
    const duplex = byGlobalId(results.get('duplex.ifc')?.output.elements ?? []);
    const cabinet = duplex.get('0wkEuT1wr1kOyafLY4vyu$');
    expect(cabinet).toMatchObject({
      ifcClass: 'IFCFURNISHINGELEMENT',
      name: 'M_Tall Cabinet-Single Door(2):800 mm:800 mm:157200',
      type: '800 mm',
      storey: 'Level 2',
      discipline: 'architecture',
    });
    const constraints = cabinet?.propertySets.find((set) => set.name === 'PSet_Revit_Constraints');
    expect(constraints?.properties).toContainEqual({ name: 'Level', value: 'Level 2', type: 'IFCLABEL' });
    expect(constraints?.properties).toContainEqual({ name: 'Offset', value: 0, type: 'IFCLENGTHMEASURE' });
    expect(constraints?.properties).toContainEqual({
      name: 'Moves With Nearby Elements',
      value: false,
      type: 'IFCBOOLEAN',
    });

    // A quantity set (IfcElementQuantity) of a space.
    const spaces = [...duplex.values()].filter((element) => element.ifcClass === 'IFCSPACE');
    expect(spaces.length).toBeGreaterThan(0);
    const areas = spaces[0]?.propertySets.find((set) => set.name === 'GSA Space Areas');
    expect(areas?.properties[0]).toMatchObject({ name: 'GSA BIM Area', type: 'IFCAREAMEASURE' });
    expect(typeof areas?.properties[0]?.value).toBe('number');

    const example = byGlobalId(results.get('example.ifc')?.output.elements ?? []);
    expect(example.get('20hzUDJSj9yPeKYPrwcR7N')).toMatchObject({
      ifcClass: 'IFCCOLUMN',
      discipline: 'structure',
      storey: 'Level 1',
    });
  });
});

describe('convertIfcFile: version compare hashes', () => {
  it(
    'a moved element changes only its geometry hash, a changed property only its properties hash, a removed element is gone',
    async () => {
      const original = results.get('example.ifc')?.output;
      if (!original) throw new Error('example.ifc was not converted');
      const text = readFileSync(sample('example.ifc'), 'latin1');
      const edit = (from: string, to: string, source: string) => {
        expect(source.split(from)).toHaveLength(2);
        return source.replace(from, to);
      };
      // The column 20hzUDJSj9yPeKYPrwcR7N stands on the shared origin point #6: give it a point of its own.
      let edited = edit(
        '#229= IFCAXIS2PLACEMENT3D(#6,$,$);',
        '#229= IFCAXIS2PLACEMENT3D(#99999,$,$);\n#99999= IFCCARTESIANPOINT((1500.,250.,0.));',
        text,
      );
      // Column 20hzUDJSj9yPeKYPrwcRop's own Pset_ProductRequirements.Category.
      edited = edit(
        "#327= IFCPROPERTYSINGLEVALUE('Category',$,IFCLABEL('Structural Columns'),$);",
        "#327= IFCPROPERTYSINGLEVALUE('Category',$,IFCLABEL('Precast Columns'),$);",
        edited,
      );
      // The wall 02QZndWnPCr8pqUFFegmJU's entity line.
      edited = edited.replace(/^#1469= IFCWALLSTANDARDCASE\('02QZndWnPCr8pqUFFegmJU'.*\r?\n/m, '');
      expect(edited).not.toContain('02QZndWnPCr8pqUFFegmJU');
      const path = join(folder, 'example-edited.ifc');
      writeFileSync(path, edited, 'latin1');

      const changed = (await convert(path)).output;
      const before = byGlobalId(original.elements);
      const after = byGlobalId(changed.elements);

      expect([...before.keys()].filter((globalId) => !after.has(globalId))).toEqual([
        '02QZndWnPCr8pqUFFegmJU',
      ]);
      expect([...after.keys()].filter((globalId) => !before.has(globalId))).toEqual([]);
      const geometryChanged = [...after.values()]
        .filter((element) => element.geometryHash !== before.get(element.globalId)?.geometryHash)
        .map((element) => element.globalId);
      const propertiesChanged = [...after.values()]
        .filter((element) => element.propertiesHash !== before.get(element.globalId)?.propertiesHash)
        .map((element) => element.globalId);
      expect(geometryChanged).toEqual(['20hzUDJSj9yPeKYPrwcR7N']);
      expect(propertiesChanged).toEqual(['20hzUDJSj9yPeKYPrwcRop']);
      const requirements = after
        .get('20hzUDJSj9yPeKYPrwcRop')
        ?.propertySets.find((set) => set.name === 'Pset_ProductRequirements');
      expect(requirements?.properties).toContainEqual({
        name: 'Category',
        value: 'Precast Columns',
        type: 'IFCLABEL',
      });
    },
    SLOW,
  );
});

describe('convertIfcFile: failures', () => {
  const write = (name: string, text: string) => {
    const path = join(folder, name);
    writeFileSync(path, text, 'latin1');
    return path;
  };
  const HEADER = "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_SCHEMA(('IFC4'));\nENDSEC;\n";

  it('a truncated IFC fails as malformed at once, without a worker', async () => {
    const text = readFileSync(sample('example.ifc'), 'latin1');
    const path = write('truncated.ifc', text.slice(0, 200_000));
    const started = performance.now();
    const error = await failure(convertIfcFile(path, { limits: LIMITS }));
    expect(error.key).toBe('models.conversion.malformed');
    expect(error.detail).toMatch(/ends before END-ISO-10303-21;/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it(
    'a header then garbage with an unclosed string fails as malformed, naming the line',
    async () => {
      const path = write(
        'garbage.ifc',
        `${HEADER}DATA;\n#1=IFCWALL('abc);\n(((}}}\nENDSEC;\nEND-ISO-10303-21;\n`,
      );
      const error = await failure(convertIfcFile(path, { limits: LIMITS }));
      expect(error.key).toBe('models.conversion.malformed');
      expect(error.detail).toBe('a string opened on line 7 is never closed');
      expect(error.detail).not.toMatch(/\n|at /);
      expect(runningConversionWorkers()).toBe(0);
    },
    SLOW,
  );

  it(
    'a model without a project or elements fails as noElements',
    async () => {
      const empty = write('empty.ifc', `${HEADER}DATA;\nENDSEC;\nEND-ISO-10303-21;\n`);
      const error = await failure(convertIfcFile(empty, { limits: LIMITS }));
      expect(error.key).toBe('models.conversion.noElements');
      expect(error.detail).toBe('the file holds no IFCPROJECT');
    },
    SLOW,
  );

  it('a text file, and an IFC of an unknown schema, are refused before a worker starts', async () => {
    const text = write('notes.ifc', 'hello, this is not a model\n');
    expect((await failure(convertIfcFile(text, { limits: LIMITS }))).key).toBe('models.conversion.malformed');
    const odd = write(
      'odd.ifc',
      "ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('CONFIG_CONTROL_DESIGN'));\nENDSEC;\nEND-ISO-10303-21;\n",
    );
    const error = await failure(convertIfcFile(odd, { limits: LIMITS }));
    expect(error.key).toBe('models.conversion.malformed');
    expect(error.detail).toMatch(/unsupported schema CONFIG_CONTROL_DESIGN/);
  });

  it(
    'cancelling through the AbortSignal fails as cancelled at once and ends the worker',
    async () => {
      const controller = new AbortController();
      let abortedAt = 0;
      let workersThen = 0;
      const converting = convertIfcFile(sample('duplex.ifc'), {
        limits: LIMITS,
        signal: controller.signal,
        onProgress: (percent) => {
          if (percent > 0 && !abortedAt) {
            abortedAt = performance.now();
            workersThen = runningConversionWorkers();
            controller.abort();
          }
        },
      });
      const error = await failure(converting);
      expect(workersThen).toBe(1);
      expect(error.key).toBe('models.conversion.cancelled');
      expect(abortedAt).toBeGreaterThan(0);
      expect(performance.now() - abortedAt).toBeLessThan(3000);
      expect(runningConversionWorkers()).toBe(0);

      // Already aborted: nothing starts.
      const again = await failure(
        convertIfcFile(sample('duplex.ifc'), { limits: LIMITS, signal: controller.signal }),
      );
      expect(again.key).toBe('models.conversion.cancelled');
    },
    SLOW,
  );

  it(
    'a conversion over its time limit fails as timeout',
    async () => {
      const error = await failure(
        convertIfcFile(sample('IfcOpenHouse_IFC4.ifc'), { limits: { timeoutMs: 1, maxMemoryMb: 2048 } }),
      );
      expect(error.key).toBe('models.conversion.timeout');
      expect(runningConversionWorkers()).toBe(0);
    },
    SLOW,
  );

  it(
    'a conversion over its memory limit fails as memory',
    async () => {
      const error = await failure(
        convertIfcFile(sample('duplex.ifc'), { limits: { timeoutMs: 120_000, maxMemoryMb: 24 } }),
      );
      expect(error.key).toBe('models.conversion.memory');
      expect(error.detail).toBe('over 24 MiB');
      expect(runningConversionWorkers()).toBe(0);
    },
    SLOW,
  );
});
