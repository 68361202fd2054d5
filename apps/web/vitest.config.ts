import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));

/**
 * Libraries pre-bundled for jsdom (vitest's `deps.optimizer.client`). Every web test file runs isolated, so
 * without this each file imports antd, its icons and the rc-* packages again as thousands of small ES
 * modules that vitest transforms and evaluates one by one; pre-bundled, Node loads a few large files
 * (docs/testing.md, "The web pass"). A library the app or a test imports by name must be listed if it
 * imports one that is listed (else it would load its own copy); vitest itself keeps `react` and its JSX
 * runtimes out of the bundle, so there is one React (Node's).
 */
const PREBUNDLED = [
  'react-dom',
  'react-dom/client',
  '@testing-library/react',
  '@testing-library/user-event',
  '@testing-library/dom',
  'react-router',
  'react-i18next',
  'i18next',
  '@tanstack/react-query',
  'antd',
  // Deep antd paths the app imports: listed, so that they share antd's bundle (one locale context).
  'antd/es/form',
  'antd/es/input/Input',
  'antd/es/input/Password',
  'antd/es/locale',
  'antd/es/locale/en_US',
  'antd/es/locale/zh_CN',
  'antd/es/table',
  'antd/es/tooltip/UniqueProvider',
  '@ant-design/cssinjs',
  '@ant-design/icons',
  // dayjs with the locale the app loads and the plugins antd's pickers import: one dayjs for all of them.
  'dayjs',
  'dayjs/locale/zh-cn',
  'dayjs/plugin/advancedFormat',
  'dayjs/plugin/customParseFormat',
  'dayjs/plugin/localeData',
  'dayjs/plugin/weekOfYear',
  'dayjs/plugin/weekYear',
  'dayjs/plugin/weekday',
  '@tiptap/react',
  '@tiptap/starter-kit',
  'react-easy-crop',
  'dompurify',
];

export default defineProject({
  plugins: [
    {
      /**
       * One instance per pre-bundled library. vitest hands the bundles to Node with Vite's `?v=<hash>`
       * query, while one bundle imports another by its bare file name (`antd.js` imports `./dayjs.js`,
       * `dayjs_locale_zh-cn.js` too, `react-i18next.js` imports `./i18next.js`). Node keys modules by URL,
       * query included, so each such library existed twice: the app set the locale on one dayjs and antd's
       * pickers read the other. Without the query every importer gets the same file, hence the same module.
       * (Within a run the bundles never change: vitest pre-bundles once, with discovery off.)
       */
      name: 'lintel:one-instance-per-prebundled-library',
      enforce: 'pre',
      async resolveId(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved?.id.includes('?v=')) return resolved;
        const file = resolved.id.replace(/\?v=\w+$/, '');
        const optimizer = 'depsOptimizer' in this.environment ? this.environment.depsOptimizer : undefined;
        return optimizer?.isOptimizedDepFile(file) ? { ...resolved, id: file } : resolved;
      },
    },
  ],
  resolve: {
    alias: [
      // The app imports antd both as `antd` and by deep `antd/es/...` paths (as the build does): make `antd`
      // the same ES build in tests too, so both share one module instance (contexts such as the locale).
      { find: /^antd$/, replacement: 'antd/es/index.js' },
      // The icons' `node` export is a CommonJS build with only a default export once pre-bundled: use their
      // ES build, as the browser does.
      { find: /^@ant-design\/icons$/, replacement: fromRoot('@ant-design/icons/es/index.js') },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Long flows (add, edit, approve a member) took over 20 s in a loaded CI run: see vitest.setup.ts.
    testTimeout: 60_000,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    deps: { optimizer: { client: { enabled: true, include: PREBUNDLED } } },
  },
});
