import type { Language } from '@lintel/contracts';
import { PRESET_TEMPLATE_NAMES, presetOfTemplateName } from '@lintel/contracts/permissions';

/**
 * A template's name as shown: the seeded presets (项目管理员, 项目成员, 只读) in the reader's language while
 * they keep their seeded name; any other name (the project's own, or a renamed preset) as typed.
 */
export function templateDisplayName(name: string, language: Language): string {
  const preset = presetOfTemplateName(name);
  if (!preset || language !== 'en-US') return name;
  return PRESET_TEMPLATE_NAMES[preset].nameEn;
}
