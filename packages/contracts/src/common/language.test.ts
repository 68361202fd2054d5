import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  normalizeLanguage,
  storageLanguage,
} from './language';

describe('normalizeLanguage', () => {
  it.each([
    ['zh-cn', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['en-us', 'en-US'],
    ['en-US', 'en-US'],
    ['EN_us', 'en-US'],
    ['en_US', 'en-US'],
    ['en', 'en-US'],
    ['EN', 'en-US'],
    ['en-GB', 'en-US'],
    [' en-us ', 'en-US'],
    ['fr', 'zh-CN'],
    ['fr-FR', 'zh-CN'],
    ['english', 'zh-CN'],
    ['eng', 'zh-CN'],
    ['*', 'zh-CN'],
    ['', 'zh-CN'],
  ] as const)('%j → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it('falls back to Chinese for null and undefined', () => {
    expect(normalizeLanguage(null)).toBe('zh-CN');
    expect(normalizeLanguage(undefined)).toBe('zh-CN');
    expect(DEFAULT_LANGUAGE).toBe('zh-CN');
  });

  it.each([
    ['en-US,en;q=0.9', 'en-US'],
    ['en-GB,en;q=0.9,zh-CN;q=0.8', 'en-US'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'en-US'], // French is not offered; English is acceptable
    ['fr-FR,fr;q=0.9', 'zh-CN'], // nothing offered is acceptable → Chinese
    ['en;q=0, zh;q=0.5', 'zh-CN'], // q=0 means "not acceptable"
    ['en;q=0.8', 'en-US'],
    [' en-us ; q=1 , zh ', 'en-US'],
  ] as const)('Accept-Language %j → %s', (header, expected) => {
    expect(normalizeLanguage(header)).toBe(expected);
  });

  // RFC 9110: the highest q wins, whatever the order of the tags.
  it('honours q-values when the first tag is not the preferred one', () => {
    expect(normalizeLanguage('en;q=0.1, zh-CN;q=0.9')).toBe('zh-CN');
  });
});

describe('storageLanguage', () => {
  it('gives the specification spelling kept in localStorage', () => {
    expect(LANGUAGE_STORAGE_KEY).toBe('language');
    expect(storageLanguage('zh-CN')).toBe('zh-cn');
    expect(storageLanguage('en-US')).toBe('en-us');
  });

  it('round-trips with normalizeLanguage', () => {
    for (const language of LANGUAGES) {
      expect(normalizeLanguage(storageLanguage(language))).toBe(language satisfies Language);
    }
    expect(LANGUAGES).toEqual(['zh-CN', 'en-US']);
  });
});
