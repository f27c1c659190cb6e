/**
 * The commercial offer, worded once: the spec fixes a free 30-minute demo and a 30-day pilot with
 * no setup fees, and several pages repeat them.
 */
export const offers = {
  demo: 'Free 30-minute demo',
  pilot: '30-day pilot, no setup fees',
  both: 'Free 30-minute demo · 30-day pilot, no setup fees',
} as const;

/** Every sample on the site says it is one, in the same words. */
export const ILLUSTRATIVE = 'Illustrative example, not an API contract';
