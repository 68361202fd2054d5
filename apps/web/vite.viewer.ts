// Build plugins of the model viewer: the browser gets That Open's viewer without web-ifc, the IFC parser.
// The server converts IFC to fragments (apps/server/src/modules/models/conversion); the browser only reads
// fragments, yet @thatopen/components and @thatopen/fragments import web-ifc (for their IfcLoader and
// IfcImporter, which this app never calls) and the prebuilt fragments worker carries web-ifc's schema
// classes inlined. Together that was ~0.9 MB of gzip JavaScript on the viewer route. See docs/decisions.md
// ("BIM models", issue 15).
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The module that stands in for `web-ifc` in the browser build (a virtual module, built from web-ifc). */
const WEB_IFC_STAND_IN = '\0lintel:web-ifc-browser';

/** The prebuilt fragments worker (`@thatopen/fragments/worker`), one self-contained ES module. */
const FRAGMENTS_WORKER = /[\\/]@thatopen[\\/]fragments[\\/]dist[\\/]Worker[\\/]worker\.mjs$/;

/**
 * The text of the stand-in for web-ifc, made from the pinned web-ifc's own browser build so it never
 * drifts from it: every numeric constant it exports (the IFC class ids such as IFCWALL, which
 * @thatopen's classification tables read at import time; the tape token types; FILE_NAME…) with its value,
 * its plain enums (LogLevel, Schemas, logical) as they are, and for everything else (IfcAPI, the schema
 * classes IFC2X3 / IFC4 / IFC4X3, Properties…) an object that throws a clear error when called,
 * constructed or read through. Nothing in the viewer reaches those: a throw here means some code tried
 * to parse IFC in the browser, which must go through the server instead.
 */
export function webIfcStandIn(source: string): string {
  const exported = /^export \{([^}]*)\};?\s*$/m.exec(source);
  if (!exported?.[1]) throw new Error('web-ifc stand-in: no export list in web-ifc-api.js');
  const names = exported[1]
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [local, as] = item.split(/\s+as\s+/);
      return { local: local as string, name: (as ?? local) as string };
    });
  const lines = [
    '// Stand-in for web-ifc in the browser build (apps/web/vite.viewer.ts): constants and enums only.',
    'const unavailable = (path) =>',
    '  new Proxy(function () {}, {',
    '    get(_target, key) {',
    "      if (typeof key === 'symbol' || key === 'then' || key === 'toJSON') return undefined;",
    "      return unavailable(path + '.' + key);",
    '    },',
    '    apply() {',
    "      throw new Error('web-ifc is not part of the browser build (' + path + '): IFC is converted on the server');",
    '    },',
    '    construct() {',
    "      throw new Error('web-ifc is not part of the browser build (' + path + '): IFC is converted on the server');",
    '    },',
    '  });',
  ];
  for (const { local, name } of names) {
    const constant = new RegExp(`^var ${local} = (-?\\d+(?:\\.\\d+)?);$`, 'm').exec(source);
    if (constant) {
      lines.push(`export const ${name} = ${constant[1]};`);
      continue;
    }
    // `var X = /* @__PURE__ */ ((X2) => { X2[X2["A"] = 1] = "A"; … return X2; })(X || {});` with literals only.
    const enumeration = new RegExp(
      `^var ${local} = /\\* @__PURE__ \\*/ \\(\\((${local}2)\\) => \\{\\n((?:  \\1(?:\\[\\1\\["\\w+"\\] = \\d+\\] = "\\w+"|\\["\\w+"\\] = "\\w+");\\n)+)  return \\1;\\n\\}\\)\\(${local} \\|\\| \\{\\}\\);$`,
      'm',
    ).exec(source);
    if (enumeration) {
      lines.push(`export const ${name} = /* @__PURE__ */ ((${enumeration[1]}) => {`);
      lines.push(`${enumeration[2]}  return ${enumeration[1]};`);
      lines.push('})({});');
      continue;
    }
    lines.push(`export const ${name} = /* @__PURE__ */ unavailable(${JSON.stringify(name)});`);
  }
  // The schema namespaces (IFC4X3.IfcLengthMeasure…), which fragments' IfcImporter reads as `WEBIFC[schema]`.
  for (const schema of ['IFC2X3', 'IFC4', 'IFC4X3']) {
    if (!names.some((item) => item.name === schema))
      lines.push(`export const ${schema} = /* @__PURE__ */ unavailable(${JSON.stringify(schema)});`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Modules That Open's bundles import for features the viewer does not have, each with the names they
 * import from it: three's WebGPU renderer and its shading language (the GPU clash detector and edge
 * projector of @thatopen/components: ~580 KB minified) and the TrueType loader with its font parser (the 2D
 * drawing editor's text: ~170 KB). In the browser build they are stand-ins that throw if ever called. A
 * new version importing another name from them fails the build (missing export) instead of breaking.
 */
const FEATURES_NOT_IN_THE_VIEWER: Record<string, string[]> = {
  'three/webgpu': ['WebGPURenderer'],
  'three/tsl': [
    'instancedArray',
    'Fn',
    'instanceIndex',
    'mat4',
    'Loop',
    'int',
    'vec3',
    'vec4',
    'float',
    'cross',
    'If',
    'Continue',
    'max',
    'min',
    'normalize',
    'select',
    'abs',
    'mix',
    'uint',
    'atomicAdd',
  ],
  'three/examples/jsm/loaders/TTFLoader.js': ['TTFLoader'],
};

/** That Open's prebuilt bundles (see `pureThatOpenClasses`). */
const THAT_OPEN_BUNDLES =
  /[\\/]@thatopen[\\/](components[\\/]dist[\\/]index\.mjs|components-front[\\/]dist[\\/]index\.js|fragments[\\/]dist[\\/]index\.mjs)$/;

/**
 * `import … from 'web-ifc'` in the browser build gives the stand-in above instead of web-ifc (~3.4 MB
 * minified), and the modules of FEATURES_NOT_IN_THE_VIEWER imported by That Open's bundles give stand-ins
 * too. Build only: the dev server and the tests keep the real packages (tests never load the engine).
 */
export function webIfcOutOfTheBrowser(): Plugin {
  let standIn: string | null = null;
  return {
    name: 'lintel:web-ifc-out-of-the-browser',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith('\0lintel:')) return null;
      if (FEATURES_NOT_IN_THE_VIEWER[source] && THAT_OPEN_BUNDLES.test(importer.split('?')[0] as string))
        return `\0lintel:not-in-the-viewer:${source}`;
      if (source !== 'web-ifc') return null;
      if (standIn === null) {
        const real = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!real) throw new Error('web-ifc stand-in: cannot resolve web-ifc');
        standIn = webIfcStandIn(readFileSync(real.id.split('?')[0] as string, 'utf8'));
      }
      return WEB_IFC_STAND_IN;
    },
    load(id) {
      if (id === WEB_IFC_STAND_IN) return standIn;
      const prefix = '\0lintel:not-in-the-viewer:';
      if (!id.startsWith(prefix)) return null;
      const source = id.slice(prefix.length);
      return [
        `// Stand-in for ${source} in the browser build (apps/web/vite.viewer.ts): not a viewer feature.`,
        'const unavailable = (name) => {',
        `  const fail = () => { throw new Error(\`\${name} (${source}) is not part of the viewer build\`); };`,
        '  return new Proxy(function () {}, { apply: fail, construct: fail, get: fail });',
        '};',
        ...(FEATURES_NOT_IN_THE_VIEWER[source] ?? []).map(
          (name) => `export const ${name} = /* @__PURE__ */ unavailable(${JSON.stringify(name)});`,
        ),
      ].join('\n');
    },
  };
}

/** A node of the ESTree AST `this.parse` gives, as far as this file reads it. */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isAstNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** Every identifier `node` reads or writes (not property names, not a bare `var x;` declaration). */
function identifiersIn(node: AstNode, into: Set<string>): Set<string> {
  if (node.type === 'Identifier') into.add(node.name as string);
  for (const [key, value] of Object.entries(node)) {
    if (node.type === 'MemberExpression' && key === 'property' && !node.computed) continue;
    if ((node.type === 'Property' || node.type.endsWith('Definition')) && key === 'key' && !node.computed)
      continue;
    if (node.type === 'VariableDeclarator' && key === 'id' && !node.init) continue;
    if (Array.isArray(value)) for (const item of value) isAstNode(item) && identifiersIn(item, into);
    else if (isAstNode(value)) identifiersIn(value, into);
  }
  return into;
}

/** The names a top-level statement declares or assigns (`var X = …`, `class X`, `X = …`, `X[1] = …`). */
function namesBoundBy(statement: AstNode): string[] {
  if (statement.type === 'VariableDeclaration')
    return (statement.declarations as Array<{ id: AstNode }>).map((item) => item.id.name as string);
  if (statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration')
    return [(statement.id as AstNode).name as string];
  if (statement.type === 'ExpressionStatement') {
    let target = statement.expression as AstNode;
    while (target.type === 'SequenceExpression') target = (target.expressions as AstNode[])[0] as AstNode;
    if (target.type !== 'AssignmentExpression') return [];
    let left = target.left as AstNode;
    while (left.type === 'MemberExpression') left = left.object as AstNode;
    return left.type === 'Identifier' ? [left.name as string] : [];
  }
  return [];
}

/**
 * The prebuilt fragments worker (@thatopen/fragments 3.4.x) inlines web-ifc's schema (the IFC2X3 / IFC4 /
 * IFC4X3 classes, their initialisers and web-ifc's logger: ~840 KB minified) although nothing in the
 * worker uses it. This removes that run of top-level statements — from `var Handle = class` to the
 * `document.currentScript` probe after web-ifc's logger — after checking that no other statement of the
 * worker names anything they declare; the build fails (rather than ship a broken worker) if a new
 * version of the worker is laid out otherwise. The worker is then bundled and minified like our code.
 */
export function fragmentsWorkerWithoutWebIfc(): Plugin {
  return {
    name: 'lintel:fragments-worker-without-web-ifc',
    transform(code, id) {
      if (!FRAGMENTS_WORKER.test(id.split('?')[0] as string)) return null;
      const fail = (why: string): never => {
        throw new Error(
          `fragments worker: ${why}; see fragmentsWorkerWithoutWebIfc in apps/web/vite.viewer.ts`,
        );
      };
      const body = (this.parse(code) as unknown as { body: AstNode[] }).body;
      const first = body.findIndex((statement) => namesBoundBy(statement)[0] === 'Handle');
      if (first < 0) fail('no `var Handle = class` (web-ifc) found');
      const logger = body.findIndex(
        (statement, index) => index > first && namesBoundBy(statement)[0] === '_c',
      );
      const probe = body[logger + 1];
      if (
        logger < 0 ||
        probe?.type !== 'IfStatement' ||
        !code.slice(probe.start, probe.end).includes('document.currentScript')
      )
        fail("web-ifc's logger and script probe not found after its schema");
      const last = logger + 1;
      const removed = body.slice(first, last + 1);
      const declared = new Set(removed.flatMap(namesBoundBy));
      for (const schema of ['IFC2X3', 'IFC4', 'IFC4X3', 'TypeInitialisers'])
        if (!declared.has(schema)) fail(`web-ifc's ${schema} is not where it was`);
      const usedElsewhere = new Set<string>();
      for (const statement of [...body.slice(0, first), ...body.slice(last + 1)])
        identifiersIn(statement, usedElsewhere);
      const still = [...declared].filter((name) => usedElsewhere.has(name));
      if (still.length > 0) fail(`the worker uses ${still.join(', ')} of web-ifc`);
      const from = (body[first] as AstNode).start;
      const to = (body[last] as AstNode).end;
      return { code: `${code.slice(0, from)}${code.slice(to)}`, map: null };
    },
  };
}

/** `helper(X, "key", value)` (or several, comma-separated) that sets static fields of class X. */
function isStaticFieldStatement(statement: AstNode, className: string): boolean {
  if (statement.type !== 'ExpressionStatement') return false;
  const expression = statement.expression as AstNode;
  const calls =
    expression.type === 'SequenceExpression' ? (expression.expressions as AstNode[]) : [expression];
  return calls.every((call) => {
    if (call.type !== 'CallExpression' || (call.callee as AstNode).type !== 'Identifier') return false;
    const [target, key] = call.arguments as AstNode[];
    return (
      target?.type === 'Identifier' &&
      target.name === className &&
      key?.type === 'Literal' &&
      typeof key.value === 'string'
    );
  });
}

/**
 * The class a top-level statement declares, as `class X {}`, or `const …, X = class … {}` (its last
 * declarator), with the range of the class itself; or null.
 */
function classDeclaredBy(statement: AstNode): { name: string; node: AstNode; whole: boolean } | null {
  if (statement.type === 'ClassDeclaration') {
    const name = (statement.id as AstNode | null)?.name as string | undefined;
    return name ? { name, node: statement, whole: true } : null;
  }
  if (statement.type !== 'VariableDeclaration' || statement.kind === 'var') return null;
  const last = (statement.declarations as Array<{ id: AstNode; init: AstNode | null }>).at(-1);
  if (last?.id.type !== 'Identifier' || last.init?.type !== 'ClassExpression') return null;
  return { name: last.id.name as string, node: last.init, whole: false };
}

/** `var M = { exports: {} };`: the module object of an inlined CommonJS library. */
function commonJsModuleDeclaredBy(statement: AstNode): string | null {
  if (statement.type !== 'VariableDeclaration') return null;
  const declarations = statement.declarations as Array<{ id: AstNode; init: AstNode | null }>;
  const [only] = declarations;
  if (declarations.length !== 1 || !only || only.id.type !== 'Identifier') return null;
  const properties = only.init?.type === 'ObjectExpression' ? (only.init.properties as AstNode[]) : [];
  const [exportsProperty] = properties;
  const value = exportsProperty?.value as AstNode | undefined;
  return properties.length === 1 &&
    (exportsProperty?.key as AstNode | undefined)?.name === 'exports' &&
    value?.type === 'ObjectExpression' &&
    (value.properties as AstNode[]).length === 0
    ? (only.id.name as string)
    : null;
}

/** `(function (module, exports) {…})(M)` or `(…)(M, M.exports)`: the wrapper that fills module M. */
function isCommonJsWrapperCall(statement: AstNode, name: string): boolean {
  if (statement.type !== 'ExpressionStatement') return false;
  const call = statement.expression as AstNode;
  if (call.type !== 'CallExpression' || (call.callee as AstNode).type !== 'FunctionExpression') return false;
  const args = call.arguments as AstNode[];
  return (
    args.length > 0 &&
    args.every(
      (arg) =>
        (arg.type === 'Identifier' && arg.name === name) ||
        (arg.type === 'MemberExpression' &&
          (arg.object as AstNode).type === 'Identifier' &&
          (arg.object as AstNode).name === name &&
          (arg.property as AstNode).name === 'exports'),
    )
  );
}

/**
 * That Open ships prebuilt bundles in which each class's static fields (`static uuid = "…"`, by which
 * `components.get(X)` finds a component) became calls after the class: `__publicField(X, "uuid", "…")`.
 * A bundler must keep such a call, so every class of the library stayed in the viewer, whether used or
 * not, with all it imports (the 2D drawing editor with a font parser, the clash detector with three's WebGPU
 * renderer, the IFC importer…). This folds each class with the static-field calls right after it into one
 * pure expression: `const X = /* @__PURE__ *\/ (() => { class X {…} helper(X, …); return X; })();`, which is
 * evaluated exactly as before when X is used and dropped with what only it uses when not. Build only.
 */
export function pureThatOpenClasses(): Plugin {
  return {
    name: 'lintel:pure-that-open-classes',
    apply: 'build',
    transform(original, id) {
      if (!THAT_OPEN_BUNDLES.test(id.split('?')[0] as string)) return null;
      // FragmentsModels falls back to the unmodified worker (3.2 MB, with web-ifc) when given no worker URL,
      // which made the build emit that file too; the viewer always passes its own (createViewer.ts).
      const code = original.replace(
        'workerURL ?? new URL("./Worker/worker.mjs", import.meta.url).href',
        'workerURL ?? (() => { throw new Error("FragmentsModels needs the worker URL (see createViewer.ts)"); })()',
      );
      const body = (this.parse(code) as unknown as { body: AstNode[] }).body;
      const edits: Array<{ from: number; to: number; text: string }> = [];
      for (let index = 0; index < body.length; index++) {
        const declared = classDeclaredBy(body[index] as AstNode);
        if (!declared) continue;
        const { name, node, whole } = declared;
        let last = index;
        while (body[last + 1] && isStaticFieldStatement(body[last + 1] as AstNode, name)) last++;
        if (last === index) continue;
        const calls = { from: (body[index + 1] as AstNode).start, to: (body[last] as AstNode).end };
        const callsText = code.slice(calls.from, calls.to);
        const classText = code.slice(node.start, node.end);
        const wrap = (inner: string) =>
          `/* @__PURE__ */ (() => {\n${inner}\n${callsText}\nreturn ${name};\n})()`;
        if (whole) {
          edits.push({ from: node.start, to: calls.to, text: `const ${name} = ${wrap(classText)};` });
        } else {
          // `const a = 1, X = class {…};` keeps its other declarators: only the class is wrapped.
          edits.push({ from: node.start, to: node.end, text: wrap(`const ${name} = ${classText};`) });
          edits.push({ from: calls.from, to: calls.to, text: '' });
        }
        index = last;
      }
      // `var M = { exports: {} }; (function (module, exports) {…})(M);`: a CommonJS library (JSZip) inlined
      // with the wrapper its bundler wrote; the same pure fold keeps it only where it is used.
      for (let index = 0; index + 1 < body.length; index++) {
        const name = commonJsModuleDeclaredBy(body[index] as AstNode);
        const call = body[index + 1] as AstNode;
        if (!name || !isCommonJsWrapperCall(call, name)) continue;
        const text = code.slice(call.start, call.end);
        // Usually followed by `var E = M.exports;`, a property read the bundler must keep: folded in too
        // when M is named nowhere else.
        const next = body[index + 2] as AstNode | undefined;
        const exportsOf =
          next && code.slice(next.start, next.end).match(new RegExp(`^var ([\\w$]+) = ${name}\\.exports;$`));
        const mentions = code.match(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'));
        const folded = exportsOf && next && mentions?.length === 3;
        edits.push({
          from: (body[index] as AstNode).start,
          to: folded ? next.end : call.end,
          text: `var ${folded ? exportsOf[1] : name} = /* @__PURE__ */ (() => {\nconst ${name} = { exports: {} };\n${text}\nreturn ${name}${folded ? '.exports' : ''};\n})();`,
        });
        index += folded ? 2 : 1;
      }
      if (edits.length === 0 && code === original) return null;
      let out = code;
      for (const edit of edits.sort((x, y) => y.from - x.from))
        out = out.slice(0, edit.from) + edit.text + out.slice(edit.to);
      return { code: out, map: null };
    },
  };
}

/** The viewer's modules: a dynamic import of one of them gets its whole static graph preloaded at once. */
const VIEWER_SOURCE = /[\\/]src[\\/]modules[\\/]models[\\/]viewer[\\/]/;

/**
 * Module preloading for the viewer route only (`build.modulePreload` in vite.config.ts). The app builds
 * without a preload map (see "Web" in docs/decisions.md): a lazy page then finds its imports one level at
 * a time, each wave only after the previous file arrived and ran. The viewer's page is six levels deep
 * (the page, the workbench layout, antd's components, their helpers…), which cost ~0.9 s of waiting before
 * the page could even ask for its project; the engine (three, That Open) and the tools came after that.
 * With this, a dynamic import of a viewer module (the route's page, the engine, the tools) lists its whole
 * static graph, and Vite's helper asks for all of it at once (`<link rel="modulepreload">`). Every other
 * dynamic import keeps its empty list, so no other chunk grows; the entry's own imports are preloaded from
 * index.html (they load on every page anyway, now without waiting for the entry to be parsed).
 *
 * `resolveDependencies` only sees file names; the chunks' modules are read in `generateBundle` (order
 * 'pre', before Vite's import analysis writes the lists). The build fails if no viewer import got its
 * list, so a rename cannot silently undo this.
 */
export function viewerModulePreload(): {
  options: { polyfill: false; resolveDependencies: ResolveDependencies };
  plugin: Plugin;
} {
  const viewerChunks = new Set<string>();
  /** The entry's static graph: loaded (and preloaded from index.html) before any route, never listed again. */
  const withTheEntry = new Set<string>();
  let listed = 0;
  const resolveDependencies: ResolveDependencies = (filename, deps, context) => {
    if (context.hostType === 'html') return deps;
    if (!viewerChunks.has(filename)) return [];
    listed++;
    // The chunk itself first: Vite's helper imports it only after its CSS has loaded, and by then the queue
    // (six connections per host over HTTP/1.1) is long.
    return [filename, ...deps.filter((dep) => dep !== filename && !withTheEntry.has(dep))];
  };
  const plugin: Plugin = {
    name: 'lintel:viewer-module-preload',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        viewerChunks.clear();
        withTheEntry.clear();
        listed = 0;
        const pending: string[] = [];
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          if (chunk.isEntry) pending.push(chunk.fileName);
          if (chunk.isDynamicEntry && VIEWER_SOURCE.test(chunk.facadeModuleId ?? ''))
            viewerChunks.add(chunk.fileName);
        }
        for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
          if (withTheEntry.has(name)) continue;
          withTheEntry.add(name);
          const chunk = bundle[name];
          if (chunk?.type === 'chunk') pending.push(...chunk.imports);
        }
      },
    },
    writeBundle() {
      // Worker bundles have no viewer chunk of their own: only the app's bundle must have listed one.
      if (viewerChunks.size > 0 && listed === 0)
        throw new Error('viewerModulePreload: no dynamic import of a viewer chunk got its preload list');
    },
  };
  return { options: { polyfill: false, resolveDependencies }, plugin };
}

type ResolveDependencies = (
  filename: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];
