import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Storage } from '../../storage/index';
import { OFFICE_EXTENSIONS } from './preview-kinds';

/**
 * Office documents (Word, Excel, PowerPoint, OpenDocument) are previewed as PDF: LibreOffice converts them
 * headless (`soffice --headless --convert-to pdf`), once per file, in the background and one at a time (a
 * conversion takes a core and a few hundred MB for seconds); the PDF is stored beside the original under
 * `previewKey` and served from there on. Without LibreOffice the state is 'unavailable' and nothing runs.
 *
 * The state of a conversion in progress or failed lives in this process: another server process that is
 * asked for the same file meanwhile converts it too (the result is the same PDF, stored under the same key).
 */
export type ConversionState = 'ready' | 'converting' | 'failed' | 'unavailable';

/** What the converter needs of a stored file. */
export interface ConversionSource {
  storageKey: string;
  contentType: string;
}

export interface ConverterDeps {
  storage: Storage;
  clock: Clock;
  /** SOFFICE_PATH: an absolute path, or a command name looked up on PATH when first needed. */
  soffice: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** A conversion still running after this long is killed and counts as failed. */
  timeoutMs?: number;
}

export const PREVIEW_CONTENT_TYPE = 'application/pdf';
const DEFAULT_TIMEOUT_MS = 120_000;
/** A failed conversion is not tried again before this (the same document would most likely fail again). */
const RETRY_FAILED_AFTER_MS = 10 * 60_000;
/** A LibreOffice not found is looked for again after this, so installing it needs no restart. */
const LOOK_AGAIN_AFTER_MS = 60_000;
/** How much of LibreOffice's error output a failure keeps for the log. */
const STDERR_TAIL = 2048;

/** The key the converted PDF of a file is stored under, beside the file's own key. */
export function previewKey(storageKey: string): string {
  return `${storageKey}-preview`;
}

/** The executable a command stands for: itself when it is a path, else the first match on PATH. */
export async function locateExecutable(command: string, pathEnv: string): Promise<string | null> {
  const candidates = command.includes('/')
    ? [command]
    : pathEnv
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, command));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // not there, or not executable: the next one
    }
  }
  return null;
}

async function startsWithPdfSignature(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    return bytesRead === 5 && head.toString('latin1') === '%PDF-';
  } finally {
    await handle.close();
  }
}

export function createConverter({
  storage,
  clock,
  soffice,
  log,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: ConverterDeps) {
  let located: { path: string | null; at: number } | null = null;
  /** Queued or running conversions, by storage key. */
  const jobs = new Map<string, Promise<void>>();
  /** When a conversion failed, by storage key. */
  const failures = new Map<string, number>();
  /** Files deleted while their conversion was queued or running: nothing of them may stay behind. */
  const dropped = new Set<string>();
  /** The conversions, one after the other. */
  let queue: Promise<void> = Promise.resolve();
  let running: ChildProcess | null = null;
  let closed = false;
  /**
   * LibreOffice's own profile for this process: with the user's default profile, a conversion fails
   * silently while a desktop LibreOffice of the same user is open, and two processes would share one.
   */
  let profileDir: Promise<string> | null = null;

  async function executable(): Promise<string | null> {
    const now = clock.now().getTime();
    if (!located || (located.path === null && now - located.at >= LOOK_AGAIN_AFTER_MS)) {
      located = { path: await locateExecutable(soffice, process.env.PATH ?? ''), at: now };
    }
    return located.path;
  }

  /** Runs LibreOffice until it exits; rejects on a non-zero exit, a failure to start, or the timeout. */
  function runSoffice(path: string, args: string[], cwd: string): Promise<void> {
    return new Promise((resolve, reject) => {
      // Its own process group, so that the timeout kills LibreOffice's worker process (soffice.bin) too.
      const child = spawn(path, args, { cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      running = child;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
      });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child);
      }, timeoutMs);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        running = null;
        // Settled only once it is gone, so that the next conversion never runs beside a killed one.
        if (timedOut) reject(new Error(`LibreOffice did not finish within ${timeoutMs} ms`));
        else if (code === 0) resolve();
        else reject(new Error(`LibreOffice exited with ${code ?? signal}: ${stderr.trim()}`));
      });
    });
  }

  async function convert(source: ConversionSource): Promise<void> {
    const target = previewKey(source.storageKey);
    if (dropped.has(source.storageKey)) return;
    // Another request may have queued the same file while this one waited; the first result stands.
    if (await storage.stat(target)) return;
    const path = await executable();
    if (!path) throw new Error(`LibreOffice (${soffice}) is not installed`);
    profileDir ??= mkdtemp(join(tmpdir(), 'lintel-soffice-profile-'));
    const profile = await profileDir;
    const work = await mkdtemp(join(tmpdir(), 'lintel-convert-'));
    try {
      // LibreOffice picks its import filter by the extension; the name is ours, never the user's.
      const input = join(work, `document.${OFFICE_EXTENSIONS.get(source.contentType) ?? 'bin'}`);
      await pipeline(await storage.get(source.storageKey), createWriteStream(input, { flags: 'wx' }));
      const outDir = join(work, 'out');
      await runSoffice(
        path,
        [
          '--headless',
          '--invisible',
          '--nologo',
          '--nodefault',
          '--norestore',
          '--nolockcheck',
          `-env:UserInstallation=${pathToFileURL(profile).href}`,
          '--convert-to',
          'pdf',
          '--outdir',
          outDir,
          input,
        ],
        work,
      );
      const output = join(outDir, 'document.pdf');
      // LibreOffice exits 0 even when it could not load the document: only a PDF on disk counts.
      const made = await startsWithPdfSignature(output).catch(() => false);
      if (!made) throw new Error('LibreOffice wrote no PDF');
      await storage.put(target, createReadStream(output), { contentType: PREVIEW_CONTENT_TYPE });
      // Deleted while LibreOffice ran: the file's own clean-up has passed already.
      if (dropped.has(source.storageKey)) await storage.delete(target);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  function enqueue(source: ConversionSource): void {
    const key = source.storageKey;
    if (jobs.has(key)) return;
    const job = queue
      .then(() => (closed ? undefined : convert(source)))
      .then(
        () => {
          failures.delete(key);
        },
        (error: unknown) => {
          failures.set(key, clock.now().getTime());
          log.warn({ err: error, key }, 'office document could not be converted for its preview');
        },
      )
      .finally(() => {
        jobs.delete(key);
        dropped.delete(key);
      });
    jobs.set(key, job);
    queue = job;
  }

  return {
    /**
     * Where the preview of a document stands; starts its conversion when there is none yet (or the last
     * one failed long enough ago). 'unavailable': LibreOffice is not installed here.
     */
    async state(source: ConversionSource): Promise<ConversionState> {
      const key = source.storageKey;
      if (jobs.has(key)) return 'converting';
      if (await storage.stat(previewKey(key))) return 'ready';
      const failedAt = failures.get(key);
      if (failedAt !== undefined) {
        if (clock.now().getTime() - failedAt < RETRY_FAILED_AFTER_MS) return 'failed';
        failures.delete(key);
      }
      if (!(await executable())) return 'unavailable';
      if (closed) return 'unavailable';
      enqueue(source);
      return 'converting';
    },

    /**
     * The file is being deleted: a queued conversion of it does not run, a running one leaves nothing.
     * (Its stored preview, if any, is the caller's to delete, under `previewKey`.)
     */
    forget(storageKey: string): void {
      if (jobs.has(storageKey)) dropped.add(storageKey);
      failures.delete(storageKey);
    },

    /** Stops: queued conversions are dropped, a running one is killed; resolves once nothing runs. */
    async close(): Promise<void> {
      closed = true;
      if (running) killGroup(running);
      await queue;
      if (profileDir) await rm(await profileDir, { recursive: true, force: true });
    },
  };
}
export type Converter = ReturnType<typeof createConverter>;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}
