import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import zhPreview from '../src/locales/zh-CN/preview.json';
import { type Browser, keepScreenshot, openBrowser } from './browser';
import { signIn } from './people';

/**
 * The file preview in a real browser against the real server (DEMO=1: `demo` / `Demo1234`, admin of
 * 示范项目一期): files uploaded through the API with the signed-in cookie, then /preview/{id}: a PDF drawn
 * by pdf.js (its worker and data from our own origin) zoomed out to its limit, an image, and a legacy .xls
 * that is not previewable (spec 001 §9).
 */

const FIXTURES = new URL('../../server/src/modules/files/fixtures/', import.meta.url);
const ONE_PAGE_PDF = readFileSync(new URL('one-page.pdf', FIXTURES));
const LEGACY_XLS = readFileSync(new URL('legacy.xls', FIXTURES));
// A 96 × 64 PNG in four colours.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAMAAADS6oI8AAAADFBMVEX/tNgdtNj/Y9gdY9g869GQAAAACXBIWXMAAAPoAAAD6AG1e1Jr' +
    'AAAAN0lEQVRYw+3NMQ0AMAwDsLTjz3kYclayCTivtKUIBAKBQCAQCASCM8GU0hIIBAKBQCAQCARXgg9aaSQBDIQiKgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads one file into the project as the signed-in user (the page's cookie); answers its id. */
async function upload(page: Page, projectId: string, name: string, mimeType: string, buffer: Buffer) {
  const response = await page.request.post(`/api/v1/base-service/files?projectId=${projectId}`, {
    multipart: { file: { name, mimeType, buffer } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { files } = (await response.json()) as { files: string[] };
  return files[0]!.split('/').pop()!;
}

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('file preview', () => {
  it('shows a PDF with pdf.js and zooms out to the limit, an image, and says an .xls is not previewable', async () => {
    const { page } = browser;
    // (The sign-in screen's session probe answers 401 by design: problems are collected after it.)
    await signIn(page, 'demo', 'Demo1234');
    const problems: string[] = [];
    page.on('console', (message) => {
      // A CSP refusal, or pdf.js falling back to a worker on the main thread, would show here.
      if (message.type() === 'error' || /fake worker/i.test(message.text())) problems.push(message.text());
    });
    const workerTypes: string[] = [];
    page.on('response', (response) => {
      if (/pdf\.worker/.test(response.url())) workerTypes.push(response.headers()['content-type'] ?? '');
    });

    const projects = (await (await page.request.get('/api/v1/account-service/projects')).json()) as Array<{
      _id: string;
      name: string;
    }>;
    const project = projects.find((p) => p.name === '示范项目一期')!._id;
    const pdf = await upload(page, project, '施工方案.pdf', 'application/pdf', ONE_PAGE_PDF);
    const image = await upload(page, project, '现场照片.png', 'image/png', PNG);
    const xls = await upload(page, project, '工程量清单.xls', 'application/vnd.ms-excel', LEGACY_XLS);

    // The PDF, drawn by pdf.js into a canvas.
    await page.goto(`/preview/${pdf}`);
    await page.getByRole('heading', { level: 1, name: '施工方案.pdf' }).waitFor();
    const canvas = page.getByTestId('file-preview-pdf-canvas');
    await page.locator('[data-testid="file-preview-pdf-canvas"][data-rendered="true"]').waitFor();
    expect(await page.getByTestId('file-preview-page-total').textContent()).toBe('/ 1 页');
    // The fixture's page has a blue band at its top: the canvas really holds the drawn page.
    const drawn = await canvas.evaluate((element) => {
      const c = element as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let blue = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i]! < 60 && data[i + 1]! > 90 && data[i + 1]! < 150 && data[i + 2]! > 220) blue += 1;
      }
      return { width: c.width, height: c.height, blue };
    });
    expect(drawn.width).toBeGreaterThan(400);
    expect(drawn.height).toBeGreaterThan(drawn.width);
    expect(drawn.blue).toBeGreaterThan(1000);
    expect(workerTypes).toHaveLength(1);
    expect(workerTypes[0]).toMatch(/javascript/);
    await keepScreenshot(page, 'file-preview-pdf');

    // Zoom out until the viewer refuses, and says so.
    const limit = page.getByTestId('file-preview-zoom-limit');
    const zoomOut = page.getByTestId('file-preview-zoom-out');
    for (let clicks = 0; clicks < 20 && !(await limit.isVisible()); clicks += 1) await zoomOut.click();
    expect(await limit.textContent()).toBe(zhPreview.zoom.cannotZoomOut);
    expect(await page.getByTestId('file-preview-zoom-level').textContent()).toBe('25%');
    await page.locator('[data-testid="file-preview-pdf-canvas"][data-rendered="true"]').waitFor();
    expect(await canvas.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThan(160);
    await keepScreenshot(page, 'file-preview-pdf-zoomed-out');
    // The keyboard zooms back in.
    await page.keyboard.press('+');
    await expect.poll(() => page.getByTestId('file-preview-zoom-level').textContent()).toBe('31%');

    // The image.
    await page.goto(`/preview/${image}`);
    const img = page.getByTestId('file-preview-image');
    await img.waitFor();
    await expect.poll(() => img.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(96);
    await keepScreenshot(page, 'file-preview-image');

    // The .xls: not previewable, with its download.
    await page.goto(`/preview/${xls}`);
    const state = page.getByTestId('file-preview-not-previewable');
    await state.waitFor();
    expect(await state.textContent()).toContain(zhPreview.notPreviewable.xls);
    const href = await state.getByTestId('file-preview-download-primary').getAttribute('href');
    expect(href).toBe(`/api/v1/base-service/files/${xls}?download=true`);
    const download = await page.request.get(href!);
    expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.from(await download.body()).equals(LEGACY_XLS)).toBe(true);
    await keepScreenshot(page, 'file-preview-xls');

    expect(problems).toEqual([]);
  });
});
