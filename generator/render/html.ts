/**
 * renderToStaticMarkup writes XHTML-flavoured markup (`<meta/>`, `defer=""`, `charSet`), which
 * validators and byte budgets dislike. The patterns are safe on React's output: it escapes `<`,
 * `>` and `"` in every attribute value and text node, so they cannot match inside content.
 */
const VOID_ELEMENTS = 'area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr';
/** Boolean attributes, and crossorigin, whose empty value means "anonymous" as its absence of a value does. */
const BOOLEAN_ATTRIBUTES = 'async|defer|hidden|disabled|checked|selected|readonly|required|multiple|open|novalidate|inert|crossorigin';

const XHTML = new RegExp(`<(${VOID_ELEMENTS})\\b([^>]*?)\\s*/>| (${BOOLEAN_ATTRIBUTES})=""`, 'g');
const BOOLEAN = new RegExp(` (${BOOLEAN_ATTRIBUTES})=""`, 'g');

export function toHtml5(markup: string): string {
  return markup.replace(XHTML, (_match, tag: string | undefined, attributes: string | undefined, boolean: string | undefined) => {
    if (boolean) return ` ${boolean}`;
    const written = (attributes ?? '').replace(BOOLEAN, ' $1');
    return `<${tag}${tag === 'meta' ? written.replace(/^ charSet=/, ' charset=') : written}>`;
  });
}
