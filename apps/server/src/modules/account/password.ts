import { randomInt } from 'node:crypto';
import { PASSWORD_ALLOWED_SYMBOLS } from '@lintel/contracts/account';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with the OWASP parameters: 19 MiB, 2 passes, 1 lane. They are
 * stored in each hash, so raising them later still verifies old hashes.
 */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** false for a wrong password and for a stored hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The hash an unknown account's sign-in is verified against (made once, of a random password). */
let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification on an account that does not exist (issue 14): the answer of an
 * unknown name must not come faster than that of a wrong password. Always false.
 */
export async function verifyUnknownPassword(password: string): Promise<false> {
  await verifyPassword(await prepareUnknownPassword(), password);
  return false;
}

/** Makes the dummy hash ahead of the first unknown name (once per process), so that one is not slower. */
export function prepareUnknownPassword(): Promise<string> {
  dummyHash ??= hashPassword(generatePassword());
  return dummyHash;
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * A 16-character password within the sign-in form's rule (letters, digits, ~!@&%$^()#_): about 95 bits,
 * with at least one of each kind. Look-alike characters (l/1, O/0) are left out: it is read from a log.
 */
export function generatePassword(length = 16): string {
  const all = LOWER + UPPER + DIGITS + PASSWORD_ALLOWED_SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(PASSWORD_ALLOWED_SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
