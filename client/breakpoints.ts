/**
 * Breakpoints are defined once, in styles/settings, and published as CSS custom properties on
 * :root (e.g. `--breakpoint-md: 48em`); scripts read them instead of repeating the numbers.
 */
export function breakpoint(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(`--breakpoint-${name}`).trim();
  return value || fallback;
}
