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

/** Control characters but line breaks and tabs, and the marks that reorder text (U+202E): a file's name must not move the cursor. */
const UNSAFE = /[^\P{Cc}\t\n]|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A message as the terminal may show it: what a name or a value holds is written out (\x1b), never obeyed. */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (character) => {
    const code = character.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
