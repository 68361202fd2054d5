import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import zhAccountPage from '../src/locales/zh-CN/accountPage.json';
import zhBind from '../src/locales/zh-CN/bind.json';
import zhProfile from '../src/locales/zh-CN/profile.json';
import { type Browser, keepScreenshot, latestSmsCode, openBrowser } from './browser';
import { signIn } from './people';

/**
 * The profile and binding screens of spec 000 §2 in a real browser against the real server (DEMO=1: `demo`
 * / `Demo1234` with phone 13800000001). The avatar goes through the real crop dialog: Chromium decodes a
 * PNG drawn for the test, crops it on a canvas and encodes the JPEG the server then stores and serves.
 */

const DEMO_NICKNAME = '演示用户';

/** A mainland number nobody has: 137 and 8 digits from the clock and chance. */
function freshPhone(): string {
  const digits =
    `${Date.now() % 1e5}`.padStart(5, '0') + `${Math.floor(Math.random() * 1e3)}`.padStart(3, '0');
  return `137${digits}`;
}

/** A username nobody has (at most 14 characters, not only digits). */
function freshName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 100)}`.slice(0, 14);
}

/** A real PNG of `width`×`height`, drawn and encoded by the browser: a gradient, a disc and a square. */
async function drawPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#4a86e8');
      gradient.addColorStop(1, '#f5c26b');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.arc(w / 2, h / 2, h / 3, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#1d63d8';
      context.fillRect(w / 2 - 30, h / 2 - 30, 60, 60);
      return canvas.toDataURL('image/png');
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/**
 * Opens the crop dialog of the avatar uploader, chooses the PNG, moves and zooms with the keyboard, and
 * saves; waits for the uploader to report the new avatar.
 */
async function uploadAvatar(page: Page, screenshot: string) {
  const png = await drawPng(page, 480, 300);
  await page.getByTestId('avatar-change').click();
  await page.getByTestId('image-crop-choose').waitFor();
  await page
    .getByTestId('image-crop-file')
    .setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: png });
  const area = page.getByTestId('image-crop-area');
  await area.waitFor();
  await area.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => page.getByTestId('image-crop-save').isEnabled()).toBe(true);
  await keepScreenshot(page, screenshot);
  await page.getByTestId('image-crop-save').click();
  await page.getByTestId('avatar-saved').waitFor();
}

/** The avatar the uploader shows, once the browser has loaded it from the server. */
async function shownAvatar(page: Page) {
  const image = page.getByTestId('avatar-uploader').locator('[data-testid="avatar-image"] img');
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => ({
    src: img.getAttribute('src') ?? '',
    width: img.naturalWidth,
    height: img.naturalHeight,
  }));
}

/** GETs the avatar with the page's session: its type and first bytes. */
async function fetchAvatar(page: Page, src: string) {
  return page.evaluate(async (path) => {
    const response = await fetch(path);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      head: [...bytes.slice(0, 3)],
    };
  }, src);
}

describe('profile flows', () => {
  let browser: Browser;
  beforeEach(async () => {
    browser = await openBrowser();
  });
  afterEach(async () => {
    await browser.close();
  });

  it('changes the nickname and the avatar on /account, reached from the user menu', async () => {
    const { page } = browser;
    await signIn(page, 'demo', 'Demo1234');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-settings').click();
    await page.waitForURL('**/account');
    await page.getByTestId('account-page').waitFor();
    expect(await page.getByTestId('account-name').textContent()).toBe('demo');

    try {
      await page.getByTestId('account-nickname').fill('演示用户二');
      await page.getByTestId('account-nickname').press('Enter');
      await page.getByTestId('account-nickname-success').waitFor();
      expect(await page.getByTestId('account-nickname-success').textContent()).toContain(
        zhAccountPage.basic.saved,
      );
      // The header follows at once.
      await expect.poll(() => page.getByTestId('user-nickname').textContent()).toBe('演示用户二');

      await uploadAvatar(page, 'account-crop-dialog');
      const avatar = await shownAvatar(page);
      expect(avatar.src).toMatch(/^\/api\/v1\/base-service\/files\/[0-9a-f]{24}$/);
      // Cropped square at the default aspect 1, and served as the JPEG the dialog made.
      expect(avatar.width).toBe(avatar.height);
      const served = await fetchAvatar(page, avatar.src);
      expect(served).toEqual({ status: 200, type: 'image/jpeg', head: [0xff, 0xd8, 0xff] });
      const logged = await page.evaluate(async () => (await fetch('/api/v1/account-service/logged')).json());
      expect(logged.avatar).toBe(avatar.src);
      expect(await page.locator('.app-header__avatar img').getAttribute('src')).toBe(avatar.src);
      await keepScreenshot(page, 'account-page');

      // After a reload the avatar is still served.
      await page.reload();
      expect((await shownAvatar(page)).src).toBe(avatar.src);
    } finally {
      // Other suites expect demo's own nickname.
      await page.evaluate(
        async ([id, nickName]) => {
          await fetch(`/api/v1/account-service/users/${id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ nickName }),
          });
        },
        [
          (await page.evaluate(async () => (await fetch('/api/v1/account-service/logged')).json()))._id,
          DEMO_NICKNAME,
        ] as const,
      );
    }
  });

  it('completes registration step 2 with an avatar and the city picker, and lands on /home', async () => {
    const { page } = browser;
    const phone = freshPhone();
    const name = freshName('pro');
    // A fresh account through /register (its code read from the SMS outbox) and step 1.
    await page.goto('/register');
    await page.getByTestId('register-phone-number').fill(phone);
    await page.getByTestId('register-send').click();
    await page.getByTestId('register-code').fill(await latestSmsCode(phone, 'register'));
    await page.getByTestId('register-consent').check();
    await page.getByTestId('register-next').click();
    await page.waitForURL('**/perfectinformation');
    await page.getByTestId('perfect-name').fill(name);
    await page.getByTestId('perfect-nickname').fill('资料用户');
    await page.getByTestId('perfect-email').fill(`${name}@example.com`);
    await page.getByTestId('perfect-password').fill('Welcome12');
    await page.getByTestId('perfect-confirm').fill('Welcome12');
    await page.getByTestId('perfect-confirm').press('Enter');

    await page.waitForURL('**/perfectinformationnext');
    await page.getByTestId('profile-form').waitFor();
    expect(
      await page.getByTestId('register-steps').locator('.ant-steps-item-process').textContent(),
    ).toContain('联系信息');
    // Nothing filled: all information is required.
    await page.getByTestId('profile-submit').click();
    expect(await page.getByTestId('profile-error').textContent()).toContain(
      zhProfile.complete.allInfoRequired,
    );

    await uploadAvatar(page, 'register-step2-crop');
    expect((await shownAvatar(page)).src).toMatch(/^\/api\/v1\/base-service\/files\//);

    await page.getByTestId('profile-sex-female').click();
    await page.getByTestId('profile-company').fill('筑协建设集团');
    await page.getByTestId('profile-position').fill('BIM 工程师');
    const city = page.getByTestId('profile-city');
    await expect.poll(() => city.getAttribute('data-state')).toBe('ready');
    await city.getByRole('combobox').click();
    await city.getByRole('combobox').fill('西湖区');
    await page.getByRole('menuitemcheckbox', { name: '浙江省 / 杭州市 / 西湖区' }).click();
    await page.getByTestId('profile-work').click();
    await page.getByTitle(zhProfile.work.design, { exact: true }).click();
    await page.getByTestId('profile-project').click();
    await page.getByTitle(zhProfile.engineering.structure, { exact: true }).click();
    expect(await city.textContent()).toContain('浙江省 / 杭州市 / 西湖区');
    // Every list closed (their closing animations may outlast expect.poll's default second on a busy machine).
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible').count(), { timeout: 10_000 })
      .toBe(0);
    await keepScreenshot(page, 'register-step2-filled');
    await page.getByTestId('profile-submit').click();

    await page.waitForURL('**/home');
    await page.getByTestId('home-page').waitFor();
    const logged = await page.evaluate(async () => (await fetch('/api/v1/account-service/logged')).json());
    expect(logged).toMatchObject({
      name,
      sex: 1,
      company: '筑协建设集团',
      position: 'BIM 工程师',
      city: '浙江省/杭州市/西湖区',
      work: 'design',
      project: 'structure',
    });
    expect(logged.avatar).toMatch(/^\/api\/v1\/base-service\/files\//);
  });

  it('shows the platform account of /bind/account from the query and asks for the account', async () => {
    const { page } = browser;
    const thirdparty = JSON.stringify({ thirdpartyAccount: 'li.si@passport', ticket: 'not-a-real-ticket' });
    await page.goto(`/bind/account?thirdparty=${encodeURIComponent(thirdparty)}`);
    await page.getByTestId('bind-account-form').waitFor();
    expect(await page.getByTestId('bind-platform-account').inputValue()).toBe('li.si@passport');
    expect(await page.getByTestId('bind-platform-account').getAttribute('readonly')).not.toBeNull();
    await page.getByTestId('bind-account-submit').click();
    expect(await page.getByTestId('bind-account-account-error').textContent()).toBe(
      zhBind.thirdParty.accountRequired,
    );
    expect(await page.getByTestId('bind-account-password-error').textContent()).toBe(
      zhBind.thirdParty.passwordRequired,
    );
    expect(await page.getByTestId('bind-account-register').getAttribute('target')).toBe('_blank');
    expect(await page.getByTestId('bind-account-download').getAttribute('target')).toBe('_blank');
    await keepScreenshot(page, 'bind-account');

    await page.goto('/bind/account?thirdparty=%7Bbroken');
    await page.getByTestId('bind-account-invalid').waitFor();
  });

  it('prefills /qweb from the first query parameter; only a system administrator binds (issue 14)', async () => {
    const { page } = browser;
    // A visitor is asked to sign in first.
    await page.goto('/qweb?oaName=zhang.wei');
    await page.getByTestId('qweb-visitor').waitFor();
    expect(await page.getByTestId('qweb-oaName').inputValue()).toBe('zhang.wei');

    // Anyone else is told to ask an administrator: first come, first served let anyone take an OA name.
    await signIn(page, 'demo', 'Demo1234');
    await page.goto('/qweb?oaName=zhang.wei&from=oa');
    await page.getByTestId('qweb-admin-only').waitFor();
    expect(await page.getByTestId('qweb-confirm').isDisabled()).toBe(true);

    // The system administrator binds the OA name to demo's account (demo's session dropped first).
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByTestId('login-name').fill('admin');
    await page.getByTestId('login-password').fill(inject('adminPassword'));
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/(home|bindTel)$/);
    await page.goto('/qweb?oaName=zhang.wei&from=oa');
    await page.getByTestId('qweb-form').waitFor();
    expect(await page.getByTestId('qweb-oaName').inputValue()).toBe('zhang.wei');
    expect(await page.getByTestId('qweb-bimName').inputValue()).toBe('admin');
    await keepScreenshot(page, 'qweb');
    await page.getByTestId('qweb-oaName').fill('');
    await page.getByTestId('qweb-confirm').click();
    expect(await page.getByTestId('qweb-oaName-error').textContent()).toBe(zhBind.oa.oaRequired);
    await page.getByTestId('qweb-oaName').fill('zhang.wei');
    await page.getByTestId('qweb-bimName').fill('demo');
    await page.getByTestId('qweb-confirm').click();
    await page.getByTestId('qweb-success').waitFor();
    const bound = await page.evaluate(async () =>
      (await fetch('/api/v1/account-service/oa/users/zhang.wei')).json(),
    );
    expect(bound.name).toBe('demo');
  });
});
