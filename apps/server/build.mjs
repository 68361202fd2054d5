// Bundles the server into dist/main.js (run from apps/server: `npm run build -w @lintel/server`).
// Pure-JavaScript dependencies are bundled in: resolving and loading hundreds of small files was most of
// the cold start. Native addons, and packages that find their own files next to their code at run time,
// stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const RUNTIME_EXTERNAL = [
  'better-sqlite3', // native addon
  '@node-rs/argon2', // native addon
  'sharp', // native addon (libvips), loaded with the first thumbnail
  // Loaded only when S3_* is set (storage/s3.ts imports them on first use): outside the bundle, a server on
  // the local folder never parses their megabyte of code.
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  '@fastify/swagger-ui', // serves its static files from its own folder
  'pg-native', // optional native driver pg tries to load
  // The IFC conversion worker's: web-ifc's emscripten glue loads its .wasm beside itself, and fragments
  // (with three) is megabytes that only the worker thread ever needs to parse.
  '@thatopen/fragments',
  'web-ifc',
];
for (const name of RUNTIME_EXTERNAL) {
  if (name !== 'pg-native' && !pkg.dependencies?.[name])
    throw new Error(`${name} is not a dependency any more`);
}
const external = RUNTIME_EXTERNAL.flatMap((name) => [name, `${name}/*`]);
const buildDate = new Date().toISOString().slice(0, 10);

const result = await build({
  absWorkingDir: root,
  // The IFC conversion runs in a worker thread started from a file of its own (conversion/convert.ts looks
  // for it beside main.js).
  entryPoints: { main: 'src/main.ts', 'conversion-worker': 'src/modules/models/conversion/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  // Whitespace and syntax only: smaller to parse at start, while stack traces keep their function names.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  loader: { '.json': 'json' },
  define: { __LINTEL_BUILD_DATE__: JSON.stringify(buildDate) },
  // ESM output: bundled CommonJS code (if any ever is) still finds require, __filename and __dirname.
  banner: {
    js: [
      "import { createRequire as __lintelCreateRequire } from 'node:module';",
      "import { fileURLToPath as __lintelFileURLToPath } from 'node:url';",
      "import { dirname as __lintelDirname } from 'node:path';",
      'const require = __lintelCreateRequire(import.meta.url);',
      'const __filename = __lintelFileURLToPath(import.meta.url);',
      'const __dirname = __lintelDirname(__filename);',
    ].join('\n'),
  },
});

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `built dist/main.js and dist/conversion-worker.js (${Math.round(bytes / 1024)} KiB with its source map, build date ${buildDate})`,
);
