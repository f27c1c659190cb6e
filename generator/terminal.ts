/** Colour for terminal output, only where it can be shown: never in a pipe, a file or a CI log. */
export interface Paint {
  bold: (text: string) => string;
  dim: (text: string) => string;
  red: (text: string) => string;
  green: (text: string) => string;
  yellow: (text: string) => string;
  cyan: (text: string) => string;
}

const identity = (text: string): string => text;

/** No colour codes at all. */
export const plain: Paint = { bold: identity, dim: identity, red: identity, green: identity, yellow: identity, cyan: identity };

const sgr = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

const ansi: Paint = {
  bold: sgr(1, 22),
  dim: sgr(2, 22),
  red: sgr(31, 39),
  green: sgr(32, 39),
  yellow: sgr(33, 39),
  cyan: sgr(36, 39),
};

/**
 * Colour for a stream when it is a terminal that supports it. `hasColors()` only exists on TTY
 * streams and already honours NO_COLOR, FORCE_COLOR and TERM=dumb.
 */
export function paintFor(stream: NodeJS.WriteStream): Paint {
  return stream.isTTY === true && typeof stream.hasColors === 'function' && stream.hasColors() ? ansi : plain;
}
