/**
 * renderToStaticMarkup writes XHTML-flavoured markup (`<meta/>`, `defer=""`, `charSet`). Browsers
 * accept it, but validators and byte budgets prefer plain HTML5, so the pages step rewrites those
 * three forms. The patterns are safe on React's output: it escapes `<`, `>` and `"` in every
 * attribute value and text node, so they cannot match inside content.
 */
const VOID_ELEMENTS = 'area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr';
const BOOLEAN_ATTRIBUTES = 'async|defer|hidden|disabled|checked|selected|readonly|required|multiple|open|novalidate|inert';

export function toHtml5(markup: string): string {
  return markup
    .replace(new RegExp(`<(${VOID_ELEMENTS})\\b([^>]*?)\\s*/>`, 'g'), '<$1$2>')
    .replace(new RegExp(` (${BOOLEAN_ATTRIBUTES})=""`, 'g'), ' $1')
    .replace(/<meta charSet=/g, '<meta charset=');
}
