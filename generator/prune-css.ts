/**
 * A page's own stylesheet (the first round trip holds about 14 kB): the site's text, less the selectors of classes the page and its
 * scripts never use. A class a script adds is written whole (`'is-open'`, not `'is-' + state`): else only a build would miss it.
 */
import type { SheetNode } from './css';
import { contentSecurityPolicy } from './hosting/policy';
import type { PageStyle } from './render/protocol';

/** Pages of the same classes share one: a thousand articles cut the sheet once. `forAttribute` readies the policy for its attribute. */
export function pageStyles(
  outline: readonly SheetNode[],
  scriptWords: readonly string[],
  scripts: readonly string[],
  forAttribute: (value: string) => string,
): (classes: string) => PageStyle {
  const made = new Map<string, PageStyle>();
  return (classes) => {
    let style = made.get(classes);
    if (!style) {
      const stylesheet = pruneSheet(outline, new Set([...scriptWords, ...classes.split(' ')]));
      style = { stylesheet, csp: forAttribute(contentSecurityPolicy({ scripts, styles: [stylesheet] }, { for: 'meta' })) };
      made.set(classes, style);
    }
    return style;
  };
}

export function pruneSheet(nodes: readonly SheetNode[], classes: ReadonlySet<string>): string {
  const parts: string[] = [];
  keep(nodes, classes, parts);
  // Joined, one flat string: a rope of its pieces would be walked again for each page it is copied into.
  return parts.join('');
}

function keep(nodes: readonly SheetNode[], classes: ReadonlySet<string>, parts: string[]): void {
  for (const node of nodes) {
    if (node.kind === 'text') parts.push(node.text);
    else if (node.kind === 'group') {
      const empty = parts.push(node.prelude, '{');
      keep(node.children, classes, parts);
      if (parts.length === empty) parts.length -= 2;
      else parts.push('}');
    } else {
      // An escaped name (`.md\:flex`) is not read: a script's words (wordsOf) cannot spell it.
      const kept = node.selectors.filter((selector) => selector.classes.every((name) => name.includes('\\') || classes.has(name)));
      if (kept.length > 0) parts.push(kept.map((selector) => selector.text).join(','), '{', node.body, '}');
    }
  }
}

/** Every word of a script: a class it adds is among them, whichever way it is written. */
export function wordsOf(code: string): string[] {
  return code.match(/[\w-]+/g) ?? [];
}
