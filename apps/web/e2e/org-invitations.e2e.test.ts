import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, keepScreenshot, openBrowser } from './browser';
import { signIn } from './people';

/**
 * Invitation links in a real browser against the real server (DEMO=1: `demo` / `Demo1234` administers
 * 示范项目一期): the administrator makes a link, finds it among the open links, revokes it, and the link
 * then says it was revoked.
 */

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('invitation links', () => {
  it('demo makes a link, revokes it from the open links, and the link answers revoked', async () => {
    const { page } = browser;
    await signIn(page, 'demo', 'Demo1234');
    const tree = page.getByTestId('home-tree');
    await tree.waitFor();
    await page.getByTestId('home-tree-search').fill('示范项目一期');
    await tree.getByText('示范项目', { exact: false }).first().click();
    await page.waitForURL('**/projects/*');
    const projectId = new URL(page.url()).pathname.split('/')[2]!;

    await page.goto(`/projects/${projectId}/settings/members`);
    await page.getByTestId('member-invite').click();
    const linkText = page.getByTestId('invite-link');
    await linkText.waitFor();
    const link = (await linkText.textContent())!.trim();
    await page.keyboard.press('Escape');
    // The section keeps its closed dialogs in the page: wait until none shows.
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);

    await page.getByTestId('invitations-tab').click();
    const rows = page.locator('[data-testid^="invitation-row-"]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // The newest link comes first.
    const newest = rows.first();
    const rowId = (await newest.getAttribute('data-testid'))!.replace('invitation-row-', '');
    await keepScreenshot(page, 'org-invitations-list');
    await newest.getByTestId(`invitation-revoke-${rowId}`).click();
    await page.getByTestId('invitation-revoke-ok').click();
    await expect.poll(() => page.getByTestId(`invitation-row-${rowId}`).count()).toBe(0);

    await page.goto(link);
    const revoked = page.getByTestId('invite-revoked');
    await revoked.waitFor();
    expect(await revoked.textContent()).toContain('该邀请链接已被管理员撤销');
    await keepScreenshot(page, 'org-invitation-revoked');
  });
});
