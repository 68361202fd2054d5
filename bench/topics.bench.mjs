// Figures of problem topics (issue 6):
//  - GET projects/{id}/topics?skip=…&limit=20 on a project of 100,000 topics, the first page against the bare
//    hello-world baseline (the project's administrator, who sees every topic), and page 2,000 — reached by
//    the cursor of page 1,999 (after=, as the web pages on) and by a jump (skip) — against the first page;
//  - GET projects/{id}/topics?export=true of a project of 10,000 topics: seconds, and how much the server's
//    resident memory grew while it answered.
// The first topics of each project are created through the real API (numbers, people, to-dos); the rest are
// copies of those rows written straight into the server's SQLite file (WAL: the running server sees them),
// because 110,000 POSTs would take the bench longer than everything else together.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { call, median, repoRoot, requestsPerSecond, serverMain, startServer } from './lib.mjs';

const baselineScript = join(repoRoot, 'bench/baseline-server.mjs');
const ACCOUNT = '/api/v1/account-service';
const TOPICS = '/api/v1/topic-service';
const LIST_TOPICS = 100_000;
const EXPORT_TOPICS = 10_000;
/** Topics made through the API per project; the rest copy them. */
const THROUGH_API = 20;
const PAGE = 20;

async function must(promise, what) {
  const answer = await promise;
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A project of the demo enterprise with zhangsan as a member, and `THROUGH_API` topics mentioning him. */
async function projectWithTopics(url, cookie, enterpriseId, name, zhangsanId) {
  const project = await must(
    call(`${url}${ACCOUNT}/projects`, { method: 'POST', cookie, body: { name, enterpriseId } }),
    'POST projects',
  );
  await must(
    call(`${url}${ACCOUNT}/projects/${project._id}/members`, {
      method: 'POST',
      cookie,
      body: { name: 'zhangsan' },
    }),
    'POST members',
  );
  for (let i = 0; i < THROUGH_API; i++) {
    await must(
      call(`${url}${TOPICS}/topics`, {
        method: 'POST',
        cookie,
        body: {
          projectId: project._id,
          name: `三层梁柱节点钢筋绑扎问题 ${i}`,
          content: '梁柱节点处箍筋间距超出设计要求，请施工单位整改并回复。',
          mentions: [zhangsanId],
          priority: i % 3 === 0 ? 'urgent' : 'normal',
          deadline: `2026-12-${String((i % 28) + 1).padStart(2, '0')}`,
        },
      }),
      'POST topics',
    );
  }
  return project._id;
}

/** Ids as the server makes them: 24 lowercase hex, time first. */
function newId(seconds) {
  return seconds.toString(16).padStart(8, '0') + randomBytes(8).toString('hex');
}

/** Copies the project's API-made topics (and their people rows) until it has `total`, numbered on. */
function copyTopics(file, projectId, total) {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const topics = db.prepare('SELECT * FROM topics WHERE project_id = ? ORDER BY number').all(projectId);
  const people = db.prepare('SELECT * FROM topic_people WHERE project_id = ?').all(projectId);
  const peopleOf = new Map();
  for (const row of people) peopleOf.set(row.topic_id, [...(peopleOf.get(row.topic_id) ?? []), row]);
  const topicColumns = Object.keys(topics[0]);
  const peopleColumns = Object.keys(people[0]);
  const insertTopic = db.prepare(
    `INSERT INTO topics (${topicColumns.join(', ')}) VALUES (${topicColumns.map((c) => `@${c}`).join(', ')})`,
  );
  const insertPerson = db.prepare(
    `INSERT INTO topic_people (${peopleColumns.join(', ')}) VALUES (${peopleColumns.map((c) => `@${c}`).join(', ')})`,
  );
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  db.transaction(() => {
    for (let number = topics.length + 1; number <= total; number++) {
      const source = topics[number % topics.length];
      // One a minute, oldest first: created_at orders the list as real use would.
      const at = new Date(start + number * 60_000).toISOString();
      const id = newId(Math.floor(Date.parse(at) / 1000));
      insertTopic.run({
        ...source,
        id,
        number,
        name: `${source.name.replace(/ \d+$/, '')} ${number}`,
        created_at: at,
        updated_at: at,
      });
      for (const person of peopleOf.get(source.id) ?? []) insertPerson.run({ ...person, topic_id: id });
    }
    db.prepare('UPDATE topic_counters SET last_number = ? WHERE project_id = ?').run(total, projectId);
  })();
  const { count } = db.prepare('SELECT count(*) AS count FROM topics WHERE project_id = ?').get(projectId);
  db.close();
  if (count !== total) throw new Error(`expected ${total} topics, found ${count}`);
}

/** The server's resident memory in bytes (Linux). */
function residentBytes(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** Seconds of one export and the largest growth of the server's memory seen while it ran. */
async function timeExport(url, cookie, pid) {
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 10);
  const start = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const body = Buffer.from(await response.arrayBuffer());
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, residentBytes(pid));
  if (response.status !== 200 || body.subarray(0, 2).toString() !== 'PK') {
    throw new Error(`export: ${response.status} ${body.subarray(0, 200).toString()}`);
  }
  return { seconds, grownBytes: peak - before, bytes: body.length };
}

export const title = 'topics';
export async function run() {
  const baseline = await startServer(baselineScript);
  const baselineRps = await requestsPerSecond(`${baseline.url}/hello`);
  await baseline.stop();

  const server = await startServer(serverMain, { env: { DEMO: '1', ADMIN_PASSWORD: 'BenchAdmin1' } });
  const signedIn = await call(`${server.url}${ACCOUNT}/login`, {
    method: 'POST',
    body: { name: 'demo', password: 'Demo1234' },
  });
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`);
  const { cookie } = signedIn;
  const enterprises = await must(call(`${server.url}${ACCOUNT}/enterprises`, { cookie }), 'GET enterprises');
  const enterpriseId = enterprises[0]._id;
  const demoProjects = await must(call(`${server.url}${ACCOUNT}/projects`, { cookie }), 'GET projects');
  const demoProject = demoProjects.find((p) => p.name === '示范项目一期');
  const members = await must(
    call(`${server.url}${ACCOUNT}/projects/${demoProject._id}/members?expand=true&limit=200`, { cookie }),
    'GET members',
  );
  const zhangsan = members.find((m) => m.user?.name === 'zhangsan');
  if (!zhangsan) throw new Error('zhangsan is not a member of the demo project');
  const zhangsanId = zhangsan.userId ?? zhangsan.user._id;

  const file = join(server.dataDir, 'lintel.db');
  const seedStart = performance.now();
  const listProject = await projectWithTopics(server.url, cookie, enterpriseId, '问题基准十万', zhangsanId);
  copyTopics(file, listProject, LIST_TOPICS);
  const exportProject = await projectWithTopics(server.url, cookie, enterpriseId, '问题基准导出', zhangsanId);
  copyTopics(file, exportProject, EXPORT_TOPICS);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const list = `${server.url}${TOPICS}/projects/${listProject}/topics`;
  const count = await must(call(`${list}?only_count=true`, { cookie }), 'only_count');
  if (count.count !== LIST_TOPICS) throw new Error(`only_count ${count.count}, expected ${LIST_TOPICS}`);
  const lastPage = `${list}?skip=${(2000 - 1) * PAGE}&limit=${PAGE}`;
  const page2000 = await must(call(lastPage, { cookie }), 'page 2,000');
  // Newest first: the API-made topics (created now), then the copies from number LIST_TOPICS down.
  if (page2000.length !== PAGE || page2000[0].number !== LIST_TOPICS - ((2000 - 1) * PAGE - THROUGH_API)) {
    throw new Error(`page 2,000 starts at number ${page2000[0]?.number}`);
  }

  // Page 2,000 as the web reaches it paging on: after the cursor page 1,999 answered (issue 15 §3).
  const before = await fetch(`${list}?skip=${(2000 - 2) * PAGE}&limit=${PAGE}`, { headers: { cookie } });
  const cursor = before.headers.get('x-next-after');
  if (before.status !== 200 || !cursor) throw new Error(`page 1,999: ${before.status}, no cursor`);
  const cursorPage = `${list}?after=${cursor}&limit=${PAGE}`;
  const byCursor = await must(call(cursorPage, { cookie }), 'page 2,000 by cursor');
  if (JSON.stringify(byCursor.map((t) => t._id)) !== JSON.stringify(page2000.map((t) => t._id))) {
    throw new Error('page 2,000 by cursor differs from page 2,000 by skip');
  }

  const firstRps = await requestsPerSecond(`${list}?skip=0&limit=${PAGE}`, { headers: { cookie } });
  const cursorRps = await requestsPerSecond(cursorPage, { headers: { cookie } });
  const deepRps = await requestsPerSecond(lastPage, { headers: { cookie } });

  const exportUrl = `${server.url}${TOPICS}/projects/${exportProject}/topics?export=true`;
  await timeExport(exportUrl, cookie, server.pid); // warm-up: code paths and fonts of the workbook writer
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await timeExport(exportUrl, cookie, server.pid));
  await server.stop();

  return [
    {
      name: `seeding ${LIST_TOPICS + EXPORT_TOPICS} topics (${2 * THROUGH_API} through the API)`,
      value: seedSeconds,
      unit: 's',
    },
    { name: 'hello-world baseline', value: baselineRps, unit: 'req/s' },
    {
      name: `GET projects/{id}/topics first page (of ${LIST_TOPICS.toLocaleString('en')})`,
      value: firstRps,
      unit: 'req/s',
      ratio: firstRps / baselineRps,
      target: '≥ 0.10',
      pass: firstRps / baselineRps >= 0.1,
    },
    {
      name: 'GET projects/{id}/topics page 2,000 by cursor (after=, paging on): cost ÷ first page',
      value: cursorRps,
      unit: 'req/s',
      ratio: firstRps / cursorRps,
      target: '≤ 2',
      pass: firstRps / cursorRps <= 2,
    },
    {
      name: 'GET projects/{id}/topics page 2,000 by a jump (skip 39,980, deferred join): cost ÷ first page',
      value: deepRps,
      unit: 'req/s',
      ratio: firstRps / deepRps,
    },
    {
      name: `export of ${EXPORT_TOPICS.toLocaleString('en')} topics (.xlsx, ${Math.round(runs[0].bytes / 1024)} KB)`,
      value: median(runs.map((r) => r.seconds)),
      unit: 's',
    },
    {
      name: 'server memory growth during the export (peak RSS)',
      value: median(runs.map((r) => r.grownBytes)) / 2 ** 20,
      unit: 'MiB',
    },
  ];
}
