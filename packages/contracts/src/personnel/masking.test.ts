import { describe, expect, it } from 'vitest';
import { clauseBlocks, fillClause } from '../account/clauses';
import { ageWarning, maskedSearchMatches, maskIdNumber, maskPhone, maskSensitive } from './masking';

describe('masking (issue 17, PIPL)', () => {
  it('keeps the first and last four characters of an ID number and 3 + 4 digits of a phone', () => {
    expect(maskIdNumber('610102199001011581')).toBe('6101**********1581');
    expect(maskIdNumber('11010119900101001X')).toBe('1101**********001X');
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('12345')).toBe('*2345');
    expect(maskPhone('123')).toBe('***');
    // Masking a masked value changes nothing.
    const masked = maskSensitive({ idNumber: '610102199001011581', phone: '13800000001', teamPhone: '' });
    expect(maskSensitive(masked)).toEqual(masked);
  });

  it('lets a masked search find the whole value or its last four characters, never the hidden middle', () => {
    const id = '610102199001011581';
    expect(maskedSearchMatches(id, id)).toBe(true);
    expect(maskedSearchMatches(id, '1581')).toBe(true);
    expect(maskedSearchMatches('11010119900101001X', '001x')).toBe(true);
    expect(maskedSearchMatches(id, '011581')).toBe(false);
    expect(maskedSearchMatches(id, '19900101')).toBe(false);
    expect(maskedSearchMatches('13812345678', '1234567')).toBe(false);
    expect(maskedSearchMatches('', '')).toBe(false);
  });

  it('warns under 18 and over 60, not between', () => {
    expect([17, 18, 60, 61].map(ageWarning)).toEqual(['minor', null, null, 'senior']);
  });
});

describe('clause texts', () => {
  it('fills the operator and product, and reads headings and paragraphs', () => {
    const text = fillClause('## {{product}} 协议\n\n运营方：{{operator}}\n第二行\n\n\n## 二\n段落', {
      operator: '筑联科技',
      product: '筑联',
    });
    expect(clauseBlocks(text)).toEqual([
      { kind: 'heading', text: '筑联 协议' },
      { kind: 'paragraph', text: '运营方：筑联科技\n第二行' },
      { kind: 'heading', text: '二' },
      { kind: 'paragraph', text: '段落' },
    ]);
  });
});
