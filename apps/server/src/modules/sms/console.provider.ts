import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import {
  maskPhone,
  type SmsMessage,
  type SmsNotice,
  type SmsProvider,
  SmsProviderError,
} from './sms.provider';

export const SMS_OUTBOX_FILE = 'sms-outbox.jsonl';

export function smsOutboxPath(dataDir: string): string {
  return join(dataDir, SMS_OUTBOX_FILE);
}

/** One line of the outbox: what a developer (or a browser test) reads the code from. */
export interface OutboxLine {
  phoneNumber: string;
  countryCode: string;
  type: string;
  code: string;
  at: string;
}

/** A security notice in the outbox: type `notice`, no code. */
export interface OutboxNoticeLine {
  phoneNumber: string;
  countryCode: string;
  type: 'notice';
  notice: SmsNotice['notice'];
  at: string;
}

/**
 * SMS_PROVIDER=console (the default): nothing leaves the machine. The code is appended as one JSON line to
 * DATA_DIR/sms-outbox.jsonl, the only place a code is ever written; the log gets a line without it.
 */
export function createConsoleSmsProvider(options: {
  outboxPath: string;
  log: FastifyBaseLogger;
  clock: Clock;
}): SmsProvider {
  const { outboxPath, log, clock } = options;
  const append = async (line: OutboxLine | OutboxNoticeLine) => {
    try {
      await mkdir(dirname(outboxPath), { recursive: true });
      await appendFile(outboxPath, `${JSON.stringify(line)}\n`, { encoding: 'utf8', mode: 0o600 });
    } catch (error) {
      throw new SmsProviderError(
        `cannot write the SMS outbox: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
  };
  return {
    name: 'console',
    async send(message: SmsMessage): Promise<void> {
      await append({
        phoneNumber: message.phoneNumber,
        countryCode: message.countryCode,
        type: message.type,
        code: message.code,
        at: clock.now().toISOString(),
      });
      log.info(
        {
          sms: {
            phoneNumber: maskPhone(message.phoneNumber),
            countryCode: message.countryCode,
            type: message.type,
          },
          outbox: outboxPath,
        },
        'SMS code written to the outbox (SMS_PROVIDER=console)',
      );
    },

    async notice(message: SmsNotice): Promise<void> {
      await append({
        phoneNumber: message.phoneNumber,
        countryCode: message.countryCode,
        type: 'notice',
        notice: message.notice,
        at: clock.now().toISOString(),
      });
      log.info(
        { sms: { phoneNumber: maskPhone(message.phoneNumber), notice: message.notice }, outbox: outboxPath },
        'SMS notice written to the outbox (SMS_PROVIDER=console)',
      );
    },
  };
}
