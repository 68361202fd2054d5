import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('prefers the RFC 8187 name, then the plain one', () => {
    expect(fileNameOf(`attachment; filename="x.xlsx"; filename*=UTF-8''%E4%BA%BA%E5%91%98.xlsx`)).toBe(
      '人员.xlsx',
    );
    expect(fileNameOf('attachment; filename="topics.xlsx"')).toBe('topics.xlsx');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
  });

  it('answers null without a usable name', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });
});
