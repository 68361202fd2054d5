import { DEFAULT_DOMAINS } from '@lintel/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { domainForElement } from './discipline';
import { viewpointName } from './useViewpointSaver';

/** The disciplines a new project starts with (建筑, 结构, 给排水, 暖通, 电气, 装饰装修), ids by name. */
const domains = DEFAULT_DOMAINS.map((domain, index) => ({ _id: `d${index}`, ...domain }));
const idOf = (name: string) => domains.find((domain) => domain.name === name)?._id;

describe('the discipline a problem about an element starts with', () => {
  it("follows the element's IFC class, the building services split by what they carry", () => {
    const cases: Array<[string, 'architecture' | 'structure' | 'mep' | 'site' | 'other', string | null]> = [
      ['IFCWALLSTANDARDCASE', 'architecture', '建筑'],
      ['IFCCOVERING', 'architecture', '装饰装修'],
      ['IFCBEAM', 'structure', '结构'],
      ['IFCPIPESEGMENT', 'mep', '给排水'],
      ['IFCSANITARYTERMINAL', 'mep', '给排水'],
      ['IFCDUCTSEGMENT', 'mep', '暖通'],
      ['IFCAIRTERMINAL', 'mep', '暖通'],
      ['IFCCABLESEGMENT', 'mep', '电气'],
      ['IFCLIGHTFIXTURE', 'mep', '电气'],
      ['IFCSITE', 'site', null],
      ['IFCANNOTATION', 'other', null],
    ];
    for (const [ifcClass, discipline, name] of cases) {
      expect(domainForElement(domains, { ifcClass, discipline }), ifcClass).toBe(name ? idOf(name) : null);
    }
  });

  it("prefers the model's discipline tag, matches English names and ignores case and spaces", () => {
    const beam = { ifcClass: 'IFCBEAM', discipline: 'structure' as const };
    expect(domainForElement(domains, beam, ['暖通'])).toBe(idOf('暖通'));
    // A tag that is no discipline of the project does not hide the element's own.
    expect(domainForElement(domains, beam, ['幕墙'])).toBe(idOf('结构'));
    const english = [
      { _id: 'a', name: '土建', nameEn: 'Civil' },
      { _id: 'b', name: '机电安装', nameEn: '  MEP ' },
    ];
    expect(domainForElement(english, { ifcClass: 'IFCFLOWTERMINAL', discipline: 'mep' })).toBe('b');
    expect(domainForElement(english, beam)).toBeNull();
  });

  it('names the viewpoint within the 30 characters a viewport name may have', () => {
    expect(viewpointName('问题视点：外墙-240')).toBe('问题视点：外墙-240');
    const long = viewpointName(`问题视点：${'很长的构件名称'.repeat(6)}`);
    expect([...long]).toHaveLength(30);
    expect(long.endsWith('…')).toBe(true);
  });
});
