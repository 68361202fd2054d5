/**
 * The data files pdf.js asks for while it reads some PDFs, served from our own origin (never a CDN):
 * - CMaps (`*.bcmap`): the character maps of CJK fonts that are not embedded, which Chinese PDFs often
 *   use (宋体 / SimSun by name only); without them such text is not drawn;
 * - standard font data, for the Symbol and ZapfDingbats fonts the system cannot stand in for;
 * - WebAssembly decoders of JPEG 2000 and JBIG2 images (scanned drawings).
 * Vite emits each as a hashed asset (`no-inline`: a data: URL would be refused by the CSP's connect-src);
 * the chunk only holds their URLs, and a file is fetched only when a PDF needs it.
 *
 * The (literal, as import.meta.glob wants them) paths climb to the repository's node_modules, where npm
 * workspaces put pdfjs-dist; pdfAssets.test.ts fails when they no longer find its files.
 */
type UrlMap = Record<string, string>;

const cMaps: UrlMap = import.meta.glob('../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});
const standardFonts: UrlMap = import.meta.glob(
  [
    '../../../../../node_modules/pdfjs-dist/standard_fonts/*.pfb',
    '../../../../../node_modules/pdfjs-dist/standard_fonts/*.ttf',
  ],
  { query: '?url&no-inline', import: 'default', eager: true },
);
const wasm: UrlMap = import.meta.glob('../../../../../node_modules/pdfjs-dist/wasm/*.wasm', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

/** `{ '…/cmaps/UniGB-UCS2-H.bcmap': url }` → `{ 'UniGB-UCS2-H.bcmap': url }`. */
function byFileName(files: UrlMap): ReadonlyMap<string, string> {
  return new Map(Object.entries(files).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));
}

/** The asset URLs by the kind pdf.js asks for (its BinaryDataFactory `kind`) and the file name. */
export const PDF_ASSETS: Readonly<Record<string, ReadonlyMap<string, string>>> = {
  cMapUrl: byFileName(cMaps),
  standardFontDataUrl: byFileName(standardFonts),
  wasmUrl: byFileName(wasm),
};

/**
 * pdf.js's BinaryDataFactory for our bundled files: given as `BinaryDataFactory`, it makes pdf.js ask the
 * main thread for them (by kind and file name) instead of building URLs from a base folder.
 */
export class BundledDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = PDF_ASSETS[kind]?.get(filename);
    if (!url) throw new Error(`pdf.js asked for ${kind} ${filename}, which is not bundled`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
