import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  type Language,
  normalizeLanguage,
  storageLanguage,
} from '@lintel/contracts';

/** The part of `Storage` the language needs; lets tests pass a plain object. */
export type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): LanguageStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy settings); the app still works in Chinese.
    return null;
  }
}

/**
 * The language kept in localStorage under `language` (`zh-cn` default, `en-us`). Anything else, a missing
 * value or a storage that cannot be read gives Chinese (spec 000 §1).
 */
export function readStoredLanguage(storage: LanguageStorage | null = defaultStorage()): Language {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  // Only the two spellings of the specification count (any case): `normalizeLanguage` alone would also take
  // `en` or `en-GB`, which the specification treats as unknown, hence Chinese.
  const value = stored?.trim().toLowerCase() ?? '';
  const language = normalizeLanguage(value);
  return storageLanguage(language) === value ? language : DEFAULT_LANGUAGE;
}

/** Keeps the choice with the specification's spelling (`zh-cn` / `en-us`). */
export function persistLanguage(
  language: Language,
  storage: LanguageStorage | null = defaultStorage(),
): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, storageLanguage(language));
  } catch {
    // A full or blocked storage only loses the choice for the next visit.
  }
}

/** `<html lang>` follows the language (screen readers, hyphenation, CJK font selection). */
export function applyDocumentLanguage(
  language: Language,
  doc: Document | undefined = globalThis.document,
): void {
  if (doc) doc.documentElement.lang = language;
}
