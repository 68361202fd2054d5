import { vi } from 'vitest';
import type { FakeApi, FakeReply, SeenRequest } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/render';
import { setupUser } from '../../test/user';
import type { FileMeta } from './api';
import { FilePreview, type FilePreviewProps } from './FilePreview';
import type { PdfDocument, PdfLoad, PdfPage, RenderJob } from './pdfEngine';

/** Files, metadata and a stand-in for pdf.js shared by the preview's tests. */

export const FILE_ID = '66b000000000000000000001';

export function makeMeta(patch: Partial<FileMeta> = {}): FileMeta {
  return {
    _id: FILE_ID,
    name: '施工方案.pdf',
    size: 48_213,
    contentType: 'application/pdf',
    createdAt: '2026-11-21T08:00:00.000Z',
    kind: 'pdf',
    previewable: true,
    conversion: null,
    ...patch,
  };
}

/**
 * Serves `GET base-service/files/{id}`: `?meta=true` answers `meta()` (a function, so a test can change it
 * between polls, or answer an error), anything else answers `body` as text/plain.
 */
export function serveFile(
  api: FakeApi,
  meta: () => FileMeta | FakeReply,
  options: { id?: string; body?: (request: SeenRequest) => FakeReply } = {},
) {
  api.on(`GET base-service/files/${options.id ?? FILE_ID}`, (request) => {
    if (request.query.get('meta') === 'true') {
      const answer = meta();
      return 'kind' in answer ? { json: answer } : answer;
    }
    return options.body?.(request) ?? { raw: { body: '', contentType: 'application/octet-stream' } };
  });
}

export function renderPreview(props: Partial<FilePreviewProps> = {}) {
  const view = renderWithProviders(<FilePreview fileId={FILE_ID} {...props} />);
  return { ...view, user: setupUser() };
}

/** What the fake pdf.js was asked to do, and how it behaves. */
export interface FakePdf {
  opened: string[];
  renders: Array<{ page: number; scale: number }>;
  destroyed: number;
  numPages: number;
  /** Set to make the next openPdf fail with this error. */
  failWith: unknown;
}

export const fakePdf: FakePdf = { opened: [], renders: [], destroyed: 0, numPages: 3, failWith: null };

export function resetFakePdf(): void {
  Object.assign(fakePdf, { opened: [], renders: [], destroyed: 0, numPages: 3, failWith: null });
}

/** pdf.js cannot draw in jsdom: this stands in for pdfEngine.ts (an A4 page: 595 × 842 points). */
export const fakeEngine = {
  openPdf: vi.fn((url: string): PdfLoad => {
    fakePdf.opened.push(url);
    const failure = fakePdf.failWith;
    fakePdf.failWith = null;
    const doc: PdfDocument = {
      numPages: fakePdf.numPages,
      getPage: async (pageNumber: number): Promise<PdfPage> => ({
        width: 595,
        height: 842,
        render(canvas: HTMLCanvasElement, scale: number): RenderJob {
          canvas.width = Math.floor(595 * scale);
          canvas.height = Math.floor(842 * scale);
          fakePdf.renders.push({ page: pageNumber, scale });
          return { promise: Promise.resolve(), cancel: () => {} };
        },
      }),
      destroy: () => {
        fakePdf.destroyed += 1;
      },
    };
    return {
      promise: failure === null ? Promise.resolve(doc) : Promise.reject(failure),
      cancel: () => {},
    };
  }),
};
