/**
 * How the header lays out its parts at each width, decided by the build from the words the header
 * shows. The route table and the brand are known before any page is served, so the page says from
 * which widths each part keeps its place (modifier classes, which _header.scss turns into media
 * queries). The first paint has the layout the page keeps: no script measures anything first, and
 * nothing moves once it has.
 *
 * As the room shrinks, the header gives up, in this order: the links' place in the row (they go
 * into the menu), the call to action's place in the bar (into the menu, under the links), the menu
 * button's word (its icon stays, and its name for assistive technology), and last the brand's
 * single line (it breaks between its words onto two). A brand that does not fit beside the menu
 * button even then fails the build, with its width.
 *
 * The widths are estimated from Inter's advance widths (advances.ts), and kept conservative: each
 * text at the size of its fluid step at the wider end of every 1 px step, room for a classic
 * scrollbar, and a margin for kerning and each engine's rounding. A row the estimate misjudges
 * anyway (another font, a reader's own text spacing) overflows rather than wraps, and the script
 * folds it (header.client.ts). tests/engines/header.engine.test.ts holds the estimate to what
 * Chromium, Firefox and WebKit draw.
 */
import { ADVANCES, FIRST_ADVANCE } from './advances';

/** The widths, in em, from which the links may sit in the row: $header-row-widths in styles/settings/_breakpoints.scss. */
export const ROW_WIDTHS = [40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80] as const;

/** Narrower than this (em: the 'sm' breakpoint) the call to action is always in the menu, whatever the room. */
export const CTA_IN_BAR_FROM = 36;

/** The widths from which the call to action may sit in the bar beside the menu button: $header-cta-widths. */
export const CTA_WIDTHS = [CTA_IN_BAR_FROM, ...ROW_WIDTHS] as const;

/** The widths from which the menu button may show its word beside its icon: $header-label-widths. */
export const LABEL_WIDTHS = [20, 22, 24, 26, 28, 30, 32, 34, ...CTA_WIDTHS] as const;

/** The narrowest screen the site is laid out for, 320 px, in em. */
const NARROWEST = 20;

/** Past this width (em) nothing in the header grows: the type scale and the container have stopped. */
const WIDEST = 120;

/** The step (em) of the widths the layouts are checked at: a pixel at the reader's default size. */
const STEP = 1 / 16;

/** Pixels in an em at the reader's default size: the widths in messages. */
const PX = 16;

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
  /** The brand name's letter-spacing, in em. */
  brandTracking: -0.01,
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
  /** Without its word: padding, space(2) a side, and border, at least $tap-target wide. */
  iconToggle: 1.125,
  tapTarget: 2.75,
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

/** The words the header shows, which decide where its parts fit. */
export interface HeaderWords {
  brand: string;
  links: readonly string[];
  toggle: string;
  cta: string;
}

/**
 * The narrowest width, in em, from which each part of the header keeps its place; narrower, it
 * gives that place up. Undefined: at no width.
 */
export interface HeaderLayout {
  /** The links sit in the row, between the brand and the call to action; narrower, they are in the menu. */
  rowFrom: number | undefined;
  /** The call to action sits in the bar, beside the menu button; narrower, it is in the menu, under the links. */
  ctaFrom: number | undefined;
  /** The menu button shows its word beside its icon; narrower, the icon alone, and the brand may break onto two lines. */
  labelFrom: number | undefined;
}

/**
 * Where the header's parts fit: each from the narrowest of its widths at which it fits, with
 * everything that gave its place up before it gone to the menu. Throws when even the narrowest
 * bar cannot hold the brand: on two lines, beside the menu button's icon.
 */
export function headerLayout(words: HeaderWords): HeaderLayout {
  // Every page of a build has the same header: worked out once.
  const key = JSON.stringify(words);
  let layout = decided.get(key);
  if (!layout) {
    layout = decide(words);
    decided.set(key, layout);
  }
  return layout;
}

const decided = new Map<string, HeaderLayout>();

function decide(words: HeaderWords): HeaderLayout {
  const brandText = textWidth(words.brand, 'strong', BOX.brandTracking);
  const [first, second] = twoLines(words.brand);
  const brandLine = Math.max(textWidth(first, 'strong', BOX.brandTracking), textWidth(second, 'strong', BOX.brandTracking));
  const toggleText = BOX.toggleIcon + textWidth(words.toggle, 'strong');
  const ctaText = textWidth(words.cta, 'strong');
  const linkTexts = words.links.map((label) => textWidth(label, 'medium'));

  // Each part's width on a screen `width` em wide: wider screens set the texts larger.
  const brand = (width: number) => BOX.brand + brandText * typeSize(BOX.brandText, width);
  const brandOnTwoLines = (width: number) => BOX.brand + brandLine * typeSize(BOX.brandText, width);
  const toggle = (width: number) => BOX.toggle + toggleText * typeSize(BOX.toggleText, width);
  const iconToggle = (width: number) => Math.max(BOX.tapTarget, BOX.iconToggle + BOX.toggleIcon * typeSize(BOX.toggleText, width));
  const cta = (width: number) => BOX.cta + ctaText * typeSize(BOX.ctaText, width);
  const links = (width: number) =>
    linkTexts.reduce((sum, text) => sum + BOX.link + text * typeSize(BOX.linkText, width), 0) +
    BOX.linkGap * Math.max(0, linkTexts.length - 1);

  const row = (width: number) => brand(width) + BOX.gap + links(width) + BOX.gap + cta(width);
  const barWithCta = (width: number) => brand(width) + BOX.gap + toggle(width) + BOX.gap + cta(width);
  const bar = (width: number) => brand(width) + BOX.gap + toggle(width);
  const narrowBar = (width: number) => brandOnTwoLines(width) + BOX.gap + iconToggle(width);

  // Each from its narrowest width that holds up to where the part before it comes back; the lists
  // share their wider widths, so each is at most the one before it.
  const rowFrom = ROW_WIDTHS.find((from) => misfit(row, from, Number.POSITIVE_INFINITY) === undefined);
  const ctaFrom = CTA_WIDTHS.find((from) => misfit(barWithCta, from, rowFrom ?? Number.POSITIVE_INFINITY) === undefined);
  const labelFrom = LABEL_WIDTHS.find((from) => misfit(bar, from, ctaFrom ?? rowFrom ?? Number.POSITIVE_INFINITY) === undefined);
  const narrowest = misfit(narrowBar, NARROWEST, labelFrom ?? Number.POSITIVE_INFINITY);
  if (narrowest !== undefined) {
    const at = narrowest + STEP;
    const lines = second === '' ? `on one line (it has no space to break at)` : `on two lines ("${first}" and "${second}")`;
    throw new Error(
      `The header cannot hold the brand name "${words.brand}" (site.config.ts): at ${narrowest * PX} px wide, ${lines}, ` +
        `it is ${Math.ceil(brandOnTwoLines(at) * PX)} px wide with its logo, and beside the menu button the bar has ` +
        `${Math.floor((room(narrowest) - BOX.gap - iconToggle(at)) * PX)} px for it: shorten the name.`,
    );
  }
  return { rowFrom, ctaFrom, labelFrom };
}

/**
 * The first width (em) from `from` up to `to` at which a layout needs more than the room there
 * is; undefined where it holds throughout. Both grow with the width, so each 1 px step is checked
 * with what the layout needs at its top in the room at its foot.
 */
function misfit(need: (width: number) => number, from: number, to: number): number | undefined {
  for (let width = from; width < Math.min(to, WIDEST); width += STEP) {
    if (need(Math.min(width + STEP, to)) > room(width)) return width;
  }
  return undefined;
}

/**
 * A name broken onto two lines between its words where the longer line is shortest. A box that holds
 * that line holds the name on two lines however the engine breaks it (balanced, or as many words as
 * fit first). Without a space: the name whole, and an empty second line.
 */
function twoLines(name: string): [string, string] {
  const words = name.trim().split(/\s+/);
  let best: [string, string] = [words.join(' '), ''];
  let longest = Number.POSITIVE_INFINITY;
  for (let at = 1; at < words.length; at += 1) {
    const lines: [string, string] = [words.slice(0, at).join(' '), words.slice(at).join(' ')];
    const longer = Math.max(...lines.map((line) => textWidth(line, 'strong', BOX.brandTracking)));
    if (longer < longest) [best, longest] = [lines, longer];
  }
  return best;
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
 * A text's width in em, with the margin, set with `tracking` em between its letters. An accented
 * letter is as wide as its base letter ("é" as "e"); a character the tables do not have counts as
 * their widest.
 */
function textWidth(text: string, weight: keyof typeof ADVANCES, tracking = 0): number {
  const advances = ADVANCES[weight];
  let sum = 0;
  for (const char of text.normalize('NFD')) {
    if (/\p{M}/u.test(char)) continue;
    sum += (advances[(char.codePointAt(0) ?? 0) - FIRST_ADVANCE] ?? Math.max(...advances)) / 1000 + tracking;
  }
  return sum * MARGIN;
}
