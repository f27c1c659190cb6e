/** What an entry's page says of its body besides the body itself: its sections, for a table of contents, and its length. */
import type { Token } from 'markdown-it';
import { headingIds, headingText } from './markdown';

const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The level-2 headings, with the ids the body gives them and the words a reader sees. */
export function outlineOf(tokens: readonly Token[]): { id: string; text: string }[] {
  const ids = headingIds(tokens);
  return tokens.flatMap((token, index) => {
    const id = ids.get(token);
    if (token.type !== 'heading_open' || token.tag !== 'h2' || id === undefined) return [];
    return [{ id, text: headingText(tokens[index + 1]) }];
  });
}

/** Letters and digits alone, in a script that spaces its words: one word, as Unicode's rules (UAX #29) count it. */
const PLAIN = /^[\p{L}\p{Nd}]+$/u;
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
/** Brackets, quotes and stops at a chunk's ends, which join nothing there. */
const EDGES = /^[(["“‘']+|[.,;:!?)\]"”’']+$/g;
/** The same test for most chunks of English, without Unicode's tables: a tenth of the time. */
const ASCII_WORD = /^[(["']*[A-Za-z0-9]+[.,;:!?)\]"']*$/;

/** Words as the language's rules divide them (a space does not divide Chinese or Japanese), code included. */
export function wordsOf(tokens: readonly Token[]): number {
  let count = 0;
  const segmented = (text: string) => {
    for (const segment of WORDS.segment(text)) if (segment.isWordLike) count += 1;
  };
  // A space always divides words, so each chunk is counted alone; the segmenter, a fifth of a warm build's time when it read
  // every text, reads only a chunk the plain test cannot count ("don't", "3.5", "co-op", Japanese).
  const add = (text: string) => {
    for (const chunk of text.split(/\s+/)) {
      if (ASCII_WORD.test(chunk)) {
        count += 1;
        continue;
      }
      const core = chunk.replace(EDGES, '');
      if (PLAIN.test(core) && !UNSPACED.test(core)) count += 1;
      else if (core !== '') segmented(chunk);
    }
  };
  for (const token of tokens) {
    if (token.type === 'fence' || token.type === 'code_block') add(token.content);
    for (const child of token.children ?? []) if (child.type === 'text' || child.type === 'code_inline') add(child.content);
  }
  return count;
}
