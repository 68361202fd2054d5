import type { ConversionFailureKey, SpatialNode } from '@lintel/contracts/models';
import type { ConvertedElement } from './types';

/** What the conversion worker is started with (`workerData`). */
export interface WorkerInput {
  ifcPath: string;
  /** web-ifc's folder with its .wasm files, with a trailing slash. */
  wasmPath: string;
}

/** Messages from the conversion worker to the thread that started it. */
export type WorkerMessage =
  /** 0..100, only when it grew. */
  | { type: 'progress'; percent: number }
  /** Bytes the worker holds: its V8 heap and every WebAssembly memory web-ifc created. */
  | { type: 'memory'; bytes: number }
  | { type: 'done'; fragments: Uint8Array; tree: SpatialNode; elements: ConvertedElement[] }
  | { type: 'failed'; key: ConversionFailureKey; detail?: string };
