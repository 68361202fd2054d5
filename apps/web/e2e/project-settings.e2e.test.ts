import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import zhSettings from '../src/locales/zh-CN/projectSettings.json';
import { type Browser, keepScreenshot, openBrowser } from './browser';
import { acceptMyInvitations, leftLogin, pick, registerUser, signIn, suffix } from './people';

/**
 * The project settings in a real browser against the real server (DEMO=1: `demo` / `Demo1234`, admin of
 * 示范项目一期; `zhangsan` a member of it): basic info (short name rule, save), a permission template's
 * matrix, and adding a freshly registered user by phone with that template.
 */

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('project settings', () => {
  it('demo edits the basic info, a permission template and adds a new member with it', async () => {
    const newcomer = await registerUser({ prefix: 'ps', nickName: '新成员' });
    const { page } = browser;
    await signIn(page, 'demo', 'Demo1234', leftLogin);
    const projects = (await (await page.request.get('/api/v1/account-service/projects')).json()) as {
      _id: string;
      name: string;
    }[];
    const project = projects.find((p) => p.name === '示范项目一期');
    expect(project).toBeDefined();
    const base = `/projects/${project!._id}/settings`;
    const projectUrl = `/api/v1/account-service/projects/${project!._id}`;
    const original = (await (await page.request.get(projectUrl)).json()) as { shortName: string };

    // ── basic info: a short name over 12 characters is refused, then a valid one is saved ──
    await page.goto(`${base}/basic`);
    const shortName = page.getByTestId('basic-shortName');
    await shortName.waitFor();
    await shortName.fill('示范项目一期工程总承包段');
    await shortName.press('End');
    await page.keyboard.type('甲');
    await page.getByTestId('basic-save').click();
    const tooLong = zhSettings.basic.shortNameTooLong.replace('{{max}}', '12');
    await page.getByText(tooLong).waitFor();
    await keepScreenshot(page, 'project-settings-basic-invalid');

    const short = `示范${suffix().slice(0, 4)}`;
    await shortName.fill(short);
    await page.getByTestId('basic-qualityGoal').fill('鲁班奖');
    await page.getByTestId('basic-save').click();
    await page.getByText(zhSettings.basic.saved).waitFor();
    await keepScreenshot(page, 'project-settings-basic-saved');
    const saved = (await (
      await page.request.get(`/api/v1/account-service/projects/${project!._id}`)
    ).json()) as {
      shortName: string;
      qualityGoal: string;
    };
    expect(saved).toMatchObject({ shortName: short, qualityGoal: '鲁班奖' });

    // ── permission templates: a new template without create, its matrix edited and saved ──
    await page.getByTestId('settings-menu-templates').click();
    await page.waitForURL(`**${base}/templates`);
    const templateName = `资料员${suffix()}`.slice(0, 12);
    await page.getByTestId('template-create').click();
    await page.getByTestId('template-dialog-name').fill(templateName);
    await page.getByTestId('template-dialog-ok').click();
    await expect.poll(() => page.getByTestId('template-editor-name').textContent()).toContain(templateName);
    await page.getByTestId('matrix-announcements-view').waitFor();
    await pick(page, 'matrix-announcements-view', zhSettings.templates.scope.all);
    await pick(page, 'matrix-modelViewer-view', zhSettings.templates.scope.ownDepartment);
    await page.getByTestId('matrix-modelViewer-download').check();
    expect(await page.getByTestId('matrix-announcements-create').isChecked()).toBe(false);
    await keepScreenshot(page, 'project-settings-template-matrix');
    await page.getByTestId('matrix-save').click();
    await page.getByText(zhSettings.templates.saved).waitFor();
    const templates = (await (
      await page.request.get(`/api/v1/account-service/projects/${project!._id}/templates`)
    ).json()) as { _id: string; name: string; grants: Record<string, Record<string, unknown>> }[];
    const template = templates.find((t) => t.name === templateName);
    expect(template?.grants).toMatchObject({
      announcements: { view: 'all' },
      modelViewer: { view: 'ownDepartment', download: true },
    });
    expect(template?.grants.announcements?.create).toBeFalsy();

    // ── members: zhangsan is a member already; the newcomer is added by phone with the template ──
    await page.getByTestId('settings-menu-members').click();
    await page.waitForURL(`**${base}/members`);
    await page.getByTestId('member-table').waitFor();
    await page.getByTestId('member-add').click();
    await page.getByTestId('member-add-by').getByText(zhSettings.members.byAccount).click();
    await page.getByTestId('member-add-who').fill('zhangsan');
    await pick(page, 'member-add-template', templateName);
    await page.getByTestId('member-add-ok').click();
    await page.getByTestId('member-add-error').waitFor();
    await keepScreenshot(page, 'project-settings-member-exists');

    await page.getByTestId('member-add-by').getByText(zhSettings.members.byPhone).click();
    await page.getByTestId('member-add-who').fill(newcomer.phoneNumber);
    await page.getByTestId('member-add-ok').click();
    // Not of the enterprise: invited; the pending row shows only the typed phone until they accept.
    await page.getByText(zhSettings.members.invited).waitFor();
    const pendingRow = page.locator('[data-testid^="pending-row-"]', { hasText: newcomer.phoneNumber });
    await pendingRow.waitFor();
    expect(await pendingRow.textContent()).not.toContain(newcomer.name);
    await keepScreenshot(page, 'project-settings-member-invited');
    await acceptMyInvitations(newcomer);
    await page.reload();
    await page.getByTestId('member-table').waitFor();
    await page.getByTestId('member-search').locator('input').fill(newcomer.name);
    await page.getByTestId('member-search').locator('input').press('Enter');
    await page.getByTestId('member-reorder-disabled').waitFor();
    const row = page.locator('[data-testid^="member-row-"]', { hasText: newcomer.name });
    await row.waitFor();
    expect(await row.textContent()).toContain(templateName);
    await keepScreenshot(page, 'project-settings-member-added');

    // ── the other sections render against the real server ──
    for (const [section, testId] of [
      ['structure', 'structure-add-top'],
      ['disciplines', 'domain-table'],
    ] as const) {
      await page.getByTestId(`settings-menu-${section}`).click();
      await page.waitForURL(`**${base}/${section}`);
      await page.getByTestId(testId).waitFor();
      await keepScreenshot(page, `project-settings-${section}`);
    }
    // Leave the demo project's information as the other browser tests expect it.
    const restored = await page.request.put(projectUrl, {
      data: { shortName: original.shortName || null, qualityGoal: null },
    });
    expect(restored.ok()).toBe(true);
  });

  it('a plain member (zhangsan) sees the no-permission state', async () => {
    const { page } = browser;
    await signIn(page, 'zhangsan', 'Demo1234', leftLogin);
    const projects = (await (await page.request.get('/api/v1/account-service/projects')).json()) as {
      _id: string;
      name: string;
    }[];
    const project = projects.find((p) => p.name === '示范项目一期');
    await page.goto(`/projects/${project!._id}/settings/basic`);
    await page.getByTestId('settings-no-permission').waitFor();
    expect(await page.getByTestId('basic-form').count()).toBe(0);
    await keepScreenshot(page, 'project-settings-no-permission');
  });
});
