/**
 * WCAG 2 contrast, computed from the theme's own colour strings so that the
 * style guide's palette (`TypographyPage.tsx`) states what the theme really
 * gives, in either mode: `#RGB`/`#RRGGBB`, `rgb(46 38 61 / 0.9)` and
 * `rgba(46, 38, 61, 0.9)`. A translucent colour (the theme's text colours are
 * the text channel at 90/70 %, `app/theme/tokens.ts`) is first laid over
 * what is behind it, as the screen does.
 */

import { formatNumber } from '../../shared/format';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** WCAG AA for body text; large text (24 px, or 18.66 px bold) needs 3:1. */
export const AA_NORMAL = 4.5;

export function parseColor(color: string): Rgba {
  const text = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const channel = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: channel(0), g: channel(2), b: channel(4), a: digits.length === 8 ? channel(6) / 255 : 1 };
  }
  const fn = /^rgba?\((.*)\)$/.exec(text);
  if (fn) {
    const parts = fn[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map((part) => (part.endsWith('%') ? Number(part.slice(0, -1)) / 100 : Number(part)));
    if ((parts.length === 3 || parts.length === 4) && parts.every((n) => Number.isFinite(n))) {
      const [r, g, b, a = 1] = parts as [number, number, number, number?];
      return { r, g, b, a };
    }
  }
  throw new Error(`Not a colour the style guide reads: ${color}`);
}

/** `top` laid over an opaque `bottom` (source-over), as the screen shows it. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG 2 relative luminance of an opaque colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The contrast ratio (1 to 21) of `foreground` on `background`, each laid
 * over what is under it: `layers` lists what is under the background, top
 * first, down to an opaque surface (a tint over the paper: `['#FFFFFF']`).
 */
export function contrastRatio(foreground: string, background: string, ...layers: string[]): number {
  const stack = [background, ...layers].map(parseColor);
  if (stack.at(-1)!.a < 1) throw new Error('The background must end on an opaque colour.');
  const under = stack.reduceRight((below, above) => composite(above, below));
  const fore = composite(parseColor(foreground), under);
  const [light, dark] = [relativeLuminance(fore), relativeLuminance(under)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** "4.52:1", rounded down so that a ratio shown as 4.50 really passes. */
export function formatRatio(ratio: number): string {
  return `${formatNumber(Math.floor(ratio * 100) / 100)}:1`;
}
