import { DEFAULT_LANGUAGE, LANGUAGES, type Language, normalizeLanguage } from '@lintel/contracts';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { configureHttp } from '../lib/http';
import { applyDocumentLanguage, persistLanguage, readStoredLanguage } from '../lib/language';

export type LocaleFiles = Record<string, Record<string, unknown>>;

/**
 * The namespaces every screen uses (`src/locales/<language>/{common,layout}.json`), bundled with the entry,
 * so i18next is ready synchronously before the first render: no flash of keys, no request for texts.
 * A module's own namespace is bundled with its page and added when that page's code loads
 * (`addLocaleFiles` in the module's `locales.ts`), so the texts of thirty modules never weigh on /login.
 */
const CORE_FILES: LocaleFiles = import.meta.glob<Record<string, unknown>>(
  '../locales/*/{common,layout}.json',
  {
    eager: true,
    import: 'default',
  },
);

/** `{ '../locales/zh-CN/home.json': {...} }` → `{ 'zh-CN': { home: {...} } }`. */
export function buildResources(modules: LocaleFiles): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    resources[language][namespace] = content;
  }
  return resources;
}

const coreResources = buildResources(CORE_FILES);

void i18n.use(initReactI18next).init({
  resources: coreResources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(coreResources[DEFAULT_LANGUAGE] ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

/** Adds bundled namespaces (a module's `import.meta.glob` of its locale files); synchronous. */
export function addLocaleFiles(files: LocaleFiles): void {
  for (const [language, namespaces] of Object.entries(buildResources(files))) {
    for (const [namespace, content] of Object.entries(namespaces)) {
      i18n.addResourceBundle(language, namespace, content, true, true);
    }
  }
}

/** The language in use, always one of the two. */
export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the language: stored for the next visit, on `<html lang>`, and for every later request. */
export async function changeLanguage(language: Language): Promise<void> {
  persistLanguage(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

applyDocumentLanguage(currentLanguage());
configureHttp({ getLanguage: currentLanguage });

export { i18n };
