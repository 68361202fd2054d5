import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LANGUAGES } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function byLanguage(): Record<string, Record<string, Tree>> {
  const result: Record<string, Record<string, Tree>> = {};
  for (const [path, content] of Object.entries(files)) {
    const [, language, namespace] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
    result[language!] ??= {};
    result[language!]![namespace!] = content;
  }
  return result;
}

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const locales = byLanguage();
const namespaces = [...new Set(Object.values(locales).flatMap((ns) => Object.keys(ns)))].sort();

describe('locales', () => {
  it('exist for exactly the two languages, each with every namespace', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) expect(Object.keys(locales[language]!).sort()).toEqual(namespaces);
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'layout', 'login', 'home', 'download']));
  });

  for (const namespace of namespaces) {
    it(`${namespace}: both languages have exactly the same keys, none empty, same placeholders`, () => {
      const zh = flatten(locales['zh-CN']![namespace]!);
      const en = flatten(locales['en-US']![namespace]!);
      // English singulars (`key_one`, i18next's plural suffix) sit beside a key both languages have;
      // Chinese has no plural forms, so `key` serves every count there.
      const singulars = Object.keys(en).filter((key) => key.endsWith('_one'));
      for (const key of singulars) expect(zh[key.slice(0, -4)], `en-US ${namespace}:${key}`).toBeDefined();
      expect(
        Object.keys(en)
          .filter((key) => !key.endsWith('_one'))
          .sort(),
      ).toEqual(Object.keys(zh).sort());
      for (const [key, text] of Object.entries(zh)) {
        expect(text.trim(), `zh-CN ${namespace}:${key}`).not.toBe('');
        expect(en[key]!.trim(), `en-US ${namespace}:${key}`).not.toBe('');
        expect(placeholders(en[key]!), `${namespace}:${key}`).toEqual(placeholders(text));
      }
    });
  }

  it('English counts read as English: "{{count}} <noun>s" has a singular (no "1 models"), no full-width punctuation', () => {
    const wrong: string[] = [];
    for (const namespace of namespaces) {
      const en = flatten(locales['en-US']![namespace]!);
      for (const [key, text] of Object.entries(en)) {
        if (/[：，。（）；！？]/.test(text)) wrong.push(`${namespace}:${key}: full-width punctuation`);
        if (
          !key.endsWith('_one') &&
          /\{\{count\}\} (?:[a-z]+ )?[a-z]+s\b/.test(text) &&
          en[`${key}_one`] === undefined
        )
          wrong.push(`${namespace}:${key}: "${text}" has no ${key}_one`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('contain every key the source code asks for', () => {
    const srcDir = join(import.meta.dirname, '..');
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) sources.push(path);
      }
    };
    walk(srcDir);
    const missing: string[] = [];
    let checked = 0;
    for (const path of sources) {
      const code = readFileSync(path, 'utf8');
      // Literal keys always carry their namespace: t('ns:key').
      for (const match of code.matchAll(/\bt\(\s*'([a-zA-Z]+):([\w.-]+)'/g)) {
        checked += 1;
        const [, namespace, key] = match;
        for (const language of LANGUAGES) {
          const tree = locales[language]?.[namespace!];
          if (!tree || flatten(tree)[key!] === undefined)
            missing.push(`${relative(srcDir, path)}: ${language} ${namespace}:${key}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });
});
