import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WHERE_ERROR_KEYS } from '@lintel/contracts';
import { ACCOUNT_MESSAGES } from '@lintel/contracts/account';
import { AUDIT_ACTIONS } from '@lintel/contracts/system';
import { describe, expect, it } from 'vitest';
import en from '../locales/en-US/errors.json';
import zh from '../locales/zh-CN/errors.json';
import { isErrorKey, translate } from './messages';

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // Migrations name columns (`files.id`), not messages.
    if (name === 'migrations') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();
}

describe('error messages', () => {
  it('zh-CN and en-US have exactly the same keys, each with the same placeholders', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [key, text] of Object.entries(zh)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(en[key as keyof typeof en]), key).toEqual(placeholders(text));
    }
  });

  // AppError's key is typed from errors.json, so the compiler already refuses an unknown key; this scan
  // catches keys passed through untyped strings. Prefixes that are also table names (notifications,
  // announcements) are left out: Kysely column references would look like keys.
  it('has a text for every key the code uses', () => {
    const keyLiteral =
      /['"`]((?:common|account|validation|project|viewport|files|identity|org|permissions)\.[A-Za-z]+)['"`]/g;
    const used = new Set<string>();
    for (const file of sourceFiles(sourceRoot)) {
      for (const match of readFileSync(file, 'utf8').matchAll(keyLiteral)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(20);
    // Audit actions ('project.deleted', …) look like keys but name what the audit log records.
    const actions: ReadonlySet<string> = new Set(AUDIT_ACTIONS);
    const missing = [...used].filter(
      (key) => !isErrorKey(key) && key !== 'system.profile' && !actions.has(key),
    );
    expect(missing).toEqual([]);
  });

  it('covers every where error and every account rule of the contracts', () => {
    for (const key of WHERE_ERROR_KEYS) expect(Object.hasOwn(zh, key), key).toBe(true);
    for (const key of Object.keys(ACCOUNT_MESSAGES)) expect(isErrorKey(key), key).toBe(true);
  });

  it('fills placeholders and falls back to the key itself', () => {
    expect(translate('en-US', 'common.payloadTooLarge', { limit: 1024 })).toBe(
      'The request body is too large (at most 1024 bytes)',
    );
    expect(translate('zh-CN', 'common.whereUnknownField', { field: 'x' })).toBe('不支持按 x 筛选');
    expect(translate('en-US', 'account.phoneInvalid')).toBe(
      ACCOUNT_MESSAGES['account.phoneInvalid']['en-US'],
    );
    expect(translate('en-US', 'no.suchKey')).toBe('no.suchKey');
  });
});
