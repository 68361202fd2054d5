import { describe, expect, it } from 'vitest';
import { parseElementParam, parseModelsParam, withElement, withModels } from './viewerSearch';

const A = '66d000000000000000000a01';
const B = '66d000000000000000000a02';
const GID = '2O2Fr$t4X7Zf8NOew3FLOH';

describe('viewer URL', () => {
  it('reads the element as <modelId>:<globalId>, GlobalIds with $ and _ included', () => {
    expect(parseElementParam(`${A}:${GID}`)).toEqual({ modelId: A, globalId: GID });
    expect(parseElementParam(`${A}:3cUkl32yn9qRSPvBJVyW_a`)).toEqual({
      modelId: A,
      globalId: '3cUkl32yn9qRSPvBJVyW_a',
    });
  });

  it('ignores a malformed element', () => {
    for (const value of [
      null,
      '',
      A,
      `${A}:`,
      `:${GID}`,
      `${A}:a:b`,
      `bad id:${GID}`,
      `${A}:${'x'.repeat(65)}`,
    ])
      expect(parseElementParam(value)).toBeNull();
  });

  it('opens the listed models once each, in order, adding the element’s model', () => {
    expect(parseModelsParam(new URLSearchParams(`models=${B},${A},${B}`))).toEqual([B, A]);
    expect(parseModelsParam(new URLSearchParams(`element=${A}:${GID}`))).toEqual([A]);
    expect(parseModelsParam(new URLSearchParams(`models=${B}&element=${A}:${GID}`))).toEqual([B, A]);
    expect(parseModelsParam(new URLSearchParams('models=,%20,<script>'))).toEqual([]);
  });

  it('keeps at most FEDERATION_MODELS_MAX models', () => {
    const many = Array.from({ length: 25 }, (_, i) => `m${i}`).join(',');
    expect(parseModelsParam(new URLSearchParams(`models=${many}`))).toHaveLength(20);
  });

  it('changes the models, dropping an element of a model no longer open, keeping other parameters', () => {
    const search = new URLSearchParams(`models=${A},${B}&element=${A}:${GID}&viewport=v1`);
    const next = withModels(search, [B]);
    expect(next.get('models')).toBe(B);
    expect(next.get('element')).toBeNull();
    expect(next.get('viewport')).toBe('v1');
    expect(withModels(search, []).has('models')).toBe(false);
    expect(withModels(search, [A]).get('element')).toBe(`${A}:${GID}`);
  });

  it('writes or clears the selected element', () => {
    const search = new URLSearchParams(`models=${A}`);
    expect(withElement(search, { modelId: A, globalId: GID }).get('element')).toBe(`${A}:${GID}`);
    expect(withElement(new URLSearchParams(`models=${A}&element=${A}:${GID}`), null).has('element')).toBe(
      false,
    );
    // The original is left alone.
    expect(search.has('element')).toBe(false);
  });
});
