/**
 * The figures before issue 13 (the stylesheet a file, the whole Latin Inter preloaded), measured
 * on main at fe7e868 with this bench, so that `npm run bench` prints today's beside them.
 */

/** A first visit to each page, kB (1,024 bytes): HTML, CSS and JS gzipped, fonts, icon and manifest as sent. */
export const FIRST_VISIT_BEFORE_KB: Readonly<Record<string, number>> = {
  'index.html': 63.0,
  'portfolio-monitoring/index.html': 60.2,
  'credit-decision/index.html': 61.2,
  'launch-new-lending-product/index.html': 59.1,
  'leasing-decisions/index.html': 59.6,
  'about-us/index.html': 59.0,
  'decision-engine/index.html': 59.5,
  '404.html': 56.3,
};

/** Lighthouse 12 mobile, simulated LCP, ms: the median of three runs of `npm run bench -- lighthouse`. */
export const LCP_BEFORE_MS: Readonly<Record<string, number>> = {
  '/': 1432,
  '/portfolio-monitoring': 1367,
  '/credit-decision': 1429,
  '/launch-new-lending-product': 1367,
  '/leasing-decisions': 1385,
  '/about-us': 1390,
  '/decision-engine': 1401,
};
