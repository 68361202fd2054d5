import { LANGUAGE_STORAGE_KEY } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage, i18n } from '../app/i18n';
import { getHttpConfig } from './http';
import { applyDocumentLanguage, type LanguageStorage, persistLanguage, readStoredLanguage } from './language';

function memoryStorage(initial?: string): LanguageStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  if (initial !== undefined) values.set(LANGUAGE_STORAGE_KEY, initial);
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('stored language', () => {
  it('is Chinese by default', () => {
    expect(readStoredLanguage(memoryStorage())).toBe('zh-CN');
    expect(readStoredLanguage(null)).toBe('zh-CN');
  });

  it('reads the two spellings of the specification, in any case', () => {
    expect(readStoredLanguage(memoryStorage('zh-cn'))).toBe('zh-CN');
    expect(readStoredLanguage(memoryStorage('en-us'))).toBe('en-US');
    expect(readStoredLanguage(memoryStorage('EN-US'))).toBe('en-US');
  });

  it('falls back to Chinese for anything else', () => {
    for (const value of ['', 'en', 'en-GB', 'fr-fr', 'ja', 'english', '{"lang":"en-us"}']) {
      expect(readStoredLanguage(memoryStorage(value))).toBe('zh-CN');
    }
  });

  it('falls back to Chinese when the storage throws', () => {
    const broken: LanguageStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readStoredLanguage(broken)).toBe('zh-CN');
    expect(() => persistLanguage('en-US', broken)).not.toThrow();
  });

  it('is kept under `language` with the specification spelling', () => {
    const storage = memoryStorage();
    persistLanguage('en-US', storage);
    expect(storage.values.get('language')).toBe('en-us');
    persistLanguage('zh-CN', storage);
    expect(storage.values.get('language')).toBe('zh-cn');
  });

  it('sets <html lang>', () => {
    applyDocumentLanguage('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    applyDocumentLanguage('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});

describe('changeLanguage', () => {
  it('switches i18next, stores the choice, updates <html lang> and the Accept-Language of requests', async () => {
    await changeLanguage('en-US');
    expect(currentLanguage()).toBe('en-US');
    expect(i18n.t('common:action.retry')).toBe('Retry');
    expect(localStorage.getItem('language')).toBe('en-us');
    expect(document.documentElement.lang).toBe('en-US');
    expect(getHttpConfig().getLanguage()).toBe('en-US');

    await changeLanguage('zh-CN');
    expect(i18n.t('common:action.retry')).toBe('重试');
    expect(localStorage.getItem('language')).toBe('zh-cn');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(getHttpConfig().getLanguage()).toBe('zh-CN');
  });
});
