import { BrandMark } from '../AppIcon/AppIcon';
import { brandPalette } from '../AppIcon/palette';

export interface SocialImageProps {
  name: string;
  tagline: string;
  /** Host name shown at the bottom, e.g. "www.example.com". */
  host: string;
}

export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const PADDING = 80;
/** Largest first: a long title, or a long word (a German compound), takes a smaller size rather than leave its box. */
const TAGLINE_SIZES = [64, 56, 48, 40] as const;
const LINE_HEIGHT = 1.15;
/** Inter Bold averages a little under 0.6 em a character; wrapping on that keeps lines inside the frame. */
const AVERAGE_CHAR_EM = 0.58;
const TEXT_WIDTH = 760;
/** The first line's baseline at the largest size; a smaller one starts higher by its smaller capitals (0.727 em). */
const TAGLINE_TOP = 270;
/** The lowest baseline that stays clear of the host name below. */
const TAGLINE_BOTTOM = 492;

/**
 * The 1200×630 card shown when a page is shared: the brand mark and name, the tagline, and the
 * rising line of the logo drawn large. Rasterised to PNG at build time with the Inter font.
 */
export function SocialImage({ name, tagline, host }: SocialImageProps) {
  const { width, height } = SOCIAL_IMAGE_SIZE;
  const { size, top, lines } = fitTagline(tagline);
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: rasterised to a PNG; og:image:alt carries its text
    <svg xmlns="http://www.w3.org/2000/svg" width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <rect width={width} height={height} fill={brandPalette.ink900} />
      <path
        d="M760 470 L880 350 L960 430 L1120 250"
        fill="none"
        stroke={brandPalette.brand600}
        strokeWidth="28"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="1120" cy="250" r="22" fill={brandPalette.focusOnDark} />
      <g transform={`translate(${PADDING} ${PADDING}) scale(3)`}>
        <BrandMark />
      </g>
      <text x={PADDING + 96 + 28} y={PADDING + 66} fontFamily="Inter" fontWeight="700" fontSize="52" fill={brandPalette.surface}>
        {name}
      </text>
      <text fontFamily="Inter" fontWeight="700" fontSize={size} fill={brandPalette.surface}>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat, and their order is their identity
          <tspan key={index} x={PADDING} y={top + index * size * LINE_HEIGHT}>
            {line}
          </tspan>
        ))}
      </text>
      <text x={PADDING} y={height - PADDING} fontFamily="Inter" fontWeight="400" fontSize="30" fill={brandPalette.onDarkMuted}>
        {host}
      </text>
    </svg>
  );
}

/** The largest size at which the tagline's lines fit its box; at the smallest, a word too long for a line is broken. */
export function fitTagline(tagline: string): { size: number; top: number; lines: string[] } {
  const words = tagline.split(/\s+/).filter(Boolean);
  const at = (size: number, breakWords: boolean) => {
    const perLine = Math.floor(TEXT_WIDTH / (size * AVERAGE_CHAR_EM));
    const top = TAGLINE_TOP - Math.round(0.727 * (TAGLINE_SIZES[0] - size));
    const lines = wrap((breakWords ? words.flatMap((word) => hyphenated(word, perLine)) : words).join(' '), perLine);
    const fits =
      lines.length <= Math.floor((TAGLINE_BOTTOM - top) / (size * LINE_HEIGHT)) + 1 && lines.every((line) => line.length <= perLine);
    return { size, top, lines, fits };
  };
  const { size, top, lines } =
    TAGLINE_SIZES.map((size) => at(size, false)).find((fit) => fit.fits) ?? at(TAGLINE_SIZES[TAGLINE_SIZES.length - 1] ?? 40, true);
  return { size, top, lines };
}

/** Pieces of at most `perLine` characters, each but the last ending in a hyphen. */
function hyphenated(word: string, perLine: number): string[] {
  const pieces: string[] = [];
  let rest = word;
  while (rest.length > perLine) {
    pieces.push(`${rest.slice(0, perLine - 1)}-`);
    rest = rest.slice(perLine - 1);
  }
  return [...pieces, rest];
}

/** Greedy word wrap to at most `perLine` characters a line (a longer word gets a line of its own). */
export function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
