import { describe, expect, it } from 'vitest';
import { keepScreenshot, twoBrowsersPerTest } from './browser';
import { joinDemoProject, leftLogin, pickMember, registerUser, signIn, suffix } from './people';

/**
 * Issue 6's problem walk: A (demo, admin of 示范项目一期) raises a problem mentioning B; B sees it unread in
 * the list, opens it and responds; A sees the response and closes the problem.
 */

const [a, b] = twoBrowsersPerTest();

describe('problem topics', () => {
  it('A raises a problem mentioning B, B responds, A closes it', async () => {
    const person = await registerUser({ prefix: 'tp', nickName: `问题处理${suffix().slice(0, 3)}` });
    await signIn(a.page, 'demo', 'Demo1234', leftLogin);
    const projectId = await joinDemoProject(a.page, person);

    // A: the workbench menu → problems → new; B mentioned.
    await a.page.goto(`/projects/${projectId}`);
    await a.page.getByTestId('workbench-menu-problemTopics').click();
    await a.page.getByTestId('topics-page').waitFor();
    await a.page.getByTestId('topics-create').click();
    await a.page.getByTestId('topic-form-page').waitFor();
    const title = `二层楼板裂缝 ${suffix()}`;
    await a.page.getByTestId('topic-name-input').fill(title);
    await pickMember(a.page, 'topic-mentions-select', person);
    await a.page
      .getByTestId('topic-content-input')
      .fill('二层 B 轴楼板出现贯通裂缝，请核查原因并提出处理方案。');
    await keepScreenshot(a.page, 'topic-new');
    await a.page.getByTestId('topic-submit').click();
    await a.page.getByTestId('topic-detail').waitFor();
    const topicId = a.page.url().split('/').pop()!;
    expect(await a.page.getByTestId('topic-title').textContent()).toContain(title);

    // B: unread in the list (the "mine" category holds it), opened, answered.
    await signIn(b.page, person.name, person.password, leftLogin);
    await b.page.goto(`/projects/${projectId}/topics`);
    await b.page.getByTestId(`topic-unread-${topicId}`).waitFor();
    await b.page.getByTestId('topics-tab-mine').click();
    await b.page.getByTestId(`topic-unread-${topicId}`).waitFor();
    await keepScreenshot(b.page, 'topics-unread');
    await b.page.getByTestId(`topic-open-${topicId}`).click();
    await b.page.getByTestId('topic-detail').waitFor();
    const answer = '已安排检测单位明天上午取芯检测，结果出来后回复处理方案。';
    await b.page.getByTestId('topic-response-input').fill(answer);
    await b.page.getByTestId('topic-response-submit').click();
    await expect.poll(() => b.page.getByTestId('topic-responses').textContent()).toContain(answer);
    await b.page.getByTestId('topic-back').click();
    await b.page.getByTestId(`topic-open-${topicId}`).waitFor();
    await expect
      .poll(() => b.page.getByTestId(`topic-unread-${topicId}`).count(), { timeout: 15_000 })
      .toBe(0);

    // A: the response is there (and unread for A until opened); A closes the problem.
    await a.page.goto(`/projects/${projectId}/topics`);
    await a.page.getByTestId(`topic-unread-${topicId}`).waitFor();
    await a.page.getByTestId(`topic-open-${topicId}`).click();
    await a.page.getByTestId('topic-detail').waitFor();
    await expect.poll(() => a.page.getByTestId('topic-responses').textContent()).toContain(answer);
    expect(await a.page.getByTestId('topic-responses').textContent()).toContain(person.nickName);
    await a.page.getByTestId('topic-close').click();
    await a.page.getByTestId('topic-close-ok').click();
    await a.page.getByTestId('topic-reopen').waitFor();
    await keepScreenshot(a.page, 'topic-closed');

    // B sees it completed.
    await b.page.goto(`/projects/${projectId}/topics/${topicId}`);
    await b.page.getByTestId('topic-detail').waitFor();
    await b.page.getByTestId('topic-meta').waitFor();
    await expect.poll(() => b.page.getByTestId('topic-detail').textContent()).toContain('已完成');
    expect(await b.page.getByTestId('topic-close').count()).toBe(0);
  });
});
