import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { readOutbox, sendCode } from '../../../test/sms';
import { ConfigError, loadConfig } from '../../config';
import { aliyunPhoneNumber, percentEncode, signRpcRequest } from './aliyun.provider';

const DOC_PARAMS = {
  AccessKeyId: 'testid',
  Action: 'DescribeRegions',
  Format: 'XML',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
  SignatureVersion: '1.0',
  Timestamp: '2016-02-23T12:46:24Z',
  Version: '2014-05-26',
};

describe('the RPC signature', () => {
  it('matches the worked example of the Alibaba Cloud documentation', () => {
    expect(signRpcRequest('GET', DOC_PARAMS, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
    // The same parameters POSTed (what the adapter does), as other implementations compute it.
    expect(signRpcRequest('POST', DOC_PARAMS, 'testsecret')).toBe('MxbnVAM4w6sft9xjVpe/GCKueuk=');
  });

  it('percent-encodes per RFC 3986', () => {
    expect(percentEncode("a b*c~d!'()/:+")).toBe('a%20b%2Ac~d%21%27%28%29%2F%3A%2B');
    expect(percentEncode('{"code":"012345"}')).toBe('%7B%22code%22%3A%22012345%22%7D');
    expect(percentEncode('筑')).toBe('%E7%AD%91');
  });

  it('sends mainland numbers as they are and others with their country code', () => {
    expect(aliyunPhoneNumber('13800000001', '86')).toBe('13800000001');
    expect(aliyunPhoneNumber('51234567', '852')).toBe('85251234567');
  });
});

// ── a fake dysmsapi gateway that checks every request like the real one ─────────────────────────────

const SECRET = 'fake+Secret/With=Chars';
const KEY_ID = 'LTAI-test-key';

/** Written here from the documentation, independently of aliyun.provider.ts. */
function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function expectedSignature(method: string, params: URLSearchParams, secret: string): string {
  const canonical = [...params.keys()]
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${rfc3986(name)}=${rfc3986(params.get(name) ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${rfc3986('/')}&${rfc3986(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

interface Received {
  params: URLSearchParams;
  signatureValid: boolean;
}

type Mode = 'ok' | 'refuse' | 'http500';

interface FakeGateway {
  server: Server;
  url: string;
  received: Received[];
  mode: Mode;
  nonces: Set<string>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function startGateway(): Promise<FakeGateway> {
  const gateway = { received: [], mode: 'ok', nonces: new Set<string>() } as unknown as FakeGateway;
  gateway.server = createServer(async (request, response) => {
    const params = new URLSearchParams(await readBody(request));
    const signatureValid =
      request.method === 'POST' &&
      request.url === '/' &&
      params.get('Signature') === expectedSignature('POST', params, SECRET);
    gateway.received.push({ params, signatureValid });
    const answer = (status: number, body: object) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const nonce = params.get('SignatureNonce') ?? '';
    if (!signatureValid)
      return answer(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' });
    if (gateway.nonces.has(nonce)) return answer(400, { Code: 'SignatureNonceUsed', Message: 'nonce used' });
    gateway.nonces.add(nonce);
    if (gateway.mode === 'http500') return answer(500, { Code: 'InternalError', Message: 'oops' });
    if (gateway.mode === 'refuse') {
      return answer(200, {
        Code: 'isv.BUSINESS_LIMIT_CONTROL',
        Message: '触发分钟级流控Permits:1',
        RequestId: 'r1',
      });
    }
    return answer(200, { Code: 'OK', Message: 'OK', RequestId: 'r2', BizId: '900619746936498440^0' });
  });
  gateway.server.listen(0, '127.0.0.1');
  await once(gateway.server, 'listening');
  gateway.url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  return gateway;
}

function aliyunEnv(endpoint: string, secret = SECRET): Record<string, string> {
  return {
    SMS_PROVIDER: 'aliyun',
    SMS_ALIYUN_ACCESS_KEY_ID: KEY_ID,
    SMS_ALIYUN_ACCESS_KEY_SECRET: secret,
    SMS_ALIYUN_SIGN_NAME: '筑协科技',
    SMS_ALIYUN_TEMPLATE_CODE: 'SMS_123456789',
    SMS_ALIYUN_ENDPOINT: endpoint,
    SMS_IP_HOURLY_LIMIT: '1000',
    LOG_LEVEL: 'trace',
  };
}

describe('SMS_PROVIDER=aliyun against a verifying fake gateway', () => {
  let gateway: FakeGateway;
  let t: TestApp;
  beforeAll(async () => {
    gateway = await startGateway();
    t = await buildTestApp({ env: aliyunEnv(gateway.url) });
  });
  afterAll(async () => {
    await t.close();
    gateway.server.close();
  });
  beforeEach(() => {
    gateway.mode = 'ok';
  });

  it('sends SendSms with a signature the gateway verifies; the code it carries works', async () => {
    const before = gateway.received.length;
    const response = await sendCode(t.app, {
      phoneNumber: '13900000101',
      countryCode: '86',
      type: 'register',
    });
    expect(response.statusCode).toBe(200);
    expect(gateway.received).toHaveLength(before + 1);
    const { params, signatureValid } = gateway.received.at(-1)!;
    expect(signatureValid).toBe(true);
    expect(Object.fromEntries(params)).toMatchObject({
      AccessKeyId: KEY_ID,
      Action: 'SendSms',
      Version: '2017-05-25',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Format: 'JSON',
      PhoneNumbers: '13900000101',
      SignName: '筑协科技',
      TemplateCode: 'SMS_123456789',
    });
    expect(params.get('Timestamp')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(params.get('SignatureNonce')).toMatch(/^[0-9a-f-]{36}$/);
    const templateParam = JSON.parse(params.get('TemplateParam') ?? '{}') as { code: string };
    expect(templateParam.code).toMatch(/^\d{6}$/);
    // Nothing goes to the outbox with a real gateway, and the code never reaches the log.
    expect(await readOutbox(t)).toEqual([]);
    expect(JSON.stringify(t.logs)).not.toContain(templateParam.code);
    expect(JSON.stringify(t.logs)).not.toContain(SECRET);
    const verified = await sendCode(
      t.app,
      { phoneNumber: '13900000101', countryCode: '86', type: 'register', code: templateParam.code },
      { verify: true },
    );
    expect(verified.statusCode).toBe(200);
  });

  it('sends international numbers with their country code', async () => {
    expect(
      (await sendCode(t.app, { phoneNumber: '51234567', countryCode: '852', type: 'register' })).statusCode,
    ).toBe(200);
    expect(gateway.received.at(-1)?.params.get('PhoneNumbers')).toBe('85251234567');
  });

  it('answers a gateway refusal with 501, and the code it carried is never usable', async () => {
    gateway.mode = 'refuse';
    const response = await sendCode(t.app, {
      phoneNumber: '13900000102',
      countryCode: '86',
      type: 'register',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      code: 501,
      key: 'account.smsSendFailed',
      message: '验证码发送失败，请稍后重试',
    });
    const carried = JSON.parse(gateway.received.at(-1)?.params.get('TemplateParam') ?? '{}').code as string;
    const verified = await sendCode(
      t.app,
      { phoneNumber: '13900000102', countryCode: '86', type: 'register', code: carried },
      { verify: true },
    );
    expect(verified.json().code).toBe(106);
    const rows = await t.db.db
      .selectFrom('sms_codes')
      .select('state')
      .where('phone_number', '=', '13900000102')
      .execute();
    expect(rows).toEqual([{ state: 'failed' }]);
    expect(JSON.stringify(t.logs)).not.toContain(carried);
    // A failed send does not hold the 60-second window: the user may try again at once.
    gateway.mode = 'ok';
    expect(
      (await sendCode(t.app, { phoneNumber: '13900000102', countryCode: '86', type: 'register' })).statusCode,
    ).toBe(200);
    const warning = t.logs.find((entry) => String(entry.msg).startsWith('SMS send failed'));
    expect(String(warning?.msg)).toContain('isv.BUSINESS_LIMIT_CONTROL');
  });

  it('answers an HTTP error of the gateway with 501', async () => {
    gateway.mode = 'http500';
    const response = await sendCode(t.app, {
      phoneNumber: '13900000103',
      countryCode: '86',
      type: 'register',
    });
    expect(response.json()).toMatchObject({ code: 501 });
  });

  it('answers 501 when the gateway cannot be reached, and 501 when the secret is wrong', async () => {
    const closed = await startGateway();
    closed.server.close();
    await once(closed.server, 'close');
    const unreachable = await buildTestApp({ env: aliyunEnv(closed.url) });
    const wrongSecret = await buildTestApp({ env: aliyunEnv(gateway.url, 'not-the-secret') });
    try {
      const down = await sendCode(unreachable.app, { phoneNumber: '13900000104', type: 'register' });
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ code: 501, key: 'account.smsSendFailed' });
      const before = gateway.received.length;
      const refused = await sendCode(wrongSecret.app, { phoneNumber: '13900000105', type: 'register' });
      expect(refused.json()).toMatchObject({ code: 501 });
      expect(gateway.received.at(before)?.signatureValid).toBe(false);
    } finally {
      await unreachable.close();
      await wrongSecret.close();
    }
  });

  it('never calls the gateway for an invalid phone or a refused purpose', async () => {
    const before = gateway.received.length;
    expect((await sendCode(t.app, { phoneNumber: '23900000106', type: 'register' })).json().code).toBe(502);
    expect((await sendCode(t.app, { phoneNumber: '13800000001', type: 'register' })).statusCode).toBe(409);
    expect((await sendCode(t.app, { phoneNumber: '13900000106', type: 'login' })).statusCode).toBe(404);
    expect(gateway.received).toHaveLength(before);
  });
});

describe('configuration of the SMS provider', () => {
  const full = aliyunEnv('https://dysmsapi.aliyuncs.com');

  it('reads the aliyun settings, with the default endpoint', () => {
    const { SMS_ALIYUN_ENDPOINT: _, ...withoutEndpoint } = full;
    const config = loadConfig(withoutEndpoint);
    expect(config.smsProvider).toBe('aliyun');
    expect(config.smsAliyun).toEqual({
      accessKeyId: KEY_ID,
      accessKeySecret: SECRET,
      signName: '筑协科技',
      templateCode: 'SMS_123456789',
      endpoint: 'https://dysmsapi.aliyuncs.com',
    });
    expect(loadConfig({}).smsAliyun).toBeNull();
    expect(loadConfig({}).smsIpHourlyLimit).toBe(20);
    expect(loadConfig({}).smsDailyLimit).toBe(10_000);
    expect(loadConfig({ SMS_IP_HOURLY_LIMIT: '5', SMS_DAILY_LIMIT: '50' })).toMatchObject({
      smsIpHourlyLimit: 5,
      smsDailyLimit: 50,
    });
  });

  it('requires the four credentials with SMS_PROVIDER=aliyun, naming the first one missing', () => {
    for (const name of [
      'SMS_ALIYUN_ACCESS_KEY_ID',
      'SMS_ALIYUN_ACCESS_KEY_SECRET',
      'SMS_ALIYUN_SIGN_NAME',
      'SMS_ALIYUN_TEMPLATE_CODE',
    ] as const) {
      const env: Record<string, string> = { ...full };
      delete env[name];
      expect(() => loadConfig(env), name).toThrowError(ConfigError);
      expect(() => loadConfig(env), name).toThrowError(
        new RegExp(`^Invalid configuration: ${name} must be set`),
      );
    }
  });

  it('refuses bad values with one line, never echoing the secret', () => {
    expect(() => loadConfig({ ...full, SMS_ALIYUN_ENDPOINT: 'ftp://x' })).toThrowError(
      /SMS_ALIYUN_ENDPOINT must be/,
    );
    expect(() => loadConfig({ ...full, SMS_ALIYUN_TEMPLATE_CODE: 'SMS 1' })).toThrowError(
      /SMS_ALIYUN_TEMPLATE_CODE/,
    );
    expect(() => loadConfig({ SMS_IP_HOURLY_LIMIT: '0' })).toThrowError(/SMS_IP_HOURLY_LIMIT/);
    expect(() => loadConfig({ SMS_DAILY_LIMIT: 'many' })).toThrowError(/SMS_DAILY_LIMIT/);
    try {
      loadConfig({ ...full, SMS_ALIYUN_ACCESS_KEY_SECRET: 'has space secret' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/SMS_ALIYUN_ACCESS_KEY_SECRET/);
      expect((error as Error).message).not.toContain('has space secret');
    }
  });
});
