import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultWebDist, loadConfig } from './config';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig: defaults', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: null,
      redisUrl: null,
      s3: null,
      smsProvider: 'console',
      adminPassword: null,
      demo: true,
      logLevel: 'info',
      publicUrl: null,
      bodyLimit: 1024 * 1024,
      uploadImageMaxBytes: 10 * 1024 * 1024,
      uploadFileMaxBytes: 1024 * 1024 * 1024,
      modelUploadMaxBytes: 1024 * 1024 * 1024,
      sofficePath: 'soffice',
      models: { conversions: 1, timeoutMs: 900_000, memoryMb: 4096 },
      profile: {
        i18n: true,
        logoutTime: 0,
        cloud: false,
        privacyNotice: true,
        passportLogin: false,
        methodOverride: false,
        icp: '',
        extraInfo: '',
        logoUrl: '',
      },
    });
    expect(config.smsTestNumbers.size).toBe(0);
    expect(config.profile.buildDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('finds apps/web/dist of this repository whatever the working directory', () => {
    expect(defaultWebDist()).toBe(join(repositoryRoot, 'apps', 'web', 'dist'));
    expect(existsSync(join(defaultWebDist(), '..', 'package.json'))).toBe(true);
  });

  it('reads SESSION_MAX_AGE in seconds or with a unit; 7 days by default', () => {
    expect(loadConfig({}).sessionMaxAgeMs).toBe(7 * 24 * 3600 * 1000);
    expect(loadConfig({ SESSION_MAX_AGE: '3600' }).sessionMaxAgeMs).toBe(3600 * 1000);
    expect(loadConfig({ SESSION_MAX_AGE: '90m' }).sessionMaxAgeMs).toBe(90 * 60 * 1000);
    expect(loadConfig({ SESSION_MAX_AGE: ' 12h ' }).sessionMaxAgeMs).toBe(12 * 3600 * 1000);
    expect(loadConfig({ SESSION_MAX_AGE: '30d' }).sessionMaxAgeMs).toBe(30 * 24 * 3600 * 1000);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: ' ' }).port).toBe(8080);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/lintel',
      DATABASE_URL: 'postgres://u:p@db:5432/lintel',
      REDIS_URL: 'redis://cache:6379',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'lintel-files',
      S3_ACCESS_KEY: 'AK',
      S3_SECRET_KEY: 'SK',
      S3_REGION: 'cn-east-1',
      S3_FORCE_PATH_STYLE: '0',
      SMS_PROVIDER: 'console',
      SMS_TEST_NUMBERS: '13800000000:123456, 13900000000:654321',
      ADMIN_PASSWORD: 'Secret_123',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://bim.example.com/',
      WEB_DIST: '/srv/web',
      BODY_LIMIT: '2048',
      UPLOAD_IMAGE_MAX_BYTES: '2097152',
      UPLOAD_FILE_MAX_BYTES: '104857600',
      MODEL_UPLOAD_MAX_BYTES: '5368709120',
      SOFFICE_PATH: '/opt/libreoffice/program/soffice',
      PRODUCT_NAME: '筑联',
      PRODUCT_NAME_EN: 'Zhulian',
      COPYRIGHT_COMPANY: '某某公司',
      COPYRIGHT_COMPANY_EN: 'Some Co.',
      ICP: '京ICP备00000000号',
      FOOTER_EXTRA: 'extra',
      LOGO_URL: '/logo.png',
      I18N: '0',
      LOGOUT_TIME: '30',
      CLOUD: 'true',
      PRIVACY_NOTICE: 'false',
      PASSPORT_LOGIN: '1',
      METHOD_OVERRIDE: '1',
      MODEL_CONVERSIONS: '3',
      MODEL_CONVERSION_TIMEOUT_S: '120',
      MODEL_CONVERSION_MEMORY_MB: '2048',
      BUILD_DATE: '2026-11-20T10:00:00Z',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/lintel',
      databaseUrl: 'postgres://u:p@db:5432/lintel',
      redisUrl: 'redis://cache:6379',
      s3: {
        endpoint: 'https://s3.example.com',
        bucket: 'lintel-files',
        accessKey: 'AK',
        secretKey: 'SK',
        region: 'cn-east-1',
        forcePathStyle: false,
      },
      adminPassword: 'Secret_123',
      demo: false,
      logLevel: 'warn',
      publicUrl: 'https://bim.example.com',
      webDist: '/srv/web',
      bodyLimit: 2048,
      uploadImageMaxBytes: 2 * 1024 * 1024,
      uploadFileMaxBytes: 100 * 1024 * 1024,
      modelUploadMaxBytes: 5 * 1024 * 1024 * 1024,
      sofficePath: '/opt/libreoffice/program/soffice',
      models: { conversions: 3, timeoutMs: 120_000, memoryMb: 2048 },
      profile: {
        productName: '筑联',
        productNameEn: 'Zhulian',
        copyrightCompany: '某某公司',
        copyrightCompanyEn: 'Some Co.',
        icp: '京ICP备00000000号',
        extraInfo: 'extra',
        logoUrl: '/logo.png',
        i18n: false,
        logoutTime: 30,
        cloud: true,
        privacyNotice: false,
        passportLogin: true,
        methodOverride: true,
        buildDate: '2026-11-20',
      },
    });
    expect([...config.smsTestNumbers]).toEqual([
      ['13800000000', '123456'],
      ['13900000000', '654321'],
    ]);
  });
});

describe('loadConfig: invalid values', () => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['PORT', { PORT: 'eighty' }, /PORT must be an integer port between 1 and 65535 \(got "eighty"\)/],
    ['PORT', { PORT: '70000' }, /PORT must be/],
    ['HOST', { HOST: 'http://x' }, /HOST must be/],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\//],
    ['REDIS_URL', { REDIS_URL: 'localhost:6379' }, /REDIS_URL must be a redis:\/\//],
    [
      'S3_ENDPOINT',
      { S3_ENDPOINT: 'ftp://x', S3_BUCKET: 'b1b', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's' },
      /S3_ENDPOINT/,
    ],
    ['S3_BUCKET', { S3_ENDPOINT: 'https://s3' }, /S3_BUCKET must be set too/],
    ['S3_ENDPOINT', { S3_REGION: 'us-east-1' }, /S3_ENDPOINT must be set with S3_REGION/],
    [
      'S3_REGION',
      {
        S3_ENDPOINT: 'https://s3',
        S3_BUCKET: 'b1b',
        S3_ACCESS_KEY: 'a',
        S3_SECRET_KEY: 's',
        S3_REGION: 'US East',
      },
      /S3_REGION must be a region name/,
    ],
    ['S3_FORCE_PATH_STYLE', { S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be 0 or 1/],
    ['UPLOAD_IMAGE_MAX_BYTES', { UPLOAD_IMAGE_MAX_BYTES: '10MB' }, /UPLOAD_IMAGE_MAX_BYTES must be an image/],
    [
      'UPLOAD_FILE_MAX_BYTES',
      { UPLOAD_FILE_MAX_BYTES: '1023' },
      /UPLOAD_FILE_MAX_BYTES must be a file upload/,
    ],
    ['SOFFICE_PATH', { SOFFICE_PATH: 'bin/soffice' }, /SOFFICE_PATH must be an absolute path to LibreOffice/],
    ['SOFFICE_PATH', { SOFFICE_PATH: '/opt/libreoffice/' }, /SOFFICE_PATH must be an absolute path/],
    ['SMS_PROVIDER', { SMS_PROVIDER: 'twilio' }, /SMS_PROVIDER must be "console" or "aliyun"/],
    [
      'SMS_TEST_NUMBERS',
      { SMS_TEST_NUMBERS: '138:1' },
      /SMS_TEST_NUMBERS must be a comma-separated list of phone:code/,
    ],
    ['SMS_TEST_NUMBERS', { SMS_TEST_NUMBERS: '13800000000:123456,13800000000:111111' }, /SMS_TEST_NUMBERS/],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD must be 6 to 16/],
    ['DEMO', { DEMO: 'yes' }, /DEMO must be 0 or 1 \(got "yes"\)/],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }, /LOG_LEVEL must be one of/],
    ['PUBLIC_URL', { PUBLIC_URL: 'bim.example.com' }, /PUBLIC_URL must be the site origin/],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://bim.example.com/app' }, /PUBLIC_URL must be the site origin/],
    ['BODY_LIMIT', { BODY_LIMIT: '1MB' }, /BODY_LIMIT must be a request body limit in bytes/],
    ['I18N', { I18N: '2' }, /I18N must be 0 or 1/],
    ['LOGOUT_TIME', { LOGOUT_TIME: '-5' }, /LOGOUT_TIME must be idle minutes/],
    ['LOGOUT_TIME', { LOGOUT_TIME: '1441' }, /LOGOUT_TIME/],
    ['CLOUD', { CLOUD: 'on' }, /CLOUD must be 0 or 1/],
    ['SESSION_MAX_AGE', { SESSION_MAX_AGE: '7 days' }, /SESSION_MAX_AGE must be a session lifetime/],
    ['SESSION_MAX_AGE', { SESSION_MAX_AGE: '60' }, /SESSION_MAX_AGE must be .*from 5 minutes/],
    ['SESSION_MAX_AGE', { SESSION_MAX_AGE: '366d' }, /SESSION_MAX_AGE/],
    [
      'MODEL_UPLOAD_MAX_BYTES',
      { MODEL_UPLOAD_MAX_BYTES: '1k' },
      /MODEL_UPLOAD_MAX_BYTES must be a model upload limit/,
    ],
    ['MODEL_CONVERSIONS', { MODEL_CONVERSIONS: '0' }, /MODEL_CONVERSIONS must be model conversions at once/],
    [
      'MODEL_CONVERSION_TIMEOUT_S',
      { MODEL_CONVERSION_TIMEOUT_S: '15m' },
      /MODEL_CONVERSION_TIMEOUT_S must be/,
    ],
    [
      'MODEL_CONVERSION_MEMORY_MB',
      { MODEL_CONVERSION_MEMORY_MB: '64' },
      /MODEL_CONVERSION_MEMORY_MB must be/,
    ],
    ['BUILD_DATE', { BUILD_DATE: 'yesterday' }, /BUILD_DATE must be a date as YYYY-MM-DD/],
    ['PRODUCT_NAME', { PRODUCT_NAME: 'x'.repeat(101) }, /PRODUCT_NAME must be a product name of at most 100/],
  ];

  it.each(cases)('%s: one line naming the variable and what is expected', (variable, env, pattern) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(pattern);
    expect(error.message.startsWith(`Invalid configuration: ${variable} must be `)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it('never echoes a secret back', () => {
    expect(configError({ ADMIN_PASSWORD: 'bad password with spaces' }).message).not.toContain('spaces');
    expect(configError({ DATABASE_URL: 'mysql://root:hunter2@db' }).message).not.toContain('hunter2');
    expect(configError({ REDIS_URL: 'hunter2' }).message).not.toContain('hunter2');
  });

  it('keeps an echoed value on one short line', () => {
    const error = configError({ LOG_LEVEL: `a\nb${'c'.repeat(100)}` });
    expect(error.message).not.toContain('\n');
    expect(error.message.length).toBeLessThan(200);
  });
});
