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
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 32 32">
      <rect width="32" height="32" rx={shape === 'rounded' ? 8 : 0} fill={brandPalette.brand600} />
      <path
        d="M7 21l6-6 4 4 8-9"
        fill="none"
        stroke={brandPalette.surface}
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="25" cy="10" r="2.2" fill={brandPalette.focusOnDark} />
    </svg>
  );
}
