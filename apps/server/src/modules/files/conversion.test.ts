import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../../test/helper';
import { systemClock } from '../../clock';
import { createLocalStorage } from '../../storage/local';
import { createConverter, locateExecutable, previewKey } from './conversion';
import { makeOle2, makeOoxml } from './test-files';
import { deleteAs, FILES, getAs, idOf, storedFiles, uploadAs } from './test-support';

/**
 * Office documents converted to PDF for their previews. LibreOffice is not installed on this machine and
 * is far too large to install for a test, so an executable script named `soffice` stands in for it on a
 * temporary PATH: it is found and called exactly as LibreOffice would be, and writes a real PDF (the
 * fixture) where LibreOffice would. What it cannot stand in for is LibreOffice's rendering itself.
 * The script also logs every call, so that the tests see how it was called and that calls never overlap.
 * Its behaviour by input: `.ppt` — says it cannot load the file and writes nothing, exiting 0 (as
 * LibreOffice does); `.xlsx` — takes a second; `.odt` — hangs (for the timeout); others — 0.2 s.
 */
const FIXTURE_PDF = fileURLToPath(new URL('./fixtures/one-page.pdf', import.meta.url));
const ACCOUNT = '/api/v1/account-service';

let binDir: string;
let callLog: string;
let t: TestApp;
let demo: string;
let project: string;
const originalPath = process.env.PATH;

function fakeSoffice(log: string): string {
  return `#!/bin/sh
echo "start $$ $*" >> '${log}'
outdir=""
input=""
while [ $# -gt 0 ]; do
  case "$1" in
    --outdir) outdir="$2"; shift 2 ;;
    *) input="$1"; shift ;;
  esac
done
case "$input" in
  *.ppt) echo "Error: source file could not be loaded" >&2; echo "end $$" >> '${log}'; exit 0 ;;
  *.xlsx) sleep 1 ;;
  *.odt) sleep 30 ;;
  *) sleep 0.2 ;;
esac
mkdir -p "$outdir"
base=$(basename "$input")
cp '${FIXTURE_PDF}' "$outdir/\${base%.*}.pdf"
echo "end $$" >> '${log}'
`;
}

async function calls(): Promise<string[]> {
  const text = await readFile(callLog, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean);
}

beforeAll(async () => {
  binDir = await mkdtemp(join(tmpdir(), 'lintel-fake-soffice-'));
  callLog = join(binDir, 'calls.log');
  const script = join(binDir, 'soffice');
  await writeFile(script, fakeSoffice(callLog));
  await chmod(script, 0o755);
  // Looked up on PATH when the first conversion is needed (SOFFICE_PATH keeps its default, `soffice`).
  process.env.PATH = `${binDir}${delimiter}${originalPath ?? ''}`;
  t = await buildTestApp();
  demo = await signIn(t.app);
  const projects = (await getAs(t, demo, `${ACCOUNT}/projects`)).json() as Array<{ _id: string }>;
  project = projects[0]!._id;
});
afterAll(async () => {
  await t.close();
  process.env.PATH = originalPath;
  await rm(binDir, { recursive: true, force: true });
});

async function upload(filename: string, data: Buffer): Promise<string> {
  const response = await uploadAs(t, demo, [{ field: 'file', filename, data }], { projectId: project });
  expect(response.statusCode, response.body).toBe(200);
  return idOf(response.json().files[0]);
}

type Meta = { kind: string; conversion: string | null; previewable: boolean };

const meta = async (id: string): Promise<Meta> => (await getAs(t, demo, `${FILES}/${id}?meta=true`)).json();

/** Asks for the meta until the conversion is no longer running, as the web does. */
async function settled(id: string): Promise<Meta> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const current = await meta(id);
    if (current.conversion !== 'converting' || Date.now() > deadline) return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('office previews with LibreOffice', () => {
  it('converts a document once, in the background, and serves the PDF with ranges', async () => {
    const pdf = await readFile(FIXTURE_PDF);
    const id = await upload('会议纪要.docx', makeOoxml('docx'));
    const before = (await calls()).length;

    expect(await meta(id)).toMatchObject({ kind: 'office', conversion: 'converting', previewable: true });
    expect(await settled(id)).toMatchObject({ kind: 'office', conversion: 'ready', previewable: true });

    const served = await getAs(t, demo, `${FILES}/${id}?preview=true`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': "inline; filename*=UTF-8''%E4%BC%9A%E8%AE%AE%E7%BA%AA%E8%A6%81.pdf",
      etag: `"${id}-preview"`,
      'x-content-type-options': 'nosniff',
    });
    const part = await getAs(t, demo, `${FILES}/${id}?preview=true`, { range: 'bytes=-6' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%%EOF\n');
    // The original is still what a download gets.
    const original = await getAs(t, demo, `${FILES}/${id}?download=true`);
    expect(original.rawPayload.equals(makeOoxml('docx'))).toBe(true);

    // Asked again (another viewer, a reload): served from the stored PDF, LibreOffice is not called again.
    await meta(id);
    await getAs(t, demo, `${FILES}/${id}?preview=true`);
    const mine = (await calls()).slice(before);
    expect(mine.filter((line) => line.startsWith('start'))).toHaveLength(1);
    const [call] = mine;
    expect(call).toContain('--headless');
    expect(call).toContain('--convert-to pdf');
    expect(call).toMatch(/-env:UserInstallation=file:\/\//);
    // LibreOffice reads a name of ours, never the user's.
    expect(call).toMatch(/\/document\.docx$/);
  });

  it('answers 409 files.converting for the PDF while it is being made', async () => {
    const id = await upload('工程量清单.xlsx', makeOoxml('xlsx'));
    expect((await meta(id)).conversion).toBe('converting');
    const early = await getAs(t, demo, `${FILES}/${id}?preview=true`, { 'accept-language': 'en-US' });
    expect(early.statusCode).toBe(409);
    // Not cached: the refusal must not outlive the conversion.
    expect(early.headers['cache-control'] ?? '').not.toMatch(/max-age/);
    expect(early.json()).toEqual({
      code: 409,
      key: 'files.converting',
      message: 'The file is being converted for its preview: try again in a moment',
    });
    expect((await settled(id)).conversion).toBe('ready');
    expect((await getAs(t, demo, `${FILES}/${id}?preview=true`)).statusCode).toBe(200);
  });

  it('runs one conversion at a time', async () => {
    const ids = [
      await upload('一.docx', makeOoxml('docx')),
      await upload('二.xlsx', makeOoxml('xlsx')),
      await upload('三.pptx', makeOoxml('pptx')),
    ];
    const before = (await calls()).length;
    const states = await Promise.all(ids.map(async (id) => (await meta(id)).conversion));
    expect(states).toEqual(['converting', 'converting', 'converting']);
    for (const id of ids) expect((await settled(id)).conversion).toBe('ready');
    const mine = (await calls()).slice(before).map((line) => line.split(' ')[0]);
    // Never two LibreOffices at once: every start is followed by its end before the next start.
    expect(mine.join(' ')).toMatch(/^(start end )*start end$/);
    expect(mine.filter((word) => word === 'start')).toHaveLength(3);
  });

  it('reports a document LibreOffice cannot read as failed: 422 files.previewConversionFailed', async () => {
    const id = await upload('旧版汇报.ppt', makeOle2(['PowerPoint Document']));
    expect(await settled(id)).toMatchObject({ kind: 'office', conversion: 'failed', previewable: false });
    const zh = await getAs(t, demo, `${FILES}/${id}?preview=true`);
    expect(zh.statusCode).toBe(422);
    expect(zh.json()).toEqual({
      code: 422,
      key: 'files.previewConversionFailed',
      message: '文件转换失败，无法预览，请下载后查看',
    });
    const en = await getAs(t, demo, `${FILES}/${id}?preview=true`, { 'accept-language': 'en-US' });
    expect(en.json().message).toBe('The file could not be converted for its preview: download it to open it');
  });

  it('deletes the converted PDF with its file', async () => {
    const id = await upload('待删除.docx', makeOoxml('docx'));
    expect((await settled(id)).conversion).toBe('ready');
    const keys = () => storedFiles(t).then((files) => files.map((path) => path.split('/').pop()));
    expect(await keys()).toContain(previewKey(id));
    expect((await deleteAs(t, demo, `${FILES}/${id}`)).statusCode).toBe(200);
    const left = await keys();
    expect(left).not.toContain(previewKey(id));
    expect(left).not.toContain(id);
  });
});

describe('locateExecutable', () => {
  it('takes a path as it is and a name from PATH; misses are null', async () => {
    const script = join(binDir, 'soffice');
    expect(await locateExecutable(script, '')).toBe(script);
    expect(await locateExecutable('soffice', `/nonexistent${delimiter}${binDir}`)).toBe(script);
    expect(await locateExecutable('soffice', '/nonexistent')).toBeNull();
    expect(await locateExecutable(join(binDir, 'missing'), binDir)).toBeNull();
    // A file that is there but cannot be run is no LibreOffice either.
    expect(await locateExecutable(callLog, '')).toBeNull();
  });
});

describe('createConverter', () => {
  it('kills a conversion that outlives its timeout (LibreOffice and its children) and calls it failed', async () => {
    const root = await mkdtemp(join(tmpdir(), 'lintel-convert-timeout-'));
    const storage = createLocalStorage(root);
    const log = { warnings: [] as unknown[], warn: (...args: unknown[]) => log.warnings.push(args) };
    const converter = createConverter({
      storage,
      clock: systemClock,
      soffice: join(binDir, 'soffice'),
      log: log as never,
      timeoutMs: 300,
    });
    try {
      await storage.put('hanging', Readable.from([Buffer.from('odt')]), { contentType: 'x' });
      const source = { storageKey: 'hanging', contentType: 'application/vnd.oasis.opendocument.text' };
      const before = (await calls()).length;
      expect(await converter.state(source)).toBe('converting');
      const deadline = Date.now() + 10_000;
      while ((await converter.state(source)) === 'converting' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await converter.state(source)).toBe('failed');
      expect(log.warnings).toHaveLength(1);
      const pid = Number((await calls())[before]?.split(' ')[1]);
      expect(pid).toBeGreaterThan(0);
      expect(isRunning(pid)).toBe(false);
      expect(await storage.stat(previewKey('hanging'))).toBeNull();
    } finally {
      await converter.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
