import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach, beforeEach, inject } from 'vitest';
import { clientAddress } from './client-address';

const screenshotDir = new URL('./screenshots/', import.meta.url).pathname;

/** The flags this machine's Chromium needs (no sandbox as root, no network beyond loopback, no GPU). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  baseURL: string;
  close(): Promise<void>;
}

/**
 * A fresh browser profile (no cookies, empty localStorage) pointed at the app under test (or at another
 * server a walk started itself, server.ts).
 */
export async function openBrowser(locale = 'zh-CN', baseURL = inject('baseURL')): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lintel-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    locale,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    baseURL,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two people's browsers (A and B) for each test of the file: fresh profiles opened before each test and
 * closed after it. The handles stand for the current test's browsers.
 */
export function twoBrowsersPerTest(locale = 'zh-CN'): [Browser, Browser] {
  const [first, second] = browsersPerTest(2, locale);
  return [first as Browser, second as Browser];
}

/** One browser per test (see twoBrowsersPerTest): a Chromium started for nobody costs a second or two. */
export function browserPerTest(locale = 'zh-CN'): Browser {
  return browsersPerTest(1, locale)[0] as Browser;
}

function browsersPerTest(count: number, locale: string): Browser[] {
  const opened: Array<Browser | undefined> = [];
  beforeEach(async () => {
    for (let i = 0; i < count; i++) opened[i] = await openBrowser(locale);
  });
  afterEach(async () => {
    const closing = opened.splice(0);
    for (const browser of closing) await browser?.close();
  });
  const handle = (which: number): Browser => {
    const current = () => {
      const browser = opened[which];
      if (!browser) throw new Error('The browsers are open during a test only');
      return browser;
    };
    return {
      get context() {
        return current().context;
      },
      get page() {
        return current().page;
      },
      get baseURL() {
        return current().baseURL;
      },
      close: () => current().close(),
    };
  };
  return Array.from({ length: count }, (_, which) => handle(which));
}

/** Keeps a screenshot for a person to look at (apps/web/e2e/screenshots, ignored by git). */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * The font families Chromium really used to draw the text of an element (DevTools protocol), so a test
 * can prove that Chinese was drawn with a CJK font rather than as empty boxes.
 */
export async function fontsUsedFor(
  page: Page,
  selector: string,
): Promise<{ familyName: string; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  if (!nodeId) throw new Error(`no element matches ${selector}`);
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => ({ familyName: f.familyName, glyphCount: f.glyphCount }));
}

/**
 * The latest SMS code the server sent to a phone for a purpose, read from the console provider's outbox
 * (DATA_DIR/sms-outbox.jsonl) — what a person would read on their phone. Waits briefly for it to appear.
 */
export async function latestSmsCode(
  phoneNumber: string,
  type: string,
  countryCode = '86',
  dataDir = inject('dataDir'),
): Promise<string> {
  const outbox = join(dataDir, 'sms-outbox.jsonl');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (existsSync(outbox)) {
      const lines = readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean);
      const match = lines
        .map(
          (line) =>
            JSON.parse(line) as { phoneNumber: string; countryCode: string; type: string; code: string },
        )
        .filter((m) => m.phoneNumber === phoneNumber && m.countryCode === countryCode && m.type === type)
        .pop();
      if (match) return match.code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${type} code was sent to +${countryCode} ${phoneNumber}`);
}
