import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
    test: /[\\/]node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The shared contracts are schemas, constants and pure functions, and the rc-components antd builds
        // on have no import-time effects: declaring both side-effect free lets the bundler drop what is not
        // used (zod entirely, most of rc-field-form) instead of shipping it on every screen.
        // `z` calls are declared pure too, so a contracts module the web needs one constant from
        // (LOGIN_ERROR, FALLBACK_COUNTRY_CODES) does not drag its unused schemas and zod along.
        // (The web validates nothing with zod at run time; a `z.config(...)` for its side effect would be
        // dropped here.)
        manualPureFunctions: ['z'],
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS.map((group, index) => ({ ...group, priority: VENDOR_GROUPS.length - index })),
        },
      },
    },
  },
});
