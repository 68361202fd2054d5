import { afterEach, describe, expect, it, vi } from 'vitest';
import { BundledDataFactory, PDF_ASSETS } from './pdfAssets';

describe('pdf.js data files bundled with the app', () => {
  it('finds the CMaps of Chinese fonts, the standard fonts and the image decoders in pdfjs-dist', () => {
    const cMaps = PDF_ASSETS.cMapUrl!;
    expect(cMaps.size).toBeGreaterThan(150);
    for (const name of [
      'UniGB-UCS2-H.bcmap',
      'GBK-EUC-H.bcmap',
      'Adobe-GB1-UCS2.bcmap',
      'UniCNS-UTF16-H.bcmap',
    ]) {
      expect(cMaps.has(name), name).toBe(true);
    }
    expect(PDF_ASSETS.standardFontDataUrl!.has('FoxitSymbol.pfb')).toBe(true);
    expect(PDF_ASSETS.standardFontDataUrl!.has('FoxitDingbats.pfb')).toBe(true);
    expect([...PDF_ASSETS.wasmUrl!.keys()].sort()).toEqual(['jbig2.wasm', 'openjpeg.wasm', 'qcms_bg.wasm']);
  });

  describe('BundledDataFactory', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('fetches a file by the kind and name pdf.js asks for, from its bundled URL', async () => {
      const fetch = vi.fn(async () => new Response(new Uint8Array([1, 2, 3])));
      vi.stubGlobal('fetch', fetch);
      const bytes = await new BundledDataFactory().fetch({ kind: 'cMapUrl', filename: 'UniGB-UCS2-H.bcmap' });
      expect([...bytes]).toEqual([1, 2, 3]);
      expect(fetch).toHaveBeenCalledWith(PDF_ASSETS.cMapUrl!.get('UniGB-UCS2-H.bcmap'));
    });

    it('refuses what is not bundled, and a failed fetch', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('', { status: 404 })),
      );
      const factory = new BundledDataFactory();
      await expect(factory.fetch({ kind: 'cMapUrl', filename: 'Nope.bcmap' })).rejects.toThrow(/not bundled/);
      await expect(factory.fetch({ kind: 'wasmUrl', filename: 'openjpeg.wasm' })).rejects.toThrow(/HTTP 404/);
    });
  });
});
