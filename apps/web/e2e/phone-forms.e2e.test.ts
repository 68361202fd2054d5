import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest, keepScreenshot } from './browser';
import { ACCOUNT_API, leftLogin, signIn } from './people';

/**
 * Issue 16, forms and dialogs on a phone: demo (admin of 示范项目一期) on a touch phone of 390×844 opens the
 * new-problem form, the new-contact-sheet form, a new worker, a new announcement, the project's basic
 * settings and a settings dialog (a new discipline). Each: nothing scrolls sideways, every field is one
 * per row, as wide as the form, ≥ 44 px high with 16 px text (no iOS zoom), the label above it, and the
 * submit button reachable without scrolling sideways; the dialog fills the screen with its buttons on it.
 * The problem's images field and the worker's photo offer the camera. Screenshots are kept
 * (phone-form-*.png).
 */

const PHONE = { width: 390, height: 844 };
const browser = browserPerTest();

interface FormMeasure {
  documentWidth: number;
  viewportWidth: number;
  fields: Array<{ label: string; top: number; bottom: number; left: number; width: number; height: number }>;
  itemWidth: number;
  fontSizes: number[];
  labelsAbove: boolean;
  /** Form items sharing a row with another (by their vertical extent). */
  sideBySide: string[];
}

/** The fields of the forms under `root` (a CSS selector), measured in the page. */
function measureForm(page: Page, root: string): Promise<FormMeasure> {
  return page.evaluate((rootSelector) => {
    const scope = document.querySelector(rootSelector);
    if (!scope) throw new Error(`no ${rootSelector}`);
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const CONTROLS =
      '.ant-form-item-control-input-content > input.ant-input, .ant-input-affix-wrapper:not(.ant-input-textarea-affix-wrapper), .ant-select, .ant-picker, .ant-input-number, .ant-cascader';
    const items = [...scope.querySelectorAll<HTMLElement>('.ant-form-item')].filter(
      (item) => visible(item) && !item.parentElement?.closest('.ant-form-item'),
    );
    const fields: FormMeasure['fields'] = [];
    const fontSizes: number[] = [];
    let labelsAbove = true;
    let itemWidth = 0;
    for (const item of items) {
      const control = item.querySelector<HTMLElement>(CONTROLS);
      if (!control || !visible(control)) continue;
      const box = control.getBoundingClientRect();
      // A compound field (an amount and its unit, Space.Compact) spans the row together.
      const row = (control.closest('.ant-space-compact') ?? control).getBoundingClientRect();
      const itemBox = item.getBoundingClientRect();
      itemWidth = Math.max(itemWidth, itemBox.width);
      const label = item.querySelector('.ant-form-item-label');
      if (label && visible(label) && label.getBoundingClientRect().bottom > box.top + 1) labelsAbove = false;
      fields.push({
        label: (label?.textContent ?? '').trim(),
        top: box.top,
        bottom: box.bottom,
        left: row.left,
        width: row.width,
        height: box.height,
      });
      const input = control.matches('input') ? control : control.querySelector('input');
      if (input) fontSizes.push(Number.parseFloat(getComputedStyle(input).fontSize));
    }
    const sideBySide: string[] = [];
    const boxes = items.map((item) => ({ item, box: item.getBoundingClientRect() }));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlap = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (overlap > 1) sideBySide.push((a.item.textContent ?? '').slice(0, 20));
      }
    }
    return {
      documentWidth: document.documentElement.scrollWidth,
      viewportWidth: window.innerWidth,
      fields,
      itemWidth,
      fontSizes,
      labelsAbove,
      sideBySide,
    };
  }, root);
}

function expectPhoneForm(measure: FormMeasure, name: string, fields = 2) {
  expect(measure.documentWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(
    measure.viewportWidth,
  );
  expect(measure.fields.length, name).toBeGreaterThanOrEqual(fields);
  expect(measure.sideBySide, `${name}: fields side by side`).toEqual([]);
  expect(measure.labelsAbove, `${name}: labels above their fields`).toBe(true);
  for (const field of measure.fields) {
    expect(field.height, `${name}: ${field.label} height`).toBeGreaterThanOrEqual(44);
    expect(field.width, `${name}: ${field.label} full width`).toBeGreaterThanOrEqual(measure.itemWidth - 1);
    expect(field.left + field.width, `${name}: ${field.label} inside the screen`).toBeLessThanOrEqual(
      measure.viewportWidth,
    );
  }
  for (const size of measure.fontSizes) expect(size, `${name}: field text size`).toBeGreaterThanOrEqual(16);
}

/** The button is reached by scrolling down only, and then lies wholly on the screen. */
async function expectReachable(page: Page, testId: string) {
  const button = page.getByTestId(testId);
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  expect(box, testId).not.toBeNull();
  expect(await page.evaluate(() => window.scrollX), `${testId}: sideways scroll`).toBe(0);
  expect(box?.x ?? -1, testId).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), testId).toBeLessThanOrEqual(PHONE.width);
  expect((box?.y ?? 0) + (box?.height ?? 0), testId).toBeLessThanOrEqual(PHONE.height);
  expect(box?.height ?? 0, testId).toBeGreaterThanOrEqual(44);
}

describe('forms and dialogs on a phone', () => {
  it('at 390×844: one column of touch-sized fields, dialogs as full-screen sheets, the camera offered', {
    timeout: 180_000,
  }, async () => {
    const { page, context } = browser;
    // A touch phone: touch events and a coarse pointer, as on site.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await page.setViewportSize(PHONE);
    await signIn(page, 'demo', 'Demo1234', leftLogin);
    const projects = (await (await page.request.get(`${ACCOUNT_API}/projects`)).json()) as {
      _id: string;
      name: string;
    }[];
    const projectId = projects.find((p) => p.name === '示范项目一期')?._id;
    expect(projectId).toBeDefined();
    const base = `/projects/${projectId}`;

    // A new problem.
    await page.goto(`${base}/topics/new`);
    await page.getByTestId('topic-name-input').waitFor();
    await page.getByTestId('topic-domain-select').waitFor();
    expectPhoneForm(await measureForm(page, '[data-testid="topic-form"]'), 'problem');
    // The images field: the camera beside the album.
    const camera = page.getByTestId('topic-images-camera');
    await camera.waitFor();
    expect(await camera.textContent()).toContain('拍照');
    expect(await page.getByTestId('topic-images-add').textContent()).toContain('从相册选择');
    const cameraInput = page.getByTestId('topic-images-camera-input');
    expect(await cameraInput.getAttribute('capture')).toBe('environment');
    expect(await cameraInput.getAttribute('accept')).toBe('image/*');
    await keepScreenshot(page, 'phone-form-problem');
    await expectReachable(page, 'topic-submit');

    // A new contact sheet.
    await page.goto(`${base}/contactsheets/new`);
    await page.getByTestId('sheet-title-input').waitFor();
    expectPhoneForm(await measureForm(page, '.workbench__main'), 'contact sheet');
    await keepScreenshot(page, 'phone-form-contact-sheet');
    await expectReachable(page, 'sheet-submit');

    // A new worker (with the photo field) and a new announcement.
    await page.goto(`${base}/personnel/new`);
    await page.getByTestId('person-name').waitFor();
    expectPhoneForm(await measureForm(page, '[data-testid="person-form"]'), 'worker');
    await page.getByTestId('person-avatar-camera').waitFor();
    expect(await page.getByTestId('person-avatar-camera-input').getAttribute('capture')).toBe('environment');
    await keepScreenshot(page, 'phone-form-worker');
    await expectReachable(page, 'person-submit');

    await page.goto(`${base}/announcements/new`);
    await page.getByTestId('announcement-title-input').waitFor();
    // Its one plain field is the title (the content is a rich-text editor, the receivers a picker).
    expectPhoneForm(await measureForm(page, '[data-testid="announcement-new"]'), 'announcement', 1);
    await keepScreenshot(page, 'phone-form-announcement');
    await expectReachable(page, 'announcement-submit');

    // The project's basic settings.
    await page.goto(`${base}/settings/basic`);
    await page.getByTestId('basic-form').waitFor();
    await page.getByTestId('basic-save').waitFor();
    expectPhoneForm(await measureForm(page, '[data-testid="basic-form"]'), 'settings');
    await keepScreenshot(page, 'phone-form-settings');
    await expectReachable(page, 'basic-save');

    // A settings dialog (a new discipline): a sheet filling the screen, its buttons on it.
    await page.goto(`${base}/settings/disciplines`);
    await page.getByTestId('domain-add').click();
    const name = page.getByTestId('domain-dialog-name');
    await name.waitFor();
    const sheet = page.locator('.ant-modal.app-sheet');
    // Wait out the opening animation (a zoom): the sheet at its place.
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box && [box.x, box.y, box.width, box.height].map(Math.round);
      })
      .toEqual([0, 0, PHONE.width, PHONE.height]);
    expectPhoneForm(await measureForm(page, '.ant-modal.app-sheet'), 'dialog');
    const ok = page.getByTestId('domain-dialog-ok');
    const okBox = await ok.boundingBox();
    expect(okBox?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect((okBox?.y ?? 0) + (okBox?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    expect((okBox?.x ?? 0) + (okBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    const close = await sheet.locator('.ant-modal-close').boundingBox();
    expect(close?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(close?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(page, 'phone-form-dialog');
    // Esc still closes it.
    await page.keyboard.press('Escape');
    await name.waitFor({ state: 'hidden' });
  });
});
