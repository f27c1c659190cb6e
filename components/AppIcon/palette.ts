/**
 * Brand colours for the images the build draws outside the stylesheet (favicon, touch icon,
 * social image). They repeat entries of styles/settings/_colors.scss, which stays the source:
 * a unit test fails when the two drift apart.
 */
export const brandPalette = {
  /** 'ink-900': the dark surface, and site.themeColor. */
  ink900: '#0b1f3a',
  /** 'brand-600': the logo tile. */
  brand600: '#1f4fd1',
  /** 'surface': the logo line. */
  surface: '#ffffff',
  /** 'on-dark-muted': secondary text on dark. */
  onDarkMuted: '#b3c2d8',
  /** 'focus-on-dark': the logo dot. */
  focusOnDark: '#ffd166',
} as const;

/** The SCSS name of each palette entry, for the drift test. */
export const paletteSources: Record<keyof typeof brandPalette, string> = {
  ink900: 'ink-900',
  brand600: 'brand-600',
  surface: 'surface',
  onDarkMuted: 'on-dark-muted',
  focusOnDark: 'focus-on-dark',
};
