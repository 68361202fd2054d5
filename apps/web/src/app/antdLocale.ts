import type { Language } from '@lintel/contracts';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * antd's built-in texts (date pickers, pagination, tables, empty states, modals, form messages) follow the
 * language. English is antd's own default, part of antd's core anyway. The full Chinese set (~2 KB gzip with
 * the date-picker texts) loads with the first page that needs it (see `antdTexts` in routeTypes.ts and the
 * page loaders in router.tsx); until then, on a screen such as the sign-in one, the core set below is used.
 */

/** antd's `global` texts in Chinese (the password field's show / hide labels); equal to antd's zh_CN. */
export const ZH_CN_CORE: Locale = {
  locale: 'zh-cn',
  global: { placeholder: '请选择', close: '关闭', sortable: '可排序', show: '显示', hide: '隐藏' },
};

let zhCN: Locale | null = null;
let loading: Promise<void> | null = null;
/** Sets dayjs's locale (the pickers' month and week names); there once the full texts are. */
let applyDayjsLanguage: ((language: Language) => void) | null = null;
/** The language the app shows, as the provider last rendered it. */
let currentLanguage: Language = 'zh-CN';
const listeners = new Set<() => void>();

/**
 * Loads antd's full Chinese texts and dayjs's Chinese locale once; every ConfigProvider using
 * `useAntdLocale` then switches to them, and date pickers name months and week days in the app's language.
 */
export function loadAntdTexts(): Promise<void> {
  loading ??= Promise.all([import('antd/es/locale/zh_CN'), import('./dayjsLocale')]).then(
    ([texts, dayjsLocale]) => {
      zhCN = texts.default;
      applyDayjsLanguage = dayjsLocale.applyDayjsLanguage;
      applyDayjsLanguage(currentLanguage);
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = null; // the next page asking for them tries again
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getZhCN = () => zhCN;

/** The antd locale for `language`: the full set when loaded, the core set otherwise. */
export function useAntdLocale(language: Language): Locale {
  const full = useSyncExternalStore(subscribe, getZhCN, getZhCN);
  useEffect(() => {
    currentLanguage = language;
    applyDayjsLanguage?.(language);
  }, [language]);
  if (language === 'en-US') return enUS;
  return full ?? ZH_CN_CORE;
}
