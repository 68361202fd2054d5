// Figures of accounts and sign-in (issue 3):
//  - GET account-service/logged with a session, requests/s against the bare hello-world (target ≥ 0.4)
//  - password sign-ins per second: argon2id verification is the cost, on purpose
//  - the refusals must cost less than a sign-in: an SMS send refused by its limit (503) and a sign-in of a
//    locked account (107), each as a ratio of sign-in cost to refusal cost (> 1: the refusal is cheaper)
import { join } from 'node:path';
import { call, repoRoot, requestsPerSecond, serverMain, startServer } from './lib.mjs';

const baselineScript = join(repoRoot, 'bench/baseline-server.mjs');
const LOGIN = '/api/v1/account-service/login';

export const title = 'accounts';
export async function run() {
  const baseline = await startServer(baselineScript);
  const baselineRps = await requestsPerSecond(`${baseline.url}/hello`);
  await baseline.stop();

  const server = await startServer(serverMain, { env: { DEMO: '1', ADMIN_PASSWORD: 'BenchAdmin1' } });
  const { url } = server;
  const signedIn = await call(url + LOGIN, { method: 'POST', body: { name: 'demo', password: 'Demo1234' } });
  if (signedIn.status !== 200 || !signedIn.cookie)
    throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`);
  const loggedRps = await requestsPerSecond(`${url}/api/v1/account-service/logged`, {
    headers: { cookie: signedIn.cookie },
  });

  const loginBody = JSON.stringify({ name: 'demo', password: 'Demo1234' });
  const json = { 'content-type': 'application/json' };
  const signInRps = await requestsPerSecond(url + LOGIN, { method: 'POST', body: loginBody, headers: json });

  // A phone that is not anyone's: the first send goes out, every further one inside 60 s is refused.
  const smsBody = JSON.stringify({ phoneNumber: '13912345678', countryCode: '86', type: 'register' });
  const first = await call(`${url}/api/v1/account-service/securities`, {
    method: 'POST',
    body: JSON.parse(smsBody),
  });
  if (first.status !== 200) throw new Error(`first SMS send failed: ${JSON.stringify(first.body)}`);
  const smsRefusedRps = await requestsPerSecond(`${url}/api/v1/account-service/securities`, {
    method: 'POST',
    body: smsBody,
    headers: json,
    expectStatus: 429,
  });

  // Ten wrong passwords lock zhangsan for ten minutes; every sign-in is then refused with 107.
  for (let i = 0; i < 10; i++) {
    await call(url + LOGIN, { method: 'POST', body: { name: 'zhangsan', password: 'WrongPass1' } });
  }
  const lockedRps = await requestsPerSecond(url + LOGIN, {
    method: 'POST',
    body: JSON.stringify({ name: 'zhangsan', password: 'Demo1234' }),
    headers: json,
    expectStatus: 429,
  });
  await server.stop();

  return [
    { name: 'hello-world baseline', value: baselineRps, unit: 'req/s' },
    {
      name: 'GET logged with a session',
      value: loggedRps,
      unit: 'req/s',
      ratio: loggedRps / baselineRps,
      target: '≥ 0.4 × baseline',
      pass: loggedRps / baselineRps >= 0.4,
    },
    { name: 'password sign-ins (argon2id m=19456 t=2)', value: signInRps, unit: 'req/s' },
    {
      name: 'SMS send refused by its limit (503)',
      value: smsRefusedRps,
      unit: 'req/s',
      ratio: smsRefusedRps / signInRps,
      target: 'cheaper than a sign-in (ratio > 1)',
      pass: smsRefusedRps > signInRps,
    },
    {
      name: 'sign-in of a locked account (107)',
      value: lockedRps,
      unit: 'req/s',
      ratio: lockedRps / signInRps,
      target: 'cheaper than a sign-in (ratio > 1)',
      pass: lockedRps > signInRps,
    },
  ];
}
