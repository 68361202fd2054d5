import { describe, expect, it } from 'vitest';
import { GIF, HTML, makeJpeg, makePng, SVG, WEBP } from '../../../test/images';
import { formatBytes, inlineDisposition, parseRange, sanitizeFilename } from './http';
import { sniffImageType } from './image-type';

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

describe('inlineDisposition', () => {
  it('percent-encodes the UTF-8 name (RFC 8187), quotes and parentheses included', () => {
    expect(inlineDisposition('头像 (1).png')).toBe(
      "inline; filename*=UTF-8''%E5%A4%B4%E5%83%8F%20%281%29.png",
    );
    expect(inlineDisposition('a";b\r\n.png')).toBe("inline; filename*=UTF-8''a%22%3Bb%0D%0A.png");
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

describe('sniffImageType', () => {
  it('recognises the four image formats by their first bytes', () => {
    expect(sniffImageType(makeJpeg())).toBe('image/jpeg');
    expect(sniffImageType(makePng())).toBe('image/png');
    expect(sniffImageType(GIF)).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF87a......'))).toBe('image/gif');
    expect(sniffImageType(WEBP)).toBe('image/webp');
  });

  it('refuses everything else, whatever it is called', () => {
    for (const bytes of [
      HTML,
      SVG,
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
      Buffer.from('RIFF\0\0\0\0WAVEfmt '),
      Buffer.from('%PDF-1.7'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    ]) {
      expect(sniffImageType(bytes)).toBeNull();
    }
  });
});
