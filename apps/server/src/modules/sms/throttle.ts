import { CHALLENGE_DIFFICULTY_HEADER, CHALLENGE_HEADER, CHALLENGE_SOLUTION_HEADER } from '@lintel/contracts';
import type { FastifyReply, FastifyRequest, onErrorAsyncHookHandler } from 'fastify';
import { AppError, type AppErrorOptions } from '../../plugins/app-error';
import type { ErrorKey } from '../../plugins/messages';

/**
 * Where an attempt comes from: the socket address (`request.ip`; `trustProxy` is off, see decisions
 * "per-IP limit") and the proof-of-work solution the client sent (`X-Challenge-Solution`), if any.
 */
export interface Source {
  ip: string;
  solution?: string | undefined;
}

export { CHALLENGE_DIFFICULTY_HEADER, CHALLENGE_HEADER, CHALLENGE_SOLUTION_HEADER };

export function sourceOf(request: FastifyRequest): Source {
  const header = request.headers[CHALLENGE_SOLUTION_HEADER];
  const solution = typeof header === 'string' && header.length <= 200 ? header : undefined;
  return { ip: request.ip, solution };
}

/** A refusal of the sign-in defenses: 429 with `Retry-After`, or with a challenge to solve. */
export class ThrottleError extends AppError {
  readonly headers: Readonly<Record<string, string>>;

  constructor(key: ErrorKey, headers: Record<string, string>, options: AppErrorOptions = {}) {
    super(429, key, options);
    this.headers = headers;
  }
}

/**
 * An `onError` hook for the plugins whose routes can answer a ThrottleError: its headers (Retry-After, the
 * challenge) go on the error answer the app's error handler then sends.
 */
export const throttleHeaders: onErrorAsyncHookHandler = async (
  _request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
) => {
  if (error instanceof ThrottleError) reply.headers(error.headers);
};

/** One counted attempt: tell how it ended. */
export interface Attempt {
  /** Counts it as a failure; answers the error that replaces the caller's (the account lock), if any. */
  failed(): Promise<AppError | null>;
  succeeded(): Promise<void>;
}

/**
 * The sign-in defenses as the SMS module sees them (implemented by the account module's lockout service):
 * `begin` counts an attempt at a code before it is checked; `lookup` counts a question whose answer tells
 * whether a phone is registered.
 */
export interface CodeGuard {
  begin(input: { source: Source; target: string }): Promise<Attempt>;
  lookup(source: Source, target: string): Promise<void>;
}
