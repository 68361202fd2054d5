import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { addLocaleFiles, changeLanguage } from './src/app/i18n';
import { configureHttp } from './src/lib/http';

// Pages and menus are lazy chunks that the test transform compiles on first use: on a busy 2-core machine
// the first load has taken over 10 s in a full CI run (antd's menu behind the language switch, while the
// server suites ran beside it), so findBy*/waitFor wait up to 20 s instead of Testing Library's default
// 1 s (the test timeout is 60 s). A real failure still fails; it only takes longer to say so.
configure({ asyncUtilTimeout: 20_000 });

// jsdom lacks the layout APIs antd's responsive helpers call.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }
}

// In the app each page adds its module's texts when its code loads; tests render components directly.
addLocaleFiles(import.meta.glob('./src/locales/*/*.json', { eager: true, import: 'default' }));

beforeEach(async () => {
  if (typeof localStorage !== 'undefined') localStorage.clear();
  await changeLanguage('zh-CN');
  configureHttp({ baseUrl: '', methodOverride: false });
});

afterEach(() => {
  cleanup();
});
