import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));

export default defineProject({
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
    deps: {
      optimizer: {
        // Every file runs isolated, so it imports React, antd, its icons and rc-* again. Without this, those
        // are thousands of small ES modules that vitest transforms and evaluates one by one in every file;
        // pre-bundled, each is a few large files evaluated at once (docs/decisions.md, issue 15 §1).
        // Everything that imports React must be in the list, or it loads a second React from node_modules;
        // a deep `antd/es/...` path the app imports must be listed too, so it shares antd's instance.
        client: {
          enabled: true,
          include: [
            'react',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
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
            'dayjs',
            'dayjs/locale/zh-cn',
            '@tiptap/react',
            '@tiptap/starter-kit',
            'react-easy-crop',
            'dompurify',
          ],
        },
      },
    },
  },
});
