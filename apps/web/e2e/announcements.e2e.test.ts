import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keepScreenshot, twoBrowsersPerTest } from './browser';
import { ACCOUNT_API, acceptInvitation, leftLogin, registerUser, signIn, suffix } from './people';

/**
 * Issue 5's walk: user A (demo, admin of 示范项目一期) publishes an announcement to user B (a member who has
 * just joined); B's header badge goes up without a reload, B opens the announcement, the badge goes down
 * and A's sent list shows it read.
 */

/** The header badge's unread count (0 while it is hidden). */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-badge');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.getAttribute('data-count')) ?? (await badge.textContent()) ?? 0);
}

const [a, b] = twoBrowsersPerTest();

describe('announcements', () => {
  it('A publishes to B: B is told live, opens it, and A sees it read', async () => {
    const person = await registerUser({ prefix: 'an', nickName: `公告读者${suffix().slice(0, 3)}` });
    await signIn(a.page, 'demo', 'Demo1234', leftLogin);
    const projects = (await (await a.page.request.get(`${ACCOUNT_API}/projects`)).json()) as {
      _id: string;
      name: string;
    }[];
    const project = projects.find((p) => p.name === '示范项目一期');
    expect(project).toBeDefined();
    const projectId = project!._id;
    const added = await a.page.request.post(`${ACCOUNT_API}/projects/${projectId}/members`, {
      data: { name: person.name },
    });
    expect(added.status(), await added.text()).toBe(200);
    await acceptInvitation(person, await added.json());

    // B waits on the home page, with the header's bell.
    await signIn(b.page, person.name, person.password, leftLogin);
    await b.page.getByTestId('notification-bell').waitFor();
    await expect.poll(() => badgeCount(b.page), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await badgeCount(b.page);
    const homeUrl = b.page.url();

    // A: the workbench menu → announcements → new; B as the only receiver; rich text; published.
    await a.page.goto(`/projects/${projectId}`);
    await a.page.getByTestId('workbench-menu-announcements').click();
    await a.page.getByTestId('announcements-page').waitFor();
    await a.page.getByTestId('announcements-create').click();
    const title = `塔吊检修通知 ${suffix()}`;
    await a.page.getByTestId('announcement-title-input').fill(title);
    await a.page.getByTestId('receivers-chosen').click();
    await a.page.getByTestId('receivers-members').click();
    await a.page.keyboard.type(person.nickName);
    const option = a.page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByTitle(`${person.nickName}（${person.name}）`, { exact: true });
    await option.click();
    await a.page.keyboard.press('Escape');
    await expect.poll(() => a.page.getByTestId('receivers-count').textContent()).toBe('将发送给 1 人');
    const editor = a.page.getByTestId('announcement-editor');
    await editor.click();
    await a.page.keyboard.type('周五上午九点起停止吊装作业，请各单位做好准备。');
    await a.page.keyboard.press('Control+A');
    await a.page.getByTestId('editor-bold').click();
    await expect.poll(() => editor.locator('strong').count()).toBe(1);
    await keepScreenshot(a.page, 'announcement-new');
    await a.page.getByTestId('announcement-submit').click();
    await a.page.getByTestId('announcement-detail').waitFor();
    await expect
      .poll(() => a.page.getByTestId('announcement-read-summary').textContent())
      .toContain('0 人已读');
    const announcementId = a.page.url().split('/').pop()!;

    // B: the badge goes up on the page already open (no reload, no navigation).
    await expect.poll(() => badgeCount(b.page), { timeout: 15_000 }).toBe(before + 1);
    expect(b.page.url()).toBe(homeUrl);
    await keepScreenshot(b.page, 'announcement-badge');

    // B opens it from the project's received announcements: marked read, the badge goes down.
    await b.page.goto(`/projects/${projectId}/announcements`);
    const row = b.page.getByTestId(`announcement-row-${announcementId}`);
    await row.waitFor();
    expect(await row.getByTestId(`announcement-unread-${announcementId}`).count()).toBe(1);
    await expect.poll(() => badgeCount(b.page), { timeout: 15_000 }).toBe(before + 1);
    await b.page.getByTestId(`announcement-open-${announcementId}`).click();
    await b.page.getByTestId('announcement-detail').waitFor();
    expect(await b.page.getByTestId('announcement-title').textContent()).toContain(title);
    expect(await b.page.getByTestId('announcement-content').locator('strong').textContent()).toBe(
      '周五上午九点起停止吊装作业，请各单位做好准备。',
    );
    await expect.poll(() => badgeCount(b.page), { timeout: 15_000 }).toBe(before);
    await keepScreenshot(b.page, 'announcement-detail-receiver');

    // A: the sent list shows it read by its one receiver.
    await a.page.getByTestId('announcement-back').click();
    const readers = a.page.getByTestId(`announcement-readers-${announcementId}`);
    await expect.poll(() => readers.textContent(), { timeout: 15_000 }).toBe('1/1 已读');
    // The table's loading veil fades out after the answer: the picture is for a person to look at.
    const opacity = () =>
      readers.evaluate((element) => {
        let value = 1;
        for (let at: Element | null = element; at; at = at.parentElement) {
          value *= Number(getComputedStyle(at).opacity);
        }
        return value;
      });
    await expect.poll(opacity).toBe(1);
    await keepScreenshot(a.page, 'announcement-sent-read');
  });
});
