// Figures of personnel attendance (issue 7), on a project of 2,000 workers (10 units), built through the
// real API by the demo administrator:
//  - ingest of 100,000 gate events (a month of clock-ins and clock-outs: 2,000 workers × 25 days × in/out)
//    through POST attendance/events in batches of 1,000 with a device token, events per second, against a
//    plain loop on the same SQLite file: a bare better-sqlite3 prepared INSERT of the same rows, one
//    transaction per 1,000, into a scratch table with the same columns and indexes (no foreign keys);
//  - GET projects/{id}/attendance/statistics?period=month over that month: median of 5, in ms.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { call, median, serverMain, startServer } from './lib.mjs';

const ACCOUNT = '/api/v1/account-service';
const PERSONNEL = '/api/v1/personnel-service';
const WORKERS = 2000;
const UNITS = 10;
const DAYS = 25;
const BATCH = 1000;
const MONTH = '2026-10';
/** Requests in flight while seeding workers. */
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

/** The month's events of every worker: in about 07:30, out about 17:30 (Beijing time), in event-id order. */
function monthOfEvents(workerIds) {
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
  return events;
}

async function ingestThroughApi(url, token, events) {
  const start = performance.now();
  for (let i = 0; i < events.length; i += BATCH) {
    const response = await fetch(`${url}${PERSONNEL}/attendance/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ events: events.slice(i, i + BATCH) }),
    });
    const body = await response.json();
    if (response.status !== 200 || body.accepted !== Math.min(BATCH, events.length - i)) {
      throw new Error(`ingest batch ${i / BATCH}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  return events.length / ((performance.now() - start) / 1000);
}

/** The same rows, written by a bare prepared INSERT into a scratch copy of attendance_events. */
function ingestPlainLoop(file, events, projectId, deviceId) {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  db.exec(`
    CREATE TABLE bench_events (id text PRIMARY KEY, project_id text NOT NULL, device_id text NOT NULL,
      event_id text NOT NULL, person_id text NOT NULL, direction text NOT NULL, at text NOT NULL,
      day text NOT NULL, created_at text NOT NULL);
    CREATE UNIQUE INDEX bench_events_device_event ON bench_events (device_id, event_id);
    CREATE INDEX bench_events_project_day ON bench_events (project_id, day, person_id, direction, at);
    CREATE INDEX bench_events_person_day ON bench_events (person_id, day);`);
  const insert = db.prepare(
    'INSERT INTO bench_events (id, project_id, device_id, event_id, person_id, direction, at, day, created_at) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (device_id, event_id) DO NOTHING',
  );
  const createdAt = new Date().toISOString();
  const rows = events.map((event, i) => {
    const at = new Date(event.at).toISOString();
    const id = createHash('sha1').update(String(i)).digest('hex').slice(0, 24);
    return [
      id,
      projectId,
      deviceId,
      event.eventId,
      event.personId,
      event.direction,
      at,
      event.at.slice(0, 10),
      createdAt,
    ];
  });
  const writeBatch = db.transaction((batch) => {
    for (const row of batch) insert.run(...row);
  });
  const start = performance.now();
  for (let i = 0; i < rows.length; i += BATCH) writeBatch(rows.slice(i, i + BATCH));
  const rate = rows.length / ((performance.now() - start) / 1000);
  db.exec('DROP TABLE bench_events');
  db.close();
  return rate;
}

export const title = 'personnel';
export async function run() {
  const server = await startServer(serverMain, { env: { DEMO: '1', ADMIN_PASSWORD: 'BenchAdmin1' } });
  const signedIn = await call(`${server.url}${ACCOUNT}/login`, {
    method: 'POST',
    body: { name: 'demo', password: 'Demo1234' },
  });
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`);
  const { cookie } = signedIn;
  const enterprises = await must(call(`${server.url}${ACCOUNT}/enterprises`, { cookie }), 'GET enterprises');
  const project = await must(
    call(`${server.url}${ACCOUNT}/projects`, {
      method: 'POST',
      cookie,
      body: { name: '考勤基准', enterpriseId: enterprises[0]._id },
    }),
    'POST projects',
  );
  const projectId = project._id;

  const seedStart = performance.now();
  const units = [];
  for (let i = 0; i < UNITS; i++) {
    const unit = await must(
      call(`${server.url}${PERSONNEL}/units`, {
        method: 'POST',
        cookie,
        body: { projectId, name: `劳务分包 ${i + 1}` },
      }),
      'POST units',
    );
    units.push(unit._id);
  }
  const workerIds = new Array(WORKERS);
  await inParallel(WORKERS, async (i) => {
    const person = await must(
      call(`${server.url}${PERSONNEL}/personnel`, {
        method: 'POST',
        cookie,
        body: {
          projectId,
          name: `工人${i + 1}`,
          idNumber: idNumber(i),
          unitId: units[i % UNITS],
          entryDate: '2026-09-01',
        },
      }),
      'POST personnel',
    );
    workerIds[i] = person._id;
  });
  const device = await must(
    call(`${server.url}${PERSONNEL}/attendanceDevices`, {
      method: 'POST',
      cookie,
      body: { projectId, name: '东门闸机' },
    }),
    'POST attendanceDevices',
  );
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const events = monthOfEvents(workerIds);
  const apiRate = await ingestThroughApi(server.url, device.token, events);
  const plainRate = ingestPlainLoop(join(server.dataDir, 'lintel.db'), events, projectId, device._id);

  const statsUrl = `${server.url}${PERSONNEL}/projects/${projectId}/attendance/statistics?period=month&month=${MONTH}`;
  const check = await must(call(statsUrl, { cookie }), 'statistics');
  if (check.totals.headcount !== WORKERS || check.totals.normal !== WORKERS * DAYS) {
    throw new Error(`statistics: ${JSON.stringify(check.totals)}`);
  }
  const times = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await must(call(statsUrl, { cookie }), 'statistics');
    times.push(performance.now() - start);
  }
  await server.stop();

  return [
    { name: `seeding ${WORKERS} workers in ${UNITS} units (API)`, value: seedSeconds, unit: 's' },
    { name: 'plain insert loop (better-sqlite3, 1,000 per transaction)', value: plainRate, unit: 'events/s' },
    {
      name: `POST attendance/events: ${events.length.toLocaleString('en')} events in batches of ${BATCH}`,
      value: apiRate,
      unit: 'events/s',
      ratio: apiRate / plainRate,
    },
    {
      name: `GET attendance/statistics?period=month (${WORKERS} workers, ${events.length.toLocaleString('en')} events), median of 5`,
      value: median(times),
      unit: 'ms',
    },
  ];
}
