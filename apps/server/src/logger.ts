import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config';

/**
 * Never in a log: passwords, codes, tokens, cookies, authorization headers (DESIGN.md §2). Fastify's own
 * request lines carry no headers or bodies; these paths catch anyone who logs such objects anyway.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'body.password',
  'body.newPassword',
  'body.oldPassword',
  'body.code',
  '*.body.code',
  'sms.code',
  '*.smsCode',
  '*.oldPassword',
  '*.accessKeySecret',
  'body.token',
  'body.accessToken',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.token_hash',
  '*.accessToken',
  '*.secretKey',
  'password',
  'token',
  'cookie',
];

export function loggerOptions(
  level: LogLevel,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
