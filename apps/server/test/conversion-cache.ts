import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { expect, inject, vi } from 'vitest';
import type { ConversionOutput, ConvertOptions } from '../src/modules/models/conversion/types';

/**
 * A setup file of the server project (vitest.config.ts): model conversions, shared by the whole run.
 *
 * Converting a sample costs 1–3 s (a worker thread that loads web-ifc and the fragments importer, then the
 * parse), and the API tests upload the same few samples again and again — in models.test.ts alone a dozen
 * times, in every views file, on SQLite and again on PostgreSQL. The models module's converter is therefore
 * wrapped here (a test-only mock; production code is untouched): the first conversion of an IFC in a run
 * runs the real converter and keeps its output on disk, keyed by the IFC's bytes and the converter's
 * version; every later conversion of the same bytes in any file of the run, on either database, answers
 * that output. Only what the real converter produced is kept: a failure is never cached, so every failing,
 * cancelled or limited conversion still runs for real, and the converter's own tests (the files in
 * `conversion/`, which are about converting) never see this cache.
 *
 * The folder is the run's (global-setup.ts: `LINTEL_TEST_CACHE` from scripts/test-all.mjs, or a temp
 * folder of this vitest run), so that each run converts every sample it uses once, for real.
 */
vi.mock('../src/modules/models/conversion/index', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/modules/models/conversion/index')>();
  return { ...real, convertIfcFile: cachedConversion(real.convertIfcFile) };
});

type Convert = (ifcPath: string, options: ConvertOptions) => Promise<ConversionOutput>;

function cachedConversion(convert: Convert): Convert {
  const folder = join(inject('testCache'), 'conversions');
  return async (ifcPath, options) => {
    // An aborted signal, or limits a test set tight to provoke a timeout or the memory cap, go to the real
    // converter: only a conversion that would surely have finished may be answered from the cache.
    const { timeoutMs, maxMemoryMb } = options.limits;
    const tight = timeoutMs < 60_000 || maxMemoryMb < 1024;
    if (options.signal?.aborted || tight || aboutConversion()) return convert(ifcPath, options);
    const key = createHash('sha256')
      .update(inject('converterVersion'))
      .update(await readFile(ifcPath))
      .digest('hex');
    const file = join(folder, `${key}.v8`);
    const cached = await readCached(file);
    if (cached) {
      options.onProgress?.(100);
      return cached;
    }
    const output = await convert(ifcPath, options);
    await writeCached(file, output);
    return output;
  };
}

/** The running test file is one of the converter's own (src/modules/models/conversion/*.test.ts). */
function aboutConversion(): boolean {
  return /[\\/]models[\\/]conversion[\\/][^\\/]+\.test\.ts$/.test(expect.getState().testPath ?? '');
}

/**
 * The output as the worker handed it over (v8's structured serialization, what postMessage uses), so a
 * cached answer is the same value to the last float and `undefined`.
 */
async function readCached(file: string): Promise<ConversionOutput | null> {
  try {
    return deserialize(await readFile(file)) as ConversionOutput;
  } catch {
    return null;
  }
}

/** Written under a name of its own, then renamed: two files converting the same IFC at once both succeed. */
async function writeCached(file: string, output: ConversionOutput): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  await writeFile(partial, serialize(output));
  await rename(partial, file).catch(() => rm(partial, { force: true }));
}
