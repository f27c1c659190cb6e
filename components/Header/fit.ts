/**
 * Where the header's links fit in its row, decided by the build from the words the header shows.
 * The route table is known before any page is served, so the page says from which width its links
 * sit in the row (a modifier class, which _header.scss turns into a media query); narrower, they
 * are folded into the menu. The first paint has the layout the page keeps: no script measures
 * anything first, and nothing moves once it has.
 *
 * The widths are estimated from Inter's advance widths (advances.ts), and kept conservative: each
 * text at the largest size of its fluid step, room for a classic scrollbar, and a margin for
 * kerning and each engine's rounding. A row the estimate misjudges anyway (another font, a
 * reader's own text spacing) overflows rather than wraps, and the script folds it
 * (header.client.ts). tests/engines/header.engine.test.ts holds the estimate to what Chromium,
 * Firefox and WebKit draw.
 */
import { ADVANCES, FIRST_ADVANCE } from './advances';

/** The widths, in em, from which the links may sit in the row: $header-row-widths in styles/settings/_breakpoints.scss. */
export const ROW_WIDTHS = [40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80] as const;

/** From this width (em: the 'sm' breakpoint) the call to action stays in the bar beside the menu button; narrower, it is in the menu. */
export const CTA_IN_BAR_FROM = 36;

/** The narrowest screen the site is laid out for, 320 px, in em. */
const NARROWEST = 20;

/**
 * The header's boxes in rem, as _header.scss and styles/settings draw them: the fixed parts of
 * each, and the step of the type scale its text is set in.
 */
const BOX = {
  /** $container-max: the container's width between its gutters stops there. */
  container: 72,
  /** A classic scrollbar (17 px, Windows'), which media queries count as part of the viewport and the page cannot use. */
  scrollbar: 17 / 16,
  /** Between the brand, the menu button and the menu, and between the links and the call to action: space(4). */
  gap: 1,
  /** The logo, 2rem, and the gap after it, space(2). */
  brand: 2.5,
  brandText: 1,
  /** Its padding, space(3) a side. */
  link: 1.5,
  /** Between two links: space(1). */
  linkGap: 0.25,
  linkText: -1,
  /** The call to action's padding, space(5) a side, and its border, 1 px a side. */
  cta: 2.625,
  ctaText: 0,
  /** Padding, space(3) a side, border, and the gap between the icon and the label, space(2). */
  toggle: 2.125,
  /** The menu button's text is the body's; its icon is 1.25em wide (.c-icon). */
  toggleText: 0,
  toggleIcon: 1.25,
} as const;

/**
 * $type-scale: each step's clamp(min, base + k·vw, max), as [min, base, k, max] in rem; k·vw on a
 * screen `width` em wide is k / 100 × width rem.
 */
const TYPE_SCALE = {
  [-1]: [0.8125, 0.79, 0.1, 0.875],
  0: [1, 0.96, 0.2, 1.0625],
  1: [1.125, 1.06, 0.3, 1.25],
} as const;

/** Room for what advance widths leave out: kerning, and how each engine rounds a text's box. */
const MARGIN = 1.03;

/** The words the header shows, which decide where its links fit. */
export interface HeaderWords {
  brand: string;
  links: readonly string[];
  toggle: string;
  cta: string;
}

/**
 * The narrowest of ROW_WIDTHS (em) at which the brand, the links and the call to action fit in
 * one row; undefined when none does, and the links stay in the menu. Throws when even the folded
 * bar cannot hold the brand: the brand and the menu button on a 320 px screen, or those and the
 * call to action from CTA_IN_BAR_FROM.
 */
export function rowFrom(words: HeaderWords): number | undefined {
  // Every page of a build has the same header: worked out once.
  const key = JSON.stringify(words);
  if (!decided.has(key)) decided.set(key, decide(words));
  return decided.get(key);
}

const decided = new Map<string, number | undefined>();

function decide(words: HeaderWords): number | undefined {
  // Each part's width on a screen `width` em wide: wider screens set the texts larger.
  const brand = (width: number) => BOX.brand + textWidth(words.brand, 'strong') * typeSize(BOX.brandText, width);
  const toggle = (width: number) => BOX.toggle + typeSize(BOX.toggleText, width) * (BOX.toggleIcon + textWidth(words.toggle, 'strong'));
  const cta = (width: number) => BOX.cta + textWidth(words.cta, 'strong') * typeSize(BOX.ctaText, width);
  const links = (width: number) =>
    words.links.reduce((sum, label) => sum + BOX.link + textWidth(label, 'medium') * typeSize(BOX.linkText, width), 0) +
    BOX.linkGap * Math.max(0, words.links.length - 1);
  // A layout shown from `from` em up to `to` holds where what it needs as the texts are largest,
  // at `to`, fits the room there is at `from`.
  const holds = (need: (width: number) => number, from: number, to: number) => need(to) <= room(from);
  const bar = (width: number) => brand(width) + BOX.gap + toggle(width);
  const barWithCta = (width: number) => bar(width) + BOX.gap + cta(width);
  if (!holds(bar, NARROWEST, CTA_IN_BAR_FROM) || !holds(barWithCta, CTA_IN_BAR_FROM, Number.POSITIVE_INFINITY)) {
    throw new Error(
      `The header cannot hold the brand name "${words.brand}" (site.config.ts) beside its menu button at ${NARROWEST * 16} px, or beside that and "${words.cta}" at ${CTA_IN_BAR_FROM * 16} px: shorten the name.`,
    );
  }
  const row = (width: number) => brand(width) + BOX.gap + links(width) + BOX.gap + cta(width);
  return ROW_WIDTHS.find((width) => holds(row, width, Number.POSITIVE_INFINITY));
}

/** The size in rem of a step of the type scale on a screen `width` em wide. */
function typeSize(step: keyof typeof TYPE_SCALE, width: number): number {
  const [min, base, perVw, max] = TYPE_SCALE[step];
  return Math.min(max, Math.max(min, base + (perVw / 100) * width));
}

/** The width, in rem, that the header's container gives its content on a screen `width` em wide. */
function room(width: number): number {
  // $container-gutter: clamp(1rem, 0.5rem + 2.5vw, 2rem), a side; 2.5vw of `width` em is 0.025 × width rem.
  const gutter = Math.min(2, Math.max(1, 0.5 + 0.025 * width));
  return Math.min(BOX.container, width - 2 * gutter - BOX.scrollbar);
}

/**
 * A text's width in em, with the margin. An accented letter is as wide as its base letter
 * ("é" as "e"); a character the tables do not have counts as their widest.
 */
function textWidth(text: string, weight: keyof typeof ADVANCES): number {
  const advances = ADVANCES[weight];
  let sum = 0;
  for (const char of text.normalize('NFD')) {
    if (/\p{M}/u.test(char)) continue;
    sum += advances[(char.codePointAt(0) ?? 0) - FIRST_ADVANCE] ?? Math.max(...advances);
  }
  return (sum / 1000) * MARGIN;
}
