/**
 * React writes XHTML-flavoured markup (`<meta/>`, `defer=""`), which validators and byte budgets dislike; it escapes `<`, `>` and
 * `"` everywhere, so no pattern matches inside content. Each is found from its end (`/>`, `=""`): half the cost of a regex.
 */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** And crossorigin, whose empty value means "anonymous" too. */
const BOOLEAN_ATTRIBUTES = new Set(
  'async|defer|hidden|disabled|checked|selected|readonly|required|multiple|open|novalidate|inert|crossorigin'.split('|'),
);
const EMPTY_VALUE = '=""';
const SELF_CLOSING = '/>';
const TAG_NAME = /\w+/y;

export function toHtml5(markup: string): string {
  // React writes these as JSX names them; HTML's attribute names are lower case.
  return withoutSelfClosing(withoutEmptyBooleans(markup)).replace(/ (dateTime|srcSet)="/g, (_, name: string) => ` ${name.toLowerCase()}="`);
}

function withoutEmptyBooleans(markup: string): string {
  let written = '';
  let from = 0;
  for (let at = markup.indexOf(EMPTY_VALUE); at >= 0; at = markup.indexOf(EMPTY_VALUE, at + EMPTY_VALUE.length)) {
    const space = markup.lastIndexOf(' ', at);
    // As written: React writes `readOnly`, and HTML's names are case-insensitive.
    if (space < from || !BOOLEAN_ATTRIBUTES.has(markup.slice(space + 1, at).toLowerCase())) continue;
    written += markup.slice(from, at);
    from = at + EMPTY_VALUE.length;
  }
  return from === 0 ? markup : written + markup.slice(from);
}

function withoutSelfClosing(markup: string): string {
  let written = '';
  let from = 0;
  for (let end = markup.indexOf(SELF_CLOSING); end >= 0; end = markup.indexOf(SELF_CLOSING, end + SELF_CLOSING.length)) {
    // The tag is the first void element's "<" since the last ">", as `<br\b[^>]*?\s*/>` would match.
    const tagFrom = Math.max(markup.lastIndexOf('>', end - 1) + 1, from);
    for (let start = markup.indexOf('<', tagFrom); start >= 0 && start < end; start = markup.indexOf('<', start + 1)) {
      TAG_NAME.lastIndex = start + 1;
      const tag = TAG_NAME.exec(markup)?.[0];
      if (tag === undefined || !VOID_ELEMENTS.has(tag)) continue;
      const attributes = markup.slice(start + 1 + tag.length, end).trimEnd();
      written += `${markup.slice(from, start)}<${tag}${tag === 'meta' ? attributes.replace(/^ charSet=/, ' charset=') : attributes}>`;
      from = end + SELF_CLOSING.length;
      break;
    }
  }
  return from === 0 ? markup : written + markup.slice(from);
}
