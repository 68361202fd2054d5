import type { Readable } from 'node:stream';

/** Reads a small stored object whole (a spatial tree JSON, a file's bytes for a check, a print template). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
