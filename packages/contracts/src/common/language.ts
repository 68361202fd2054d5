/**
 * The two languages of the product. The web keeps the choice in localStorage under `LANGUAGE_STORAGE_KEY`
 * with the specification's spelling (`zh-cn`, `en-us`); the server speaks BCP 47 (`zh-CN`, `en-US`).
 * Anything unknown falls back to Chinese (spec 000 §1).
 */
export const LANGUAGE_STORAGE_KEY = 'language';
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/**
 * Maps any spelling (`zh-cn`, `EN_us`, `en`, an Accept-Language header with q-values …) to one of the two
 * languages. In a header the recognised tag with the highest quality wins (RFC 9110 §12.5.4); ties go to
 * the earlier tag; nothing recognised means Chinese.
 */
export function normalizeLanguage(input: string | null | undefined): Language {
  if (!input) return DEFAULT_LANGUAGE;
  let best: { language: Language; quality: number } | null = null;
  for (const part of input.split(',')) {
    const [rawTag, ...params] = part.split(';');
    const tag = rawTag?.trim().toLowerCase().replace('_', '-') ?? '';
    const language =
      tag === 'en' || tag.startsWith('en-')
        ? 'en-US'
        : tag === 'zh' || tag.startsWith('zh-')
          ? 'zh-CN'
          : null;
    if (!language) continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const quality = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { language, quality };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}

/** The spelling the specification keeps in localStorage. */
export function storageLanguage(language: Language): 'zh-cn' | 'en-us' {
  return language === 'en-US' ? 'en-us' : 'zh-cn';
}
