import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { type Browser, keepScreenshot, openBrowser } from './browser';
import { signIn, suffix } from './people';

/**
 * The home tree, the workbench, the enterprise area and the system area in a real browser against the real
 * server (DEMO=1: 示范建设集团 → 华东分公司 → 示范项目一期, `demo` / `Demo1234` its admin; `admin` the
 * system administrator).
 */

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('organisation and home', () => {
  it('demo sees the tree, searches, enters the project, and creates a circle and a project in /e', async () => {
    const { page } = browser;
    await signIn(page, 'demo', 'Demo1234');
    const tree = page.getByTestId('home-tree');
    await tree.waitFor();
    await tree.getByText('示范建设集团', { exact: true }).click();
    await tree.getByText('华东分公司', { exact: true }).click();
    await expect.poll(() => tree.getByText('示范项目一期', { exact: true }).isVisible()).toBe(true);
    await keepScreenshot(page, 'org-home-tree');

    await page.getByTestId('home-tree-search').fill('一期');
    await expect.poll(() => page.locator('.home-tree__match').first().textContent()).toBe('一期');
    await keepScreenshot(page, 'org-home-search');

    await tree.getByText('示范项目', { exact: false }).first().click();
    await page.waitForURL('**/projects/*');
    await page.getByTestId('project-overview').waitFor();
    expect(await page.getByTestId('overview-name').textContent()).toBe('示范项目一期');
    expect(await page.getByTestId('workbench-menu-overview').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('workbench-menu-settings').count()).toBe(1);
    await keepScreenshot(page, 'org-workbench-overview');

    // Back home: the last place (the project) is restored and selected.
    await page.getByTestId('workbench-home').click();
    await page.waitForURL('**/home');
    await expect
      .poll(() => page.locator('.ant-tree-treenode-selected').textContent())
      .toContain('示范项目一期');

    // The enterprise area: create a circle and a project in it.
    const circle = `测试分支${suffix()}`;
    const project = `测试项目${suffix()}`;
    await page.goto('/e');
    await page.getByTestId('e-info-name').waitFor();
    expect(await page.getByTestId('e-info-name').textContent()).toBe('示范建设集团');
    await page.getByTestId('e-create-circle').click();
    await page.getByTestId('create-circle-name').fill(circle);
    await page.getByTestId('create-circle-submit').click();
    await expect.poll(() => page.getByTestId('e-circles').getByText(circle).count()).toBe(1);

    await page.getByTestId('e-create-project').click();
    await page.getByTestId('create-project-name').fill(project);
    await page.getByTestId('create-project-short-name').fill('测试');
    await page.getByTestId('create-project-circle').click();
    await page.locator('.ant-select-item-option').filter({ hasText: circle }).click();
    await page.getByTestId('create-project-plannedStartDate').fill('2026-05-01');
    await page.getByTestId('create-project-ownerUnit').fill('测试建设单位');
    await keepScreenshot(page, 'org-e-create-project');
    await page.getByTestId('create-project-submit').click();
    await expect.poll(() => page.getByTestId('e-projects').getByText(project).count()).toBe(1);
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await keepScreenshot(page, 'org-e-area');

    // The new project is in the home tree, under its new circle.
    await page.goto('/home');
    await page.getByTestId('home-tree-search').fill(project);
    await expect.poll(() => page.getByTestId('home-tree').getByText(circle).count()).toBe(1);
    await page.getByTestId('home-tree').getByText(project).click();
    await page.getByTestId('project-overview').waitFor();
    expect(await page.getByTestId('overview-ownerUnit').textContent()).toBe('测试建设单位');
  });

  it('admin opens /system and finds demo', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.getByTestId('login-name').fill('admin');
    await page.getByTestId('login-password').fill(inject('adminPassword'));
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/(home|bindTel)$/);
    await page.goto('/system');
    await page.getByTestId('system-users').waitFor();
    await page.getByTestId('system-user-search').locator('input').fill('demo');
    await page.getByTestId('system-user-search').locator('input').press('Enter');
    await expect.poll(async () => page.getByTestId('system-user-name').allTextContents()).toContain('demo');
    await keepScreenshot(page, 'org-system-users');
    await page.getByTestId('system-tab-enterprises').click();
    await expect
      .poll(() => page.getByTestId('system-enterprise-name').allTextContents())
      .toContain('示范建设集团');
  });

  it('a member without admin rights gets no permission in /system', async () => {
    const { page } = browser;
    await signIn(page, 'demo', 'Demo1234');
    await page.goto('/system');
    await page.getByTestId('system-no-permission').waitFor();
  });
});
