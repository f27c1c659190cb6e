/** The fallback page's copy, fixed by the spec's error catalogue. */
export const notFoundCopy = {
  heading: '404',
  text: 'Oops! Page not found',
  homeLink: 'Return to Home',
} as const;
