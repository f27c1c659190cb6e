import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PAGE_SCRIPT } from '../../components/Document/Document';
import { pageFiles } from '../../scripts/lib/files';
import { projectRoot } from '../../scripts/lib/project';

const siteDir = inject('siteDir');
let htmlFiles: string[] = [];

beforeAll(async () => {
  // The redirects' pages are checked on their own (redirects.build.test.ts).
  htmlFiles = await pageFiles(siteDir);
});

describe('every built page', () => {
  it('is found: the build wrote the 7 routes and the 404 page', () => {
    expect(htmlFiles).toHaveLength(8);
  });

  it('passes html-validate (recommended and document rules) with zero errors', async () => {
    // The project's own .htmlvalidate.json, so `npx html-validate dist` agrees with this test.
    const config = JSON.parse(await readFile(path.join(projectRoot, '.htmlvalidate.json'), 'utf8')) as object;
    expect(config).toEqual({ extends: ['html-validate:recommended', 'html-validate:document'] });
    const validator = new HtmlValidate(config);
    const problems: string[] = [];
    for (const file of htmlFiles) {
      const report = await validator.validateString(await readFile(path.join(siteDir, file), 'utf8'), file);
      for (const message of report.results.flatMap((result) => result.messages)) {
        problems.push(`${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no style attribute, no javascript: URL, and no inline script or style the CSP does not allow by hash', async () => {
    for (const file of htmlFiles) {
      const html = await readFile(path.join(siteDir, file), 'utf8');
      const $ = cheerio.load(html);
      expect($('[style]'), `${file}: style attribute`).toHaveLength(0);
      // One stylesheet, allowed by its SHA-256 in the page's own policy.
      const styles = $('style').toArray();
      expect(styles, `${file}: style elements`).toHaveLength(1);
      const policy = $('meta[http-equiv="Content-Security-Policy"]').attr('content') ?? '';
      const styleSources = /style-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
      const css = $(styles[0]).text();
      expect(styleSources, file).toEqual(["'self'", `'sha256-${createHash('sha256').update(css).digest('base64')}'`]);
      expect($('[href^="javascript:" i], [src^="javascript:" i]'), `${file}: javascript: URL`).toHaveLength(0);
      expect(
        $('*')
          .toArray()
          .flatMap((element) => Object.keys((element as { attribs?: Record<string, string> }).attribs ?? {}))
          .filter((name) => /^on/i.test(name)),
        `${file}: event handler attributes`,
      ).toEqual([]);
      // JSON-LD is data, not code: the browser never executes it.
      const inline = $('script:not([src]):not([type="application/ld+json"])')
        .toArray()
        .map((script) => $(script).html());
      expect(inline, file).toEqual([PAGE_SCRIPT]);
    }
  });
});
