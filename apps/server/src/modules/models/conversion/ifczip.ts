import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Unzip, type UnzipFile, UnzipInflate, UnzipPassThrough } from 'fflate';
import { ConversionFailure } from './types';

/** macOS's archiver adds `__MACOSX/._name.ifc` resource forks beside each file: they are not models. */
function isModelEntry(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return /\.ifc$/i.test(name) && !name.startsWith('__MACOSX/') && !base.startsWith('._');
}

const malformed = (detail: string) => new ConversionFailure('models.conversion.malformed', detail);

/**
 * .ifczip: finds the single .ifc inside and writes it to `outPath`, streaming (the zip is read in chunks
 * and inflated as it goes, never whole in memory). Refuses with ConversionFailure
 * ('models.conversion.malformed') a zip without exactly one .ifc, a damaged zip, and one whose .ifc
 * inflates beyond `maxBytes` (a zip bomb); `outPath` is removed then.
 */
export async function extractIfcZip(
  zipPath: string,
  outPath: string,
  maxBytes: number,
): Promise<{ size: number }> {
  const out = await open(outPath, 'w');
  let size = 0;
  let models = 0;
  let complete = false;
  let failure: ConversionFailure | null = null;
  /** Writes in order; each chunk waits for the previous one (the reader pauses while they pile up). */
  let writing: Promise<unknown> = Promise.resolve();
  let pendingWrites = 0;

  const unzip = new Unzip((file: UnzipFile) => {
    if (failure || !isModelEntry(file.name)) return;
    models++;
    if (models > 1) {
      failure = malformed('the zip holds more than one .ifc file');
      return;
    }
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = malformed(`the zip is damaged (${error.message})`);
        return;
      }
      size += chunk.length;
      if (size > maxBytes) {
        failure = malformed(`the .ifc inside the zip is larger than ${maxBytes} bytes`);
        file.terminate();
        return;
      }
      if (chunk.length > 0) {
        pendingWrites++;
        const bytes = chunk;
        writing = writing.then(() => out.write(bytes)).finally(() => pendingWrites--);
      }
      if (final) complete = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);

  try {
    const input = createReadStream(zipPath, { highWaterMark: 256 * 1024 });
    for await (const chunk of input as AsyncIterable<Buffer>) {
      try {
        unzip.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      } catch (error) {
        failure ??= malformed(
          `the zip is damaged (${error instanceof Error ? error.message : String(error)})`,
        );
      }
      if (failure) {
        input.destroy();
        break;
      }
      // Backpressure: inflated bytes wait for the disk, the reader waits for them.
      if (pendingWrites > 16) await writing;
    }
    if (!failure) {
      try {
        unzip.push(new Uint8Array(0), true);
      } catch (error) {
        failure = malformed(`the zip is damaged (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    await writing;
    if (!failure && models === 0) failure = malformed('the zip holds no .ifc file');
    if (!failure && !complete) failure = malformed('the zip ends before its .ifc file does');
  } finally {
    await out.close();
  }
  if (failure) {
    await rm(outPath, { force: true });
    throw failure;
  }
  return { size };
}
