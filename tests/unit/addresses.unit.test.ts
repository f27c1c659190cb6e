/**
 * An address has one owner: a route, a redirect's source, a collection's entry, list page or feed at an address another
 * already has fails the build, naming both files and lines (tests/fixtures/routes/address-twins.tsx has one of each).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tagExports } from '../../generator/render/locate';
import { type AnyPages, describeSite } from '../../generator/render/model';
import { projectRoot as root } from '../../scripts/lib/project';
import * as twins from '../fixtures/routes/address-twins';

const MODULE = 'tests/fixtures/routes/address-twins.tsx';
const REPORTS = 'tests/fixtures/collection/reports';
const NOW = Date.parse('2026-06-01T00:00:00Z');

/** The 1-based line of the first line of the fixture that matches. */
async function lineOf(file: string, pattern: RegExp): Promise<number> {
  const lines = (await readFile(path.join(root, file), 'utf8')).split('\n');
  const index = lines.findIndex((line) => pattern.test(line));
  if (index < 0) throw new Error(`${file} has no line matching ${pattern}`);
  return index + 1;
}

describe('two owners of one address', () => {
  it('fail the build, each problem naming both files and lines', async () => {
    // As the render worker does for each module of the site's bundle.
    tagExports(twins, MODULE);
    const failure = await describeSite(twins.default as unknown as AnyPages, { root, mode: 'production', now: NOW }, MODULE).then(
      () => undefined,
      (error: Error) => error.message,
    );
    const routeAtEntry = `${MODULE}:${(await lineOf(MODULE, /^export const atEntry/)) + 2}`;
    const routeAtList = `${MODULE}:${(await lineOf(MODULE, /^export const atListPage/)) + 2}`;
    const redirect = `${MODULE}:${(await lineOf(MODULE, /^export const fromEntry/)) + 1}`;
    const reportsList = `${MODULE}:${await lineOf(MODULE, /^ {4}reports,$/)}`;
    const moreList = `${MODULE}:${await lineOf(MODULE, /^ {6}path: '\/reports\/report-04',$/)}`;
    const rest = 'an address has one owner. Give one of them another address';
    expect(failure?.split('\n').map((line) => line.trim())).toEqual([
      "4 problems in the site's content:",
      `${reportsList}: page 2 of the list of collection "reports" is at /reports/page/2, and so is the route "/reports/page/2" (${routeAtList}): ${rest} (route /reports/page/2/)`,
      `${REPORTS}/report-01.md: the entry ${REPORTS}/report-01.md is at /reports/report-01, and so is the route "/reports/report-01" (${routeAtEntry}): ${rest} (route /reports/report-01/)`,
      `${REPORTS}/report-02.md: the entry ${REPORTS}/report-02.md is at /reports/report-02, and so is the redirect "/reports/report-02" → "/about-us" (${redirect}): ${rest} (route /reports/report-02/)`,
      `${moreList}: the list of collection "more" is at /reports/report-04, and so is the entry ${REPORTS}/report-04.md (${REPORTS}/report-04.md): ${rest} (route /reports/report-04/)`,
    ]);
  });
});
