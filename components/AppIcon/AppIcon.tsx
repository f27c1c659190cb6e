import { MARK } from '../Logo/Logo';
import { brandPalette } from './palette';

export interface AppIconProps {
  /** Edge length in pixels of the rendered image. */
  size?: number;
  /** Rounded tile for the favicon; square for touch icons, which the platform rounds itself. */
  shape?: 'rounded' | 'square';
}

/**
 * The brand mark of components/ui/Logo.tsx as a standalone image: colours are attributes here,
 * because no stylesheet reaches a favicon or a PNG.
 */
export function AppIcon({ size = 32, shape = 'rounded' }: AppIconProps) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: drawn to icon files; the link or img that uses one carries its name
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 32 32">
      <BrandMark rounded={shape === 'rounded'} />
    </svg>
  );
}

export interface BrandMarkProps {
  rounded?: boolean;
}

/** The mark's shapes on their 32×32 grid, coloured by attribute; place it with a transform. */
export function BrandMark({ rounded = true }: BrandMarkProps) {
  return (
    <>
      <rect width="32" height="32" rx={rounded ? MARK.tileRadius : 0} fill={brandPalette.brand600} />
      <path
        d={MARK.line}
        fill="none"
        stroke={brandPalette.surface}
        strokeWidth={MARK.lineWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle {...MARK.dot} fill={brandPalette.focusOnDark} />
    </>
  );
}
