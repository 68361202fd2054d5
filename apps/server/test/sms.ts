import { readFile } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import { smsOutboxPath } from '../src/modules/sms/console.provider';
import { ACCOUNT, type TestApp } from './helper';

export interface OutboxEntry {
  phoneNumber: string;
  countryCode: string;
  type: string;
  code: string;
  at: string;
}

/** Every line of DATA_DIR/sms-outbox.jsonl (the console provider's output), oldest first. */
export async function readOutbox(t: TestApp): Promise<OutboxEntry[]> {
  try {
    const text = await readFile(smsOutboxPath(t.config.dataDir), 'utf8');
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OutboxEntry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export interface CodeRequest {
  phoneNumber?: string;
  countryCode?: string;
  type: 'register' | 'login' | 'reset' | 'bind' | string;
  code?: string;
}

export function sendCode(
  app: App,
  body: CodeRequest,
  options: { ip?: string; verify?: boolean; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${ACCOUNT}/securities${options.verify ? '?verify=true' : ''}`,
    payload: body,
    headers: options.headers ?? {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** Sends a code through the API (must succeed) and answers it as read from the outbox. */
export async function codeFor(
  t: TestApp,
  phoneNumber: string,
  type: CodeRequest['type'],
  countryCode = '86',
  ip?: string,
): Promise<string> {
  const response = await sendCode(t.app, { phoneNumber, countryCode, type }, ip ? { ip } : {});
  if (response.statusCode !== 200) {
    throw new Error(`sending a ${type} code failed: ${response.statusCode} ${response.body}`);
  }
  const lines = (await readOutbox(t)).filter(
    (line) => line.phoneNumber === phoneNumber && line.countryCode === countryCode && line.type === type,
  );
  const last = lines.at(-1);
  if (!last) throw new Error(`no ${type} code for ${phoneNumber} in the outbox`);
  return last.code;
}

/** A code that is certainly not `code` (same length, digits). */
export function wrongCode(code: string): string {
  return code
    .split('')
    .map((d) => String((Number(d) + 1) % 10))
    .join('');
}

export const MINUTE = 60 * 1000;
