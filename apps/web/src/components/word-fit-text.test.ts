import { describe, expect, it } from 'vitest';
import { fittingFontPx } from './word-fit-text';

describe('fittingFontPx', () => {
  it('keeps the natural size when the longest word fits (half a pixel of rounding allowed)', () => {
    expect(fittingFontPx(150, 150, 20)).toBe(20);
    expect(fittingFontPx(150.4, 150, 20)).toBe(20);
  });

  it('takes the largest whole pixel size at which the longest word fits', () => {
    // 200 px at 20 px → 10 px per font pixel; a 150 px box takes 15 px.
    expect(fittingFontPx(200, 150, 20)).toBe(15);
    // 151 px box: 15.1 px would fit, a whole 15 is taken (never one that overflows).
    expect(fittingFontPx(200, 151, 20)).toBe(15);
  });

  it('never goes under 12 px: from there the word may break instead', () => {
    expect(fittingFontPx(400, 100, 20)).toBe(12);
  });
});
