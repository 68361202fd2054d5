import { AVAILABLE_MODULE_KEYS } from '@lintel/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { buildMenuGroups, type MenuGroup, WORKBENCH_MODULES } from './menu';

const shape = (groups: MenuGroup[]) => groups.map((g) => [g.key, g.modules.map((m) => m.key)]);
const PERSONNEL_SCREENS = ['personnel', 'attendance', 'attendanceStatistics', 'violations'];

describe('buildMenuGroups with entries sharing a module key', () => {
  it('shows every screen of an authorised key, in the order of the build’s list', () => {
    const groups = buildMenuGroups([{ key: 'personnel' }, { key: 'announcements' }], []);
    expect(shape(groups)).toEqual([
      ['collaboration', ['announcements']],
      ['security', PERSONNEL_SCREENS],
    ]);
  });

  it('shows none of them while the key is not authorised, even when a screen’s own id is', () => {
    expect(shape(buildMenuGroups([{ key: 'problemTopics' }], []))).toEqual([['quality', ['problemTopics']]]);
    expect(buildMenuGroups([{ key: 'attendance' }, { key: 'violations' }], [])).toEqual([]);
  });

  it('moves them together into the server’s group, once each when the key is listed twice', () => {
    const groups = buildMenuGroups(
      [{ key: 'personnel', group: 'site' }, { key: 'problemTopics' }, { key: 'personnel', group: 'site' }],
      [
        { key: 'site', name: '现场', order: 1 },
        { key: 'quality', order: 0 },
      ],
    );
    expect(shape(groups)).toEqual([
      ['quality', ['problemTopics']],
      ['site', PERSONNEL_SCREENS],
    ]);
    expect(groups[1]?.name).toBe('现场');
  });
});

describe('the workbench lists the modules this build has screens for (issue 17)', () => {
  it('agrees with the catalogue: every menu entry is an available module, every available one has a screen', () => {
    const menuKeys = new Set(WORKBENCH_MODULES.map((entry) => entry.moduleKey ?? entry.key));
    for (const key of menuKeys) expect(AVAILABLE_MODULE_KEYS).toContain(key);
    // The address book and the notification centre have no workbench entry: the first is a right of
    // the member lists, the second a page of its own above the projects.
    const workbenchOnes = AVAILABLE_MODULE_KEYS.filter(
      (key) => key !== 'addressBook' && key !== 'notifications',
    );
    expect([...menuKeys].sort()).toEqual([...workbenchOnes].sort());
  });
});
