/**
 * The characters a page shows, for the font step: what its font must draw. The link check's
 * scanner (references.ts) finds them in the same pass as a page's references, which a render
 * worker needs anyway.
 */
import { decodeEntities, scanHtml } from './references';

/**
 * Every character of the page's text (outside head, script, style and title) and of its alt,
 * aria-label, title, placeholder and value attributes, entities decoded, once each, in code point
 * order; control characters (line breaks, tabs) left out: no font draws them.
 */
export function shownCharacters(html: string): string {
  const shown = new CharacterSet();
  scanHtml(html, '', shown);
  return shown.sorted();
}

/** The characters met so far: ASCII in a table, the rest in a set. */
export class CharacterSet {
  private readonly ascii = new Uint8Array(128);
  private readonly other = new Set<string>();

  /** Adds the characters of text[from, to), entities decoded; read by index, copying nothing but entities. */
  addText(text: string, from = 0, to = text.length): void {
    for (let index = from; index < to; index += 1) {
      const code = text.charCodeAt(index);
      if (code === 0x26) {
        // '&': an entity runs to its ';' (React writes only short ones); anything else is a plain '&'.
        const semicolon = text.indexOf(';', index);
        if (semicolon !== -1 && semicolon < to && semicolon - index <= 32) {
          this.addDecoded(decodeEntities(text.slice(index, semicolon + 1)));
          index = semicolon;
          continue;
        }
      }
      if (code < 0x80) {
        this.ascii[code] = 1;
      } else if (code >= 0xd800 && code <= 0xdbff && index + 1 < to) {
        this.other.add(text.slice(index, index + 2));
        index += 1;
      } else {
        this.other.add(text[index] as string);
      }
    }
  }

  /** Adds the characters of text whose entities are decoded already (an attribute's value). */
  addDecoded(text: string): void {
    for (const character of text) {
      const code = character.charCodeAt(0);
      if (character.length === 1 && code < 0x80) this.ascii[code] = 1;
      else this.other.add(character);
    }
  }

  sorted(): string {
    const ascii: string[] = [];
    // Control characters (below space, and DEL) are never drawn.
    for (let code = 0x20; code < 0x7f; code += 1) if (this.ascii[code]) ascii.push(String.fromCharCode(code));
    const other = [...this.other]
      .filter((character) => !/\p{Cc}/u.test(character))
      .sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0));
    return ascii.join('') + other.join('');
  }
}
