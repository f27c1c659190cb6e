/** Colour for terminal output, only where it can be shown: never in a pipe, a file or a CI log. */
const SGR = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;

export type Paint = Record<keyof typeof SGR, (text: string) => string>;

const paint = (style: (name: keyof typeof SGR, text: string) => string) =>
  Object.fromEntries(Object.keys(SGR).map((name) => [name, (text: string) => style(name as keyof typeof SGR, text)])) as Paint;

export const plain = paint((_, text) => text);
const ansi = paint((name, text) => `\u001b[${SGR[name][0]}m${text}\u001b[${SGR[name][1]}m`);

/** `hasColors()` exists only on TTY streams, and already honours NO_COLOR, FORCE_COLOR and TERM=dumb. */
export function paintFor(stream: NodeJS.WriteStream): Paint {
  return stream.isTTY === true && typeof stream.hasColors === 'function' && stream.hasColors() ? ansi : plain;
}
