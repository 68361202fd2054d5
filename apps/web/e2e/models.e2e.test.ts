import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest, keepScreenshot } from './browser';
import { joinDemoProject, leftLogin, pickMember, registerUser, signIn, suffix } from './people';

/**
 * Issue 8's browser walk: the demo admin uploads a sample IFC through the model list, waits for the
 * conversion, opens the viewer and sees the model drawn; picks an element by clicking it; saves a viewport,
 * moves the camera and restores it; raises a problem from the element and finds it again from the element.
 */

const a = browserPerTest();
/** A public sample model of the repository (samples/ifc). */
const SAMPLE = join(import.meta.dirname, '../../../samples/ifc/IfcOpenHouse_IFC4.ifc');

interface CanvasPicture {
  width: number;
  height: number;
  /** Distinct RGB colours drawn. */
  colours: number;
  /** Share of pixels that differ from the corner pixel (the background). */
  covered: number;
  /** Mean luminance of a 24 × 24 grid of cells, to compare two views. */
  grid: number[];
}

/** What the viewer's canvas shows now (its drawing buffer is preserved, so it can be read back). */
function readCanvas(page: Page): Promise<CanvasPicture> {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="viewer-canvas"]') as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(canvas, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, copy.width, copy.height);
    const colours = new Set<number>();
    const background = ((data[0] ?? 0) << 16) | ((data[1] ?? 0) << 8) | (data[2] ?? 0);
    let covered = 0;
    const cells = 24;
    const sums = new Array<number>(cells * cells).fill(0);
    const counts = new Array<number>(cells * cells).fill(0);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        const r = data[i] ?? 0;
        const g = data[i + 1] ?? 0;
        const b = data[i + 2] ?? 0;
        const colour = (r << 16) | (g << 8) | b;
        colours.add(colour);
        if (colour !== background) covered++;
        const cell = Math.floor((y * cells) / height) * cells + Math.floor((x * cells) / width);
        sums[cell] = (sums[cell] ?? 0) + 0.2126 * r + 0.7152 * g + 0.0722 * b;
        counts[cell] = (counts[cell] ?? 0) + 1;
      }
    }
    return {
      width,
      height,
      colours: colours.size,
      covered: covered / (width * height),
      grid: sums.map((sum, i) => sum / Math.max(1, counts[i] ?? 1)),
    };
  });
}

/** Mean difference of luminance per cell between two pictures (0 = the same view). */
const difference = (one: CanvasPicture, two: CanvasPicture) =>
  one.grid.reduce((sum, value, i) => sum + Math.abs(value - (two.grid[i] ?? 0)), 0) / one.grid.length;

/** Waits until the viewer has loaded its models, framed them and drawn a frame. */
async function waitForDrawnModel(page: Page) {
  await page.locator('[data-testid="viewer-stage"][data-rendered="true"]').waitFor({ timeout: 45_000 });
}

/** Clicks the canvas at points spiralling out from its centre until an element is selected. */
async function clickAnElement(page: Page) {
  const box = await page.getByTestId('viewer-canvas').boundingBox();
  if (!box) throw new Error('the canvas has no box');
  const offsets = [
    [0, 0],
    [0, 40],
    [40, 0],
    [-40, 0],
    [0, -40],
    [60, 60],
    [-60, 60],
    [80, -20],
    [-80, -20],
  ] as const;
  for (const [dx, dy] of offsets) {
    await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
    const found = await page
      .getByTestId('viewer-properties')
      .waitFor({ timeout: 4_000 })
      .then(() => true)
      .catch(() => false);
    if (found) return;
  }
  throw new Error('no click on the model selected an element');
}

/**
 * Two points on the drawn model along the canvas's middle row (fractions of its width and height): a fifth
 * of the way in from each end of what covers that row.
 */
function twoModelPoints(page: Page): Promise<[[number, number], [number, number]]> {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="viewer-canvas"]') as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(canvas, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, copy.width, copy.height);
    const at = (x: number, y: number) => {
      const i = (y * width + x) * 4;
      return ((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
    };
    const background = at(0, 0);
    for (const row of [0.5, 0.55, 0.45, 0.6, 0.4]) {
      const y = Math.floor(height * row);
      let first = -1;
      let last = -1;
      for (let x = 0; x < width; x++)
        if (at(x, y) !== background) {
          if (first < 0) first = x;
          last = x;
        }
      if (first >= 0 && last - first > width * 0.1) {
        const span = last - first;
        return [
          [(first + span * 0.2) / width, row],
          [(first + span * 0.8) / width, row],
        ] as [[number, number], [number, number]];
      }
    }
    throw new Error('the model covers no row of the canvas');
  });
}

/**
 * A tap on the canvas at (fx, fy) (fractions of its size): a press and a release with no pointer movement
 * before them, as a phone sends them.
 */
function tapCanvas(page: Page, [fx, fy]: [number, number]) {
  return page.getByTestId('viewer-canvas').evaluate(
    (canvas, [x, y]) => {
      const box = canvas.getBoundingClientRect();
      const init: PointerEventInit = {
        bubbles: true,
        cancelable: true,
        clientX: box.left + (x as number) * box.width,
        clientY: box.top + (y as number) * box.height,
        pointerId: 7,
        pointerType: 'touch',
        isPrimary: true,
        button: 0,
      };
      canvas.dispatchEvent(new PointerEvent('pointerdown', init));
      canvas.dispatchEvent(new PointerEvent('pointerup', init));
    },
    [fx, fy],
  );
}

/** The share of the window the canvas takes (0–1). */
function canvasShare(page: Page): Promise<number> {
  return page.getByTestId('viewer-canvas').evaluate((canvas) => {
    const box = canvas.getBoundingClientRect();
    const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
    const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
    return (Math.max(0, width) * Math.max(0, height)) / (innerWidth * innerHeight);
  });
}

/** Waits for the camera's transition to end and the picture to settle (two equal reads in a row). */
async function settledCanvas(page: Page): Promise<CanvasPicture> {
  let last = await readCanvas(page);
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(300);
    const next = await readCanvas(page);
    if (difference(last, next) < 0.05) return next;
    last = next;
  }
  return last;
}

/** The lengths the measure list shows, in metres. */
async function measuredLengths(page: Page): Promise<number[]> {
  const text = (await page.getByTestId('measure-list').textContent()) ?? '';
  return [...text.matchAll(/(\d+\.\d+) m(?!²)/g)].map((match) => Number(match[1]));
}

describe('BIM models', () => {
  // Upload, conversion and two viewer openings in SwiftShader: minutes on a busy two-core machine.
  it('uploads an IFC, views it, selects an element, restores a viewport and links a problem to it', {
    timeout: 300_000,
  }, async () => {
    const person = await registerUser({ prefix: 'mv', nickName: `模型协作${suffix().slice(0, 3)}` });
    await signIn(a.page, 'demo', 'Demo1234', leftLogin);
    const projectId = await joinDemoProject(a.page, person);
    const page = a.page;
    const started = Date.now();
    const step = (what: string) =>
      console.info(`[models e2e] ${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);
    page.on('console', (message) => {
      if (message.type() === 'error') console.info(`[browser] ${message.text()}`);
    });
    page.on('pageerror', (error) => console.info(`[browser] ${error.message}`));

    // Upload through the model list (a unique name: a new model, not a version of another).
    const name = `IfcOpenHouse_${suffix()}`;
    await page.goto(`/projects/${projectId}/models`);
    await page.getByTestId('models-page').waitFor();
    await page
      .getByTestId('models-upload-input')
      .first()
      .setInputFiles({
        name: `${name}.ifc`,
        mimeType: 'application/octet-stream',
        buffer: readFileSync(SAMPLE),
      });
    step('uploading');
    let modelId = '';
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`/api/v1/model-service/projects/${projectId}/models`, {
            params: { limit: 200 },
          });
          const models = (await answer.json()) as { _id: string; name: string }[];
          modelId = models.find((model) => model.name === name)?._id ?? '';
          return modelId;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    // The conversion runs on the server (one at a time: the demo model's may still be running).
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`/api/v1/model-service/models/${modelId}`);
          const model = (await answer.json()) as { currentVersion: { status: string; progress: number } };
          return model.currentVersion.status;
        },
        { timeout: 150_000, interval: 1000 },
      )
      .toMatch(/^(ready|failed)$/);
    await page
      .locator(`[data-testid="model-status-${modelId}"][data-status="ready"]`)
      .waitFor({ timeout: 15_000 });
    step('converted');
    await keepScreenshot(page, 'models-list-ready');

    // The viewer: the model drawn (many colours, a good part of the canvas covered).
    const opened = Date.now();
    await page.getByTestId(`model-open-${modelId}`).click();
    await page.getByTestId('model-viewer').waitFor();
    await waitForDrawnModel(page);
    const firstFrameMs = Date.now() - opened;
    const drawn = await readCanvas(page);
    expect(drawn.width).toBeGreaterThan(200);
    expect(drawn.colours).toBeGreaterThan(50);
    expect(drawn.covered).toBeGreaterThan(0.05);
    await keepScreenshot(page, 'model-viewer');
    console.info(
      `viewer: first frame ${firstFrameMs} ms after opening; ${drawn.colours} colours, ${(drawn.covered * 100).toFixed(1)} % covered`,
    );

    step('drawn');
    // Click an element: its properties and (no) topics show.
    await clickAnElement(page);
    await expect.poll(() => page.getByTestId('viewer-element-name').textContent()).not.toBe('');
    await page.getByTestId('viewer-element-topics').waitFor();
    expect(page.url()).toContain('element=');
    await keepScreenshot(page, 'model-viewer-selected');

    step('selected');
    // A desktop window: full screen, the orientation control, home and zoom to selection.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForTimeout(300);
    const windowShare = await canvasShare(page);
    await page.getByTestId('viewer-fullscreen').click();
    await expect.poll(() => page.getByTestId('model-viewer').getAttribute('data-fullscreen')).toBe('true');
    await expect
      .poll(async () => (await page.getByTestId('model-viewer').boundingBox())?.height)
      .toBeGreaterThanOrEqual(899);
    const fullShare = await canvasShare(page);
    expect(fullShare).toBeGreaterThan(windowShare);
    await keepScreenshot(page, 'model-viewer-fullscreen');
    console.info(
      `viewer: canvas ${(windowShare * 100).toFixed(1)} % of 1440×900, ${(fullShare * 100).toFixed(1)} % in full screen`,
    );
    // Home twice gives the same picture; a face of the cube another one; zoom to selection a third.
    await page.getByTestId('viewer-home').click();
    const home = await settledCanvas(page);
    const cubeAtHome = await page
      .locator('.viewer-cube__cube')
      .evaluate((cube) => getComputedStyle(cube).transform);
    await page.getByTestId('viewer-cube-front').click();
    const front = await settledCanvas(page);
    expect(difference(home, front)).toBeGreaterThan(3);
    // The cube turned with the camera.
    expect(
      await page.locator('.viewer-cube__cube').evaluate((cube) => getComputedStyle(cube).transform),
    ).not.toBe(cubeAtHome);
    await page.getByTestId('viewer-views-button').click();
    await page.getByTestId('viewer-view-top').click();
    const top = await settledCanvas(page);
    expect(difference(front, top)).toBeGreaterThan(3);
    await keepScreenshot(page, 'model-viewer-top');
    await page.getByTestId('viewer-home').click();
    expect(difference(home, await settledCanvas(page))).toBeLessThan(1.5);
    await page.getByTestId('viewer-fit').click();
    const zoomed = await settledCanvas(page);
    expect(difference(home, zoomed)).toBeGreaterThan(3);
    await keepScreenshot(page, 'model-viewer-zoomed-to-selection');
    // The rest of the walk starts from the home view again.
    await page.getByTestId('viewer-home').click();
    await settledCanvas(page);
    await page.getByTestId('viewer-fullscreen').click();
    await expect.poll(() => page.getByTestId('model-viewer').getAttribute('data-fullscreen')).toBe('false');
    step('views');
    // Save a viewport, move the camera, restore the viewport: the same view again.
    await page.getByTestId('tool-viewports').click();
    await page.getByTestId('viewport-save').click();
    await page.getByTestId('viewport-name').fill(`东南角 ${suffix().slice(0, 4)}`);
    await page.getByTestId('viewport-form-submit').click();
    const restoreButton = page.locator('[data-testid^="viewport-restore-"]').first();
    await restoreButton.waitFor();
    await page.waitForTimeout(500);
    const saved = await readCanvas(page);

    const box = (await page.getByTestId('viewer-canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.35, { steps: 12 });
    await page.mouse.up();
    await page.waitForTimeout(1500);
    const moved = await readCanvas(page);
    expect(difference(saved, moved)).toBeGreaterThan(3);

    step('moved');
    await restoreButton.click();
    await expect
      .poll(async () => difference(saved, await readCanvas(page)), { timeout: 15_000 })
      .toBeLessThan(1.5);
    await keepScreenshot(page, 'model-viewer-viewport-restored');

    step('restored');
    // Measure by tap: presses with no pointer movement before them measure what they pick, both ways alike.
    await page.getByTestId('tool-measure').click();
    await page.waitForTimeout(300);
    const [pointA, pointB] = await twoModelPoints(page);
    await tapCanvas(page, pointA);
    await page.waitForTimeout(400);
    await tapCanvas(page, pointB);
    await page.getByTestId('measure-list').waitFor({ timeout: 15_000 });
    await tapCanvas(page, pointB);
    await page.waitForTimeout(400);
    await tapCanvas(page, pointA);
    await expect.poll(() => measuredLengths(page), { timeout: 15_000 }).toHaveLength(2);
    const [there, back] = (await measuredLengths(page)) as [number, number];
    expect(there).toBeGreaterThan(0.2);
    expect(Math.abs(there - back)).toBeLessThan(0.02);
    await keepScreenshot(page, 'model-viewer-measure-tap');
    console.info(`viewer: tap-measure ${there} m and back ${back} m`);
    await page.getByTestId('measure-clear').click();
    await page.getByTestId('tool-measure').click();

    step('measured');
    // Walk: the picture follows while W is held (not only after leaving the walk).
    await page.getByTestId('tool-roam').click();
    await page.getByTestId('roaming-overlay').waitFor();
    await page.waitForTimeout(800);
    const standing = await readCanvas(page);
    await page.keyboard.down('KeyW');
    await page.waitForTimeout(1200);
    const walking = await readCanvas(page);
    await page.keyboard.up('KeyW');
    console.info(`viewer: walking changed the picture by ${difference(standing, walking).toFixed(2)}`);
    expect(difference(standing, walking)).toBeGreaterThan(1);
    await keepScreenshot(page, 'model-viewer-walking');
    await page.keyboard.press('Escape');
    await page.getByTestId('roaming-overlay').waitFor({ state: 'detached' });

    step('walked');
    // A problem raised from the element, in a form beside the model, is linked to it…
    await page.getByTestId('viewer-create-topic').click();
    const raise = page.getByTestId('viewer-raise-topic');
    await raise.waitFor();
    await expect.poll(() => raise.textContent()).toContain('构件');
    const title = `构件渗漏 ${suffix()}`;
    await page.getByTestId('topic-name-input').fill(title);
    await pickMember(page, 'topic-mentions-select', person);
    // …with the view on screen as its viewpoint (issue 16): the camera the viewer saved, and the picture.
    const raisedPicture = await settledCanvas(page);
    const [viewpointAnswer] = await Promise.all([
      page.waitForResponse(
        (answer) =>
          answer.request().method() === 'POST' && /\/projects\/[^/]+\/viewports$/.test(answer.url()),
      ),
      page.getByTestId('topic-submit').click(),
    ]);
    expect(viewpointAnswer.status()).toBe(200);
    const viewpoint = (await viewpointAnswer.json()) as {
      camera: { position: number[] };
      thumbnailFileId: string | null;
    };
    expect(viewpoint.thumbnailFileId).not.toBeNull();
    await raise.waitFor({ state: 'detached' });
    // …the viewer stays, and the element's problems list it.
    expect(page.url()).toContain('/models/viewer');
    await expect
      .poll(() => page.getByTestId('viewer-element-topics').textContent(), { timeout: 15_000 })
      .toContain(title);
    await page.getByTestId('viewer-element-topics').getByRole('link', { name: title }).click();
    await page.getByTestId('topic-detail').waitFor();

    step('topic created');
    // The problem shows its snapshot; its "view in model" opens the saved view with the element selected.
    const snapshotImage = page.getByTestId('topic-viewpoint').getByTestId('viewpoint-snapshot');
    await expect
      .poll(() => snapshotImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await keepScreenshot(page, 'topic-viewpoint');
    await page.getByTestId('viewpoint-open').click();
    await page.getByTestId('model-viewer').waitFor();
    // The tools say when they have put the viewport back (the models open first).
    await page
      .getByText(/已恢复视口“问题视点：/)
      .first()
      .waitFor({ timeout: 30_000 });
    await waitForDrawnModel(page);
    await page.getByTestId('viewer-properties').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('viewer-element-topics').textContent(), { timeout: 15_000 })
      .toContain(title);
    await keepScreenshot(page, 'model-viewer-element-topics');
    // The camera itself, as the viewer reads it: saved again as a viewport, it is where the problem left it.
    await page.getByTestId('tool-viewports').click();
    await page.getByTestId('viewport-save').click();
    await page.getByTestId('viewport-name').fill(`复核 ${suffix().slice(0, 4)}`);
    const [againAnswer] = await Promise.all([
      page.waitForResponse(
        (answer) =>
          answer.request().method() === 'POST' && /\/projects\/[^/]+\/viewports$/.test(answer.url()),
      ),
      page.getByTestId('viewport-form-submit').click(),
    ]);
    const again = (await againAnswer.json()) as { camera: { position: number[] } };
    const offset = Math.hypot(
      ...again.camera.position.map((value, index) => value - viewpoint.camera.position[index]!),
    );
    const pictureChange = difference(raisedPicture, await readCanvas(page));
    console.info(
      `viewer: the problem's view restored ${offset.toExponential(2)} m from where it was raised (picture ${pictureChange.toFixed(2)} apart)`,
    );
    expect(offset).toBeLessThan(0.01);
    await page.getByTestId('tool-viewports').click();

    step('contact sheet');
    // A contact sheet about the element, sent from the form beside the model: the element's model linked.
    await page.getByTestId('viewer-create-sheet').click();
    const sheetForm = page.getByTestId('viewer-raise-sheet');
    await sheetForm.waitFor();
    await pickMember(page, 'sheet-receivers-input', person);
    await page.getByTestId('sheet-content-input').fill('请核对该构件的防水做法，并回复。');
    await keepScreenshot(page, 'model-viewer-raise-sheet');
    const [sentAnswer] = await Promise.all([
      page.waitForResponse(
        (answer) =>
          answer.request().method() === 'POST' && answer.url().endsWith('/worksheet-service/contactsheets'),
      ),
      page.getByTestId('sheet-submit').click(),
    ]);
    expect(sentAnswer.status()).toBe(200);
    const sent = (await sentAnswer.json()) as {
      modelId: string | null;
      viewportId: string | null;
      name?: string;
      title?: string;
    };
    expect(sent.modelId).toBe(modelId);
    // Its viewpoint too: the view on screen, saved as a viewport of the project.
    expect(sent.viewportId).toMatch(/^[0-9a-f]{24}$/);
    expect(`${sent.name ?? sent.title}`).toContain('关于「');
    await sheetForm.waitFor({ state: 'detached' });
    expect(page.url()).toContain('/models/viewer');

    step('phone');
    // A phone opens the viewer on the whole screen: no workbench bars, the panels in a closed sheet.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/projects/${projectId}/models/viewer?models=${modelId}`);
    await waitForDrawnModel(page);
    const viewerBox = (await page.getByTestId('model-viewer').boundingBox())!;
    expect([viewerBox.x, viewerBox.y, viewerBox.width, viewerBox.height]).toEqual([0, 0, 390, 844]);
    expect(await page.getByTestId('workbench-tabs').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'model-viewer-phone');
    const phoneShare = await canvasShare(page);
    console.info(`viewer: canvas ${(phoneShare * 100).toFixed(1)} % of 390×844 (sheet closed)`);
    expect(await page.getByTestId('viewer-sheet').getAttribute('data-size')).toBe('closed');
    expect(phoneShare).toBeGreaterThan(0.75);
    expect((await readCanvas(page)).colours).toBeGreaterThan(50);
    // The structure tab opens the sheet half way: the canvas gives it the room.
    await page.getByTestId('viewer-sheet-tab-tree').click();
    await expect.poll(() => page.getByTestId('viewer-sheet').getAttribute('data-size')).toBe('half');
    await expect.poll(() => canvasShare(page)).toBeLessThan(phoneShare - 0.2);
    await keepScreenshot(page, 'model-viewer-phone-sheet');
  });
});
