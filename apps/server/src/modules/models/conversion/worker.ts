// The conversion worker (a node:worker_threads Worker, one per conversion): IFC → fragments with
// @thatopen/fragments' IfcImporter, then the element index and the spatial tree. The parent terminates it
// afterwards in every case: web-ifc keeps handles that would keep a thread (or process) alive.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { ConversionFailureKey } from '@lintel/contracts/models';
import { IfcImporter, SingleThreadedFragmentsModel } from '@thatopen/fragments';
import { extractModel } from './extract';
import type { WorkerInput, WorkerMessage } from './protocol';
import { type ScanResult, scanIfcFile } from './scan';

const port = parentPort;
if (!port) throw new Error('the conversion worker runs in a worker thread');

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

// ── memory: the V8 heap is bounded by resourceLimits, web-ifc's wasm heap is not, so it is reported ──────

/**
 * The slice of the WebAssembly API used here (the server's TypeScript has no DOM library, where its types
 * live): a memory's size, and `instantiate`, through which web-ifc's emscripten glue creates its module.
 */
interface WasmMemory {
  buffer: ArrayBuffer;
}
interface WasmInstance {
  exports: Record<string, unknown>;
}
interface WasmApi {
  Memory: abstract new (...args: never[]) => WasmMemory;
  Instance: abstract new (...args: never[]) => WasmInstance;
  instantiate: (...args: unknown[]) => Promise<WasmInstance | { instance: WasmInstance }>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const memories = new Set<WeakRef<WasmMemory>>();
const instantiate = wasm.instantiate.bind(wasm);
/** Notes every WebAssembly memory an instance exports (web-ifc creates a fresh instance per IfcAPI). */
function track(instance: WasmInstance): void {
  for (const value of Object.values(instance.exports)) {
    if (value instanceof wasm.Memory) memories.add(new WeakRef(value));
  }
}
wasm.instantiate = async (...args: unknown[]) => {
  const result = await instantiate(...args);
  track(result instanceof wasm.Instance ? result : (result as { instance: WasmInstance }).instance);
  return result;
};

let reportedBytes = 0;
/** Reports the worker's memory when it grew by a MiB or more since the last report. */
function reportMemory(): void {
  let bytes = process.memoryUsage().heapUsed;
  for (const ref of memories) {
    const memory = ref.deref();
    if (memory) bytes += memory.buffer.byteLength;
    else memories.delete(ref);
  }
  if (bytes - reportedBytes < 1024 * 1024) return;
  reportedBytes = bytes;
  post({ type: 'memory', bytes });
}

// ── progress: the importer's 0..1 becomes 0..90, the extraction 90..100 ──────────────────────────────────

let percent = -1;
function progress(value: number): void {
  const next = Math.max(0, Math.min(100, Math.floor(value)));
  if (next <= percent) return;
  percent = next;
  post({ type: 'progress', percent });
}

class Failure extends Error {
  constructor(
    readonly key: ConversionFailureKey,
    readonly detail?: string,
  ) {
    super(detail ?? key);
  }
}

// ── reading the file: web-ifc pulls it in chunks ─────────────────────────────────────────────────────────

function openReader(path: string) {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  const read = (offset: number, length: number): Uint8Array => {
    const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
    const count = buffer.length > 0 ? readSync(fd, buffer, 0, buffer.length, offset) : 0;
    reportMemory();
    return buffer.subarray(0, count);
  };
  return { read, close: () => closeSync(fd) };
}

// ── the conversion ───────────────────────────────────────────────────────────────────────────────────────

async function convert({ ifcPath, wasmPath }: WorkerInput): Promise<void> {
  const scan = scanIfcFile(ifcPath);
  if (scan.unclosed) throw new Failure('models.conversion.malformed', scan.unclosed);
  const reader = openReader(ifcPath);
  let fragments: Uint8Array;
  try {
    const importer = new IfcImporter();
    importer.wasm = { absolute: true, path: wasmPath };
    fragments = await importer.process({
      readFromCallback: true,
      readCallback: reader.read,
      progressCallback: (fraction) => {
        reportMemory();
        progress(fraction * 90);
      },
    });
  } catch (error) {
    throw parseFailure(error, scan);
  } finally {
    reader.close();
  }

  const model = new SingleThreadedFragmentsModel('conversion', fragments);
  const { tree, elements } = extractModel(model, (fraction) => {
    reportMemory();
    progress(90 + fraction * 10);
  });
  model.dispose();
  if (elements.length === 0) {
    throw new Failure(
      'models.conversion.noElements',
      scan.project ? 'the model has no element with geometry' : 'the file holds no IFCPROJECT',
    );
  }
  // The fragments buffer goes across without a copy; it may be a view on a larger buffer, so copy only then.
  const own =
    fragments.byteOffset === 0 && fragments.byteLength === fragments.buffer.byteLength
      ? fragments
      : fragments.slice();
  post({ type: 'done', fragments: own, tree, elements }, [own.buffer as ArrayBuffer]);
}

/** The parser's words for what went wrong, in one line (never a stack). */
function parseFailure(error: unknown, scan: ScanResult): Failure {
  if (error instanceof RangeError && /allocat|memory/i.test(error.message)) {
    return new Failure('models.conversion.memory', firstLine(error.message));
  }
  if (!scan.project) return new Failure('models.conversion.noElements', 'the file holds no IFCPROJECT');
  const message = error instanceof Error ? error.message : String(error);
  // web-ifc gives back no header line when it could not tokenise the file.
  if (/reading 'arguments'/.test(message)) {
    return new Failure('models.conversion.malformed', 'the header or the data section could not be read');
  }
  if (/^Aborted\(/.test(message)) {
    return new Failure('models.conversion.malformed', 'web-ifc stopped on invalid data');
  }
  return new Failure('models.conversion.malformed', firstLine(message));
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? '').trim().slice(0, 500);
}

convert(workerData as WorkerInput).then(
  () => undefined,
  (error: unknown) => {
    if (error instanceof Failure) {
      post(
        error.detail
          ? { type: 'failed', key: error.key, detail: error.detail }
          : { type: 'failed', key: error.key },
      );
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    post({ type: 'failed', key: 'models.conversion.internal', detail: firstLine(message) });
  },
);
