import type { HtmlScan, scanHtml } from '../../generator/scan';

/** A scan's findings, the text included, as plain data: for comparing scanHtml's reading with the tokenizer's (scanAnyHtml). */
export function scanFindings(scan: typeof scanHtml, html: string, origin: string): Omit<HtmlScan, 'ids'> & { ids: string[] } {
  const { ids, ...rest } = scan(html, origin, { text: true });
  return { ids: [...ids], ...rest };
}
