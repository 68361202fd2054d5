import { OPTION_LABELS } from '@lintel/contracts/org';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import zhEnterprise from '../src/locales/zh-CN/enterprise.json';
import zhSettings from '../src/locales/zh-CN/projectSettings.json';
import { type Browser, keepScreenshot, openBrowser } from './browser';
import { type Person, pick, registerUser, suffix } from './people';

/**
 * Issue 4's walk, end to end in two real browsers against the real server: an enterprise administrator
 * creates an enterprise → a circle → a project with its full information, a permission template without
 * create rights, and an invitation link; the invitee opens the link in their own browser, signs in and
 * applies; the administrator approves with that template; the invitee then sees the project but no settings
 * and no create action, and the server refuses their creations.
 *
 * Both people are fresh accounts (registered through the API: registration has its own browser test), so
 * the walk neither depends on nor changes the demo data the other browser tests share this server with.
 */

const ACCOUNT = '/api/v1/account-service';
const PASSWORD = 'Secret_123';
/** How long a UI change may take on the busy two-core machine (expect.poll's own default is 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const zh = <L extends keyof typeof OPTION_LABELS>(list: L, key: keyof (typeof OPTION_LABELS)[L]) =>
  (OPTION_LABELS[list][key] as { 'zh-CN': string })['zh-CN'];

/** Signs in on the open /login page; lands on /home unless the page was opened to return elsewhere. */
async function signIn(page: Page, person: Person, landing: string | ((url: URL) => boolean) = '**/home') {
  await page.getByTestId('login-name').fill(person.name);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing);
}

/** Picks several options of a multiple Select, then closes its list. */
async function pickMany(page: Page, testId: string, labels: readonly string[]) {
  await page.getByTestId(testId).click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  for (const label of labels) await open.getByTitle(label, { exact: true }).click();
  await page.keyboard.press('Escape');
  await poll(() => open.count()).toBe(0);
}

/**
 * Types a date into an antd DatePicker and leaves it with Tab, as a person moving on to the next field.
 * Not with Enter: there the browser's implicit submission also submits the settings form, half filled.
 */
async function typeDate(page: Page, testId: string, date: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(date);
  await input.press('Tab');
  await poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
  await poll(() => input.inputValue()).toBe(date);
}

/** A site photo drawn by the browser's canvas: a real PNG for POST base-service/files. */
async function sitePhoto(page: Page, hue: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((colour) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = colour;
    context.fillRect(0, 0, 320, 200);
    context.fillStyle = '#ffffff';
    context.fillRect(120, 60, 80, 100);
    return canvas.toDataURL('image/png');
  }, hue);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function upload(page: Page, field: string, pictures: Buffer[]) {
  const files = pictures.map((buffer, i) => ({ name: `site-${i + 1}.png`, mimeType: 'image/png', buffer }));
  await page.getByTestId(field).locator('input[type=file]').setInputFiles(files);
  await poll(() => page.getByTestId(`${field}-item`).count()).toBe(pictures.length);
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${ACCOUNT}/${path}`);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** Every antd dialog has closed (closed ones stay in the page, hidden). */
async function dialogsClosed(page: Page) {
  await poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
}

/** The row of an antd table that mentions `text`. */
const rowOf = (table: Locator, text: string) => table.locator('tr.ant-table-row', { hasText: text });

const browsers: Browser[] = [];
afterEach(async ({ task }) => {
  // A failed walk leaves what each browser showed, for the person reading the failure.
  if (task.result?.state === 'fail') {
    await Promise.all(
      browsers.map((b, i) => keepScreenshot(b.page, `org-walk-failed-${i + 1}`).catch(() => '')),
    );
  }
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

describe('issue 4: enterprise → circle → project, invitation, approval with a template', () => {
  it('an administrator builds the organisation and admits an invitee who cannot create', {
    timeout: 240_000,
  }, async () => {
    const admin = await registerUser({ prefix: 'walkadm', nickName: '王经理', password: PASSWORD });
    const invitee = await registerUser({ prefix: 'walkmem', nickName: '李资料员', password: PASSWORD });
    const run = suffix();
    const enterpriseName = `漫游建设集团${run}`;
    const circleName = `华南分公司${run}`;
    const projectName = `漫游综合体项目${run}`;
    const shortName = `漫游${run}`.slice(0, 12);
    const templateName = `资料员${run}`.slice(0, 12);

    const adminBrowser = await openBrowser();
    browsers.push(adminBrowser);
    const { page } = adminBrowser;

    // ── 1. a new user with nothing yet creates an enterprise from the home page ──
    await page.goto('/login');
    await signIn(page, admin);
    await page.getByTestId('home-empty').waitFor();
    await page.getByTestId('home-create-enterprise').click();
    await page.getByTestId('create-enterprise-name').fill(enterpriseName);
    await keepScreenshot(page, 'org-walk-create-enterprise');
    await page.getByTestId('create-enterprise-submit').click();
    const tree = page.getByTestId('home-tree');
    await tree.getByText(enterpriseName, { exact: true }).waitFor();

    // ── 2. in the enterprise area: a circle, then a project in it with every field of the dialog ──
    await page.getByTestId('home-open-e').click();
    await page.waitForURL('**/e**');
    await poll(() => page.getByTestId('e-info-name').textContent()).toBe(enterpriseName);
    await page.getByTestId('e-admin').waitFor();
    const enterprises = await getJson<{ _id: string; name: string }[]>(page, 'enterprises');
    const enterprise = enterprises.find((e) => e.name === enterpriseName)!;
    expect(enterprise).toBeDefined();

    await page.getByTestId('e-create-circle').click();
    await page.getByTestId('create-circle-name').fill(circleName);
    await page.getByTestId('create-circle-submit').click();
    await poll(() => page.getByTestId('e-circles').getByText(circleName).count()).toBe(1);
    await dialogsClosed(page);

    await page.getByTestId('e-create-project').click();
    await page.getByTestId('create-project-name').fill(projectName);
    await page.getByTestId('create-project-short-name').fill(shortName);
    await pick(page, 'create-project-circle', circleName);
    await pick(page, 'create-project-status', zh('statuses', 'underConstruction'));
    await pick(page, 'create-project-projectType', zh('types', 'architecture'));
    await pick(page, 'create-project-level', zh('levels', 'provincialKey'));
    await pick(page, 'create-project-classification', zh('classifications', 'classA'));
    await pick(page, 'create-project-investmentBody', zh('investmentBodies', 'stateOwned'));
    await pick(page, 'create-project-contractingMode', zh('contractingModes', 'constructionGeneral'));
    await page.getByTestId('create-project-plannedStartDate').fill('2026-03-01');
    await page.getByTestId('create-project-completionDate').fill('2028-06-30');
    await page.getByTestId('create-project-location').fill('广州市天河区珠江新城');
    await page.getByTestId('create-project-ownerUnit').fill('广州城市更新投资有限公司');
    await page.getByTestId('create-project-constructionUnit').fill('漫游建设集团第三工程公司');
    await page.getByTestId('create-project-designUnit').fill('华南建筑设计研究院');
    await page.getByTestId('create-project-supervisionUnit').fill('羊城工程监理有限公司');
    await keepScreenshot(page, 'org-walk-create-project');
    await page.getByTestId('create-project-submit').click();
    await page.getByText(zhEnterprise.create.projectDone).waitFor();
    await dialogsClosed(page);
    const projectLink = page.getByTestId('e-projects').getByRole('link', { name: projectName });
    await projectLink.waitFor();
    await keepScreenshot(page, 'org-walk-enterprise-area');
    const projectId = (await projectLink.getAttribute('href'))!.split('/').pop()!;
    const projectUrl = `projects/${projectId}`;
    const created = await getJson<Record<string, unknown>>(page, projectUrl);
    expect(created).toMatchObject({
      name: projectName,
      shortName,
      status: 'underConstruction',
      projectType: 'architecture',
      enterpriseId: enterprise._id,
      level: 'provincialKey',
      classification: 'classA',
      investmentBody: 'stateOwned',
      contractingMode: 'constructionGeneral',
      plannedStartDate: '2026-03-01',
      completionDate: '2028-06-30',
      location: '广州市天河区珠江新城',
      ownerUnit: '广州城市更新投资有限公司',
      constructionUnit: '漫游建设集团第三工程公司',
      designUnit: '华南建筑设计研究院',
      supervisionUnit: '羊城工程监理有限公司',
    });
    const circles = await getJson<{ _id: string; name: string }[]>(
      page,
      `enterprises/${enterprise._id}/circles`,
    );
    expect(circles.map((c) => c.name)).toEqual([circleName]);
    expect(created.circleId).toBe(circles[0]!._id);

    // ── 3. the rest of the project information in project settings → basic info ──
    await projectLink.click();
    await page.getByTestId('project-overview').waitFor();
    await page.getByTestId('workbench-menu-settings').click();
    await page.waitForURL(`**/projects/${projectId}/settings/basic`);
    await page.getByTestId('basic-form').waitFor();
    expect(await page.getByTestId('basic-shortName').inputValue()).toBe(shortName);

    const city = page.getByTestId('basic-city');
    await poll(() => city.getAttribute('data-state')).toBe('ready');
    await city.getByRole('combobox').click();
    await city.getByRole('combobox').fill('天河区');
    await page.getByRole('menuitemcheckbox', { name: '广东省 / 广州市 / 天河区' }).click();
    await page.getByTestId('basic-hierarchy').fill('华南分公司 / 城市更新事业部');
    await page.getByTestId('basic-address').fill('广州市天河区花城大道 88 号');
    await page
      .getByTestId('basic-profile')
      .fill('集商业、办公与公寓于一体的城市综合体，地上 45 层，地下 4 层。');
    await page.getByTestId('basic-description').fill('项目位于珠江新城核心区，采用 BIM 全过程管理。');

    await typeDate(page, 'basic-actualStartDate', '2026-03-18');
    await page.getByTestId('basic-plannedDuration').fill('850');
    await page.getByTestId('basic-actualDuration').fill('120');

    await page.getByTestId('basic-contractAmount').fill('12.5');
    await pick(page, 'basic-contractAmountUnit', zh('amountUnits', 'hundredMillionYuan'));
    await page.getByTestId('basic-constructionArea').fill('23.8');
    await pick(page, 'basic-constructionAreaUnit', zh('areaUnits', 'tenThousandSquareMetres'));
    await page.getByTestId('basic-landArea').fill('31500');
    await pick(page, 'basic-landAreaUnit', zh('areaUnits', 'squareMetre'));
    await page.getByTestId('basic-buildingHeight').fill('198.5');
    await page.getByTestId('basic-excavationDepth').fill('21.3');
    await page.getByTestId('basic-floorsAboveGround').fill('45');
    await page.getByTestId('basic-floorsUnderground').fill('4');
    await page.getByTestId('basic-managementHeadcount').fill('36');
    await page.getByTestId('basic-attendanceHeadcount').fill('820');
    await page.getByTestId('basic-partyMemberCount').fill('12');
    await page.getByTestId('basic-projectScale').fill('大型');

    await page.getByTestId('basic-generalContractor').fill('漫游建设集团有限公司');
    await page.getByTestId('basic-executingUnit').fill('漫游建设集团第三工程公司');
    await page.getByTestId('basic-directlyOwnedCompany').fill('漫游建设集团华南有限公司');
    await page.getByTestId('basic-projectNature').fill('新建');

    await page.getByTestId('basic-qualityGoal').fill('鲁班奖');
    await page.getByTestId('basic-safetyGoal').fill('零死亡、零重伤');
    await page.getByTestId('basic-greenConstructionGoal').fill('全国绿色施工示范工程');

    await pickMany(page, 'basic-constructionTechnologies', [
      zh('constructionTechnologies', 'superHighStructure'),
      zh('constructionTechnologies', 'underground'),
    ]);
    await page.getByTestId('basic-paidPlan').fill('企业版');

    await upload(page, 'basic-image', [await sitePhoto(page, '#4a86e8')]);
    await upload(page, 'basic-pictures', [
      await sitePhoto(page, '#6aa84f'),
      await sitePhoto(page, '#f1c232'),
    ]);
    // Nothing was saved on the way: the form is still dirty, and saves everything on the button.
    expect(await page.getByTestId('basic-reset').isEnabled()).toBe(true);
    expect(await page.getByText(zhSettings.basic.saved).count()).toBe(0);
    await keepScreenshot(page, 'org-walk-basic-info');
    await page.getByTestId('basic-save').click();
    await page.getByText(zhSettings.basic.saved).waitFor();

    const full = await getJson<Record<string, unknown>>(page, projectUrl);
    expect(full).toMatchObject({
      // From the create dialog, unchanged.
      name: projectName,
      shortName,
      status: 'underConstruction',
      ownerUnit: '广州城市更新投资有限公司',
      // From basic info.
      city: '广东省/广州市/天河区',
      hierarchy: '华南分公司 / 城市更新事业部',
      address: '广州市天河区花城大道 88 号',
      profile: '集商业、办公与公寓于一体的城市综合体，地上 45 层，地下 4 层。',
      description: '项目位于珠江新城核心区，采用 BIM 全过程管理。',
      actualStartDate: '2026-03-18',
      plannedDuration: 850,
      actualDuration: 120,
      contractAmount: 12.5,
      contractAmountUnit: 'hundredMillionYuan',
      constructionArea: 23.8,
      constructionAreaUnit: 'tenThousandSquareMetres',
      landArea: 31500,
      landAreaUnit: 'squareMetre',
      buildingHeight: 198.5,
      excavationDepth: 21.3,
      floorsAboveGround: 45,
      floorsUnderground: 4,
      managementHeadcount: 36,
      attendanceHeadcount: 820,
      partyMemberCount: 12,
      projectScale: '大型',
      generalContractor: '漫游建设集团有限公司',
      executingUnit: '漫游建设集团第三工程公司',
      directlyOwnedCompany: '漫游建设集团华南有限公司',
      projectNature: '新建',
      qualityGoal: '鲁班奖',
      safetyGoal: '零死亡、零重伤',
      greenConstructionGoal: '全国绿色施工示范工程',
      constructionTechnologies: ['superHighStructure', 'underground'],
      paidPlan: '企业版',
    });
    expect(full.image).toMatch(/^\/api\/v1\/base-service\/files\//);
    expect(full.pictures).toHaveLength(2);

    // ── 4. a permission template that views announcements and models, downloads models, but creates nothing ──
    await page.getByTestId('settings-menu-templates').click();
    await page.waitForURL(`**/projects/${projectId}/settings/templates`);
    await page.getByTestId('template-create').click();
    await page.getByTestId('template-dialog-name').fill(templateName);
    await page.getByTestId('template-dialog-ok').click();
    await poll(() => page.getByTestId('template-editor-name').textContent()).toContain(templateName);
    await pick(page, 'matrix-announcements-view', zhSettings.templates.scope.all);
    await pick(page, 'matrix-modelViewer-view', zhSettings.templates.scope.all);
    await page.getByTestId('matrix-modelViewer-download').check();
    expect(await page.getByTestId('matrix-announcements-create').isChecked()).toBe(false);
    expect(await page.getByTestId('matrix-modelViewer-create').isChecked()).toBe(false);
    await keepScreenshot(page, 'org-walk-template');
    await page.getByTestId('matrix-save').click();
    await page.getByText(zhSettings.templates.saved).waitFor();
    const templates = await getJson<
      { _id: string; name: string; grants: Record<string, Record<string, unknown>> }[]
    >(page, `${projectUrl}/templates`);
    const template = templates.find((t) => t.name === templateName)!;
    expect(template.grants).toMatchObject({
      announcements: { view: 'all' },
      modelViewer: { view: 'all', download: true },
    });
    expect(template.grants.announcements?.create).toBeFalsy();
    expect(template.grants.modelViewer?.create).toBeFalsy();

    // ── 5. the invitation link ──
    await page.getByTestId('settings-menu-members').click();
    await page.waitForURL(`**/projects/${projectId}/settings/members`);
    await page.getByTestId('member-invite').click();
    const linkText = page.getByTestId('invite-link');
    await linkText.waitFor();
    const link = (await linkText.textContent())!.trim();
    expect(link).toMatch(/\/e\/member-invite\?token=[\w-]{20,}$/);
    await keepScreenshot(page, 'org-walk-invite-link');
    await page.keyboard.press('Escape');
    await dialogsClosed(page);

    // ── 6. the invitee, in a browser of their own: opens the link, signs in, applies with a remark ──
    const inviteeBrowser = await openBrowser();
    browsers.push(inviteeBrowser);
    const other = inviteeBrowser.page;
    await other.goto(link);
    await other.getByTestId('invite-visitor-sign-in').click();
    await other.waitForURL('**/login?next=*');
    // The sign-in returns to the invitation.
    await signIn(
      other,
      invitee,
      (url) => `${url.pathname}${url.search}` === new URL(link).pathname + new URL(link).search,
    );
    await poll(() => other.getByTestId('invite-scope').textContent()).toBe(projectName);
    const remark = '我是李资料员，负责本项目的资料管理，申请加入。';
    await other.getByTestId('invite-remark').fill(remark);
    await keepScreenshot(other, 'org-walk-apply');
    await other.getByTestId('invite-apply').click();
    await poll(() => other.getByTestId('invite-submitted').textContent()).toContain(
      zhEnterprise.invite.waiting,
    );
    const inviteeUser = await getJson<{ _id: string }>(other, 'logged');

    // ── 7. the administrator approves the request with the template ──
    await page.getByTestId('requests-tab').click();
    const requests = page.getByTestId('request-table');
    const request = rowOf(requests, invitee.name);
    await request.waitFor();
    expect(await request.textContent()).toContain(remark);
    expect(await request.textContent()).toContain(admin.nickName);
    await keepScreenshot(page, 'org-walk-request');
    await request.locator('[data-testid^="request-approve-"]').click();
    await pick(page, 'request-template', templateName);
    await page.getByTestId('request-remark').fill('欢迎加入，按资料员权限使用。');
    await page.getByTestId('request-handle-ok').click();
    await page.getByText(zhSettings.requests.approved).waitFor();
    await poll(() => rowOf(requests, invitee.name).count()).toBe(0);
    await page.getByTestId('requests-status-passed').click();
    await poll(() => rowOf(requests, invitee.name).textContent()).toContain(
      zhSettings.requests.statuses.passed,
    );

    await page.getByTestId('members-tab').click();
    const memberRow = page.locator('[data-testid^="member-row-"]', { hasText: invitee.name });
    await memberRow.waitFor();
    expect(await memberRow.textContent()).toContain(templateName);
    await keepScreenshot(page, 'org-walk-member-approved');
    const members = await getJson<
      { userId: string; role: string; templateId: string | null; user?: { name: string } }[]
    >(page, `${projectUrl}/members?expand=true`);
    expect(members.find((m) => m.userId === inviteeUser._id)).toMatchObject({
      role: 'member',
      templateId: template._id,
    });

    // ── 8. the invitee sees the project and enters its workbench, without settings ──
    await other.goto('/home');
    const otherTree = other.getByTestId('home-tree');
    await otherTree.waitFor();
    await other.getByTestId('home-tree-search').fill(projectName);
    const projectNode = otherTree.locator(`[data-testid="home-tree-project"][data-id="${projectId}"]`);
    await projectNode.waitFor();
    // Its group has finished opening (antd animates it) before the picture is taken.
    await poll(() => otherTree.locator('.ant-tree-treenode-motion').count()).toBe(0);
    await keepScreenshot(other, 'org-walk-invitee-home');
    await projectNode.click();
    await other.waitForURL(`**/projects/${projectId}`);
    await other.getByTestId('project-overview').waitFor();
    expect(await other.getByTestId('overview-name').textContent()).toBe(projectName);
    expect(await other.getByTestId('overview-ownerUnit').textContent()).toBe('广州城市更新投资有限公司');
    await other.goto(`/projects/${projectId}/settings/basic`);
    await other.getByTestId('settings-no-permission').waitFor();
    // The admin check has answered (the no-permission state waits for it): no settings entry in the menu.
    expect(await other.getByTestId('workbench-menu-settings').count()).toBe(0);
    expect(await other.getByTestId('basic-form').count()).toBe(0);
    await keepScreenshot(other, 'org-walk-invitee-workbench');

    // The enterprise area offers no circle or project creation: the invitee is no enterprise member.
    await other.goto('/e');
    await other.getByTestId('e-page').waitFor();
    await other.getByTestId('e-empty').waitFor();
    expect(await other.getByTestId('e-create-circle').count()).toBe(0);
    expect(await other.getByTestId('e-create-project').count()).toBe(0);
    expect(await other.getByText(enterpriseName).count()).toBe(0);
    await keepScreenshot(other, 'org-walk-invitee-enterprise-area');

    // ── 9. the auth question answers as the template says ──
    const auth = (moduleKey: string, key: string) =>
      getJson<{ value: unknown }>(other, `${projectUrl}/auth?moduleKey=${moduleKey}&key=${key}`);
    expect(await auth('announcements', 'create')).toEqual({ value: false });
    expect(await auth('announcements', 'view')).toEqual({ value: 'all' });
    expect(await auth('modelViewer', 'create')).toEqual({ value: false });
    expect(await auth('modelViewer', 'download')).toEqual({ value: true });

    // ── 10. the server refuses the invitee's creations ──
    const refused = async (path: string, data: unknown) => {
      const response = await other.request.post(`${ACCOUNT}/${path}`, { data });
      return { status: response.status(), key: ((await response.json()) as { key?: string }).key };
    };
    // Not a member of the enterprise at all: it answers as if it did not exist (no tenant probing).
    expect(
      await refused('projects', {
        enterpriseId: enterprise._id,
        circleId: circles[0]!._id,
        name: '越权项目',
      }),
    ).toEqual({ status: 404, key: 'common.notFound' });
    expect(await refused('circles', { enterpriseId: enterprise._id, name: '越权分支' })).toEqual({
      status: 404,
      key: 'common.notFound',
    });
    // A member of the project, but not its administrator.
    expect(await refused(`${projectUrl}/members`, { name: 'zhangsan' })).toEqual({
      status: 403,
      key: 'common.forbidden',
    });
    expect(await refused(`${projectUrl}/templates`, { name: '越权模板', grants: {} })).toEqual({
      status: 403,
      key: 'common.forbidden',
    });

    // Nothing was created: the administrator still sees one circle, one project, two members.
    const projectsAfter = await getJson<{ name: string }[]>(page, `enterprises/${enterprise._id}/projects`);
    expect(projectsAfter.map((p) => p.name)).toEqual([projectName]);
    const circlesAfter = await getJson<{ name: string }[]>(page, `enterprises/${enterprise._id}/circles`);
    expect(circlesAfter.map((c) => c.name)).toEqual([circleName]);
    const membersAfter = await getJson<{ scopeType: string; user?: { name: string } }[]>(
      page,
      `${projectUrl}/members?expand=true`,
    );
    expect(
      membersAfter
        .filter((m) => m.scopeType === 'project')
        .map((m) => m.user?.name)
        .sort(),
    ).toEqual([admin.name, invitee.name].sort());
    const templatesAfter = await getJson<{ name: string }[]>(page, `${projectUrl}/templates`);
    expect(templatesAfter.map((t) => t.name)).not.toContain('越权模板');
  });
});
