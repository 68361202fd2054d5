import { describe, expect, it } from 'vitest';
import {
  AVAILABLE_MODULE_KEYS,
  adminTemplateGrants,
  hasScreens,
  isGranted,
  MODULES,
  memberTemplateGrants,
  presetOfTemplateName,
  READ_PERMISSIONS,
  readOnlyTemplateGrants,
} from './index';

type Loose = Record<string, Record<string, unknown> | undefined>;

describe('the preset templates (issue 17)', () => {
  it('project administrator: every permission of every module, reads at all', () => {
    const grants = adminTemplateGrants() as Loose;
    for (const module of MODULES) {
      for (const permission of module.permissions) {
        expect(grants[module.moduleKey]?.[permission]).toBe(
          READ_PERMISSIONS.includes(permission) ? 'all' : true,
        );
      }
    }
  });

  it('project member: sees everything, creates in collaboration and quality, nothing of other people', () => {
    const grants = memberTemplateGrants() as Loose;
    for (const module of MODULES) {
      const own = grants[module.moduleKey] ?? {};
      expect(own.view).toBe('all');
      // Never other people's records, never exports, never sensitive personal data.
      expect(isGranted(own.edit as never)).toBe(false);
      expect(isGranted(own.export as never)).toBe(false);
      expect(own.viewSensitive).toBeUndefined();
      const creates =
        ['collaboration', 'quality'].includes(module.group) &&
        (module.permissions as readonly string[]).includes('create');
      expect(own.create === true, module.moduleKey).toBe(creates || module.moduleKey === 'modelViewer');
    }
    expect(grants.announcements?.delete).toBe(true); // only ever the member's own sent or received ones
    expect(grants.problemTopics?.delete).toBeUndefined();
    expect(grants.modelViewer).toMatchObject({ upload: true, download: true });
    expect(grants.personnel).toEqual({ view: 'all' });
  });

  it('read-only: reads only', () => {
    for (const perms of Object.values(readOnlyTemplateGrants() as Loose)) {
      expect(Object.values(perms ?? {}).every((value) => value === 'all')).toBe(true);
    }
  });

  it('names the presets by their seeded names only', () => {
    expect(presetOfTemplateName('项目成员')).toBe('member');
    expect(presetOfTemplateName('只读')).toBe('readOnly');
    expect(presetOfTemplateName('项目成员 2')).toBeUndefined();
  });

  it('the modules with screens are a part of the catalogue', () => {
    const keys = new Set(MODULES.map((m) => m.moduleKey));
    for (const key of AVAILABLE_MODULE_KEYS) expect(keys.has(key)).toBe(true);
    expect(hasScreens('problemTopics')).toBe(true);
    expect(hasScreens('progressPlans')).toBe(false);
  });
});
