import type { Language } from '@lintel/contracts';
import { ACCOUNT_MESSAGES, type AccountRuleKey } from '@lintel/contracts/account';
import enErrors from '../locales/en-US/errors.json';
import zhErrors from '../locales/zh-CN/errors.json';

/**
 * The server's texts, by key, in both languages: our errors.json files plus the account rule messages the
 * contracts define (their zod schemas report those keys as issue messages, so both ends share one wording).
 */
export type ServerMessageKey = keyof typeof zhErrors;
export type ErrorKey = ServerMessageKey | AccountRuleKey;
export type MessageParams = Readonly<Record<string, string | number>>;

function catalog(language: Language, own: Record<string, string>): ReadonlyMap<string, string> {
  const entries = new Map<string, string>();
  for (const [key, texts] of Object.entries(ACCOUNT_MESSAGES)) entries.set(key, texts[language]);
  for (const [key, text] of Object.entries(own)) entries.set(key, text);
  return entries;
}

const CATALOGS: Record<Language, ReadonlyMap<string, string>> = {
  'zh-CN': catalog('zh-CN', zhErrors),
  'en-US': catalog('en-US', enErrors satisfies Record<ServerMessageKey, string>),
};

export function isErrorKey(key: string): key is ErrorKey {
  return CATALOGS['zh-CN'].has(key);
}

/** The text of `key` with `{name}` placeholders filled; an unknown key comes back as itself. */
export function translate(language: Language, key: string, params: MessageParams = {}): string {
  const text = CATALOGS[language].get(key) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
