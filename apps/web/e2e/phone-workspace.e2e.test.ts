import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import zhWorkbench from '../src/locales/zh-CN/workbench.json';
import { WORKBENCH_MODULES } from '../src/modules/workbench/menu';
import { browserPerTest, keepScreenshot } from './browser';
import { ACCOUNT_API, leftLogin, signIn } from './people';

/**
 * Issue 16, the project workspace at every width: demo (admin of 示范项目一期) opens every project page of
 * the workbench menu on a phone (390×844). Each page's title is in the first screen (the menu is a drawer,
 * not a column above the page); the document is no wider than the viewport, and nothing inside the page
 * scrolls sideways except the grids named in GRIDS below (lists are cards on a phone). The widths are kept
 * in screenshots/phone-widths.json, with a screenshot per page. The drawer opens from the menu button,
 * closes on Esc and on navigation; the targets are touch-sized; a list's filters open in a bottom sheet.
 * The desktop keeps its side menu.
 */

const PHONE = { width: 390, height: 844 };

/**
 * The only boxes that may scroll sideways on a phone (page → the test ids of the grids, and why): tables
 * whose meaning is a grid stay tables in their own scroller inside a full-width card, first column sticky.
 */
const GRIDS: Record<string, Record<string, string>> = {
  attendanceStatistics: {
    // Per unit or craft: headcount, present, five statuses and hours side by side, read across a row and
    // compared down a column — as cards the comparison is lost.
    'statistics-table': 'a table of figures compared across units',
    // People × the days of the month: a calendar grid, meaningless as cards.
    'month-sheet': 'people × days of the month',
  },
};
const browser = browserPerTest();

interface Measured {
  page: string;
  path: string;
  title: string;
  titleBottom: number;
  documentWidth: number;
  viewportWidth: number;
  /** The boxes inside the page that scroll sideways on their own, with the test id of their nearest owner. */
  innerScroll: { owner: string; className: string; scrollWidth: number; clientWidth: number }[];
}

describe('the project workspace on a phone', () => {
  it('opens every project page at 390×844 with its title in the first screen, the menu in a drawer', {
    timeout: 180_000,
  }, async () => {
    const { page } = browser;
    await signIn(page, 'demo', 'Demo1234', leftLogin);
    const projects = (await (await page.request.get(`${ACCOUNT_API}/projects`)).json()) as {
      _id: string;
      name: string;
    }[];
    const projectId = projects.find((p) => p.name === '示范项目一期')?._id;
    expect(projectId).toBeDefined();
    const base = `/projects/${projectId}`;

    // Desktop as before: the side menu, no menu button, no bottom bar.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(base);
    await page.getByTestId('workbench-menu').waitFor();
    expect(await page.getByTestId('workbench-menu-button').count()).toBe(0);
    expect(await page.getByTestId('workbench-tabs').count()).toBe(0);

    // The phone: the bar with the menu button and the module's name, the bottom bar.
    await page.setViewportSize(PHONE);
    const menuButton = page.getByRole('button', { name: zhWorkbench.phone.openMenu });
    await menuButton.waitFor();
    expect(await page.getByTestId('workbench-menu').count()).toBe(0);
    expect(await page.getByTestId('workbench-current').textContent()).toBe(zhWorkbench.menu.overview);
    const targets = [menuButton, ...(await page.getByTestId('workbench-tabs').locator('a, button').all())];
    expect(targets.length).toBeGreaterThanOrEqual(3);
    for (const target of targets) {
      const box = await target.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }

    // The drawer: opened by the button, closed by Esc; opened by "more", closed by choosing a module.
    await menuButton.click();
    const drawer = page.locator('.workbench__drawer');
    await drawer.getByTestId('workbench-menu').waitFor();
    for (const entry of WORKBENCH_MODULES) {
      expect(await drawer.getByTestId(`workbench-menu-${entry.key}`).count(), entry.key).toBe(1);
    }
    await keepScreenshot(page, 'phone-drawer');
    await page.keyboard.press('Escape');
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
    await drawer.getByTestId('workbench-menu').waitFor({ state: 'hidden' });
    await page.getByTestId('workbench-tab-more').click();
    await drawer.getByTestId('workbench-menu-problemTopics').click();
    await page.waitForURL(`**${base}/topics`);
    await drawer.getByTestId('workbench-menu').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('workbench-current').textContent()).toBe(zhWorkbench.module.problemTopics);

    // Every project page of the menu.
    const pages = [
      { key: 'overview', path: base },
      ...WORKBENCH_MODULES.map((entry) => ({ key: entry.key, path: `${base}/${entry.path}` })),
      { key: 'settings', path: `${base}/settings` },
    ];
    const measured: Measured[] = [];
    for (const { key, path } of pages) {
      await page.goto(path);
      const title = page.locator('.workbench__main').locator('h1, h2, h3, h4').first();
      await title.waitFor();
      const box = await title.boundingBox();
      // The list (or its empty state) has loaded: the widths are the page's, not a spinner's.
      await page.locator('.workbench__main .ant-spin-spinning').first().waitFor({ state: 'detached' });
      const width = await page.evaluate(() => {
        const innerScroll: Measured['innerScroll'] = [];
        for (const element of document.querySelectorAll<HTMLElement>('.workbench__main *')) {
          const overflow = getComputedStyle(element).overflowX;
          if (overflow !== 'auto' && overflow !== 'scroll') continue;
          if (element.scrollWidth <= element.clientWidth + 1) continue;
          const className = typeof element.className === 'string' ? element.className : '';
          const owner = element.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
          innerScroll.push({
            owner,
            className,
            scrollWidth: element.scrollWidth,
            clientWidth: element.clientWidth,
          });
        }
        return { document: document.documentElement.scrollWidth, viewport: window.innerWidth, innerScroll };
      });
      measured.push({
        page: key,
        path: path.slice(base.length) || '/',
        title: ((await title.textContent()) ?? '').trim(),
        titleBottom: Math.round((box?.y ?? 0) + (box?.height ?? 0)),
        documentWidth: width.document,
        viewportWidth: width.viewport,
        innerScroll: width.innerScroll,
      });
      await keepScreenshot(page, `phone-${key}`);
      expect(box, key).not.toBeNull();
      // In the first screen, above the bottom bar: read without scrolling.
      expect((box?.y ?? 0) + (box?.height ?? 0), key).toBeLessThanOrEqual(PHONE.height - 56);
      expect(await page.getByTestId('workbench-menu-button').count(), key).toBe(1);
    }

    // The record first (a person can look at what failed), then the rule: no page wider than the phone,
    // nothing scrolling sideways inside a page but the grids named above.
    const dir = new URL('./screenshots/', import.meta.url).pathname;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}phone-widths.json`, `${JSON.stringify(measured, null, 2)}\n`);
    console.info(
      measured
        .map(
          (m) =>
            `${m.page.padEnd(22)} title ↓${m.titleBottom} px  document ${m.documentWidth}/${m.viewportWidth} px` +
            m.innerScroll
              .map((s) => `  scrolls inside: ${s.owner} ${s.scrollWidth}/${s.clientWidth} px`)
              .join(''),
        )
        .join('\n'),
    );
    for (const m of measured) {
      expect(m.documentWidth, `${m.page} is wider than the phone`).toBeLessThanOrEqual(m.viewportWidth);
      const allowed = GRIDS[m.page] ?? {};
      const unexpected = m.innerScroll.filter((s) => !(s.owner in allowed));
      expect(unexpected, `${m.page} scrolls sideways inside`).toEqual([]);
    }

    // A list's filters on a phone: the search in the bar, the rest in a bottom sheet behind "筛选".
    await page.goto(`${base}/topics`);
    await page.getByTestId('topics-filter-keyword').waitFor();
    expect(await page.getByTestId('topics-filter-status').count()).toBe(0);
    await page.getByTestId('topics-filters-open').click();
    const sheet = page.locator('.list-filters__sheet');
    await sheet.getByTestId('topics-filter-status').waitFor();
    await keepScreenshot(page, 'phone-topics-filters');
    const sheetBox = await sheet.getByRole('dialog').boundingBox();
    expect(sheetBox?.width ?? 0).toBeLessThanOrEqual(PHONE.width);
    await sheet.getByTestId('topics-filters-apply').click();
    await sheet.getByTestId('topics-filter-status').waitFor({ state: 'hidden' });
    // The problems are cards: a card per problem, its title wrapping as text.
    const card = page.locator('.list-card').first();
    await card.waitFor();
    const cardBox = await card.boundingBox();
    expect((cardBox?.x ?? 0) + (cardBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  });
});
