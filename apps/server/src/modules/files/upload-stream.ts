/**
 * Stream plumbing for uploads: read the first bytes of a file to learn its type while the rest keeps
 * streaming, and count every byte against the request's budget. Nothing here holds more than the head.
 */

/** Thrown from the stream when the bytes passed the budget: the consumer's pipeline fails with it. */
export class UploadTooLargeError extends Error {
  constructor() {
    super('upload exceeds its size limit');
    this.name = 'UploadTooLargeError';
  }
}

/** The bytes an upload request may still bring (shared by all its files). */
export interface ByteBudget {
  remaining: number;
}

export interface PeekedStream {
  /** Up to `bytes` first bytes (fewer only when the file is shorter). */
  head: Buffer;
  /** The whole file again, head included, counted against the budget as it flows. */
  body: AsyncIterable<Buffer>;
  /** Stops reading the source (when the head is refused and the body will never be consumed). */
  abandon(): Promise<void>;
}

function spend(budget: ByteBudget, length: number): void {
  budget.remaining -= length;
  if (budget.remaining < 0) throw new UploadTooLargeError();
}

export async function peekStream(
  source: AsyncIterable<Uint8Array>,
  bytes: number,
  budget: ByteBudget,
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
      spend(budget, chunk.length);
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
        spend(budget, chunk.length);
        yield chunk;
      }
    } finally {
      // Failed or abandoned half-way: stop the source too.
      if (!finished) await iterator.return?.();
    }
  }

  return {
    head: first.subarray(0, bytes),
    body: body(),
    abandon: async () => {
      if (!ended) await iterator.return?.();
    },
  };
}
