import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is bundled as a file of our own origin (never a CDN); Vite gives its hashed URL.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { BundledDataFactory } from './pdfAssets';

/**
 * pdf.js behind the few calls the PDF viewer makes. This module (and pdf.js with it, ~130 KB gzip plus its
 * worker) is imported dynamically by PdfViewer, so it loads only when a PDF is shown — never with /login,
 * nor with a page that merely embeds a preview. Tests replace it (pdf.js cannot draw in jsdom).
 */

GlobalWorkerOptions.workerSrc = workerUrl;

export interface RenderJob {
  promise: Promise<void>;
  cancel(): void;
}

export interface PdfPage {
  /** Size in CSS pixels at scale 1 (PDF points). */
  width: number;
  height: number;
  /** Draws the page into `canvas` at `scale`, sharp on high-density screens. */
  render(canvas: HTMLCanvasElement, scale: number): RenderJob;
}

export interface PdfDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPage>;
  destroy(): void;
}

export interface PdfLoad {
  promise: Promise<PdfDocument>;
  cancel(): void;
}

function wrapDocument(proxy: PDFDocumentProxy): PdfDocument {
  return {
    numPages: proxy.numPages,
    async getPage(pageNumber) {
      const page = await proxy.getPage(pageNumber);
      const base = page.getViewport({ scale: 1 });
      return {
        width: base.width,
        height: base.height,
        render(canvas, scale) {
          const ratio = window.devicePixelRatio || 1;
          const viewport = page.getViewport({ scale: scale * ratio });
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
          canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
          const task = page.render({ canvas, viewport });
          return { promise: task.promise, cancel: () => task.cancel() };
        },
      };
    },
    destroy: () => void proxy.destroy(),
  };
}

/**
 * Opens the PDF at `url` (same origin: the session cookie goes with it). pdf.js fetches it in ranges, so
 * the first page of a large drawing shows before the whole file has arrived.
 */
export function openPdf(url: string): PdfLoad {
  const task = getDocument({
    url,
    // Our CSP has no 'unsafe-eval'; pdf.js then uses its slower but equivalent interpreter.
    isEvalSupported: false,
    BinaryDataFactory: BundledDataFactory,
    // Both are set so pdf.js asks for CMaps and fonts at all; the factory resolves the names.
    cMapUrl: '/',
    cMapPacked: true,
    standardFontDataUrl: '/',
    wasmUrl: '/',
  });
  return {
    promise: task.promise.then(wrapDocument),
    cancel: () => void task.destroy(),
  };
}
