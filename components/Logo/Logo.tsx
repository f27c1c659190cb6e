/** The mark's geometry on its 32×32 grid, shared with the icons and social image drawn at build time. */
export const MARK = {
  tileRadius: 8,
  line: 'M7 21l6-6 4 4 8-9',
  lineWidth: 2.5,
  dot: { cx: 25, cy: 10, r: 2.2 },
} as const;

/** The brand mark: a stylised rising line over a risk band. Decorative: the brand name is always beside it. */
export function Logo() {
  return (
    <svg className="c-logo" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx={MARK.tileRadius} className="c-logo__tile" />
      <path d={MARK.line} className="c-logo__line" />
      <circle {...MARK.dot} className="c-logo__dot" />
    </svg>
  );
}
