import { afterEach, describe, expect, it } from 'vitest';
import { addressOf, solveChallenge } from '../../../test/challenge';
import { ACCOUNT, buildTestApp, login, sessionCookieOf, signIn, type TestApp } from '../../../test/helper';
import { codeFor, MINUTE, readOutbox, sendCode, wrongCode } from '../../../test/sms';

const DEMO_PHONE = '13800000001';
let t: TestApp;
afterEach(() => t?.close());

async function app() {
  t = await buildTestApp({ env: { SMS_IP_HOURLY_LIMIT: '100000' } });
  return t;
}

async function userId(name: string): Promise<string> {
  const row = await t.db.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

function putPassword(
  id: string,
  query: string,
  body: object,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'PUT',
    url: `${ACCOUNT}/users/${id}/password?${query}`,
    payload: body,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function logged(cookie: string) {
  return t.app.inject({ method: 'GET', url: `${ACCOUNT}/logged`, headers: { cookie } });
}

describe('PUT users/{id}/password?verify=true (signed in, with the old password)', () => {
  it('changes the password and ends every other session of the user', async () => {
    await app();
    const id = await userId('demo');
    const laptop = await signIn(t.app);
    const phone = await signIn(t.app);
    const response = await putPassword(
      id,
      'verify=true',
      { oldPassword: 'Demo1234', password: 'Changed_99' },
      { cookie: laptop },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: id, name: 'demo' });
    expect((await logged(laptop)).statusCode).toBe(200);
    expect((await logged(phone)).statusCode).toBe(401);
    expect((await login(t.app, 'demo', 'Demo1234')).json().code).toBe(104);
    expect((await login(t.app, 'demo', 'Changed_99')).statusCode).toBe(200);
  });

  it('answers 104 for a wrong or missing old password, 400 for a new one against the rules', async () => {
    await app();
    const id = await userId('demo');
    const cookie = await signIn(t.app);
    const wrong = await putPassword(
      id,
      'verify=true',
      { oldPassword: 'Nope1234', password: 'Changed_99' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 104, key: 'account.oldPasswordError', message: '原密码错误' });
    expect((await putPassword(id, 'verify=true', { password: 'Changed_99' }, { cookie })).json().code).toBe(
      104,
    );
    for (const [password, key] of [
      ['short', 'account.passwordLength'],
      ['has space!1', 'account.passwordFormat'],
      ['A'.repeat(17), 'account.passwordLength'],
    ] as const) {
      expect(
        (await putPassword(id, 'verify=true', { oldPassword: 'Demo1234', password }, { cookie })).json(),
      ).toMatchObject({
        code: 400,
        key,
      });
    }
    // Not equal to the account name (a 6-character name makes the case reachable).
    await t.db.db.updateTable('users').set({ name: 'demo99' }).where('id', '=', id).execute();
    expect(
      (
        await putPassword(id, 'verify=true', { oldPassword: 'Demo1234', password: 'demo99' }, { cookie })
      ).json(),
    ).toMatchObject({
      key: 'account.passwordSameAsUsername',
    });
    expect((await login(t.app, 'demo99', 'Demo1234')).statusCode).toBe(200);
  });

  it('needs a session, and only for your own account (404 otherwise)', async () => {
    await app();
    const demo = await userId('demo');
    const zhangsan = await userId('zhangsan');
    const anonymous = await putPassword(demo, 'verify=true', {
      oldPassword: 'Demo1234',
      password: 'Changed_99',
    });
    expect(anonymous.statusCode).toBe(401);
    const cookie = await signIn(t.app, 'zhangsan');
    const other = await putPassword(
      demo,
      'verify=true',
      { oldPassword: 'Demo1234', password: 'Changed_99' },
      { cookie },
    );
    expect(other.statusCode).toBe(404);
    // Without a flag it is the same change.
    const plain = await putPassword(
      zhangsan,
      '',
      { oldPassword: 'Demo1234', password: 'Changed_99' },
      { cookie },
    );
    expect(plain.statusCode).toBe(200);
    expect((await login(t.app, 'demo', 'Demo1234')).statusCode).toBe(200);
  });

  it('limits old-password guesses like sign-ins (issue 14): the tenth wrong one locks the account', async () => {
    await app();
    const id = await userId('demo');
    const cookie = await signIn(t.app);
    // A stolen session guessing from many addresses: each guess counted before it is verified.
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        putPassword(
          id,
          'verify=true',
          { oldPassword: `Guess${i}pw`, password: 'Changed_99' },
          { cookie },
          addressOf(i),
        ),
      ),
    );
    expect(guesses.filter((r) => r.json().code === 104).length).toBeLessThanOrEqual(10);
    expect(guesses.filter((r) => r.json().code === 107).length).toBeGreaterThanOrEqual(5);
    const right = await putPassword(
      id,
      'verify=true',
      { oldPassword: 'Demo1234', password: 'Changed_99' },
      { cookie },
    );
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 107, key: 'account.locked' });
    expect((await login(t.app, 'demo', 'Changed_99')).json().code).toBe(107);
    // One address is asked for a challenge after 3 wrong old passwords.
    const other = await userId('zhangsan');
    const zhang = await signIn(t.app, 'zhangsan');
    for (let i = 0; i < 3; i++) {
      const wrong = await putPassword(
        other,
        'verify=true',
        { oldPassword: 'Nope1234', password: 'Changed_99' },
        { cookie: zhang },
      );
      expect(wrong.json().code).toBe(104);
    }
    const asked = await putPassword(
      other,
      'verify=true',
      { oldPassword: 'Demo1234', password: 'Changed_99' },
      { cookie: zhang },
    );
    expect(asked.json().key).toBe('account.challengeRequired');
    const solved = await putPassword(
      other,
      'verify=true',
      { oldPassword: 'Demo1234', password: 'Changed_99' },
      { cookie: zhang, 'x-challenge-solution': solveChallenge(asked) },
    );
    expect(solved.statusCode).toBe(200);
  });

  it('refuses unknown fields', async () => {
    await app();
    const id = await userId('demo');
    const cookie = await signIn(t.app);
    const response = await putPassword(
      id,
      'verify=true',
      { oldPassword: 'Demo1234', password: 'Changed_99', isSystemAdmin: true },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
  });
});

describe('PUT users/{id}/password?code=true (forgot password)', () => {
  it('resets with the reset code, ends every session, signs the caller in', async () => {
    await app();
    const laptop = await signIn(t.app);
    const send = await sendCode(t.app, { phoneNumber: DEMO_PHONE, countryCode: '86', type: 'reset' });
    expect(send.json()).toEqual({});
    const code = (await readOutbox(t)).at(-1)?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const verified = await sendCode(
      t.app,
      { phoneNumber: DEMO_PHONE, type: 'reset', code },
      { verify: true },
    );
    expect(verified.statusCode).toBe(200);
    // The verified code, not the send, answers the account's id.
    const { userId: id } = verified.json() as { userId: string };
    expect(id).toBe(await userId('demo'));
    const response = await putPassword(id, 'code=true', { password: 'Reset_777', code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: id, name: 'demo' });
    const fresh = sessionCookieOf(response);
    expect((await logged(fresh)).json().name).toBe('demo');
    expect((await logged(laptop)).statusCode).toBe(401);
    expect((await login(t.app, 'demo', 'Demo1234')).json().code).toBe(104);
    expect((await login(t.app, 'demo', 'Reset_777')).statusCode).toBe(200);
    // The code is used up.
    expect((await putPassword(id, 'code=true', { password: 'Again_777', code })).json().code).toBe(106);
  });

  it('answers 106 for a wrong code, a login code, an expired one, or another account', async () => {
    await app();
    const demo = await userId('demo');
    const zhangsan = await userId('zhangsan');
    const loginCode = await codeFor(t, DEMO_PHONE, 'login');
    const asLogin = await putPassword(demo, 'code=true', { password: 'Reset_777', code: loginCode });
    expect(asLogin.statusCode).toBe(400);
    expect(asLogin.json()).toMatchObject({ code: 106, key: 'account.codeError' });
    const code = await codeFor(t, DEMO_PHONE, 'reset');
    expect(
      (await putPassword(demo, 'code=true', { password: 'Reset_777', code: wrongCode(code) })).json().code,
    ).toBe(106);
    // zhangsan has no phone: the demo code cannot reset his account.
    expect((await putPassword(zhangsan, 'code=true', { password: 'Reset_777', code })).json().code).toBe(106);
    expect((await putPassword(demo, 'code=true', { password: 'Reset_777' })).json()).toMatchObject({
      code: 106,
      key: 'account.codeRequired',
    });
    // A password against the rules is refused before the code is spent.
    expect((await putPassword(demo, 'code=true', { password: 'x', code })).json()).toMatchObject({
      key: 'account.passwordLength',
    });
    t.clock.advance(5 * MINUTE);
    expect((await putPassword(demo, 'code=true', { password: 'Reset_777', code })).json().code).toBe(106);
    // (From another address: this one has had its 3 free failures.)
    const unchanged = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/login`,
      payload: { name: 'demo', password: 'Demo1234' },
      remoteAddress: addressOf(1),
    });
    expect(unchanged.statusCode).toBe(200);
    const missing = await putPassword('0123456789abcdef01234567', 'code=true', {
      password: 'Reset_777',
      code,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("is the way out of a lock: an attacker's lock never stops it, and unlocks the account", async () => {
    await app();
    const attacker = (i: number, body: object) =>
      t.app.inject({ method: 'POST', url: `${ACCOUNT}/login`, payload: body, remoteAddress: addressOf(i) });
    for (let i = 0; i < 10; i++) await attacker(i, { name: 'demo', password: 'Wrong1234' });
    expect((await login(t.app, 'demo', 'Demo1234')).json().code).toBe(107);
    const id = await userId('demo');
    const code = await codeFor(t, DEMO_PHONE, 'reset');
    expect((await putPassword(id, 'code=true', { password: 'Reset_777', code })).statusCode).toBe(200);
    expect((await login(t.app, 'demo', 'Reset_777')).statusCode).toBe(200);
  });

  it("anonymous wrong codes never void the owner's reset code", async () => {
    await app();
    const id = await userId('demo');
    const code = await codeFor(t, DEMO_PHONE, 'reset');
    // Wrong codes from many addresses, verify and reset alike, solving challenges as an attacker would.
    for (let i = 0; i < 7; i++) {
      const body = { password: 'Evil_1234', code: wrongCode(code) };
      let wrong = await putPassword(id, 'code=true', body, {}, addressOf(i));
      if (wrong.json().key === 'account.challengeRequired') {
        wrong = await putPassword(
          id,
          'code=true',
          body,
          { 'x-challenge-solution': solveChallenge(wrong) },
          addressOf(i),
        );
      }
      expect(wrong.json().code).toBe(106);
    }
    // The owner: asked for a proof of work (the browser solves it), then the code still works.
    const asked = await putPassword(id, 'code=true', { password: 'Reset_777', code });
    expect(asked.json().key).toBe('account.challengeRequired');
    const reset = await putPassword(
      id,
      'code=true',
      { password: 'Reset_777', code },
      { 'x-challenge-solution': solveChallenge(asked) },
    );
    expect(reset.statusCode).toBe(200);
    expect((await login(t.app, 'demo', 'Reset_777')).statusCode).toBe(200);
  });

  it('keeps a verified reset code usable when someone sends the phone a new one', async () => {
    await app();
    const code = await codeFor(t, DEMO_PHONE, 'reset');
    const verified = await sendCode(
      t.app,
      { phoneNumber: DEMO_PHONE, type: 'reset', code },
      { verify: true },
    );
    const { userId: id } = verified.json() as { userId: string };
    // An anonymous send a minute later (from elsewhere) makes a new code; the owner's grant stays.
    t.clock.advance(61_000);
    expect(
      (await sendCode(t.app, { phoneNumber: DEMO_PHONE, type: 'reset' }, { ip: addressOf(3) })).statusCode,
    ).toBe(200);
    const reset = await putPassword(id, 'code=true', { password: 'Reset_777', code });
    expect(reset.statusCode).toBe(200);
    // An unverified code, though, is still replaced by a newer send.
    const older = await codeFor(t, DEMO_PHONE, 'login');
    t.clock.advance(61_000);
    const newer = await codeFor(t, DEMO_PHONE, 'login');
    if (older !== newer) {
      const stale = await sendCode(
        t.app,
        { phoneNumber: DEMO_PHONE, type: 'login', code: older },
        { verify: true },
      );
      expect(stale.json().code).toBe(106);
    }
  });

  it('works through a method-override POST, and refuses a foreign Origin', async () => {
    await app();
    const id = await userId('demo');
    const code = await codeFor(t, DEMO_PHONE, 'reset');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNT}/users/${id}/password?code=true`,
      headers: { origin: 'https://evil.example' },
      payload: { password: 'Evil_1234', code },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().key).toBe('common.foreignOrigin');
    const overridden = await t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/users/${id}/password?code=true`,
      headers: { 'x-http-method-override': 'PUT' },
      payload: { password: 'Reset_777', code },
    });
    expect(overridden.statusCode).toBe(200);
    expect((await login(t.app, 'demo', 'Reset_777')).statusCode).toBe(200);
  });
});
