import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import enLayout from '../src/locales/en-US/layout.json';
import enLogin from '../src/locales/en-US/login.json';
import zhLogin from '../src/locales/zh-CN/login.json';
import { type Browser, fontsUsedFor, keepScreenshot, openBrowser } from './browser';

/** antd puts a space between two Chinese characters of a button ("登 录"); compare without spaces. */
const compact = (text: string | null) => (text ?? '').replace(/\s+/g, '');

describe('the web shell', () => {
  let browser: Browser;
  beforeEach(async () => {
    browser = await openBrowser();
  });
  afterEach(async () => {
    await browser.close();
  });

  it('renders the sign-in page in Chinese with real Chinese glyphs', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(compact(await page.getByTestId('login-submit').textContent())).toBe(zhLogin.form.submit);
    await expect.poll(() => page.getByPlaceholder(zhLogin.form.namePlaceholder).count()).toBe(1);
    // The glyphs were drawn with a CJK font, not as empty boxes: ask Chromium which fonts it used.
    await page.evaluate(() => document.fonts.ready);
    const fonts = await fontsUsedFor(page, '[data-testid="login-submit"] span');
    const cjk = fonts.filter((f) =>
      /CJK|Noto Sans SC|Source Han|WenQuanYi|Droid Sans Fallback/i.test(f.familyName),
    );
    expect(
      cjk.map((f) => f.glyphCount).reduce((a, b) => a + b, 0),
      JSON.stringify(fonts),
    ).toBeGreaterThanOrEqual(2);
    await keepScreenshot(page, 'login-zh-CN');
  });

  it('switches to English, re-renders at once and keeps English after a reload', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-option-en-us').click();
    await expect
      .poll(async () => compact(await page.getByTestId('login-submit').textContent()))
      .toBe(compact(enLogin.form.submit));
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en-us');
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(compact(await page.getByTestId('login-submit').textContent())).toBe(compact(enLogin.form.submit));
    expect(await page.getByPlaceholder(enLogin.form.namePlaceholder).count()).toBe(1);
    await keepScreenshot(page, 'login-en-US');
  });

  it('falls back to Chinese for an unknown stored language', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('language', 'fr-fr'));
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(compact(await page.getByTestId('login-submit').textContent())).toBe(zhLogin.form.submit);
  });

  it('sends a visitor on an unknown path, or on a page that needs login, to /login', async () => {
    const { page } = browser;
    await page.goto('/no/such/page');
    await page.waitForURL('**/login');
    await page.getByTestId('login-form').waitFor();
    await page.goto('/bindTel');
    await page.waitForURL('**/login');
  });

  it('shows the version and the build date in the footer', async () => {
    const { page, baseURL } = browser;
    const profile = await (await fetch(`${baseURL}/api/v1/account-service/system/profile`)).json();
    await page.goto('/login');
    const version = await page.getByTestId('footer-version').textContent();
    expect(version).toContain('6.6.2');
    expect(profile.version).toBe('6.6.2');
    const buildDate = await page.getByTestId('footer-build-date').textContent();
    // The build date is shown as a calendar day (YYYY-MM-DD or YYYY/MM/DD, spec 000 §9) of the profile's.
    const day = String(profile.buildDate).slice(0, 10);
    expect(buildDate?.replace(/\//g, '-')).toContain(day);
  });

  it('signs in with a password, shows the 104 message for a wrong one, and lands on /home', async () => {
    const { page, baseURL } = browser;
    // The form shows the server's message for 104 as its hint (spec 000 §8), in the page's language.
    const refused = await fetch(`${baseURL}/api/v1/account-service/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: JSON.stringify({ name: 'zhangsan', password: 'not-the-password' }),
    });
    const body = await refused.json();
    expect(body.code).toBe(104);
    await page.goto('/login');
    await page.getByTestId('login-name').fill('demo');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-password').press('Enter');
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(body.message);
    await page.getByTestId('login-password').fill('Demo1234');
    await page.getByTestId('login-password').press('Enter');
    await page.waitForURL('**/home');
    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('home-page').textContent()).toContain('演示用户');
    await keepScreenshot(page, 'home-zh-CN');

    // Signed in: an unknown path goes to /home, and /login itself goes to /home.
    await page.goto('/no/such/page');
    await page.waitForURL('**/home');
    await page.goto('/login');
    await page.waitForURL('**/home');
  });

  it('sends the user to /login when the session ends elsewhere and the tab becomes visible again', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.getByTestId('login-name').fill('demo');
    await page.getByTestId('login-password').fill('Demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/home');
    // Another tab signs out: same cookie jar, so the session this tab holds is gone.
    const other = await browser.context.newPage();
    await other.goto('/api/v1/account-service/logout');
    await other.close();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForURL('**/login');
  });

  it('signs out from the user menu', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('language', 'en-us'));
    await page.reload();
    await page.getByTestId('login-name').fill('demo');
    await page.getByTestId('login-password').fill('Demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/home');
    await page.getByTestId('user-menu').click();
    const logout = page.getByTestId('logout');
    await logout.waitFor();
    expect(compact(await logout.textContent())).toBe(compact(enLayout.user.logout));
    await logout.click();
    await page.waitForURL('**/login');
    const logged = await page.evaluate(async () => (await fetch('/api/v1/account-service/logged')).status);
    expect(logged).toBe(401);
  });
});
