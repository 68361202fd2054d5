import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PATTERN } from '@lintel/contracts/account';
import { z } from 'zod';

/**
 * The whole configuration comes from environment variables, all optional (DESIGN.md §6). Parsing stops at
 * the first invalid variable with a ConfigError whose message is one line naming it and what is expected.
 */

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
}

/** The OEM profile defaults; the database may override them (POST account-service/system/profile). */
export interface ProfileDefaults {
  productName: string;
  productNameEn: string;
  copyrightCompany: string;
  copyrightCompanyEn: string;
  icp: string;
  extraInfo: string;
  logoUrl: string;
  i18n: boolean;
  logoutTime: number;
  cloud: boolean;
  privacyNotice: boolean;
  passportLogin: boolean;
  methodOverride: boolean;
  buildDate: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  s3: S3Config | null;
  smsProvider: 'console';
  /** Numbers that always receive the given code and never cost an SMS (demos, automated tests). */
  smsTestNumbers: ReadonlyMap<string, string>;
  adminPassword: string | null;
  demo: boolean;
  logLevel: LogLevel;
  /** Origin only (scheme://host[:port]), no trailing slash. */
  publicUrl: string | null;
  webDist: string;
  bodyLimit: number;
  profile: ProfileDefaults;
}

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    expected: string,
  ) {
    super(`Invalid configuration: ${variable} must be ${expected}`);
    this.name = 'ConfigError';
  }
}

declare const __LINTEL_BUILD_DATE__: string | undefined;

/** The build date baked in by build.mjs; under tsx or vitest there is none and "today" stands in. */
function defaultBuildDate(): string {
  return typeof __LINTEL_BUILD_DATE__ === 'string'
    ? __LINTEL_BUILD_DATE__
    : new Date().toISOString().slice(0, 10);
}

/**
 * `apps/web/dist` of this repository. This file sits directly in `apps/server/src/` and the bundle is
 * `apps/server/dist/main.js`: both are two levels below `apps/`, so one relative URL serves both, whatever
 * the working directory.
 */
export function defaultWebDist(): string {
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

const MiB = 1024 * 1024;

const flag = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['0', '1', 'true', 'false']))
  .transform((v) => v === '1' || v === 'true');

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\s*\d+\s*$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const text = (max: number) => z.string().max(max);

function urlWithScheme(schemes: readonly string[]) {
  return z.string().refine((value) => {
    try {
      return schemes.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Each variable: its schema and the words that finish "X must be …". `secret` values are never echoed
 * back in an error (they may be half-right passwords).
 */
const VARIABLES = {
  PORT: { schema: integer(1, 65535), expected: 'an integer port between 1 and 65535' },
  HOST: { schema: z.string().regex(/^[^\s/]+$/), expected: 'a host name or IP address to listen on' },
  DATA_DIR: { schema: z.string().min(1), expected: 'a directory path' },
  DATABASE_URL: {
    schema: urlWithScheme(['postgres:', 'postgresql:']),
    expected: 'a postgres:// or postgresql:// connection URL',
    secret: true,
  },
  REDIS_URL: {
    schema: urlWithScheme(['redis:', 'rediss:']),
    expected: 'a redis:// or rediss:// URL',
    secret: true,
  },
  S3_ENDPOINT: { schema: urlWithScheme(['http:', 'https:']), expected: 'an http:// or https:// URL' },
  S3_BUCKET: {
    schema: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/),
    expected: 'an S3 bucket name',
  },
  S3_ACCESS_KEY: { schema: z.string().min(1), expected: 'a non-empty access key' },
  S3_SECRET_KEY: { schema: z.string().min(1), expected: 'a non-empty secret key', secret: true },
  SMS_PROVIDER: { schema: z.enum(['console']), expected: '"console" (the only SMS provider so far)' },
  SMS_TEST_NUMBERS: {
    schema: z.string().transform((value, ctx) => {
      const numbers = parseSmsTestNumbers(value);
      if (numbers) return numbers;
      ctx.addIssue({ code: 'custom', message: 'invalid phone:code list' });
      return z.NEVER;
    }),
    expected:
      'a comma-separated list of phone:code pairs (5–15 digit phone, 4–8 digit code), e.g. 13800000000:123456',
  },
  ADMIN_PASSWORD: {
    schema: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).regex(PASSWORD_PATTERN),
    expected: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} letters, digits or ~!@&%$^()#_ (the sign-in form's password rule)`,
    secret: true,
  },
  DEMO: { schema: flag, expected: '0 or 1' },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    expected: 'one of fatal, error, warn, info, debug, trace, silent',
  },
  PUBLIC_URL: {
    schema: z.string().refine((value) => {
      const url = URL.canParse(value) ? new URL(value) : null;
      return (
        (url?.protocol === 'http:' || url?.protocol === 'https:') &&
        url.pathname === '/' &&
        !url.search &&
        !url.hash &&
        !url.username &&
        !url.password
      );
    }),
    expected: 'the site origin as http(s)://host[:port] without a path (e.g. https://bim.example.com)',
  },
  WEB_DIST: { schema: z.string().min(1), expected: 'a directory path' },
  BODY_LIMIT: {
    schema: integer(1024, 1024 * MiB),
    expected: 'a request body limit in bytes between 1024 and 1073741824',
  },
  PRODUCT_NAME: { schema: text(100), expected: 'a product name of at most 100 characters' },
  PRODUCT_NAME_EN: { schema: text(100), expected: 'a product name of at most 100 characters' },
  COPYRIGHT_COMPANY: { schema: text(200), expected: 'a company name of at most 200 characters' },
  COPYRIGHT_COMPANY_EN: { schema: text(200), expected: 'a company name of at most 200 characters' },
  ICP: { schema: text(100), expected: 'an ICP number of at most 100 characters' },
  FOOTER_EXTRA: { schema: text(500), expected: 'footer text of at most 500 characters' },
  LOGO_URL: { schema: text(2048), expected: 'a logo URL or path of at most 2048 characters' },
  I18N: { schema: flag, expected: '0 or 1' },
  LOGOUT_TIME: { schema: integer(0, 24 * 60), expected: 'idle minutes before sign-out, 0 (never) to 1440' },
  CLOUD: { schema: flag, expected: '0 or 1' },
  PRIVACY_NOTICE: { schema: flag, expected: '0 or 1' },
  PASSPORT_LOGIN: { schema: flag, expected: '0 or 1' },
  METHOD_OVERRIDE: { schema: flag, expected: '0 or 1' },
  BUILD_DATE: {
    schema: z
      .string()
      .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}/.test(value))
      .transform((value) => (ISO_DATE.test(value) ? value : new Date(value).toISOString().slice(0, 10))),
    expected: 'a date as YYYY-MM-DD (or an ISO date-time)',
  },
} satisfies Record<string, { schema: z.ZodType<unknown, string>; expected: string; secret?: boolean }>;

type Variables = typeof VARIABLES;
type Parsed = { [K in keyof Variables]: z.output<Variables[K]['schema']> | undefined };

function parseSmsTestNumbers(value: string): Map<string, string> | null {
  const numbers = new Map<string, string>();
  for (const pair of value.split(',')) {
    const match = /^\s*(\d{5,15}):(\d{4,8})\s*$/.exec(pair);
    if (!match || numbers.has(match[1] as string)) return null;
    numbers.set(match[1] as string, match[2] as string);
  }
  return numbers;
}

/** An empty value counts as unset, so `FOO=` in a compose file means "the default". */
function readVariables(env: Env): Parsed {
  const parsed: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(VARIABLES) as Array<
    [keyof Variables, Variables[keyof Variables]]
  >) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const result = variable.schema.safeParse(raw);
    if (!result.success) {
      const secret = 'secret' in variable && variable.secret;
      throw new ConfigError(
        name,
        secret ? variable.expected : `${variable.expected} (got "${truncate(raw)}")`,
      );
    }
    parsed[name] = result.data;
  }
  return parsed as Parsed;
}

function truncate(value: string): string {
  const oneLine = value.replace(/[\r\n]+/g, ' ');
  return oneLine.length > 60 ? `${oneLine.slice(0, 57)}...` : oneLine;
}

function readS3(v: Parsed): S3Config | null {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;
  const missing = names.filter((name) => v[name] === undefined);
  if (missing.length === names.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      missing[0] as string,
      'set too: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY go together',
    );
  }
  return {
    endpoint: v.S3_ENDPOINT as string,
    bucket: v.S3_BUCKET as string,
    accessKey: v.S3_ACCESS_KEY as string,
    secretKey: v.S3_SECRET_KEY as string,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const v = readVariables(env);
  const publicUrl = v.PUBLIC_URL === undefined ? null : new URL(v.PUBLIC_URL).origin;
  return {
    port: v.PORT ?? 8080,
    host: v.HOST ?? '0.0.0.0',
    dataDir: resolve(v.DATA_DIR ?? './data'),
    databaseUrl: v.DATABASE_URL ?? null,
    redisUrl: v.REDIS_URL ?? null,
    s3: readS3(v),
    smsProvider: v.SMS_PROVIDER ?? 'console',
    smsTestNumbers: v.SMS_TEST_NUMBERS ?? new Map(),
    adminPassword: v.ADMIN_PASSWORD ?? null,
    demo: v.DEMO ?? true,
    logLevel: v.LOG_LEVEL ?? 'info',
    publicUrl,
    webDist: v.WEB_DIST === undefined ? defaultWebDist() : resolve(v.WEB_DIST),
    bodyLimit: v.BODY_LIMIT ?? MiB,
    profile: {
      productName: v.PRODUCT_NAME ?? 'Lintel',
      productNameEn: v.PRODUCT_NAME_EN ?? 'Lintel',
      copyrightCompany: v.COPYRIGHT_COMPANY ?? 'Lintel',
      copyrightCompanyEn: v.COPYRIGHT_COMPANY_EN ?? 'Lintel',
      icp: v.ICP ?? '',
      extraInfo: v.FOOTER_EXTRA ?? '',
      logoUrl: v.LOGO_URL ?? '',
      i18n: v.I18N ?? true,
      logoutTime: v.LOGOUT_TIME ?? 0,
      cloud: v.CLOUD ?? false,
      privacyNotice: v.PRIVACY_NOTICE ?? true,
      passportLogin: v.PASSPORT_LOGIN ?? false,
      methodOverride: v.METHOD_OVERRIDE ?? false,
      buildDate: v.BUILD_DATE ?? defaultBuildDate(),
    },
  };
}
