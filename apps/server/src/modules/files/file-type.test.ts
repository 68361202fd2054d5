import { describe, expect, it } from 'vitest';
import { GIF, HTML, makeJpeg, makePng, SVG, WEBP } from '../../../test/images';
import { fileExtension, isRefusedName } from './file-names';
import { SNIFF_BYTES, sniffFileType, sniffPicture } from './file-type';
import {
  DWG,
  ELF,
  EXE,
  IFC,
  MP3,
  MP3_FRAMES,
  MP4,
  makeOdt,
  makeOle2,
  makeOoxml,
  makeZip,
  OGG_VIDEO,
  PDF,
  SHELL_SCRIPT,
  TEXT,
  WEBM,
} from './test-files';

/**
 * The type an upload gets, as the service decides it: the first bytes, then the whole body through the
 * check in chunks of `chunkSize` (multipart hands over chunks of any size). null: refused.
 */
function detect(bytes: Buffer, chunkSize = 64 * 1024): string | null {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const sniffed = sniffFileType(head, bytes.length <= SNIFF_BYTES);
  if (!sniffed) return null;
  if (!sniffed.check) return sniffed.type.mime;
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    if (!sniffed.check.update(bytes.subarray(offset, offset + chunkSize))) return null;
  }
  return sniffed.check.finish()?.mime ?? null;
}

describe('sniffPicture', () => {
  it('recognises the four picture formats by their first bytes', () => {
    expect(sniffPicture(makeJpeg())?.mime).toBe('image/jpeg');
    expect(sniffPicture(makePng())?.mime).toBe('image/png');
    expect(sniffPicture(GIF)?.mime).toBe('image/gif');
    expect(sniffPicture(Buffer.from('GIF87a......'))?.mime).toBe('image/gif');
    expect(sniffPicture(WEBP)?.mime).toBe('image/webp');
  });

  it('refuses everything else, documents included', () => {
    for (const bytes of [
      HTML,
      SVG,
      PDF,
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
      Buffer.from('RIFF\0\0\0\0WAVEfmt '),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    ]) {
      expect(sniffPicture(bytes)).toBeNull();
    }
  });
});

describe('sniffFileType: accepted kinds', () => {
  it.each([
    ['PNG', makePng(), 'image/png'],
    ['JPEG', makeJpeg(), 'image/jpeg'],
    ['PDF', PDF, 'application/pdf'],
    ['MP4', MP4, 'video/mp4'],
    ['WebM', WEBM, 'video/webm'],
    ['Ogg video', OGG_VIDEO, 'video/ogg'],
    ['MP3', MP3, 'audio/mpeg'],
    ['MP3 without a tag', MP3_FRAMES, 'audio/mpeg'],
    ['DWG', DWG, 'image/vnd.dwg'],
    ['IFC', IFC, 'application/x-step'],
    ['UTF-8 text', TEXT, 'text/plain; charset=utf-8'],
    ['text with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), TEXT]), 'text/plain; charset=utf-8'],
    ['CSV', Buffer.from('编号,名称,数量\n1,钢筋,20\n'), 'text/plain; charset=utf-8'],
    ['Word (OLE2)', makeOle2(['WordDocument', '1Table', '\x05SummaryInformation']), 'application/msword'],
    ['Excel (OLE2)', makeOle2(['Workbook']), 'application/vnd.ms-excel'],
    ['Excel 5 (OLE2)', makeOle2(['Book']), 'application/vnd.ms-excel'],
    ['PowerPoint (OLE2)', makeOle2(['Current User', 'PowerPoint Document']), 'application/vnd.ms-powerpoint'],
    ['docx', makeOoxml('docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', makeOoxml('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pptx', makeOoxml('pptx'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['xlsm', makeOoxml('xlsm'), 'application/vnd.ms-excel.sheet.macroEnabled.12'],
    ['odt', makeOdt(), 'application/vnd.oasis.opendocument.text'],
    ['zip', makeZip([{ name: 'a.txt', data: 'hello' }]), 'application/zip'],
    ['empty zip', makeZip([]), 'application/zip'],
    ['7z', Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]), 'application/x-7z-compressed'],
  ])('%s', (_name, bytes, mime) => {
    expect(detect(bytes)).toBe(mime);
  });

  it('finds [Content_Types].xml anywhere: last, far from the head, after streamed entries', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(detect(makeOoxml('xlsx', { contentTypesLast: true, padding: 200_000 }))).toBe(xlsx);
    expect(detect(makeOoxml('xlsx', { contentTypesLast: true, streamed: true, padding: 50_000 }))).toBe(xlsx);
    expect(detect(makeOoxml('docx', { streamed: true }))).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('decides the same whatever the chunks: one byte at a time, or 7 at a time', () => {
    const docx = makeOoxml('docx', { contentTypesLast: true, padding: 5000 });
    expect(detect(docx, 1)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(detect(makeOle2(['WordDocument'], 3), 7)).toBe('application/msword');
    expect(detect(TEXT, 1)).toBe('text/plain; charset=utf-8');
    expect(detect(IFC, 3)).toBe('application/x-step');
  });

  it('reads an OLE2 directory that lies far past the first bytes', () => {
    expect(detect(makeOle2(['Workbook'], 40))).toBe('application/vnd.ms-excel');
  });
});

describe('sniffFileType: refused kinds', () => {
  it.each([
    ['HTML', HTML],
    ['HTML after blank lines', Buffer.from('\n\n   <html><body>hi</body></html>')],
    ['HTML fragment with a script after text', Buffer.from('hello\n<script>alert(1)</script>')],
    ['SVG', SVG],
    ['XML', Buffer.from('<?xml version="1.0"?><a/>')],
    ['PHP', Buffer.from('<?php system($_GET["c"]); ?>')],
    ['a shell script', SHELL_SCRIPT],
    ['a batch file', Buffer.from('@echo off\r\ndel /q C:\\*\r\n')],
    ['a VBScript', Buffer.from('Set shell = CreateObject("WScript.Shell")\nshell.Run "calc"\n')],
    ['a Windows executable', EXE],
    ['an ELF executable', ELF],
    [
      'an installer (OLE2 without Office streams)',
      makeOle2(['\u4840\u3b3f\u4577\u446c']) /* MSI-style names */,
    ],
    ['an empty file', Buffer.alloc(0)],
    ['GBK text (not UTF-8)', Buffer.from([0xb9, 0xa4, 0xb5, 0xd8, 0xc8, 0xd5, 0xd6, 0xbe, 0x0a])],
    ['UTF-16 text', Buffer.from('\ufeffhello', 'utf16le')],
    ['unknown binary', Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff, 0x10, 0x20])],
  ])('%s', (_name, bytes) => {
    expect(detect(bytes)).toBeNull();
  });

  it('refuses text that turns invalid (or gets a NUL) past the first bytes', () => {
    const long = Buffer.from('一二三四五六七八九十\n'.repeat(1000));
    expect(detect(long)).toBe('text/plain; charset=utf-8');
    expect(detect(Buffer.concat([long, Buffer.from([0xff, 0xfe]), long]))).toBeNull();
    expect(detect(Buffer.concat([long, Buffer.from([0]), long]))).toBeNull();
    // Cut in the middle of a character at the very end.
    expect(detect(Buffer.concat([long, Buffer.from('中').subarray(0, 2)]))).toBeNull();
  });
});

describe('file names', () => {
  it('refuses names a system would run or a browser render, however disguised', () => {
    for (const name of [
      'report.html',
      'logo.SVG',
      'setup.exe',
      'invoice.pdf.exe',
      'run.bat',
      'x.js',
      'a.ps1',
      'b.sh',
      'c.hta',
      'd.lnk',
      'tool.jar',
      'trailing.exe.',
      'spaces.exe  ',
    ]) {
      expect(isRefusedName(name), name).toBe(true);
    }
  });

  it('accepts document names, and names without an extension', () => {
    for (const name of [
      '施工图.dwg',
      'model.ifc',
      'report.pdf',
      'notes.txt',
      'README',
      'a.tar.gz',
      'x.exe.pdf',
    ]) {
      expect(isRefusedName(name), name).toBe(false);
    }
    expect(fileExtension('Photo.JPG')).toBe('jpg');
    expect(fileExtension('noext')).toBe('');
  });
});
