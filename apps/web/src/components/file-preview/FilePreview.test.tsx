import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../app/i18n';
import { configureHttp } from '../../lib/http';
import { type FakeApi, startFakeApi } from '../../test/fakeApi';
import { CONVERSION_POLL_MS, fetchTextHead, TEXT_PREVIEW_BYTES } from './api';
import { FILE_ID, fakePdf, makeMeta, renderPreview, resetFakePdf, serveFile } from './testSupport';

// pdf.js cannot draw in jsdom: the viewer's engine is replaced by a recording stand-in (testSupport.tsx).
vi.mock('./pdfEngine', async () => (await import('./testSupport')).fakeEngine);

let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());

beforeEach(() => {
  api.requests.length = 0;
  configureHttp({ baseUrl: api.baseUrl });
  resetFakePdf();
});

const fileUrl = (query = '') => `${api.baseUrl}/api/v1/base-service/files/${FILE_ID}${query}`;
const press = (key: string) => fireEvent.keyDown(window, { key });
const zoomLevel = () => screen.getByTestId('file-preview-zoom-level').textContent;

describe('FilePreview: loading and errors', () => {
  it('shows a loading state until the file is described, then its name and size', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.on(`GET base-service/files/${FILE_ID}`, async () => {
      await answered;
      return { json: makeMeta({ kind: 'none', contentType: 'application/zip', name: '图纸.zip' }) };
    });
    renderPreview();
    expect(await screen.findByTestId('file-preview-loading')).toHaveTextContent('正在加载文件');
    release();
    expect(await screen.findByRole('heading', { name: '图纸.zip' })).toBeInTheDocument();
    expect(screen.getByTestId('file-preview-size')).toHaveTextContent('47.1 KB');
    expect(screen.queryByTestId('file-preview-loading')).not.toBeInTheDocument();
    expect(api.requests[0]?.query.get('meta')).toBe('true');
  });

  it.each([404, 403])(
    'a %s is a "file error": the file is gone or not the caller’s to see',
    async (status) => {
      serveFile(api, () => ({
        status,
        json: { code: status, key: 'common.notFound', message: '请求的内容不存在' },
      }));
      renderPreview();
      const error = await screen.findByTestId('file-preview-error');
      expect(error).toHaveTextContent('文件错误');
      expect(error).toHaveTextContent('文件不存在，或您没有查看它的权限');
      expect(screen.queryByTestId('file-preview-download')).not.toBeInTheDocument();
    },
  );

  it('a server that cannot be reached is a "file error" too, with a retry that asks again', async () => {
    configureHttp({ baseUrl: 'http://127.0.0.1:1' });
    const { user } = renderPreview();
    const error = await screen.findByTestId('file-preview-error');
    expect(error).toHaveTextContent('无法连接服务器');
    configureHttp({ baseUrl: api.baseUrl });
    serveFile(api, () => makeMeta({ kind: 'none', contentType: 'application/zip', name: '图纸.zip' }));
    await user.click(screen.getByTestId('file-preview-retry'));
    expect(await screen.findByTestId('file-preview-not-previewable')).toBeInTheDocument();
  });

  it('speaks English when the user chose it', async () => {
    await changeLanguage('en-US');
    serveFile(api, () => ({
      status: 404,
      json: { code: 404, key: 'common.notFound', message: 'Not found' },
    }));
    renderPreview();
    const error = await screen.findByTestId('file-preview-error');
    expect(error).toHaveTextContent('File error');
    expect(error).toHaveTextContent('The file does not exist, or you may not view it');
  });
});

describe('FilePreview: files that are not shown', () => {
  it('.xls is not previewable (spec 001 §9) and offers the download', async () => {
    serveFile(api, () =>
      makeMeta({
        name: '工程量清单.xls',
        contentType: 'application/vnd.ms-excel',
        kind: 'none',
        previewable: false,
      }),
    );
    renderPreview();
    const state = await screen.findByTestId('file-preview-not-previewable');
    expect(state).toHaveTextContent('该文件不支持预览');
    expect(state).toHaveTextContent('.xls 格式的文件不支持预览，请下载后查看');
    const download = within(state).getByTestId('file-preview-download-primary');
    expect(download).toHaveAttribute('href', fileUrl('?download=true'));
    expect(download).toHaveAttribute('download');
    // Nothing but the description was asked for.
    expect(api.requests).toHaveLength(1);
  });

  it('other kinds that cannot be shown say so in general terms', async () => {
    serveFile(api, () =>
      makeMeta({ name: '模型.ifc', contentType: 'application/x-step', kind: 'none', previewable: false }),
    );
    renderPreview();
    expect(await screen.findByTestId('file-preview-not-previewable')).toHaveTextContent(
      '该类型的文件无法在浏览器中预览，请下载后查看',
    );
  });
});

describe('FilePreview: office documents', () => {
  const office = { name: '会议纪要.docx', contentType: 'application/msword', kind: 'office' as const };

  it('shows "file converting" while the server converts, polls, then shows the PDF it made', async () => {
    let conversion: 'converting' | 'ready' = 'converting';
    serveFile(api, () => makeMeta({ ...office, conversion }));
    renderPreview();
    expect(await screen.findByTestId('file-preview-converting')).toHaveTextContent('文件转换中');
    expect(fakePdf.opened).toEqual([]);
    conversion = 'ready';
    const canvas = await screen.findByTestId(
      'file-preview-pdf-canvas',
      {},
      { timeout: CONVERSION_POLL_MS * 4 },
    );
    await waitFor(() => expect(canvas).toHaveAttribute('data-rendered', 'true'));
    expect(fakePdf.opened).toEqual([fileUrl('?preview=true')]);
    const metaCalls = api.requests.filter((r) => r.query.get('meta') === 'true');
    expect(metaCalls.length).toBeGreaterThanOrEqual(2);
  });

  it('says when the server cannot convert (no LibreOffice), with the download', async () => {
    serveFile(api, () => makeMeta({ ...office, conversion: 'unavailable', previewable: false }));
    renderPreview();
    const state = await screen.findByTestId('file-preview-conversion-unavailable');
    expect(state).toHaveTextContent('服务器不支持预览转换（未安装 LibreOffice），请下载后查看');
    expect(within(state).getByTestId('file-preview-download-primary')).toHaveAttribute(
      'href',
      fileUrl('?download=true'),
    );
    // No polling for a state that will not change.
    await new Promise((resolve) => setTimeout(resolve, CONVERSION_POLL_MS + 300));
    expect(api.requests).toHaveLength(1);
  });

  it('says when the conversion failed, with the download', async () => {
    serveFile(api, () => makeMeta({ ...office, conversion: 'failed', previewable: false }));
    renderPreview();
    const state = await screen.findByTestId('file-preview-conversion-failed');
    expect(state).toHaveTextContent('文件转换失败');
    expect(within(state).getByTestId('file-preview-download-primary')).toBeInTheDocument();
  });
});

describe('FilePreview: PDF', () => {
  async function openPdf(numPages = 3) {
    fakePdf.numPages = numPages;
    serveFile(api, () => makeMeta());
    const view = renderPreview();
    const canvas = await screen.findByTestId('file-preview-pdf-canvas');
    await waitFor(() => expect(canvas).toHaveAttribute('data-rendered', 'true'));
    return { ...view, canvas };
  }

  it('opens the file itself with pdf.js and draws the first page at the fitting scale', async () => {
    await openPdf();
    expect(fakePdf.opened).toEqual([fileUrl()]);
    expect(fakePdf.renders).toEqual([{ page: 1, scale: 1 }]);
    expect(screen.getByTestId('file-preview-page-total')).toHaveTextContent('/ 3 页');
    expect(zoomLevel()).toBe('100%');
    // The keys that work here; Esc closes nothing outside a dialog.
    expect(screen.getByTestId('file-preview-keys')).toHaveTextContent(
      '快捷键：+ / - 缩放，0 适合窗口；← / → 翻页',
    );
    expect(screen.getByTestId('file-preview-keys')).not.toHaveTextContent('Esc');
  });

  it('turns pages with the buttons, the page number and the arrow keys, within the document', async () => {
    const { user, canvas } = await openPdf();
    expect(screen.getByTestId('file-preview-page-previous')).toBeDisabled();
    await user.click(screen.getByTestId('file-preview-page-next'));
    await waitFor(() => expect(canvas).toHaveAttribute('data-page', '2'));
    act(() => press('ArrowRight'));
    await waitFor(() => expect(canvas).toHaveAttribute('data-page', '3'));
    expect(screen.getByTestId('file-preview-page-next')).toBeDisabled();
    act(() => press('ArrowRight'));
    expect(canvas).toHaveAttribute('data-page', '3');
    act(() => press('ArrowLeft'));
    await waitFor(() => expect(canvas).toHaveAttribute('data-page', '2'));
    const input = screen.getByTestId('file-preview-page-input');
    await user.clear(input);
    await user.type(input, '1');
    await waitFor(() => expect(canvas).toHaveAttribute('data-page', '1'));
    // Keys typed into the page number are the field's own: '-' there does not zoom.
    await user.type(input, '-');
    expect(zoomLevel()).toBe('100%');
    await waitFor(() => expect(canvas).toHaveAttribute('data-rendered', 'true'));
    expect(fakePdf.renders.map((r) => r.page)).toEqual([1, 2, 3, 2, 1]);
  });

  it('zooms in and out by steps, and says "cannot zoom out further" at the lower limit', async () => {
    const { user } = await openPdf();
    await user.click(screen.getByTestId('file-preview-zoom-in'));
    await waitFor(() => expect(zoomLevel()).toBe('125%'));
    await waitFor(() => expect(fakePdf.renders.at(-1)).toEqual({ page: 1, scale: 1.25 }));
    // 125 % → 25 % takes eight steps out (×0.8 each, the last one stopping at 25 %); nothing is said.
    for (let i = 0; i < 8; i += 1) act(() => press('-'));
    expect(zoomLevel()).toBe('25%');
    expect(screen.queryByTestId('file-preview-zoom-limit')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('file-preview-zoom-out'));
    expect(screen.getByTestId('file-preview-zoom-limit')).toHaveTextContent('已缩小到最小，无法继续缩小');
    expect(zoomLevel()).toBe('25%');
    await waitFor(() => expect(fakePdf.renders.at(-1)).toEqual({ page: 1, scale: 0.25 }));
    // Back to the fitting scale with the fit button (or 0).
    await user.click(screen.getByTestId('file-preview-zoom-fit'));
    expect(zoomLevel()).toBe('100%');
    act(() => press('+'));
    expect(zoomLevel()).toBe('125%');
    act(() => press('0'));
    expect(zoomLevel()).toBe('100%');
  });

  it('says "cannot zoom in further" at the upper limit', async () => {
    await openPdf(1);
    // Eight steps of ×1.25 reach 500 %; the ninth is refused with a word.
    for (let i = 0; i < 8; i += 1) act(() => press('+'));
    expect(zoomLevel()).toBe('500%');
    expect(screen.queryByTestId('file-preview-zoom-limit')).not.toBeInTheDocument();
    act(() => press('+'));
    expect(zoomLevel()).toBe('500%');
    expect(screen.getByTestId('file-preview-zoom-limit')).toHaveTextContent('已放大到最大，无法继续放大');
  });

  it('a PDF pdf.js cannot read is a "file error"; a password-protected one says so', async () => {
    fakePdf.failWith = { name: 'InvalidPDFException', message: 'Invalid PDF structure.' };
    serveFile(api, () => makeMeta());
    const first = renderPreview();
    expect(await screen.findByTestId('file-preview-error')).toHaveTextContent('文件已损坏或无法读取');
    first.unmount();
    fakePdf.failWith = { name: 'PasswordException', message: 'No password given' };
    renderPreview();
    expect(await screen.findByTestId('file-preview-error')).toHaveTextContent('该 PDF 设有密码');
  });

  it('releases the document when the preview goes away', async () => {
    const { unmount } = await openPdf();
    unmount();
    expect(fakePdf.destroyed).toBe(1);
  });
});

describe('FilePreview: images', () => {
  async function openImage() {
    serveFile(api, () => makeMeta({ name: '现场照片.jpg', contentType: 'image/jpeg', kind: 'image' }));
    const view = renderPreview();
    const image = await screen.findByTestId('file-preview-image');
    return { ...view, image };
  }

  it('shows the image from the file URL, zooms by steps down to the limit, and fits again', async () => {
    const { image, user } = await openImage();
    expect(image).toHaveAttribute('src', fileUrl());
    expect(image).toHaveAttribute('alt', '现场照片.jpg');
    Object.defineProperty(image, 'naturalWidth', { value: 800 });
    Object.defineProperty(image, 'naturalHeight', { value: 600 });
    fireEvent.load(image);
    // jsdom lays nothing out: the stage has no size, so the image fits at its own size.
    expect(image).toHaveStyle({ width: '800px', height: '600px' });
    await user.click(screen.getByTestId('file-preview-zoom-in'));
    expect(image).toHaveStyle({ width: '1000px', height: '750px' });
    for (let i = 0; i < 8; i += 1) act(() => press('-'));
    expect(image).toHaveStyle({ width: '200px', height: '150px' });
    expect(screen.queryByTestId('file-preview-zoom-limit')).not.toBeInTheDocument();
    act(() => press('-'));
    expect(screen.getByTestId('file-preview-zoom-limit')).toHaveTextContent('无法继续缩小');
    await user.click(screen.getByTestId('file-preview-zoom-fit'));
    expect(image).toHaveStyle({ width: '800px', height: '600px' });
  });

  it('an image the browser cannot load is a "file error"', async () => {
    const { image } = await openImage();
    fireEvent.error(image);
    expect(await screen.findByTestId('file-preview-error')).toHaveTextContent('文件错误');
  });
});

describe('FilePreview: video and audio', () => {
  it('plays video with the native player, streaming from the file URL', async () => {
    serveFile(api, () => makeMeta({ name: '巡检.mp4', contentType: 'video/mp4', kind: 'video' }));
    renderPreview();
    const video = await screen.findByTestId('file-preview-video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', fileUrl());
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
  });

  it('a format the browser cannot play says so, with the download in the header', async () => {
    serveFile(api, () => makeMeta({ name: '巡检.ogv', contentType: 'video/ogg', kind: 'video' }));
    renderPreview();
    const video = await screen.findByTestId('file-preview-video');
    Object.defineProperty(video, 'error', { value: { code: 4 } });
    fireEvent.error(video);
    expect(await screen.findByTestId('file-preview-error')).toHaveTextContent('浏览器无法播放该文件的格式');
    expect(screen.getByTestId('file-preview-download')).toHaveAttribute('href', fileUrl('?download=true'));
  });

  it('plays audio with the native player', async () => {
    serveFile(api, () => makeMeta({ name: '语音.mp3', contentType: 'audio/mpeg', kind: 'audio' }));
    renderPreview();
    const audio = await screen.findByTestId('file-preview-audio');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('src', fileUrl());
  });
});

describe('FilePreview: text', () => {
  const LOG = '工地日志\n\t2026-11-21 晴，混凝土浇筑完成。\nSite log: concrete poured.\n';

  it('shows UTF-8 text in a monospace block, asking only for the first bytes', async () => {
    serveFile(
      api,
      () => makeMeta({ name: '日志.txt', contentType: 'text/plain; charset=utf-8', kind: 'text', size: 120 }),
      { body: () => ({ status: 206, raw: { body: LOG, contentType: 'text/plain; charset=utf-8' } }) },
    );
    renderPreview();
    const text = await screen.findByTestId('file-preview-text');
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe(LOG);
    expect(screen.queryByTestId('file-preview-text-truncated')).not.toBeInTheDocument();
    const bytesCall = api.requests.find((r) => r.query.get('meta') === null);
    expect(bytesCall?.headers.range).toBe(`bytes=0-${TEXT_PREVIEW_BYTES - 1}`);
  });

  it('says a large file is cut and offers the download', async () => {
    serveFile(
      api,
      () =>
        makeMeta({
          name: '日志.txt',
          contentType: 'text/plain; charset=utf-8',
          kind: 'text',
          size: 3 * 1024 * 1024,
        }),
      { body: () => ({ status: 206, raw: { body: LOG, contentType: 'text/plain; charset=utf-8' } }) },
    );
    renderPreview();
    const note = await screen.findByTestId('file-preview-text-truncated');
    expect(note).toHaveTextContent('文件较大（3 MB），仅显示前 256 KB，下载后可查看全部内容');
    expect(within(note).getByTestId('file-preview-download')).toHaveAttribute(
      'href',
      fileUrl('?download=true'),
    );
  });

  it('says so when the file is empty', async () => {
    serveFile(
      api,
      () => makeMeta({ name: '空.txt', contentType: 'text/plain; charset=utf-8', kind: 'text', size: 0 }),
      { body: () => ({ raw: { body: '', contentType: 'text/plain; charset=utf-8' } }) },
    );
    renderPreview();
    expect(await screen.findByTestId('file-preview-text-empty')).toHaveTextContent('文件内容为空');
  });

  it('never shows half a character where the limit cuts one (a server that ignores Range)', async () => {
    // 工 and 地 are three bytes each: four bytes hold 工 and one byte of 地.
    serveFile(api, () => makeMeta(), {
      body: () => ({ raw: { body: '工地', contentType: 'text/plain; charset=utf-8' } }),
    });
    expect(await fetchTextHead(FILE_ID, 4)).toBe('工');
  });
});

describe('FilePreview: in a dialog', () => {
  it('closes with Esc and with the close button; without a dialog Esc does nothing', async () => {
    serveFile(api, () => makeMeta({ kind: 'none', contentType: 'application/zip', name: '图纸.zip' }));
    const onClose = vi.fn();
    const { user, unmount } = renderPreview({ onClose });
    await screen.findByTestId('file-preview-not-previewable');
    expect(screen.getByTestId('file-preview-keys')).toHaveTextContent(/^快捷键：Esc 关闭$/);
    act(() => press('Escape'));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByTestId('file-preview-close'));
    expect(onClose).toHaveBeenCalledTimes(2);
    unmount();

    renderPreview();
    await screen.findByTestId('file-preview-not-previewable');
    expect(screen.queryByTestId('file-preview-close')).not.toBeInTheDocument();
    expect(screen.queryByTestId('file-preview-keys')).not.toBeInTheDocument();
    act(() => press('Escape'));
    expect(screen.getByTestId('file-preview')).toBeInTheDocument();
  });
});
