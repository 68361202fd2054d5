/**
 * Stream plumbing for uploads: read the first bytes of a file to learn its type while the rest keeps
 * streaming, and count every byte against the limits that apply. Nothing here holds more than the head.
 */

/**
 * One bound on the bytes of an upload: the request's total, the file's kind, the storage left to the
 * project. A limit object may be shared by the meters of several files (the request's total).
 */
export interface ByteLimit {
  remaining: number;
  /** The error the stream fails with once `remaining` is below zero (the consumer's pipeline fails with it). */
  exceeded(): Error;
}

/** Counts one file's bytes against its limits; the first limit passed fails the stream. */
export class ByteMeter {
  private readonly limits: ByteLimit[];

  constructor(limits: readonly ByteLimit[]) {
    this.limits = [...limits];
  }

  /**
   * Adds a limit learnt while reading (the kind, known from the first bytes), charged with the bytes read
   * before it; checked first, as the most specific one.
   */
  addLimit(max: number, alreadyRead: number, exceeded: () => Error): void {
    const limit = { remaining: max - alreadyRead, exceeded };
    this.limits.unshift(limit);
    if (limit.remaining < 0) throw exceeded();
  }

  spend(bytes: number): void {
    for (const limit of this.limits) limit.remaining -= bytes;
    const passed = this.limits.find((limit) => limit.remaining < 0);
    if (passed) throw passed.exceeded();
  }
}

export interface PeekedStream {
  /** Up to `bytes` first bytes (fewer only when the file is shorter). */
  head: Buffer;
  /** The head is the whole file. */
  complete: boolean;
  /** The bytes read (and charged to the meter) so far: the head and what came with its last chunk. */
  bytesRead: number;
  /** The whole file again, head included, counted against the meter as it flows. */
  body: AsyncIterable<Buffer>;
  /** Stops reading the source (when the head is refused and the body will never be consumed). */
  abandon(): Promise<void>;
}

export async function peekStream(
  source: AsyncIterable<Uint8Array>,
  bytes: number,
  meter: ByteMeter,
): Promise<PeekedStream> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let buffered = 0;
  let ended = false;
  try {
    while (buffered < bytes) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      meter.spend(chunk.length);
      chunks.push(chunk);
      buffered += chunk.length;
    }
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
  const first = Buffer.concat(chunks);

  async function* body(): AsyncGenerator<Buffer> {
    if (first.length > 0) yield first;
    if (ended) return;
    let finished = false;
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) {
          finished = true;
          return;
        }
        const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
        meter.spend(chunk.length);
        yield chunk;
      }
    } finally {
      // Failed or abandoned half-way: stop the source too.
      if (!finished) await iterator.return?.();
    }
  }

  return {
    head: first.subarray(0, bytes),
    complete: ended && first.length <= bytes,
    bytesRead: first.length,
    body: body(),
    abandon: async () => {
      if (!ended) await iterator.return?.();
    },
  };
}
