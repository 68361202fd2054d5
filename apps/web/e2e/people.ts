import { type Page, request } from 'playwright-core';
import { expect, inject } from 'vitest';
import { latestSmsCode } from './browser';
import { clientAddress } from './client-address';

/**
 * Shared steps of the browser tests: fresh people registered through the API (registration has its own
 * browser test), and picking options in antd Selects.
 */

export const ACCOUNT_API = '/api/v1/account-service';
export const suffix = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;

/** A mainland number nobody has: 13 + the prefix digit + 8 digits from the clock and chance. */
export function freshPhone(prefixDigit = 7): string {
  const clock = `${Date.now() % 1e5}`.padStart(5, '0');
  const chance = `${Math.floor(Math.random() * 1e3)}`.padStart(3, '0');
  return `13${prefixDigit}${clock}${chance}`;
}

/** A JSON POST to account-service without a session; throws with the answer when it is not 2xx. */
export async function postAccount(path: string, body: unknown) {
  const response = await fetch(`${inject('baseURL')}${ACCOUNT_API}/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Forwarded-For': clientAddress(),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export interface Person {
  name: string;
  nickName: string;
  phoneNumber: string;
  password: string;
}

/** Registers a user as the registration screens would: code, verification, account. */
export async function registerUser({
  prefix,
  nickName,
  password = 'Secret_123',
}: {
  prefix: string;
  nickName: string;
  password?: string;
}): Promise<Person> {
  const phoneNumber = freshPhone();
  const name = `${prefix}${suffix()}`.slice(0, 14);
  await postAccount('securities', { phoneNumber, countryCode: '86', type: 'register' });
  const code = await latestSmsCode(phoneNumber, 'register');
  await postAccount('securities?verify=true', { phoneNumber, countryCode: '86', type: 'register', code });
  await postAccount('register', {
    name,
    password,
    nickName,
    email: `${name}@example.com`,
    phoneNumber,
    countryCode: '86',
    code,
    // The shipped user agreement and privacy policy (issue 17): registration records the consent.
    consent: { agreement: 1, privacy: 1 },
  });
  return { name, nickName, phoneNumber, password };
}

/** Opens an antd Select by its test id and picks the option with this label. */
export async function pick(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await open.getByTitle(label, { exact: true }).click();
  // Closed before the next one opens: two open lists would both offer the label.
  await expect.poll(() => open.count(), { timeout: 10_000 }).toBe(0);
}

/** Where a sign-in may land: a URL glob, or a test on the URL. */
export type Landing = string | ((url: URL) => boolean);
/** Anywhere but /login: /home, or /bindTel for an account without a phone (zhangsan). */
export const leftLogin: Landing = (url) => url.pathname !== '/login';

/** Opens /login, signs in with name and password, and waits until the app has moved on to `landing`. */
export async function signIn(page: Page, name: string, password: string, landing: Landing = '**/home') {
  await page.goto('/login');
  await page.getByTestId('login-name').fill(name);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing);
}

/**
 * Accepts, as the person, the invitation an administrator's add answered when the person was not yet of
 * the enterprise (issue 14: membership needs consent); nothing to do for a direct add.
 */
export async function acceptInvitation(
  person: Pick<Person, 'name' | 'password'>,
  added: { _id: string; invitedAs?: unknown },
): Promise<void> {
  if (!added.invitedAs) return;
  const api = await request.newContext({
    baseURL: inject('baseURL'),
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
  });
  try {
    const signedIn = await api.post(`${ACCOUNT_API}/login`, {
      data: { name: person.name, password: person.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const accepted = await api.post(`${ACCOUNT_API}/membership-invitations/${added._id}/accept`, {
      data: {},
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** Accepts, as the person, every invitation waiting for them. */
export async function acceptMyInvitations(person: Pick<Person, 'name' | 'password'>): Promise<void> {
  const api = await request.newContext({
    baseURL: inject('baseURL'),
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
  });
  try {
    const signedIn = await api.post(`${ACCOUNT_API}/login`, {
      data: { name: person.name, password: person.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const mine = (await (await api.get(`${ACCOUNT_API}/membership-invitations`)).json()) as { _id: string }[];
    expect(mine.length).toBeGreaterThan(0);
    for (const invitation of mine) {
      const accepted = await api.post(`${ACCOUNT_API}/membership-invitations/${invitation._id}/accept`, {
        data: {},
      });
      expect(accepted.status(), await accepted.text()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
}

/**
 * Adds the person to 示范项目一期 as its administrator (the signed-in demo user on `page`) would,
 * through the API — the person accepts the invitation — and answers the project's id.
 */
export async function joinDemoProject(
  page: Page,
  person: Pick<Person, 'name' | 'password'>,
): Promise<string> {
  const projects = (await (await page.request.get(`${ACCOUNT_API}/projects`)).json()) as {
    _id: string;
    name: string;
  }[];
  const project = projects.find((p) => p.name === '示范项目一期');
  expect(project).toBeDefined();
  const added = await page.request.post(`${ACCOUNT_API}/projects/${project!._id}/members`, {
    data: { name: person.name },
  });
  expect(added.status(), await added.text()).toBe(200);
  await acceptInvitation(person, await added.json());
  return project!._id;
}

/** Picks the person in a multiple member Select (typed to search), and closes its list. */
export async function pickMember(page: Page, testId: string, person: Pick<Person, 'name' | 'nickName'>) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(person.nickName);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(`${person.nickName}（${person.name}）`, { exact: true })
    .click();
  await page.keyboard.press('Escape');
}
