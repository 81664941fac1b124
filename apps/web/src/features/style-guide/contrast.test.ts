import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../../app/theme/theme';
import { AA_NORMAL, composite, contrastRatio, formatRatio, parseColor, relativeLuminance } from './contrast';

describe('contrast', () => {
  it('reads the colour notations the theme uses', () => {
    expect(parseColor('#8C57FF')).toEqual({ r: 140, g: 87, b: 255, a: 1 });
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('rgb(46 38 61 / 0.9)')).toEqual({ r: 46, g: 38, b: 61, a: 0.9 });
    expect(parseColor('rgba(46, 38, 61, 0.7)')).toEqual({ r: 46, g: 38, b: 61, a: 0.7 });
    expect(parseColor('rgb(10, 20, 30)')).toEqual({ r: 10, g: 20, b: 30, a: 1 });
    expect(() => parseColor('purple')).toThrow(/Not a colour/);
  });

  it('gives the WCAG figures for known pairs', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
    // Either order: the lighter colour is always on top of the formula.
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA.
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeLessThan(AA_NORMAL);
    expect(relativeLuminance(parseColor('#FFFFFF'))).toBeCloseTo(1, 5);
  });

  it('lays a translucent colour over what is behind it', () => {
    // Black at 50 % over white is mid grey (127.5), not black.
    expect(composite(parseColor('rgb(0 0 0 / 0.5)'), parseColor('#FFFFFF')).r).toBeCloseTo(127.5, 5);
    expect(contrastRatio('rgb(0 0 0 / 0.5)', '#FFFFFF')).toBeCloseTo(contrastRatio('#808080', '#FFFFFF'), 1);
    // A 16 % tint laid over the paper, then the text on that.
    const tinted = contrastRatio('#000000', 'rgb(255 0 0 / 0.16)', '#FFFFFF');
    expect(tinted).toBeLessThan(21);
    expect(tinted).toBeGreaterThan(15);
    expect(() => contrastRatio('#000000', 'rgb(0 0 0 / 0.5)')).toThrow(/opaque/);
  });

  it('rounds the shown ratio down, so a pass is never shown for a fail', () => {
    expect(formatRatio(4.499)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });

  it('finds the palette of both modes at AA, as app/theme/tokens.ts promises', () => {
    for (const mode of ['light', 'dark'] as const) {
      const { palette } = createAppTheme(mode);
      const paper = palette.background.paper;
      expect(contrastRatio(palette.text.primary, paper)).toBeGreaterThanOrEqual(AA_NORMAL);
      expect(contrastRatio(palette.text.secondary, paper)).toBeGreaterThanOrEqual(AA_NORMAL);
      for (const color of ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const) {
        expect(contrastRatio(palette[color].main, paper), `${mode} ${color} on paper`).toBeGreaterThanOrEqual(
          AA_NORMAL,
        );
        expect(
          contrastRatio(palette[color].contrastText, palette[color].main),
          `${mode} text on ${color}`,
        ).toBeGreaterThanOrEqual(AA_NORMAL);
      }
    }
  });
});
