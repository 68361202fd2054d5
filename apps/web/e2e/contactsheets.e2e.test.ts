import { describe, expect, it } from 'vitest';
import { keepScreenshot, twoBrowsersPerTest } from './browser';
import { joinDemoProject, leftLogin, pickMember, registerUser, signIn, suffix } from './people';

/**
 * Issue 6's contact-sheet walk: A (demo, admin of 示范项目一期) sends a contact sheet to B; B finds it unread
 * in the received list and reads it; A's circulation record then shows both the send and B's read.
 */

const [a, b] = twoBrowsersPerTest();

describe('contact sheets', () => {
  it('A sends a sheet to B, B reads it, and the circulation record shows both', async () => {
    const person = await registerUser({ prefix: 'cs', nickName: `联系单接收${suffix().slice(0, 3)}` });
    await signIn(a.page, 'demo', 'Demo1234', leftLogin);
    const projectId = await joinDemoProject(a.page, person);

    // A: the workbench menu → contact sheets → new.
    await a.page.goto(`/projects/${projectId}`);
    await a.page.getByTestId('workbench-menu-contactLists').click();
    await a.page.getByTestId('contactsheets-page').waitFor();
    await a.page.getByTestId('sheets-create').click();
    await a.page.getByTestId('sheet-form-page').waitFor();
    await expect
      .poll(() => a.page.getByTestId('sheet-number-preview').textContent())
      .toMatch(/LXD-\d{4}-\d{4}/);
    const title = `关于三层梁柱节点钢筋绑扎的工作联系单 ${suffix()}`;
    await a.page.getByTestId('sheet-title-input').fill(title);
    await pickMember(a.page, 'sheet-receivers-input', person);
    await a.page
      .getByTestId('sheet-content-input')
      .fill('三层梁柱节点箍筋间距超出设计要求，请于本周五前整改并回复。');
    await keepScreenshot(a.page, 'contactsheet-new');
    await a.page.getByTestId('sheet-submit').click();
    await a.page.getByTestId('sheet-detail').waitFor();
    const sheetId = a.page.url().split('/').pop()!;
    const number = (await a.page.getByTestId('sheet-number').textContent())!.trim();
    expect(number).toMatch(/LXD-\d{4}-\d{4}/);
    expect(await a.page.getByTestId('sheet-title').textContent()).toContain(title);
    expect(await a.page.getByTestId('sheet-entry-send').count()).toBe(1);
    expect(await a.page.getByTestId('sheet-entry-read').count()).toBe(0);

    // B: the received list shows it unread; opening it reads it.
    await signIn(b.page, person.name, person.password, leftLogin);
    await b.page.goto(`/projects/${projectId}/contactsheets`);
    const unread = b.page.getByTestId(`sheet-unread-${sheetId}`);
    await unread.waitFor();
    await keepScreenshot(b.page, 'contactsheet-received');
    await b.page.getByTestId(`sheet-open-${sheetId}`).click();
    await b.page.getByTestId('sheet-detail').waitFor();
    expect(await b.page.getByTestId('sheet-number').textContent()).toContain(number);
    expect(await b.page.getByTestId('sheet-content').textContent()).toContain('请于本周五前整改并回复');
    await expect.poll(() => b.page.getByTestId('sheet-entry-read').count(), { timeout: 15_000 }).toBe(1);
    await b.page.getByTestId('sheet-back').click();
    await b.page.getByTestId('contactsheets-page').waitFor();
    await b.page.getByTestId(`sheet-open-${sheetId}`).waitFor();
    await expect
      .poll(() => b.page.getByTestId(`sheet-unread-${sheetId}`).count(), { timeout: 15_000 })
      .toBe(0);

    // A: the circulation record has the send and B's read, with B's name.
    await a.page.reload();
    await a.page.getByTestId('sheet-detail').waitFor();
    const read = a.page.getByTestId('sheet-entry-read');
    await expect.poll(() => read.count(), { timeout: 15_000 }).toBe(1);
    expect(await read.textContent()).toContain(person.nickName);
    expect(await a.page.getByTestId('sheet-entry-send').textContent()).toContain('演示');
    await keepScreenshot(a.page, 'contactsheet-circulation');
  });
});
