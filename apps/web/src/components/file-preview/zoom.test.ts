import { describe, expect, it } from 'vitest';
import { imageFitScale } from './ImageViewer';
import { pageFitScale } from './PdfViewer';
import { lowerLimit, MAX_SCALE, MIN_SCALE, stepIn, stepOut } from './zoom';

describe('zoom steps', () => {
  it('steps by ×1.25 up to 500 % and refuses past it', () => {
    expect(stepIn(1)).toBe(1.25);
    expect(stepIn(4.5)).toBe(MAX_SCALE);
    expect(stepIn(MAX_SCALE)).toBeNull();
  });

  it('steps out down to 25 %, landing on it exactly, and refuses past it', () => {
    expect(stepOut(1.25, 1)).toBe(1);
    expect(stepOut(0.3, 1)).toBe(MIN_SCALE);
    expect(stepOut(MIN_SCALE, 1)).toBeNull();
    // Rounding from repeated steps still counts as the limit.
    expect(stepOut(0.2500001, 1)).toBeNull();
  });

  it('lets a page larger than 25 % of the stage zoom out to where it fits', () => {
    expect(lowerLimit(1.4)).toBe(MIN_SCALE);
    expect(lowerLimit(0.1)).toBe(0.1);
    expect(stepOut(0.12, 0.1)).toBe(0.1);
    expect(stepOut(0.1, 0.1)).toBeNull();
  });
});

describe('fitting scales', () => {
  it('fits an image into the stage (with its padding), never enlarging it', () => {
    expect(imageFitScale({ width: 400, height: 300 }, { width: 1032, height: 832 })).toBe(1);
    expect(imageFitScale({ width: 4000, height: 1000 }, { width: 1032, height: 832 })).toBe(0.25);
    expect(imageFitScale({ width: 1000, height: 4000 }, { width: 1032, height: 832 })).toBe(0.2);
    expect(imageFitScale(null, { width: 1032, height: 832 })).toBe(1);
    expect(imageFitScale({ width: 400, height: 300 }, { width: 0, height: 0 })).toBe(1);
  });

  it('fits a PDF page to the stage width', () => {
    const page = { width: 500, height: 700, render: () => ({ promise: Promise.resolve(), cancel() {} }) };
    expect(pageFitScale(page, 1032)).toBe(2);
    expect(pageFitScale(page, 282)).toBe(0.5);
    expect(pageFitScale(null, 1032)).toBe(1);
    expect(pageFitScale(page, 0)).toBe(1);
  });
});
