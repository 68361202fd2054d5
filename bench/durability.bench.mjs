// What SQLite's `synchronous = FULL` costs against `NORMAL` (WAL) on the two write-heavy paths (issue 14):
//  - POST topic-service/topics: problems created by 10 connections at once (each a transaction with its
//    number counter, people rows and to-dos), requests/s;
//  - POST personnel-service/attendance/events: 50,000 gate events in batches of 1,000, events/s.
// NORMAL survives a crash of the process; FULL also syncs the WAL at every commit and so survives a power
// cut. Each setting gets a fresh server (SQLITE_SYNCHRONOUS) on a data folder of the same disk; the ratio
// is FULL's figure over NORMAL's.
import { call, requestsPerSecond, serverMain, startServer } from './lib.mjs';

const ACCOUNT = '/api/v1/account-service';
const TOPICS = '/api/v1/topic-service';
const PERSONNEL = '/api/v1/personnel-service';
const WORKERS = 1000;
const DAYS = 25;
const BATCH = 1000;
const MONTH = '2026-10';

async function must(promise, what) {
  const answer = await promise;
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A valid made-up mainland ID number (GB 11643 check character), distinct per n < 36,500. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';
function idNumber(n) {
  const birth = new Date(Date.UTC(1970, 0, 1) + n * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .replaceAll('-', '');
  const first17 = `110101${birth}001`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return first17 + CHECK[sum % 11];
}

async function inParallel(count, work, concurrency = 8) {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function measure(synchronous) {
  const server = await startServer(serverMain, {
    env: { DEMO: '1', ADMIN_PASSWORD: 'BenchAdmin1', SQLITE_SYNCHRONOUS: synchronous },
  });
  try {
    const url = server.url;
    const { cookie, status } = await call(`${url}${ACCOUNT}/login`, {
      method: 'POST',
      body: { name: 'demo', password: 'Demo1234' },
    });
    if (status !== 200) throw new Error('sign-in failed');
    const projects = await must(call(`${url}${ACCOUNT}/projects`, { cookie }), 'GET projects');
    const project = projects.find((p) => p.name === '示范项目一期');
    const members = await must(
      call(`${url}${ACCOUNT}/projects/${project._id}/members?expand=true&limit=200`, { cookie }),
      'GET members',
    );
    const zhangsan = members.find((m) => m.user?.name === 'zhangsan');
    const zhangsanId = zhangsan.userId ?? zhangsan.user._id;

    const topicsPerSecond = await requestsPerSecond(`${url}${TOPICS}/topics`, {
      method: 'POST',
      seconds: 5,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        projectId: project._id,
        name: '三层梁柱节点钢筋绑扎问题',
        content: '梁柱节点处箍筋间距超出设计要求，请施工单位整改并回复。',
        mentions: [zhangsanId],
        priority: 'normal',
        deadline: '2026-12-20',
      }),
    });

    const unit = await must(
      call(`${url}${PERSONNEL}/units`, {
        method: 'POST',
        cookie,
        body: { projectId: project._id, name: '耐久基准' },
      }),
      'POST units',
    );
    const workerIds = new Array(WORKERS);
    await inParallel(WORKERS, async (i) => {
      const person = await must(
        call(`${url}${PERSONNEL}/personnel`, {
          method: 'POST',
          cookie,
          body: {
            projectId: project._id,
            name: `工人${i + 1}`,
            idNumber: idNumber(i + 5000),
            unitId: unit._id,
            entryDate: '2026-09-01',
          },
        }),
        'POST personnel',
      );
      workerIds[i] = person._id;
    });
    const device = await must(
      call(`${url}${PERSONNEL}/attendanceDevices`, {
        method: 'POST',
        cookie,
        body: { projectId: project._id, name: '耐久基准闸机' },
      }),
      'POST attendanceDevices',
    );
    const events = [];
    for (let day = 1; day <= DAYS; day++) {
      const date = `${MONTH}-${String(day).padStart(2, '0')}`;
      workerIds.forEach((personId, i) => {
        const minute = String(i % 60).padStart(2, '0');
        events.push({
          eventId: `${date}-${i}-in`,
          personId,
          direction: 'in',
          at: `${date}T07:${minute}:00+08:00`,
        });
        events.push({
          eventId: `${date}-${i}-out`,
          personId,
          direction: 'out',
          at: `${date}T17:${minute}:00+08:00`,
        });
      });
    }
    const start = performance.now();
    for (let i = 0; i < events.length; i += BATCH) {
      const response = await fetch(`${url}${PERSONNEL}/attendance/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${device.token}` },
        body: JSON.stringify({ events: events.slice(i, i + BATCH) }),
      });
      const body = await response.json();
      if (response.status !== 200 || body.accepted !== BATCH) {
        throw new Error(`ingest: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      }
    }
    const eventsPerSecond = events.length / ((performance.now() - start) / 1000);
    return { topicsPerSecond, eventsPerSecond, events: events.length };
  } finally {
    await server.stop();
  }
}

export const title = 'durability';
export async function run() {
  const normal = await measure('normal');
  const full = await measure('full');
  const events = normal.events.toLocaleString('en');
  return [
    {
      name: 'POST topics, synchronous = NORMAL (10 connections)',
      value: normal.topicsPerSecond,
      unit: 'req/s',
    },
    {
      name: 'POST topics, synchronous = FULL (10 connections)',
      value: full.topicsPerSecond,
      unit: 'req/s',
      ratio: full.topicsPerSecond / normal.topicsPerSecond,
    },
    {
      name: `attendance ingest of ${events} events, NORMAL`,
      value: normal.eventsPerSecond,
      unit: 'events/s',
    },
    {
      name: `attendance ingest of ${events} events, FULL`,
      value: full.eventsPerSecond,
      unit: 'events/s',
      ratio: full.eventsPerSecond / normal.eventsPerSecond,
    },
  ];
}
