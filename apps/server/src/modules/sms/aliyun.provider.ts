import { createHmac, randomUUID } from 'node:crypto';
import { MAINLAND_COUNTRY_CODE } from '@lintel/contracts/account';
import type { Clock } from '../../clock';
import type { AliyunSmsConfig } from '../../config';
import { type SmsMessage, type SmsProvider, SmsProviderError } from './sms.provider';

/*
 * Alibaba Cloud SMS (dysmsapi, API version 2017-05-25), action SendSms, signed with the RPC signature
 * version 1.0:
 *
 *   CanonicalizedQueryString = the parameters (all but Signature) sorted by name, each name and value
 *                              percent-encoded (RFC 3986), joined as name=value with '&'
 *   StringToSign             = HTTPMethod + '&' + percentEncode('/') + '&' + percentEncode(Canonicalized…)
 *   Signature                = Base64(HMAC-SHA1(AccessKeySecret + '&', StringToSign))
 *
 * The parameters travel as a form body of a POST (so the code never sits in a URL that a proxy might log).
 */

export const ALIYUN_SMS_VERSION = '2017-05-25';
const REQUEST_TIMEOUT_MS = 10_000;

/** RFC 3986: everything but A–Z a–z 0–9 - _ . ~ is encoded; a space is %20, never '+'. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function canonicalizedQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] as string)}`)
    .join('&');
}

export function signRpcRequest(
  method: 'GET' | 'POST',
  params: Readonly<Record<string, string>>,
  accessKeySecret: string,
): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalizedQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** yyyy-MM-ddTHH:mm:ssZ, UTC, as the gateway wants it (no milliseconds). */
function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Mainland numbers go as they are; others as country code + number (the gateway's international form). */
export function aliyunPhoneNumber(phoneNumber: string, countryCode: string): string {
  return countryCode === MAINLAND_COUNTRY_CODE ? phoneNumber : `${countryCode}${phoneNumber}`;
}

export function createAliyunSmsProvider(options: {
  config: AliyunSmsConfig;
  clock: Clock;
  timeoutMs?: number;
}): SmsProvider {
  const { config, clock } = options;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return {
    name: 'aliyun',
    async send(message: SmsMessage): Promise<void> {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: aliyunPhoneNumber(message.phoneNumber, message.countryCode),
        RegionId: 'cn-hangzhou',
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ code: message.code }),
        Timestamp: timestamp(clock.now()),
        Version: ALIYUN_SMS_VERSION,
      };
      const signature = signRpcRequest('POST', params, config.accessKeySecret);
      const body = `Signature=${percentEncode(signature)}&${canonicalizedQuery(params)}`;
      let response: Response;
      try {
        response = await fetch(`${config.endpoint}/`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
            accept: 'application/json',
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        throw new SmsProviderError(`the Aliyun SMS gateway is unreachable (${cause})`);
      }
      let answer: { Code?: unknown; Message?: unknown } = {};
      try {
        answer = (await response.json()) as typeof answer;
      } catch {
        // Not JSON: reported below with the HTTP status.
      }
      if (!response.ok || answer.Code !== 'OK') {
        const code = typeof answer.Code === 'string' ? answer.Code : `HTTP ${response.status}`;
        const text = typeof answer.Message === 'string' ? `: ${answer.Message.slice(0, 200)}` : '';
        throw new SmsProviderError(`the Aliyun SMS gateway refused the message (${code}${text})`, code);
      }
    },
  };
}
