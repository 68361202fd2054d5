import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ConversionFailureKey } from '@lintel/contracts/models';
import type { WorkerInput, WorkerMessage } from './protocol';
import { SNIFF_BYTES, sniffIfc } from './sniff';
import { ConversionFailure, type ConversionOutput, type ConvertOptions } from './types';

const localRequire = createRequire(import.meta.url);

/** The schemas web-ifc reads (FILE_SCHEMA names such as IFC4X3_ADD2 belong to IFC4X3). */
const SUPPORTED_SCHEMA = /^IFC(2X3|4)/;
/** How often the parent looks at the process's memory while a conversion runs. */
const MEMORY_POLL_MS = 200;
/** Every IFC (ISO 10303-21) file ends with this line; only trailing whitespace may follow. */
const IFC_FILE_END = 'END-ISO-10303-21;';
const TAIL_BYTES = 1024;

/**
 * How to start the worker. In the bundle (build.mjs) this code is part of `dist/main.js` and the worker is
 * its sibling `dist/conversion-worker.js`. From TypeScript sources (vitest, `tsx src/main.ts`) the worker is
 * `worker.ts` beside this file: a two-line bootstrap registers tsx's loader in the new thread first (loader
 * hooks are per thread, and Node 20 ignores `--import` in a worker's execArgv).
 */
function workerEntry(): { script: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) {
    return { script: new URL('./conversion-worker.js', import.meta.url), eval: false };
  }
  const tsxApi = pathToFileURL(
    localRequire.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs'),
  ).href;
  const source = new URL('./worker.ts', import.meta.url).href;
  return {
    script: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}

/** web-ifc's folder (its .wasm files), found from node_modules wherever the server runs from. */
function webIfcFolder(): string {
  return `${dirname(localRequire.resolve('web-ifc/web-ifc-node.wasm'))}/`;
}

let running = 0;
/** Conversion worker threads alive in this process (tests check a finished conversion left none). */
export function runningConversionWorkers(): number {
  return running;
}

/**
 * Converts the IFC at `ifcPath` (a local file) in a worker thread. Progress 0..100 (monotonic, throttled).
 * Rejects with a ConversionFailure; the worker is terminated before the promise settles, whatever happened.
 */
export async function convertIfcFile(ifcPath: string, options: ConvertOptions): Promise<ConversionOutput> {
  const { limits, onProgress, signal } = options;
  if (signal?.aborted) throw new ConversionFailure('models.conversion.cancelled');
  const schema = await checkFile(ifcPath);
  if (signal?.aborted) throw new ConversionFailure('models.conversion.cancelled');

  const entry = workerEntry();
  const input: WorkerInput = { ifcPath, wasmPath: webIfcFolder() };
  const worker = new Worker(entry.script, {
    eval: entry.eval,
    workerData: input,
    // The JavaScript heap is capped by V8; web-ifc's wasm memory is watched below.
    resourceLimits: { maxOldGenerationSizeMb: Math.max(16, limits.maxMemoryMb) },
    // web-ifc writes to the console (an emscripten abort prints "Aborted()"): kept out of the server's log.
    stdout: true,
    stderr: true,
  });
  running++;
  worker.stdout.resume();
  worker.stderr.resume();

  return new Promise<ConversionOutput>((resolve, reject) => {
    let settled = false;
    let lastPercent = -1;
    const baselineRss = process.memoryUsage.rss();
    const limitBytes = limits.maxMemoryMb * 1024 * 1024;

    const finish = (outcome: { output: ConversionOutput } | { failure: ConversionFailure }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(memoryPoll);
      signal?.removeEventListener('abort', onAbort);
      worker.removeAllListeners('message');
      const done = () => {
        running--;
        if ('output' in outcome) resolve(outcome.output);
        else reject(outcome.failure);
      };
      worker.terminate().then(done, done);
    };
    const fail = (key: ConversionFailureKey, detail?: string) =>
      finish({ failure: new ConversionFailure(key, detail) });

    const onAbort = () => fail('models.conversion.cancelled');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => fail('models.conversion.timeout', `over ${Math.round(limits.timeoutMs / 1000)} s`),
      limits.timeoutMs,
    );
    // web-ifc parses the whole file in one synchronous call, during which the worker reports nothing: the
    // process's resident memory growth since the start is the backstop (conversions running at once count
    // together, which errs on the safe side).
    const memoryPoll = setInterval(() => {
      if (process.memoryUsage.rss() - baselineRss > limitBytes)
        fail('models.conversion.memory', overLimit(limits));
    }, MEMORY_POLL_MS);

    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'progress':
          if (message.percent > lastPercent) {
            lastPercent = message.percent;
            onProgress?.(message.percent);
          }
          return;
        case 'memory':
          if (message.bytes > limitBytes) fail('models.conversion.memory', overLimit(limits));
          return;
        case 'failed':
          fail(message.key, message.detail);
          return;
        case 'done':
          if (lastPercent < 100) onProgress?.(100);
          finish({
            output: { schema, fragments: message.fragments, tree: message.tree, elements: message.elements },
          });
          return;
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') fail('models.conversion.memory', overLimit(limits));
      else fail('models.conversion.internal', (error.message.split('\n')[0] ?? '').slice(0, 500));
    });
    worker.on('exit', (code) => {
      fail('models.conversion.internal', `the conversion worker stopped (exit code ${code})`);
    });
  });
}

function overLimit(limits: ConvertOptions['limits']): string {
  return `over ${limits.maxMemoryMb} MiB`;
}

/**
 * Reads the head and the tail of the file before a worker starts: refuses what is no IFC, an IFC of a schema
 * web-ifc does not read, and a cut-off file (web-ifc spends minutes on one before it gives up). Answers the
 * FILE_SCHEMA of the header.
 */
async function checkFile(ifcPath: string): Promise<string | null> {
  const file = await open(ifcPath, 'r');
  let head: Uint8Array;
  let tail: string;
  try {
    const { size } = await file.stat();
    const buffer = new Uint8Array(Math.min(SNIFF_BYTES, size));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
    const end = Buffer.alloc(Math.min(TAIL_BYTES, size));
    await file.read(end, 0, end.length, size - end.length);
    tail = end.toString('latin1');
  } finally {
    await file.close();
  }
  const sniffed = sniffIfc(head);
  if (!sniffed.ifc) {
    throw new ConversionFailure('models.conversion.malformed', 'the file does not start with ISO-10303-21;');
  }
  // A header longer than the sniffed head (a huge comment) leaves the schema unknown: web-ifc decides.
  if (sniffed.schema !== null && !SUPPORTED_SCHEMA.test(sniffed.schema)) {
    throw new ConversionFailure(
      'models.conversion.malformed',
      `unsupported schema ${sniffed.schema} (IFC2X3, IFC4 and IFC4X3 are read)`,
    );
  }
  if (!tail.trimEnd().endsWith(IFC_FILE_END)) {
    throw new ConversionFailure(
      'models.conversion.malformed',
      `the file ends before ${IFC_FILE_END} (an incomplete upload or export)`,
    );
  }
  return sniffed.schema;
}
