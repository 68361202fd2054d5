import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { createAliyunSmsProvider } from './aliyun.provider';
import { createConsoleSmsProvider, smsOutboxPath } from './console.provider';
import type { SmsProvider } from './sms.provider';
import { smsRoutes } from './sms.routes';
import { createSmsService, type PhoneDirectory, type SmsService } from './sms.service';
import type { CodeGuard } from './throttle';

export { type CodeMatch, codeError, codeTarget, type PhoneDirectory, type SmsService } from './sms.service';
export {
  type Attempt,
  CHALLENGE_DIFFICULTY_HEADER,
  CHALLENGE_HEADER,
  CHALLENGE_SOLUTION_HEADER,
  type CodeGuard,
  type Source,
  sourceOf,
  ThrottleError,
  throttleHeaders,
} from './throttle';

/** What the SMS module takes from the configuration. */
export type SmsConfig = Pick<
  Config,
  'dataDir' | 'smsProvider' | 'smsTestNumbers' | 'smsAliyun' | 'smsIpHourlyLimit' | 'smsDailyLimit'
>;

export function createSmsProvider(config: SmsConfig, clock: Clock, log: FastifyBaseLogger): SmsProvider {
  if (config.smsProvider === 'aliyun') {
    if (!config.smsAliyun) throw new Error('SMS_PROVIDER=aliyun needs the SMS_ALIYUN_* settings');
    return createAliyunSmsProvider({ config: config.smsAliyun, clock });
  }
  return createConsoleSmsProvider({ outboxPath: smsOutboxPath(config.dataDir), log, clock });
}

export interface SmsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: SmsConfig;
  directory: PhoneDirectory;
  guard: CodeGuard;
  log: FastifyBaseLogger;
}

export function createSmsModule({ db, clock, config, directory, guard, log }: SmsModuleDeps): SmsService {
  return createSmsService({
    db,
    clock,
    provider: createSmsProvider(config, clock, log),
    testNumbers: config.smsTestNumbers,
    limits: { ipHourly: config.smsIpHourlyLimit, daily: config.smsDailyLimit },
    directory,
    guard,
    log,
  });
}

const SWEEP_MS = 60 * 60 * 1000;

/** POST securities (mounted under the account prefix), plus an hourly sweep of day-old code rows. */
export const smsPlugin: FastifyPluginAsyncZod<{ sms: SmsService }> = async (app, { sms }) => {
  await app.register(smsRoutes, { sms });
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    sms.deleteOld().catch((error: unknown) => app.log.warn({ err: error }, 'SMS code sweep failed'));
  app.addHook('onReady', async () => {
    await sweep();
    sweeper = setInterval(sweep, SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
};
