/**
 * The proof of work of the sign-in defenses (issue 14; docs/decisions.md "Security hardening"): a 429 carries
 * the challenge and its difficulty in bits; the client repeats the request with `<challenge>/<nonce>` whose
 * sha256 starts with that many zero bits. Header names in lower case (HTTP header names ignore case).
 */
export const CHALLENGE_HEADER = 'x-challenge';
export const CHALLENGE_DIFFICULTY_HEADER = 'x-challenge-difficulty';
export const CHALLENGE_SOLUTION_HEADER = 'x-challenge-solution';
