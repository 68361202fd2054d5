/** Small readers of binary headers shared by the type checks. */

export function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

export function startsWith(head: Uint8Array, bytes: readonly number[] | string, offset = 0): boolean {
  const expected = typeof bytes === 'string' ? ascii(bytes) : bytes;
  if (head.length < offset + expected.length) return false;
  return expected.every((byte, i) => head[offset + i] === byte);
}

export function latin1(head: Buffer, start: number, end: number): string {
  return head.toString('latin1', start, Math.min(end, head.length));
}
