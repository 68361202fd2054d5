import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewKeys } from './keyboard';
import { FileErrorState, PreviewLoading } from './PreviewStates';
import type { PdfDocument, PdfPage } from './pdfEngine';
import { useElementSize } from './useElementSize';
import { PageControls, ViewerToolbar, ZoomLimitNotice } from './ViewerToolbar';
import { useZoom } from './zoom';

/** Room kept beside the page inside the stage, in CSS pixels. */
const STAGE_PADDING = 32;

/** The scale at which the page fills the stage's width (1 until both are known). */
export function pageFitScale(page: PdfPage | null, stageWidth: number): number {
  if (!page || stageWidth <= STAGE_PADDING || page.width <= 0) return 1;
  return (stageWidth - STAGE_PADDING) / page.width;
}

/**
 * What to say when pdf.js could not open the file: its failures carry a `name` (PasswordException,
 * InvalidPDFException, …) and, for an HTTP answer, the `status`.
 */
function pdfErrorText(error: unknown, t: (key: string) => string): string {
  const { name, status } = (error ?? {}) as { name?: unknown; status?: unknown };
  if (name === 'PasswordException') return t('preview:error.password');
  if (status === 404 || status === 403) return t('preview:error.notFound');
  return t('preview:error.unreadable');
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; doc: PdfDocument }
  | { status: 'failed'; error: unknown };

/** The PDF at `src`, opened with pdf.js (its code loaded on first use); released when no longer shown. */
function usePdfDocument(src: string): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    let cancel: (() => void) | null = null;
    let opened: PdfDocument | null = null;
    setLoaded({ status: 'loading' });
    import('./pdfEngine')
      .then((engine) => {
        if (!active) return null;
        const load = engine.openPdf(src);
        cancel = load.cancel;
        return load.promise;
      })
      .then(
        (doc) => {
          if (!doc) return;
          if (!active) {
            doc.destroy();
            return;
          }
          opened = doc;
          setLoaded({ status: 'ready', doc });
        },
        (error: unknown) => {
          if (active) setLoaded({ status: 'failed', error });
        },
      );
    return () => {
      active = false;
      if (opened) opened.destroy();
      else cancel?.();
    };
  }, [src]);

  return loaded;
}

/**
 * A PDF, a page at a time: page navigation (buttons, the page number, ← / →) and zoom (fitting the width
 * first) with its lower limit.
 */
export function PdfViewer({ src }: { src: string }) {
  const { t } = useTranslation();
  const loaded = usePdfDocument(src);
  if (loaded.status === 'loading') return <PreviewLoading label={t('preview:pdf.loading')} />;
  if (loaded.status === 'failed') return <FileErrorState description={pdfErrorText(loaded.error, t)} />;
  return <PdfPages doc={loaded.doc} />;
}

function PdfPages({ doc }: { doc: PdfDocument }) {
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width: stageWidth } = useElementSize(stage);
  const [pageNumber, setPageNumber] = useState(1);
  // The page handle with its number: a render always draws the page it says it draws.
  const [loadedPage, setLoadedPage] = useState<{ number: number; page: PdfPage } | null>(null);
  const page = loadedPage?.page ?? null;
  const [failed, setFailed] = useState(false);
  const [rendered, setRendered] = useState<{ page: number; scale: number } | null>(null);
  const zoom = useZoom(pageFitScale(page, stageWidth));

  const goTo = useCallback(
    (target: number) => setPageNumber(Math.min(doc.numPages, Math.max(1, target))),
    [doc.numPages],
  );
  usePreviewKeys({
    zoomIn: zoom.zoomIn,
    zoomOut: zoom.zoomOut,
    fit: zoom.fit,
    previous: () => goTo(pageNumber - 1),
    next: () => goTo(pageNumber + 1),
  });

  useEffect(() => {
    let active = true;
    doc.getPage(pageNumber).then(
      (handle) => {
        if (active) setLoadedPage({ number: pageNumber, page: handle });
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [doc, pageNumber]);

  useEffect(() => {
    const target = canvas.current;
    if (!loadedPage || !target) return;
    const job = loadedPage.page.render(target, zoom.scale);
    let active = true;
    job.promise.then(
      () => {
        if (active) setRendered({ page: loadedPage.number, scale: zoom.scale });
      },
      (error: unknown) => {
        // Cancelled by the next render (a zoom, another page): not a failure.
        if (active && (error as { name?: unknown } | null)?.name !== 'RenderingCancelledException') {
          setFailed(true);
        }
      },
    );
    return () => {
      active = false;
      job.cancel();
    };
  }, [loadedPage, zoom.scale]);

  if (failed) return <FileErrorState />;
  const done = rendered?.page === pageNumber && rendered.scale === zoom.scale;
  return (
    <>
      <ViewerToolbar zoom={zoom}>
        <PageControls page={pageNumber} total={doc.numPages} onChange={goTo} />
      </ViewerToolbar>
      <ZoomLimitNotice zoom={zoom} />
      <div className="file-preview__stage file-preview__stage--centered file-preview__stage--pdf" ref={stage}>
        <canvas
          ref={canvas}
          className="file-preview__page"
          data-testid="file-preview-pdf-canvas"
          data-page={pageNumber}
          data-rendered={done ? 'true' : 'false'}
        />
      </div>
    </>
  );
}
