import type { ErrorKey, MessageParams } from './messages';

export interface AppErrorDetail {
  path: string;
  key: ErrorKey;
  params?: MessageParams;
}

export interface AppErrorOptions {
  /** The specification's business code (login 102/104, …); defaults to the HTTP status. */
  code?: number;
  params?: MessageParams;
  details?: AppErrorDetail[];
  cause?: unknown;
}

/**
 * An expected failure with a status and a message key. The error handler turns it into an ErrorBody in the
 * request's language; nothing else of it reaches the client.
 */
export class AppError extends Error {
  readonly status: number;
  readonly key: ErrorKey;
  readonly code: number;
  readonly params: MessageParams;
  readonly details: AppErrorDetail[] | undefined;

  constructor(status: number, key: ErrorKey, options: AppErrorOptions = {}) {
    super(key, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.key = key;
    this.code = options.code ?? status;
    this.params = options.params ?? {};
    this.details = options.details;
  }
}
