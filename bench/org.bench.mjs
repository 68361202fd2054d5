// Figures of the organisation (issue 4), on an enterprise of 5,000 projects in 300 circles, built through the
// real API by its administrator:
//  - the home tree: contracts' buildOrgTree over the rows the browser really receives (GET enterprises,
//    circles, projects), its time as a ratio to a plain JSON.stringify of the same rows;
//  - GET enterprises/{id}/projects (the first page, as the enterprise area asks it) requests/s against the
//    bare hello-world baseline.
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { call, median, repoRoot, requestsPerSecond, serverMain, startServer } from './lib.mjs';

const baselineScript = join(repoRoot, 'bench/baseline-server.mjs');
const ACCOUNT = '/api/v1/account-service';
const CIRCLES = 300;
const PROJECTS = 5000;
/** Requests in flight while seeding: enough to keep the server busy, few enough to keep it honest. */
const SEED_CONCURRENCY = 8;

async function inParallel(count, work) {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

async function must(promise, what) {
  const answer = await promise;
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Every row of a list, 200 at a time, as the web's fetchAll does. */
async function fetchAll(url, cookie) {
  const rows = [];
  for (let skip = 0; ; skip += 200) {
    const page = await must(
      call(`${url}${url.includes('?') ? '&' : '?'}skip=${skip}&limit=200`, { cookie }),
      url,
    );
    rows.push(...page);
    if (page.length < 200) return rows;
  }
}

export async function seed(url) {
  const signedIn = await call(`${url}${ACCOUNT}/login`, {
    method: 'POST',
    body: { name: 'demo', password: 'Demo1234' },
  });
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`);
  const { cookie } = signedIn;
  const enterprise = await must(
    call(`${url}${ACCOUNT}/enterprises`, { method: 'POST', cookie, body: { name: '基准测试集团' } }),
    'POST enterprises',
  );
  const circleIds = [];
  await inParallel(CIRCLES, async (i) => {
    const circle = await must(
      call(`${url}${ACCOUNT}/circles`, {
        method: 'POST',
        cookie,
        body: { name: `分公司${String(i).padStart(3, '0')}`, enterpriseId: enterprise._id },
      }),
      'POST circles',
    );
    circleIds[i] = circle._id;
  });
  await inParallel(PROJECTS, async (i) => {
    await must(
      call(`${url}${ACCOUNT}/projects`, {
        method: 'POST',
        cookie,
        body: {
          name: `基准项目${String(i).padStart(4, '0')}`,
          enterpriseId: enterprise._id,
          circleId: circleIds[i % CIRCLES],
        },
      }),
      'POST projects',
    );
  });
  return { cookie, enterpriseId: enterprise._id };
}

/** Median time of `fn` over `runs` runs, after a warm-up, in milliseconds. */
function timeOf(fn, runs = 30) {
  for (let i = 0; i < 5; i++) fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

export const title = 'org';
export async function run() {
  const { buildOrgTree } = await tsImport(
    join(repoRoot, 'packages/contracts/src/org/tree.ts'),
    import.meta.url,
  );

  const baseline = await startServer(baselineScript);
  const baselineRps = await requestsPerSecond(`${baseline.url}/hello`);
  await baseline.stop();

  const server = await startServer(serverMain, { env: { DEMO: '1', ADMIN_PASSWORD: 'BenchAdmin1' } });
  const seedStart = performance.now();
  const { cookie, enterpriseId } = await seed(server.url);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // The rows of the home page, exactly as the browser receives them.
  const rows = {
    enterprises: await fetchAll(`${server.url}${ACCOUNT}/enterprises`, cookie),
    circles: await fetchAll(`${server.url}${ACCOUNT}/circles`, cookie),
    projects: await fetchAll(`${server.url}${ACCOUNT}/projects`, cookie),
  };
  const mine = rows.projects.filter((p) => p.enterpriseId === enterpriseId).length;
  if (mine !== PROJECTS) throw new Error(`expected ${PROJECTS} projects in the enterprise, found ${mine}`);

  const listRps = await requestsPerSecond(`${server.url}${ACCOUNT}/enterprises/${enterpriseId}/projects`, {
    headers: { cookie },
  });
  await server.stop();

  const treeMs = timeOf(() => buildOrgTree(rows));
  const stringifyMs = timeOf(() => JSON.stringify(rows));
  const total = rows.enterprises.length + rows.circles.length + rows.projects.length;

  return [
    {
      name: `seeding ${CIRCLES} circles and ${PROJECTS} projects through the API`,
      value: seedSeconds,
      unit: 's',
    },
    { name: `JSON.stringify of the home rows (${total} rows)`, value: stringifyMs, unit: 'ms' },
    {
      name: 'home tree built by buildOrgTree (same rows)',
      value: treeMs,
      unit: 'ms',
      ratio: treeMs / stringifyMs,
    },
    { name: 'hello-world baseline', value: baselineRps, unit: 'req/s' },
    {
      name: `GET enterprises/{id}/projects (first page of ${PROJECTS})`,
      value: listRps,
      unit: 'req/s',
      ratio: listRps / baselineRps,
    },
  ];
}
