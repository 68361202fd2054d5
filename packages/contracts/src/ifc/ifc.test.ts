import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { elementDisplayName, IFC_CLASS_LABELS, ifcClassLabel } from './index';

const SAMPLES = join(import.meta.dirname, '../../../../samples/ifc');

/** The IFC classes of the products (elements and containers) a sample file holds. */
function productClasses(text: string): Set<string> {
  const found = new Set<string>();
  // A product's first attribute is its GlobalId: a 22-character quoted string.
  for (const match of text.matchAll(/^#\d+\s*=\s*(IFC[A-Z]+)\('[0-9A-Za-z_$]{22}'/gm)) found.add(match[1]!);
  return found;
}

const NOT_PRODUCTS =
  /^IFC(REL|PROPERTY|OWNERHISTORY|PROPERTYSET|ELEMENTQUANTITY|.*TYPE$|.*STYLE$|.*PROPERTIES$)/;

describe('IFC class labels', () => {
  it('names every element and container class of the sample models in both languages', () => {
    const files = readdirSync(SAMPLES).filter((name) => name.endsWith('.ifc'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    const classes = new Set<string>();
    for (const file of files)
      for (const name of productClasses(readFileSync(join(SAMPLES, file), 'utf8')))
        if (!NOT_PRODUCTS.test(name)) classes.add(name);
    expect(classes).toContain('IFCWALLSTANDARDCASE');
    const missing = [...classes].filter((name) => !IFC_CLASS_LABELS[name]);
    expect(missing).toEqual([]);
    for (const label of Object.values(IFC_CLASS_LABELS)) {
      expect(label.name).not.toMatch(/[A-Za-z]/);
      expect(label.nameEn).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    }
  });

  it('reads a class in the language asked, in any case, and leaves an unknown class as it is', () => {
    expect(
      [
        'IFCWALL',
        'IfcDoor',
        'ifcwindow',
        'IFCSLAB',
        'IFCBEAM',
        'IFCCOLUMN',
        'IFCSTAIR',
        'IFCROOF',
        'IFCSPACE',
      ].map((name) => ifcClassLabel(name, 'zh-CN')),
    ).toEqual(['墙', '门', '窗', '板', '梁', '柱', '楼梯', '屋顶', '空间']);
    expect(ifcClassLabel('IFCWALLSTANDARDCASE', 'en-US')).toBe('Wall');
    expect(ifcClassLabel('IFCSOMETHINGNEW', 'zh-CN')).toBe('IFCSOMETHINGNEW');
  });

  it('names an unnamed element by its class and type', () => {
    expect(elementDisplayName({ name: '外墙-01', ifcClass: 'IFCWALL', type: 'x' }, 'zh-CN')).toBe('外墙-01');
    expect(elementDisplayName({ name: null, ifcClass: 'IFCWALL', type: 'Basic Wall:240' }, 'zh-CN')).toBe(
      '墙 · Basic Wall:240',
    );
    expect(elementDisplayName({ name: '  ', ifcClass: 'IFCDOOR', type: null }, 'en-US')).toBe('Door');
    expect(elementDisplayName({ name: null, ifcClass: 'IFCSLAB', type: 'IFCSLAB' }, 'en-US')).toBe('Slab');
  });
});
