/**
 * The proof of work the server asks for after repeated failed sign-ins or codes (issue 14): a 429 answer
 * carries `X-Challenge` and `X-Challenge-Difficulty`; the client finds a nonce such that
 * sha256(`<challenge>/<nonce>`) starts with that many zero bits and repeats the request with
 * `X-Challenge-Solution: <challenge>/<nonce>`. Plain JavaScript SHA-256 (one 64-byte block: the challenge
 * is 46 characters): `crypto.subtle` exists only on HTTPS, and an intranet install may run on plain HTTP.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const w = new Uint32Array(64);

/** The first 32 bits of sha256(text) for an ASCII text shorter than 56 characters (one block). */
function sha256FirstWord(text: string): number {
  w.fill(0, 0, 16);
  for (let i = 0; i < text.length; i++) w[i >> 2]! |= (text.charCodeAt(i) & 0xff) << (24 - (i % 4) * 8);
  w[text.length >> 2]! |= 0x80 << (24 - (text.length % 4) * 8);
  w[15] = text.length * 8;
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15]!;
    const b = w[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let [a, b, c, d, e, f, g, h] = H0 as [number, number, number, number, number, number, number, number];
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  return (a + H0[0]!) >>> 0;
}

/** Leading zero bits of sha256(text) (at most 32 are looked at: difficulties stay far below). */
export function proofBits(text: string): number {
  return Math.clz32(sha256FirstWord(text));
}

/**
 * Finds the solution; yields to the browser every 20,000 tries so the page stays responsive (about a
 * second for the usual 16 bits).
 */
export async function solveChallenge(challenge: string, bits: number): Promise<string> {
  if (!/^[0-9a-f.]{1,47}$/.test(challenge) || !(bits >= 0 && bits <= 32)) {
    throw new Error('invalid challenge');
  }
  for (let nonce = 0; ; nonce++) {
    const solution = `${challenge}/${nonce.toString(36)}`;
    if (proofBits(solution) >= bits) return solution;
    if (nonce % 20_000 === 19_999) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
