// Figures of files and notifications (issue 5):
//  - upload and download throughput of a 100 MB file through base-service/files, each as a ratio to a plain
//    file copy of the same bytes on the same disk (the local storage's folder lives there too);
//  - the server's memory growth (resident set) while that upload streams through (target < 64 MB);
//  - notifications per second delivered to 200 open event streams (200 members of one project, each with
//    its own stream, receiving announcements sent to everyone).
import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { call, serverMain, startServer } from './lib.mjs';

const ACCOUNT = '/api/v1/account-service';
const FILES = '/api/v1/base-service/files';
const FILE_MB = 100;

/** A 100 MB MP4 by its header (an `ftyp` box), random bytes after it: accepted as video, not compressible. */
async function makeVideo(path) {
  const file = await open(path, 'w');
  const head = Buffer.alloc(32);
  head.writeUInt32BE(32, 0);
  head.write('ftypisom', 4, 'latin1');
  head.write('isomiso2mp41', 16, 'latin1');
  await file.write(head);
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  for (let written = head.length; written < FILE_MB * 1024 * 1024; written += chunk.length) {
    await file.write(chunk);
  }
  await file.close();
}

function residentBytes(pid) {
  return readFile(`/proc/${pid}/status`, 'utf8').then(
    (text) => Number(/VmRSS:\s+(\d+)/.exec(text)[1]) * 1024,
  );
}

/** Streams a multipart upload of `path` (field `file`) with node:http; answers the status and the body. */
function upload(url, cookie, path, size) {
  const boundary = `----lintel-bench-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    import('node:fs').then(({ createReadStream }) => {
      const stream = createReadStream(path, { highWaterMark: 1024 * 1024 });
      stream.on('end', () => req.end(tail));
      stream.pipe(req, { end: false });
    });
  });
}

/** Downloads `url` to `path` (on the same disk), as a browser would save it. */
function download(url, cookie, path) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`download: ${res.statusCode}`));
      const out = createWriteStream(path);
      res.pipe(out);
      out.on('finish', resolve);
      out.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function timed(fn) {
  const start = performance.now();
  await fn();
  return (performance.now() - start) / 1000;
}

async function throughput() {
  const server = await startServer(serverMain, { env: { DEMO: '1', ADMIN_PASSWORD: 'BenchAdmin1' } });
  const work = await mkdtemp(join(server.dataDir, 'bench-'));
  try {
    const source = join(work, 'source.mp4');
    await makeVideo(source);
    const { size } = await stat(source);
    const copySeconds = await timed(() => copyFile(source, join(work, 'copy.mp4')));
    await rm(join(work, 'copy.mp4'));

    const signedIn = await call(`${server.url}${ACCOUNT}/login`, {
      method: 'POST',
      body: { name: 'demo', password: 'Demo1234' },
    });
    const { cookie } = signedIn;
    const before = await residentBytes(server.pid);
    let peak = before;
    const sampler = setInterval(async () => {
      peak = Math.max(peak, await residentBytes(server.pid).catch(() => 0));
    }, 20);
    let answer;
    const uploadSeconds = await timed(async () => {
      answer = await upload(`${server.url}${FILES}`, cookie, source, size);
    });
    clearInterval(sampler);
    if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${answer.body}`);
    const [fileUrl] = JSON.parse(answer.body).files;
    const downloadSeconds = await timed(() =>
      download(`${server.url}${fileUrl}`, cookie, join(work, 'back.mp4')),
    );
    const back = await stat(join(work, 'back.mp4'));
    if (back.size !== size) throw new Error(`downloaded ${back.size} bytes of ${size}`);

    const mb = size / 1024 / 1024;
    const growthMb = (peak - before) / 1024 / 1024;
    return [
      { name: `plain file copy of ${FILE_MB} MB`, value: mb / copySeconds, unit: 'MB/s' },
      {
        name: `upload of ${FILE_MB} MB (POST base-service/files)`,
        value: mb / uploadSeconds,
        unit: 'MB/s',
        ratio: copySeconds / uploadSeconds,
      },
      {
        name: `download of ${FILE_MB} MB (GET base-service/files/{id})`,
        value: mb / downloadSeconds,
        unit: 'MB/s',
        ratio: copySeconds / downloadSeconds,
      },
      {
        name: 'server memory growth during the upload',
        value: growthMb,
        unit: 'MB',
        target: '< 64 MB',
        pass: growthMb < 64,
      },
    ];
  } finally {
    await server.stop();
  }
}

const STREAMS = 200;
const ANNOUNCEMENTS = 10;

/** The code the console SMS provider "sent" to `phoneNumber` (it writes them to DATA_DIR/sms-outbox.jsonl). */
async function smsCode(dataDir, phoneNumber) {
  const outbox = join(dataDir, 'sms-outbox.jsonl');
  for (let i = 0; i < 100; i++) {
    if (existsSync(outbox)) {
      const sent = (await readFile(outbox, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((m) => m.phoneNumber === phoneNumber && m.type === 'register')
        .pop();
      if (sent) return sent.code;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code for ${phoneNumber}`);
}

async function must(promise, what) {
  const answer = await promise;
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** A person registered through the API as the registration screens do, then signed in: their cookie. */
async function registered(server, i) {
  const phoneNumber = `139${String(i).padStart(8, '0')}`;
  const api = `${server.url}${ACCOUNT}`;
  await must(
    call(`${api}/securities`, { method: 'POST', body: { phoneNumber, countryCode: '86', type: 'register' } }),
    'send code',
  );
  const code = await smsCode(server.dataDir, phoneNumber);
  const name = `bench${i}`;
  await must(
    call(`${api}/register`, {
      method: 'POST',
      body: {
        name,
        password: 'Bench_123',
        nickName: `成员${i}`,
        email: `${name}@example.com`,
        phoneNumber,
        countryCode: '86',
        code,
      },
    }),
    'register',
  );
  const signedIn = await must(
    call(`${api}/login`, { method: 'POST', body: { name, password: 'Bench_123' } }),
    'login',
  );
  return { cookie: signedIn.cookie, userId: signedIn.body._id };
}

/** An open event stream counting the `notification` events it receives. */
function openStream(url, cookie) {
  return new Promise((resolve, reject) => {
    const stream = { received: 0, waiters: [], close: () => req.destroy() };
    const req = request(`${url}/api/v1/base-service/notifications/stream`, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          if (/^event: notification$/m.test(buffer.slice(0, end))) stream.received++;
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        const waiting = [];
        for (const waiter of stream.waiters) {
          if (stream.received >= waiter[0]) waiter[1]();
          else waiting.push(waiter);
        }
        stream.waiters = waiting;
      });
      resolve(stream);
    });
    req.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end();
  });
}

const until = (stream, count) =>
  stream.received >= count ? Promise.resolve() : new Promise((done) => stream.waiters.push([count, done]));

async function delivery() {
  const server = await startServer(serverMain, {
    env: {
      DEMO: '1',
      ADMIN_PASSWORD: 'BenchAdmin1',
      SMS_IP_HOURLY_LIMIT: '100000',
      SMS_DAILY_LIMIT: '100000',
    },
  });
  const streams = [];
  try {
    const demo = await must(
      call(`${server.url}${ACCOUNT}/login`, { method: 'POST', body: { name: 'demo', password: 'Demo1234' } }),
      'demo login',
    );
    const [project] = (await call(`${server.url}${ACCOUNT}/projects`, { cookie: demo.cookie })).body;
    const people = [];
    for (let i = 0; i < STREAMS; i++) people.push(await registered(server, i));
    for (const person of people) {
      const added = await must(
        call(`${server.url}${ACCOUNT}/projects/${project._id}/members`, {
          method: 'POST',
          cookie: demo.cookie,
          body: { userId: person.userId },
        }),
        'add member',
      );
      // Not of the enterprise: an invitation the person accepts (issue 14).
      if (added.body?.invitedAs) {
        await must(
          call(`${server.url}${ACCOUNT}/membership-invitations/${added.body._id}/accept`, {
            method: 'POST',
            cookie: person.cookie,
            body: {},
          }),
          'accept invitation',
        );
      }
    }
    for (const person of people) streams.push(await openStream(server.url, person.cookie));
    // Whatever arrived so far (the member notifications) is not part of the figure.
    await new Promise((r) => setTimeout(r, 500));
    const base = streams.map((s) => s.received);
    const start = performance.now();
    for (let k = 0; k < ANNOUNCEMENTS; k++) {
      await must(
        call(`${server.url}/api/v1/announcement-service/announcements`, {
          method: 'POST',
          cookie: demo.cookie,
          body: { projectId: project._id, title: `公告 ${k}`, content: '<p>测试</p>', receivers: 'all' },
        }),
        'announce',
      );
    }
    await Promise.all(streams.map((s, i) => until(s, base[i] + ANNOUNCEMENTS)));
    const seconds = (performance.now() - start) / 1000;
    return [
      {
        name: `notifications delivered to ${STREAMS} open streams (${ANNOUNCEMENTS} announcements to everyone)`,
        value: (STREAMS * ANNOUNCEMENTS) / seconds,
        unit: 'notifications/s',
      },
    ];
  } finally {
    for (const stream of streams) stream.close();
    await server.stop();
  }
}

export const title = 'files';
export async function run() {
  return [...(await throughput()), ...(await delivery())];
}
