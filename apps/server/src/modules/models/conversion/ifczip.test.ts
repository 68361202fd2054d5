import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { ConversionFailure, extractIfcZip, isZip, sniffIfc } from './index';
import { Scanner } from './scan';

const SAMPLE = join(import.meta.dirname, '../../../../../../samples/ifc/IfcOpenHouse_IFC4.ifc');
const folder = mkdtempSync(join(tmpdir(), 'lintel-ifczip-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
function writeZip(entries: Record<string, Uint8Array>, level: 0 | 6 = 6): string {
  const path = join(folder, `upload-${++files}.ifczip`);
  writeFileSync(path, zipSync(entries, { level }));
  return path;
}

async function failure(promise: Promise<unknown>): Promise<ConversionFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConversionFailure) return error;
    throw error;
  }
  throw new Error('expected a ConversionFailure');
}

describe('sniffIfc and isZip', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('knows an IFC by its first line and reads the schema of its header', () => {
    expect(sniffIfc(readFileSync(SAMPLE))).toEqual({ ifc: true, schema: 'IFC4' });
    expect(sniffIfc(bytes("ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('IFC2X3'));"))).toEqual({
      ifc: true,
      schema: 'IFC2X3',
    });
    expect(sniffIfc(bytes("\uFEFF \r\n ISO-10303-21;\nHEADER;\nFILE_SCHEMA (( 'ifc4x3_add2' ));"))).toEqual({
      ifc: true,
      schema: 'IFC4X3_ADD2',
    });
    // A head cut before FILE_SCHEMA: an IFC, schema unknown.
    expect(sniffIfc(bytes('ISO-10303-21;\nHEADER;\n'))).toEqual({ ifc: true, schema: null });
  });

  it('refuses anything else', () => {
    expect(sniffIfc(bytes('hello, this is a text file'))).toEqual({ ifc: false });
    expect(sniffIfc(bytes('<?xml version="1.0"?><ifcXML/>'))).toEqual({ ifc: false });
    expect(sniffIfc(bytes(''))).toEqual({ ifc: false });
    expect(sniffIfc(bytes('HEADER; ISO-10303-21;'))).toEqual({ ifc: false });
  });

  it('knows a zip by its signature', () => {
    expect(isZip(zipSync({ 'a.ifc': strToU8('x') }))).toBe(true);
    expect(isZip(zipSync({}))).toBe(true);
    expect(isZip(readFileSync(SAMPLE))).toBe(false);
    expect(isZip(new Uint8Array([0x50, 0x4b]))).toBe(false);
  });
});

describe('Scanner (the pass before web-ifc)', () => {
  const scan = (...chunks: string[]) => {
    const scanner = new Scanner();
    for (const chunk of chunks) scanner.feed(new TextEncoder().encode(chunk));
    return scanner.result();
  };

  it('finds IFCPROJECT outside strings and comments, also across chunks', () => {
    expect(scan("#1=IFCPROJECT('x',$);")).toEqual({ project: true, unclosed: null });
    expect(scan('#1=IFCPRO', "JECT('x',$);")).toEqual({ project: true, unclosed: null });
    expect(scan("#1=IFCWALL('IFCPROJECT(');")).toEqual({ project: false, unclosed: null });
    expect(scan('/* IFCPROJECT( */ #1=IFCWALL($);')).toEqual({ project: false, unclosed: null });
  });

  it('follows escaped quotes and says where an unclosed string or comment began', () => {
    expect(scan("#1=IFCWALL('it''s fine');\n#2=IFCWALL('x');")).toEqual({ project: false, unclosed: null });
    expect(scan("#1=IFCWALL('it'", "'s fine');")).toEqual({ project: false, unclosed: null });
    expect(scan("line 1\n#2=IFCWALL('never closed);\nENDSEC;\n").unclosed).toBe(
      'a string opened on line 2 is never closed',
    );
    expect(scan("line 1\nline 2\n#3=IFCWALL('a''\nb''\n);").unclosed).toBe(
      'a string opened on line 3 is never closed',
    );
    expect(scan('/* a comment\nthat goes on').unclosed).toBe('a comment opened on line 1 is never closed');
  });
});

describe('extractIfcZip', () => {
  const ifc = readFileSync(SAMPLE);

  it('writes the single .ifc inside (deflated or stored) and answers its size', async () => {
    for (const level of [6, 0] as const) {
      const zip = writeZip({ 'models/house.ifc': ifc, 'readme.txt': strToU8('notes') }, level);
      const out = join(folder, `house-${level}.ifc`);
      expect(await extractIfcZip(zip, out, 10 * 1024 * 1024)).toEqual({ size: ifc.length });
      expect(readFileSync(out).equals(ifc)).toBe(true);
    }
  });

  it("ignores macOS's resource forks beside the model", async () => {
    const zip = writeZip({
      'house.IFC': ifc,
      '__MACOSX/._house.IFC': strToU8('fork'),
      'x/._b.ifc': strToU8('f'),
    });
    const out = join(folder, 'mac.ifc');
    expect(await extractIfcZip(zip, out, 10 * 1024 * 1024)).toEqual({ size: ifc.length });
  });

  it('refuses a zip with two .ifc files, or none, and leaves no output', async () => {
    const two = writeZip({ 'a.ifc': ifc, 'b/b.ifc': ifc });
    const out = join(folder, 'two.ifc');
    const error = await failure(extractIfcZip(two, out, 10 * 1024 * 1024));
    expect(error.key).toBe('models.conversion.malformed');
    expect(error.detail).toBe('the zip holds more than one .ifc file');
    expect(existsSync(out)).toBe(false);

    const none = writeZip({ 'house.ifcxml': strToU8('<ifcXML/>'), 'readme.txt': strToU8('hello') });
    const nothing = await failure(extractIfcZip(none, join(folder, 'none.ifc'), 10 * 1024 * 1024));
    expect(nothing.detail).toBe('the zip holds no .ifc file');
  });

  it('refuses a zip bomb: an .ifc inflating beyond the limit', async () => {
    // 64 MiB of one character deflates to some 64 KiB.
    const bomb = writeZip({ 'bomb.ifc': new Uint8Array(64 * 1024 * 1024).fill(0x41) });
    const out = join(folder, 'bomb.ifc');
    const error = await failure(extractIfcZip(bomb, out, 1024 * 1024));
    expect(error.key).toBe('models.conversion.malformed');
    expect(error.detail).toBe('the .ifc inside the zip is larger than 1048576 bytes');
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a damaged or cut-off zip', async () => {
    const whole = zipSync({ 'house.ifc': ifc });
    const cut = join(folder, 'cut.ifczip');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const error = await failure(extractIfcZip(cut, join(folder, 'cut.ifc'), 10 * 1024 * 1024));
    expect(error.key).toBe('models.conversion.malformed');

    const garbage = join(folder, 'garbage.ifczip');
    const bytes = Uint8Array.from(whole);
    bytes.fill(0x7f, 60, 400);
    writeFileSync(garbage, bytes);
    expect((await failure(extractIfcZip(garbage, join(folder, 'garbage.ifc'), 10 * 1024 * 1024))).key).toBe(
      'models.conversion.malformed',
    );
  });
});
