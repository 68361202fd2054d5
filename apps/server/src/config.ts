import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PATTERN } from '@lintel/contracts/account';
import { MODEL_UPLOAD_DEFAULT_MAX_BYTES } from '@lintel/contracts/models';
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
  /** The signing region; S3-compatible servers mostly accept the default us-east-1. */
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`, MinIO and most on-premise servers) rather than the host name. */
  forcePathStyle: boolean;
}

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Origin of the SendSms RPC endpoint, default https://dysmsapi.aliyuncs.com. */
  endpoint: string;
}

/** OAuth 2.0 authorization code + PKCE against a third-party "passport" (modules/identity). */
export interface PassportConfig {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  /** Sent in the token request body when set (client_secret_post); a public client has none. */
  clientSecret: string | null;
  scope: string;
  /** The provider's name as the sign-in page shows it. */
  name: string;
}

/** BIM model conversion (IFC → fragments) in background jobs (modules/models/conversion). */
export interface ModelsConfig {
  /** Conversions running at once in this process. */
  conversions: number;
  /** One conversion's time limit. */
  timeoutMs: number;
  /** One conversion's memory limit (its worker's JavaScript heap and web-ifc's wasm heap), in MiB. */
  memoryMb: number;
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
  smsProvider: 'console' | 'aliyun';
  /** Numbers that always receive the given code and never cost an SMS (demos, automated tests). */
  smsTestNumbers: ReadonlyMap<string, string>;
  /** Alibaba Cloud SMS credentials; set exactly when smsProvider is 'aliyun'. */
  smsAliyun: AliyunSmsConfig | null;
  /** Codes one IP address may request per hour, and all numbers together per day. */
  smsIpHourlyLimit: number;
  smsDailyLimit: number;
  adminPassword: string | null;
  /** SESSION_MAX_AGE: a session ends this long after its sign-in, however active it is (issue 14). */
  sessionMaxAgeMs: number;
  demo: boolean;
  /** With the demo: the demo project's sample model (DEMO_MODEL; tests leave it out, it costs a conversion). */
  demoModel: boolean;
  logLevel: LogLevel;
  /** Origin only (scheme://host[:port]), no trailing slash. */
  publicUrl: string | null;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY): addresses, CIDR ranges and
   * `loopback` / `linklocal` / `uniquelocal`. false: the socket address is the client's.
   */
  trustProxy: false | string[];
  webDist: string;
  bodyLimit: number;
  /** Largest image upload (JPEG, PNG, GIF, WebP: avatars, pictures) in bytes (413 beyond). */
  uploadImageMaxBytes: number;
  /** Largest upload of any other kind (documents, drawings, models, video), and of one request, in bytes. */
  uploadFileMaxBytes: number;
  /** Largest IFC model upload (multipart or tus), in bytes (413 beyond); MODEL_UPLOAD_MAX_BYTES. */
  modelUploadMaxBytes: number;
  /**
   * LibreOffice's executable for the previews of office documents: an absolute path, or a command name
   * looked up on PATH when a conversion is first needed (absent: office documents are not previewed).
   */
  sofficePath: string;
  /** null: passport sign-in is not configured (its routes answer 404). */
  passport: PassportConfig | null;
  models: ModelsConfig;
  /**
   * Uploads are refused (507) while DATA_DIR's disk has less free space than this, in bytes, so that what
   * remains serves deletes and small writes (MIN_FREE_DISK_MB; 0 turns the floor off).
   */
  minFreeDiskBytes: number;
  /** SQLite's `PRAGMA synchronous` (SQLITE_SYNCHRONOUS): `full` survives a power cut, `normal` a crash. */
  sqliteSynchronous: 'normal' | 'full';
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

const DURATION_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `3600`, `90m`, `12h`, `7d`: seconds, or a number with the unit s, m, h or d; in milliseconds. */
const duration = (minMs: number, maxMs: number) =>
  z
    .string()
    .regex(/^\s*\d+\s*[smhd]?\s*$/)
    .transform((value) => {
      const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim()) as RegExpExecArray;
      const unit = (match[2] || 's') as keyof typeof DURATION_UNITS_MS;
      return Number(match[1]) * DURATION_UNITS_MS[unit];
    })
    .pipe(z.number().int().min(minMs).max(maxMs));

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
  S3_REGION: { schema: z.string().regex(/^[a-z0-9-]{1,40}$/), expected: 'a region name such as us-east-1' },
  S3_FORCE_PATH_STYLE: { schema: flag, expected: '0 or 1' },
  SMS_PROVIDER: { schema: z.enum(['console', 'aliyun']), expected: '"console" or "aliyun"' },
  SMS_ALIYUN_ACCESS_KEY_ID: { schema: z.string().regex(/^\S+$/), expected: 'an Alibaba Cloud AccessKey ID' },
  SMS_ALIYUN_ACCESS_KEY_SECRET: {
    schema: z.string().regex(/^\S+$/),
    expected: 'an Alibaba Cloud AccessKey secret',
    secret: true,
  },
  SMS_ALIYUN_SIGN_NAME: { schema: text(100), expected: 'an approved SMS signature name' },
  SMS_ALIYUN_TEMPLATE_CODE: {
    schema: z.string().regex(/^[A-Za-z0-9_]{1,64}$/),
    expected: 'an SMS template code such as SMS_123456789',
  },
  SMS_ALIYUN_ENDPOINT: {
    schema: urlWithScheme(['http:', 'https:']),
    expected: 'an http:// or https:// URL (default https://dysmsapi.aliyuncs.com)',
  },
  SMS_IP_HOURLY_LIMIT: {
    schema: integer(1, 1_000_000),
    expected: 'SMS codes per IP address per hour, 1 to 1000000',
  },
  SMS_DAILY_LIMIT: {
    schema: integer(1, 1_000_000_000),
    expected: 'SMS codes per day in all, 1 to 1000000000',
  },
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
  DEMO_MODEL: { schema: flag, expected: '0 or 1' },
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
  TRUST_PROXY: {
    schema: z.string().transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust !== null) return trust;
      ctx.addIssue({ code: 'custom', message: 'invalid proxy list' });
      return z.NEVER;
    }),
    expected:
      'the reverse proxy in front of the server: addresses or CIDR ranges (comma-separated; loopback, ' +
      'linklocal and uniquelocal name the usual ranges)',
  },
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
  SESSION_MAX_AGE: {
    schema: duration(5 * 60_000, 365 * 86_400_000),
    expected: 'a session lifetime such as 7d, 12h or 3600 (seconds), from 5 minutes to 365 days',
  },
  CLOUD: { schema: flag, expected: '0 or 1' },
  PRIVACY_NOTICE: { schema: flag, expected: '0 or 1' },
  PASSPORT_LOGIN: { schema: flag, expected: '0 or 1' },
  PASSPORT_AUTHORIZE_URL: {
    schema: urlWithScheme(['http:', 'https:']),
    expected: "an http:// or https:// URL of the provider's authorization endpoint",
  },
  PASSPORT_TOKEN_URL: {
    schema: urlWithScheme(['http:', 'https:']),
    expected: "an http:// or https:// URL of the provider's token endpoint",
  },
  PASSPORT_USERINFO_URL: {
    schema: urlWithScheme(['http:', 'https:']),
    expected: "an http:// or https:// URL of the provider's user-info endpoint",
  },
  PASSPORT_CLIENT_ID: { schema: z.string().regex(/^[\x21-\x7e]{1,256}$/), expected: 'an OAuth client id' },
  PASSPORT_CLIENT_SECRET: {
    schema: z.string().min(1).max(1024),
    expected: 'an OAuth client secret',
    secret: true,
  },
  PASSPORT_SCOPE: {
    schema: z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/),
    expected: 'space-separated OAuth scopes, e.g. "openid profile"',
  },
  PASSPORT_NAME: {
    schema: z.string().trim().min(1).max(50),
    expected: 'a display name of 1 to 50 characters',
  },
  UPLOAD_IMAGE_MAX_BYTES: {
    schema: integer(1024, 1024 * MiB),
    expected: 'an image upload limit in bytes between 1024 and 1073741824',
  },
  UPLOAD_FILE_MAX_BYTES: {
    schema: integer(1024, 1024 * 1024 * MiB),
    expected: 'a file upload limit in bytes between 1024 and 1099511627776',
  },
  SOFFICE_PATH: {
    // An absolute path, or a bare command name (no slash): a relative path would depend on the working
    // directory the server happens to start in.
    schema: z.string().regex(/^(\/[^\0]*[^/\0]|[^/\s\0]+)$/),
    expected: "an absolute path to LibreOffice's soffice, or a command name looked up on PATH",
  },
  METHOD_OVERRIDE: { schema: flag, expected: '0 or 1' },
  MODEL_UPLOAD_MAX_BYTES: {
    schema: integer(1024, 1024 * 1024 * MiB),
    expected: 'a model upload limit in bytes between 1024 and 1099511627776',
  },
  MODEL_CONVERSIONS: { schema: integer(1, 64), expected: 'model conversions at once, 1 to 64' },
  MODEL_CONVERSION_TIMEOUT_S: {
    schema: integer(10, 7 * 24 * 3600),
    expected: 'seconds one model conversion may take, 10 to 604800',
  },
  MODEL_CONVERSION_MEMORY_MB: {
    schema: integer(256, 1024 * 1024),
    expected: 'MiB one model conversion may use, 256 to 1048576',
  },
  MIN_FREE_DISK_MB: {
    schema: integer(0, 1024 * 1024 * 1024),
    expected: 'free disk space in MiB below which uploads are refused, 0 (off) or more',
  },
  SQLITE_SYNCHRONOUS: {
    schema: z
      .string()
      .transform((v) => v.trim().toLowerCase())
      .pipe(z.enum(['normal', 'full'])),
    expected: '"full" (durable on power loss) or "normal" (durable on a crash of the process)',
  },
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

/**
 * `127.0.0.1, 10.0.0.0/8, loopback` → the list; anything else (`true`, `*`, a hop count) → null: trusting
 * any sender of the header would let every client pick its own address.
 */
function parseTrustProxy(value: string): string[] | null {
  const entries = value
    .trim()
    .split(',')
    .map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
    const [address, bits, extra] = entry.split('/');
    if (extra !== undefined || !address || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128);
  });
  return valid && entries.length > 0 ? entries : null;
}

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
  if (missing.length === names.length) {
    const stray = (['S3_REGION', 'S3_FORCE_PATH_STYLE'] as const).find((name) => v[name] !== undefined);
    if (stray) throw new ConfigError('S3_ENDPOINT', `set with ${stray} (S3_* configure the object storage)`);
    return null;
  }
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
    region: v.S3_REGION ?? 'us-east-1',
    forcePathStyle: v.S3_FORCE_PATH_STYLE ?? true,
  };
}

const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';

/** With SMS_PROVIDER=aliyun the four credentials are required; otherwise they are not used. */
function readSmsAliyun(v: Parsed): AliyunSmsConfig | null {
  if (v.SMS_PROVIDER !== 'aliyun') return null;
  const names = [
    'SMS_ALIYUN_ACCESS_KEY_ID',
    'SMS_ALIYUN_ACCESS_KEY_SECRET',
    'SMS_ALIYUN_SIGN_NAME',
    'SMS_ALIYUN_TEMPLATE_CODE',
  ] as const;
  const missing = names.find((name) => v[name] === undefined);
  if (missing) throw new ConfigError(missing, 'set when SMS_PROVIDER=aliyun');
  return {
    accessKeyId: v.SMS_ALIYUN_ACCESS_KEY_ID as string,
    accessKeySecret: v.SMS_ALIYUN_ACCESS_KEY_SECRET as string,
    signName: v.SMS_ALIYUN_SIGN_NAME as string,
    templateCode: v.SMS_ALIYUN_TEMPLATE_CODE as string,
    endpoint: new URL(v.SMS_ALIYUN_ENDPOINT ?? ALIYUN_SMS_ENDPOINT).origin,
  };
}

/**
 * Passport sign-in: the three endpoint URLs and the client id go together; the secret, scope and name are
 * optional but only make sense with them. Nothing set: not configured.
 */
function readPassport(v: Parsed): PassportConfig | null {
  const required = [
    'PASSPORT_AUTHORIZE_URL',
    'PASSPORT_TOKEN_URL',
    'PASSPORT_USERINFO_URL',
    'PASSPORT_CLIENT_ID',
  ] as const;
  const optional = ['PASSPORT_CLIENT_SECRET', 'PASSPORT_SCOPE', 'PASSPORT_NAME'] as const;
  const missing = required.filter((name) => v[name] === undefined);
  const anySet = missing.length < required.length || optional.some((name) => v[name] !== undefined);
  if (!anySet) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      missing[0] as string,
      'set too: PASSPORT_AUTHORIZE_URL, PASSPORT_TOKEN_URL, PASSPORT_USERINFO_URL and PASSPORT_CLIENT_ID go together',
    );
  }
  return {
    authorizeUrl: v.PASSPORT_AUTHORIZE_URL as string,
    tokenUrl: v.PASSPORT_TOKEN_URL as string,
    userinfoUrl: v.PASSPORT_USERINFO_URL as string,
    clientId: v.PASSPORT_CLIENT_ID as string,
    clientSecret: v.PASSPORT_CLIENT_SECRET ?? null,
    scope: v.PASSPORT_SCOPE ?? 'openid profile',
    name: v.PASSPORT_NAME ?? 'Passport',
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
    smsAliyun: readSmsAliyun(v),
    smsIpHourlyLimit: v.SMS_IP_HOURLY_LIMIT ?? 20,
    smsDailyLimit: v.SMS_DAILY_LIMIT ?? 10_000,
    adminPassword: v.ADMIN_PASSWORD ?? null,
    sessionMaxAgeMs: v.SESSION_MAX_AGE ?? 7 * 86_400_000,
    demo: v.DEMO ?? true,
    demoModel: v.DEMO_MODEL ?? true,
    logLevel: v.LOG_LEVEL ?? 'info',
    publicUrl,
    trustProxy: v.TRUST_PROXY ?? false,
    webDist: v.WEB_DIST === undefined ? defaultWebDist() : resolve(v.WEB_DIST),
    bodyLimit: v.BODY_LIMIT ?? MiB,
    uploadImageMaxBytes: v.UPLOAD_IMAGE_MAX_BYTES ?? 10 * MiB,
    uploadFileMaxBytes: v.UPLOAD_FILE_MAX_BYTES ?? 1024 * MiB,
    modelUploadMaxBytes: v.MODEL_UPLOAD_MAX_BYTES ?? MODEL_UPLOAD_DEFAULT_MAX_BYTES,
    sofficePath: v.SOFFICE_PATH ?? 'soffice',
    passport: readPassport(v),
    models: {
      conversions: v.MODEL_CONVERSIONS ?? 1,
      timeoutMs: (v.MODEL_CONVERSION_TIMEOUT_S ?? 900) * 1000,
      memoryMb: v.MODEL_CONVERSION_MEMORY_MB ?? 4096,
    },
    minFreeDiskBytes: (v.MIN_FREE_DISK_MB ?? 512) * MiB,
    sqliteSynchronous: v.SQLITE_SYNCHRONOUS ?? 'full',
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
