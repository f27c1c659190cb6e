import path from 'node:path';
import * as sass from 'sass';
import { describe, expect, it } from 'vitest';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// Reads the pairs the design system declares it uses, straight from styles/settings.
const css = sass.compileString(
  `@use 'sass:list';
   @use 'settings' as *;
   @use 'tools' as *;
   @each $pair in $text-pairs {
     .pair { --pair: "#{list.nth($pair, 1)} on #{list.nth($pair, 2)}"; --text: #{color(list.nth($pair, 1))}; --background: #{color(list.nth($pair, 2))}; }
   }
   .focus { --on-light: #{color('focus')}; --on-dark: #{color('focus-on-dark')}; --light: #{color('surface')}; --dark: #{color('surface-dark')}; }`,
  { loadPaths: [path.resolve(import.meta.dirname, '../../styles')], style: 'expanded' },
).css;

const pairs = [...css.matchAll(/--pair: "([^"]+)";\s*--text: (#[0-9a-f]{6});\s*--background: (#[0-9a-f]{6});/g)].map(
  ([, name = '', text = '', background = '']) => [name, text, background] as const,
);

describe('the colour palette', () => {
  it('declares its text/background pairs', () => {
    expect(pairs.length).toBeGreaterThan(20);
  });

  it.each(pairs)('%s meets WCAG AA for body text (4.5:1)', (_name, text, background) => {
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('has focus rings of at least 3:1 against the surfaces they sit on', () => {
    const value = (name: string) => css.match(new RegExp(`--${name}: (#[0-9a-f]{6})`))?.[1] ?? '';
    expect(contrast(value('on-light'), value('light'))).toBeGreaterThanOrEqual(3);
    expect(contrast(value('on-dark'), value('dark'))).toBeGreaterThanOrEqual(3);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
