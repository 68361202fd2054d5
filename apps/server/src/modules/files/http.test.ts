import { describe, expect, it } from 'vitest';
import { contentDisposition, formatBytes, parseRange, sanitizeFilename } from './http';

describe('parseRange', () => {
  it('reads one byte range within the size', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-1000', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'partial', range: { start: 50, end: 99 } });
    expect(parseRange('bytes = 1 - 2', 100)).toEqual({ kind: 'partial', range: { start: 1, end: 2 } });
  });

  it('refuses ranges that start past the end (416)', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it does not serve: no header, other units, several ranges, nonsense', () => {
    for (const header of [
      undefined,
      'items=0-1',
      'bytes=0-1,5-6',
      'bytes=9-3',
      'bytes=-',
      'bytes=a-b',
      'x',
    ]) {
      expect(parseRange(header, 100), String(header)).toEqual({ kind: 'full' });
    }
  });
});

describe('contentDisposition', () => {
  it('percent-encodes the UTF-8 name (RFC 8187), quotes and parentheses included', () => {
    expect(contentDisposition('inline', '头像 (1).png')).toBe(
      "inline; filename*=UTF-8''%E5%A4%B4%E5%83%8F%20%281%29.png",
    );
    expect(contentDisposition('inline', 'a";b\r\n.png')).toBe("inline; filename*=UTF-8''a%22%3Bb%0D%0A.png");
    expect(contentDisposition('attachment', "施工图 it's.dwg")).toBe(
      "attachment; filename*=UTF-8''%E6%96%BD%E5%B7%A5%E5%9B%BE%20it%27s.dwg",
    );
  });

  it('puts an ASCII name first for clients that know only filename= (RFC 6266 §4.3)', () => {
    expect(contentDisposition('attachment', '问题-2026-11-21.xlsx', 'problems-2026-11-21.xlsx')).toBe(
      'attachment; filename="problems-2026-11-21.xlsx"; filename*=UTF-8\'\'%E9%97%AE%E9%A2%98-2026-11-21.xlsx',
    );
  });
});

describe('sanitizeFilename', () => {
  it('keeps the last path segment only, without controls, bidi overrides or leading dots', () => {
    expect(sanitizeFilename('../../etc/passwd.png')).toBe('passwd.png');
    expect(sanitizeFilename('C:\\Users\\me\\photo.jpg')).toBe('photo.jpg');
    expect(sanitizeFilename('evil\u202egnp.exe')).toBe('evilgnp.exe');
    expect(sanitizeFilename('a\u0000b\nc.png')).toBe('abc.png');
    expect(sanitizeFilename('...hidden.png')).toBe('hidden.png');
    expect(sanitizeFilename('工地照片.jpeg')).toBe('工地照片.jpeg');
    expect(sanitizeFilename('')).toBe('file');
    expect(sanitizeFilename(undefined)).toBe('file');
    expect(sanitizeFilename('../')).toBe('file');
  });

  it('normalises to NFC and caps the length, keeping the extension', () => {
    expect(sanitizeFilename('e\u0301.png')).toBe('\u00e9.png');
    const long = sanitizeFilename(`${'x'.repeat(300)}.png`);
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('.png')).toBe(true);
  });
});

describe('formatBytes', () => {
  it('reads like a person would write it', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MiB');
    expect(formatBytes(64 * 1024)).toBe('64 KiB');
    expect(formatBytes(1500)).toBe('1500 bytes');
  });
});
