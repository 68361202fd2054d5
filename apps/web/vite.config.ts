import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  fragmentsWorkerWithoutWebIfc,
  pureThatOpenClasses,
  viewerModulePreload,
  webIfcOutOfTheBrowser,
} from './vite.viewer';

/**
 * antd's ConfigProvider imports the tooltip UniqueProvider statically for its `tooltip={{ unique: true }}`
 * option, which this app does not use; with it comes the whole popup engine of @rc-component/trigger (~7 KB
 * gzip) on every screen, the sign-in screen included, which has no popup. This swaps that one import (only
 * ConfigProvider's) for src/app/antdUniqueProvider.tsx, which loads the same component on first use: the
 * option still works, and the popup code comes with the first dropdown or tooltip instead.
 * Tests (vitest) run antd unchanged.
 */
function deferAntdUniqueProvider(): Plugin {
  const replacement = fileURLToPath(new URL('./src/app/antdUniqueProvider.tsx', import.meta.url));
  return {
    name: 'lintel:defer-antd-unique-provider',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../tooltip/UniqueProvider' || !importer) return null;
      return /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer) ? replacement : null;
    },
  };
}

/**
 * Parts of antd components that only some uses of them show, imported statically by the component, so that
 * every route with the component paid for them. Each is swapped (only for the one importer named) for a
 * stand-in that loads the same module on first render; props, exports and behaviour stay antd's:
 * - Result's three illustrations (403, 404, 500: ~8 KB gzip) show only on an error screen, yet every route
 *   whose page or layout can show a Result (the workbench frame, for one) loaded them.
 * - Table's filter dropdown brings Tree, Menu, Radio, Checkbox and the filter search (~15 KB gzip) for
 *   columns with `filters`, which no table of ours has; every route with a table loaded it. Until it is
 *   there, a filtered column shows its title alone.
 * - Tabs' "more" button (a Dropdown with a Menu of the tabs that do not fit: @rc-component's menu, overflow
 *   and dropdown, ~15 KB gzip) shows only when the tabs overflow their bar; every route with tabs loaded it.
 *   It loads when a tab is hidden; React 19 passes `ref` as a prop, so the tab bar measures the button once
 *   it is there (on the resize of the bar that the button's arrival causes).
 * - A date picker's popup (the calendar panels, the presets and the footer: ~12 KB gzip) shows only once the
 *   picker is opened; every form and filter bar with a date loaded it. On the first opening the popup is
 *   empty for the moment the panels take to arrive, then aligns to its content as it does on any resize.
 * - Table's row selection imports Dropdown (and with it Menu, its overflow and popup code: ~25 KB gzip) for the
 *   `selections` menu beside the select-all box, which no table of ours has; every route with a table loaded
 *   it. Until it is there, that menu's trigger shows alone.
 * - TreeSelect's drop-down list is rc-tree (the tree, its nodes, drag and drop, virtual list: ~20 KB gzip), shown
 *   only once the select is opened; every route with a unit filter or a unit field loaded it. On the first
 *   opening the popup is empty for the moment the tree takes to arrive (keys typed meanwhile only search).
 * - Upload's file list (its items, their progress bars and motion) renders only with `showUploadList`, which
 *   none of our uploads turns on; every form with a picture or an attachment field loaded it.
 * - Pagination's page-size changer is a Select (rc-select, its virtual list and overflow: ~35 KB gzip), shown
 *   only on lists with `showSizeChanger`; routes whose only select it is loaded it with their table. It now
 *   comes right after the table's first render: the pager is there at once, the changer a moment later.
 * - Image's preview (the full-screen viewer with its zoom, rotation and keyboard handling) is mounted, closed,
 *   beside every previewable image; it loads when a preview is first opened and stays mounted after (so the
 *   closing animation plays), the thumbnails show at once.
 * Tests (vitest) run antd unchanged.
 */
const DEFERRED_ANTD: Array<{
  importer: RegExp;
  source: string;
  /** The file `source` names, relative to the importer, when it is not `${source}.js`. */
  file?: string;
  fallback: 'null' | 'children';
  /**
   * A condition on `props` under which the part is needed (else its fallback shows and nothing loads). Once
   * true it stays so for that instance: a dialog-like part keeps its closing animation and state.
   */
  when?: string;
  extra?: string;
}> = [
  ...['./noFound', './serverError', './unauthorized'].map((source) => ({
    importer: /[\\/]antd[\\/]es[\\/]result[\\/]index\.js$/,
    source,
    fallback: 'null' as const,
  })),
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    source: './FilterDropdown',
    fallback: 'children',
    // The one other export useFilter takes from FilterDropdown.js, copied so the module is not needed.
    extra: `export function flattenKeys(filters) {
  let keys = [];
  (filters || []).forEach(({ value, children }) => {
    keys.push(value);
    if (children) keys = [...keys, ...flattenKeys(children)];
  });
  return keys;
}`,
  },
  {
    importer: /[\\/]@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]index\.js$/,
    source: './OperationNode',
    fallback: 'null',
    // Rendered always, hidden while every tab fits: needed once tabs are hidden (or tabs can be added).
    when: 'props.tabs.length > 0 || Boolean(props.editable)',
  },
  {
    importer: /[\\/]@rc-component[\\/]picker[\\/]es[\\/]PickerInput[\\/](SinglePicker|RangePicker)\.js$/,
    source: './Popup',
    file: './Popup/index.js',
    fallback: 'null',
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    source: '../../dropdown',
    file: '../../dropdown/index.js',
    fallback: 'children',
  },
  {
    importer: /[\\/]@rc-component[\\/]tree-select[\\/]es[\\/]TreeSelect\.js$/,
    source: './OptionList',
    fallback: 'null',
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]upload[\\/]Upload\.js$/,
    source: './UploadList',
    file: './UploadList/index.js',
    fallback: 'null',
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/,
    source: '../select',
    file: '../select/index.js',
    fallback: 'null',
  },
  {
    importer: /[\\/]@rc-component[\\/]image[\\/]es[\\/](Image|PreviewGroup)\.js$/,
    source: './Preview',
    file: './Preview/index.js',
    fallback: 'null',
    when: 'props.open',
  },
];

/**
 * antd's Radio.Group takes one small function, `toNamePathStr` (a field name joined with `_`, for its default
 * `name`), from the form's `useForm` hook module, which imports rc-field-form's form store and
 * scroll-into-view (~8 KB gzip): every route with a table (its selection column can be radios) or a radio
 * group loaded them without a form. This gives that one importer the same function (copied from antd 6's
 * form/hooks/useForm.js and form/util.js) in a module of its own; routes with a Form load the hook as before.
 */
const RADIO_NAME_PATH = '\0lintel:antd-radio-name-path';

function antdRadioNamePathAlone(): Plugin {
  return {
    name: 'lintel:antd-radio-name-path-alone',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../form/hooks/useForm' || !importer) return null;
      return /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/.test(importer) ? RADIO_NAME_PATH : null;
    },
    load(id) {
      if (id !== RADIO_NAME_PATH) return null;
      return `export function toNamePathStr(name) {
  const namePath = name === undefined || name === false ? [] : Array.isArray(name) ? name : [name];
  return namePath.join('_');
}`;
    },
  };
}

/**
 * Button's and Tag's style tokens take one small function, `isBright`, from the colour picker's preset panel,
 * whose module imports Collapse: every screen with a button reached Collapse statically, so it counted as
 * part of the first screen's code (the `app` chunk below) although nothing there renders it. This gives
 * those two importers the same function (copied from antd 6's ColorPresets.js) in a module of its own.
 */
const IS_BRIGHT = '\0lintel:antd-is-bright';

function antdIsBrightAlone(): Plugin {
  return {
    name: 'lintel:antd-is-bright-alone',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../../color-picker/components/ColorPresets' || !importer) return null;
      return /[\\/]antd[\\/]es[\\/](button|tag)[\\/]style[\\/](token|index)\.js$/.test(importer)
        ? IS_BRIGHT
        : null;
    },
    load(id) {
      if (id !== IS_BRIGHT) return null;
      return `import { Color as RcColor } from '@rc-component/color-picker';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;
    },
  };
}

function deferAntdParts(): Plugin {
  const prefix = '\0lintel-deferred:';
  return {
    name: 'lintel:defer-antd-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || importer.startsWith(prefix)) return null;
      const part = DEFERRED_ANTD.find((item) => item.source === source && item.importer.test(importer));
      if (!part) return null;
      const target = fileURLToPath(new URL(part.file ?? `${source}.js`, `file://${importer}`));
      return `${prefix}${DEFERRED_ANTD.indexOf(part)}:${target}`;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const [index, ...rest] = id.slice(prefix.length).split(':');
      const part = DEFERRED_ANTD[Number(index)];
      if (!part) return null;
      const target = rest.join(':');
      return `import { createElement, lazy, Suspense, useRef } from 'react';
const Loaded = lazy(() => import(${JSON.stringify(target)}));
export default function Deferred(props) {
  const fallback = ${part.fallback === 'children' ? 'props.children' : 'null'};
  const wanted = useRef(false);
  if (${part.when ?? 'true'}) wanted.current = true;
  if (!wanted.current) return fallback;
  return createElement(Suspense, { fallback }, createElement(Loaded, props));
}
${part.extra ?? ''}`;
    },
  };
}

/**
 * react-router 7 ships two builds that differ in one constant, `ENABLE_DEV_WARNINGS` (console warnings for
 * developers and the "Hey developer" text of its default error page), and its package exports name only
 * `dist/development`. The browser build takes `dist/production` instead (~0.5 KB gzip on every screen).
 * Tests and the dev server keep the development build and its warnings.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'lintel:react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const development = /([\\/]react-router[\\/]dist[\\/])development([\\/]index\.mjs)$/;
      if (!resolved || !development.test(resolved.id))
        throw new Error(`react-router resolved to ${resolved?.id}: see reactRouterProductionBuild`);
      const production = resolved.id.replace(development, '$1production$2');
      if (!existsSync(production)) throw new Error(`react-router has no ${production}`);
      return { ...resolved, id: production };
    },
  };
}

/**
 * `use-sync-external-store/shim` (imported by react-i18next on every screen, and by tiptap) is React's hook
 * for React < 18: on React 18 and later it returns `React.useSyncExternalStore` itself and its own code
 * never runs. The browser build imports React's hook directly (~0.7 KB gzip on every screen).
 */
function syncExternalStoreFromReact(): Plugin {
  const virtual = '\0lintel:use-sync-external-store-shim';
  return {
    name: 'lintel:use-sync-external-store-from-react',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!/^use-sync-external-store\/shim(\/index\.js)?$/.test(source)) return null;
      // The package's own CommonJS files (with-selector) keep requiring the real module.
      if (!importer || /[\\/]use-sync-external-store[\\/]/.test(importer)) return null;
      return virtual;
    },
    load(id) {
      return id === virtual ? "export { useSyncExternalStore } from 'react';" : null;
    },
  };
}

/** A node of the ESTree AST `this.parse` gives, as far as `pureContractConstants` reads it. */
interface AstNode {
  type: string;
  start: number;
  end: number;
}

const isAstNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** Whether evaluating `node` may run code (a call, a property read that may hit a getter, a class…). */
function mayRunCode(node: AstNode): boolean {
  if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') return false;
  if (/^(Call|New|TaggedTemplate|Member|Chain|Class|Await|Yield|Update|Assignment|Import)/.test(node.type))
    return true;
  return Object.values(node).some((value) =>
    Array.isArray(value)
      ? value.some((item) => isAstNode(item) && mayRunCode(item))
      : isAstNode(value) && mayRunCode(value),
  );
}

/**
 * @lintel/contracts is schemas, constants and pure functions, shared with the server. A module of it that
 * the web needs one constant from (LOGIN_ERROR on the sign-in screen) would otherwise bring every other
 * top-level constant of that module along, with zod (~25 KB gzip): the bundler cannot know that
 * `z.object(…)`, `userSchema.extend(…)` or `nameSchema.optional()` have no side effects. This marks each
 * top-level `const` initializer of the contracts that may run code as a pure call,
 * `/* @__PURE__ *\/ (() => (init))()`, so an unused one is dropped with what only it uses; a used one is
 * evaluated exactly as before. Build only: tests and the dev server load the contracts unchanged. (A
 * contracts constant kept for a side effect of its initializer would lose it here; the contracts have
 * none, and must not: see their `"sideEffects": false`.)
 */
function pureContractConstants(): Plugin {
  const contractsSource = /[\\/]packages[\\/]contracts[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;
  return {
    name: 'lintel:pure-contract-constants',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!contractsSource.test(id)) return null;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const inserts: Array<[at: number, text: string]> = [];
      for (const statement of program.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration'
            ? (statement as AstNode & { declaration: AstNode | null }).declaration
            : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        const variables = declaration as AstNode & {
          kind: string;
          declarations: Array<{ init: AstNode | null }>;
        };
        if (variables.kind !== 'const') continue;
        for (const { init } of variables.declarations) {
          if (!init || !mayRunCode(init)) continue;
          inserts.push([init.start, '/* @__PURE__ */ (() => ('], [init.end, '))()']);
        }
      }
      if (inserts.length === 0) return null;
      let out = code;
      for (const [at, text] of inserts.sort((a, b) => b[0] - a[0]))
        out = out.slice(0, at) + text + out.slice(at);
      // Insertions only, on the first and last line of an initializer: the lines between keep their
      // positions, so the incoming source map stays valid enough (`map: null` keeps it).
      return { code: out, map: null };
    },
  };
}

/**
 * Chunks. Pages are split per route (lazy routes in src/app/router.tsx). On top of that the libraries
 * every screen needs are grouped into a few long-lived vendor chunks, so a deploy that only changes app
 * code keeps them cached. antd is deliberately not grouped: its components split along the pages that use
 * them, which keeps the JS of /login small (no tables, no empty states, no cards of other pages).
 */
const VENDOR_GROUPS: Array<{ name: string; test: RegExp }> = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'data',
    // Infinite queries (one list of the system page) go with the pages that use them, not with every screen.
    test: /[\\/]node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/](?!.*[\\/](infiniteQueryObserver|useInfiniteQuery)\.js$)/,
  },
];

// The viewer route's chunks are preloaded as one wave; no other route gets a preload list (vite.viewer.ts).
const viewerPreload = viewerModulePreload();

export default defineConfig({
  plugins: [
    viewerPreload.plugin,
    deferAntdUniqueProvider(),
    deferAntdParts(),
    antdIsBrightAlone(),
    antdRadioNamePathAlone(),
    reactRouterProductionBuild(),
    syncExternalStoreFromReact(),
    pureContractConstants(),
    webIfcOutOfTheBrowser(),
    pureThatOpenClasses(),
    react(),
  ],
  // The viewer's fragments worker is bundled and minified like our code, without web-ifc (vite.viewer.ts).
  worker: { format: 'es', plugins: () => [fragmentsWorkerWithoutWebIfc()] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    // No preload map for pages in general: Vite would list every lazy page's dependency files in the entry
    // chunk, so /login (budget 180 KB gzip JS) grew with each page added anywhere. Only the viewer's
    // dynamic imports get their lists (its page is six import levels deep), in the chunk that imports it.
    modulePreload: viewerPreload.options,
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The rc-components antd builds on have no import-time effects: declaring them side-effect free lets
        // the bundler drop what is not used (most of rc-field-form) instead of shipping it on every screen.
        // (@lintel/contracts declares `"sideEffects": false` itself; its unused constants go through
        // `pureContractConstants` above.)
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            ...VENDOR_GROUPS.map((group, index) => ({
              ...group,
              priority: VENDOR_GROUPS.length - index + 1,
            })),
            // Everything else the entry imports statically (the shell, antd's core, the route table, the
            // http client…) runs on every screen: one chunk, instead of one per set of pages that share a
            // module (~12 files on /login, each compressed on its own). No route loads more code for it.
            { name: 'app', tags: ['$initial' as const], priority: 1 },
          ],
        },
      },
    },
  },
});
