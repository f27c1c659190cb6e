import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as cheerio from 'cheerio';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '../../pages/routes';
import { projectRoot } from '../../scripts/lib/project';
import { site } from '../../site.config';
import { loadBuiltPage, textOf } from '../support/site';

const siteDir = inject('siteDir');
const pages = new Map<string, cheerio.CheerioAPI>();
let siteText = '';

beforeAll(async () => {
  for (const route of routes) pages.set(route.path, await loadBuiltPage(siteDir, route.path));
  siteText = [...pages.values()].map(($) => textOf($)).join(' \n ');
});

function page(routePath: string): cheerio.CheerioAPI {
  const $ = pages.get(routePath);
  if (!$) throw new Error(`no built page for ${routePath}`);
  return $;
}

describe.each(routes.map((route) => [route.path, route] as const))('the built page %s', (routePath, route) => {
  it('shows the hero, every section of its content and the closing call to action, in order', () => {
    const $ = page(routePath);
    const { content } = route;
    if (!content) throw new Error(`${routePath} has a page component of its own, not content`);
    const expected = [content.hero.title, ...content.sections.map((section) => section.heading), content.closing.heading];
    const headings = $('main')
      .find('h1, h2')
      .toArray()
      .map((heading) => $(heading).text());
    expect(headings).toEqual(expected);
    const ids = $('main section[id]')
      .toArray()
      .map((section) => $(section).attr('id'));
    expect(ids).toEqual([...content.sections.map((section) => section.id), 'get-started']);
  });

  it('contains no placeholder text', () => {
    const $ = page(routePath);
    const attributes = $('[alt], [aria-label], [title]')
      .toArray()
      .map((element) => [$(element).attr('alt'), $(element).attr('aria-label'), $(element).attr('title')].join(' '));
    expect([textOf($), ...attributes].join(' ')).not.toMatch(/lorem|ipsum|\bTODO\b|\bTBD\b|placeholder|\bFIXME\b|xxx/i);
  });

  it('gives every image a text alternative', () => {
    const $ = page(routePath);
    for (const image of $('img').toArray()) expect($(image).attr('alt'), 'img without alt').toBeDefined();
    for (const svg of $('svg').toArray()) {
      const decorative = $(svg).attr('aria-hidden') === 'true';
      const described = $(svg).attr('role') === 'img' && Boolean($(svg).attr('aria-label')?.trim());
      expect(decorative || described, `an svg in ${routePath} is neither hidden nor described`).toBe(true);
    }
  });
});

describe('pins the specification: its business constants (section 9), each on the site', () => {
  // Spec section 9, each as it reads on the page.
  const constants: [string, RegExp][] = [
    ['95% less manual work', /95% less manual work/],
    ['24/7 monitoring', /24\/7 monitoring/i],
    ['120+ hours saved per analyst per year', /120\+ hours saved per analyst per year/],
    ['10+ days wasted per month per analyst', /10\+ days wasted per month per analyst/],
    ['70% fewer manual follow-ups', /70% fewer manual follow-ups/],
    ['75% faster approvals', /75% faster approvals/],
    ['+40% approvals', /\+40% approvals/],
    ['-25% defaults', /-25% defaults/],
    ['100% auditable', /100% auditable/],
    ['average decision time 2.3 seconds', /average decision time 2\.3 seconds/i],
    ['sample risk score 2.3%', /risk score: 2\.3%/i],
    ['sample approval €15k', /approval: €15k/i],
    ['30-day pilot, no setup fees', /30-day pilot,? (with )?no setup fees/],
    ['free 30-minute demo', /free 30-minute demo/i],
  ];

  it.each(constants)('"%s" is on the site', (_label, pattern) => {
    expect(siteText).toMatch(pattern);
  });

  it('puts the testimonial figure in the landing page testimonial, by a Head of Risk at a Digital Lender', () => {
    const $ = page('/');
    const testimonial = textOf($, '#testimonial');
    expect(testimonial).toMatch(/70% fewer manual follow-ups/);
    expect(testimonial).toMatch(/Head of Risk, Digital Lender/);
    expect($('#testimonial blockquote')).toHaveLength(1);
  });

  it('shows the hero badges of the landing page next to its dashboard illustration', () => {
    const hero = textOf(page('/'), '.c-hero');
    expect(hero).toContain('Risk Alert: Low');
    expect(hero).toContain('Portfolio: +12.3%');
    expect(hero).toMatch(/Request a Demo/);
  });

  it('shows the sample badges in the leasing hero', () => {
    const hero = textOf(page('/leasing-decisions'), '.c-hero');
    expect(hero).toMatch(/approval: €15k/i);
    expect(hero).toMatch(/risk score: 2\.3%/i);
  });
});

describe('pins the specification: its calls to action', () => {
  const labels = [
    'Request a Demo',
    'Request Demo',
    'Book a Demo Today',
    'Book a Pilot Call',
    'talk to us',
    'start building',
    'schedule demo',
    'view demo',
    'view case studies',
  ];

  it.each(labels)('"%s" is a call to action somewhere on the site', (label) => {
    const found = [...pages.values()].some(($) =>
      $('[data-cta]')
        .toArray()
        .some((element) => $(element).text().trim().toLowerCase() === label.toLowerCase()),
    );
    expect(found).toBe(true);
  });

  it('closes the landing page with Book a Demo Today and the about page with Book a Pilot Call', () => {
    expect(textOf(page('/'), '#get-started')).toContain('Book a Demo Today');
    expect(textOf(page('/about-us'), '#get-started')).toContain('Book a Pilot Call');
    expect(textOf(page('/portfolio-monitoring'), '#get-started')).toContain('Request a Demo');
  });
});

describe('pins the specification: its example decisions', () => {
  function sampleOn(routePath: string): Record<string, unknown> {
    const $ = page(routePath);
    const code = $('code[data-sample]');
    expect(code, `one sample on ${routePath}`).toHaveLength(1);
    expect(textOf($, '.c-decision-sample')).toMatch(/illustrative example/i);
    expect(textOf($, '.c-decision-sample')).toMatch(/not an API contract/i);
    expect(code.find('span').length, 'highlighted').toBeGreaterThan(5);
    return JSON.parse(code.text()) as Record<string, unknown>;
  }

  function expectExplanation(sample: Record<string, unknown>): void {
    expect(Array.isArray(sample.reasons)).toBe(true);
    expect((sample.reasons as unknown[]).length).toBeGreaterThan(0);
    for (const reason of sample.reasons as unknown[]) expect(typeof reason).toBe('string');
    expect(typeof sample.counterfactual).toBe('string');
    expect(sample.policy_version).toMatch(/^[a-z][\w-]*\s+\d{4}-\d{2}-\d{2}$/);
    expect(typeof sample.human_review).toBe('boolean');
  }

  it('the SME sample parses and has exactly the fields of the spec', () => {
    const sample = sampleOn('/credit-decision');
    expect(Object.keys(sample).sort()).toEqual(
      ['counterfactual', 'decision', 'human_review', 'policy_version', 'reasons', 'request_id', 'score'].sort(),
    );
    expect(typeof sample.request_id).toBe('string');
    expect(sample.decision).toBe('DECLINE');
    expect(typeof sample.score).toBe('number');
    expect(sample.score).toBeGreaterThanOrEqual(0);
    expect(sample.score).toBeLessThanOrEqual(1);
    expectExplanation(sample);
  });

  it('the leasing sample parses and has exactly the fields of the spec', () => {
    const sample = sampleOn('/leasing-decisions');
    expect(Object.keys(sample).sort()).toEqual(
      ['affordability_score', 'counterfactual', 'decision', 'human_review', 'policy_version', 'reasons'].sort(),
    );
    expect(typeof sample.decision).toBe('string');
    expect(typeof sample.affordability_score).toBe('number');
    expectExplanation(sample);
  });
});

describe('pins the specification: the copy names its data sources, audiences and regulations', () => {
  it.each(['CRM', 'core banking', 'payment', 'Open Banking', 'PSD2', 'accounting', 'registry', 'bureau', 'repayment'])(
    'names the data source "%s"',
    (source) => {
      expect(siteText.toLowerCase()).toContain(source.toLowerCase());
    },
  );

  it.each(['banks', 'lenders', 'fintechs', 'leasing and financing firms', 'platforms'])('addresses "%s"', (audience) => {
    expect(siteText.toLowerCase()).toContain(audience);
  });

  it('names GDPR and the EU AI Act on the credit decision page', () => {
    const text = textOf(page('/credit-decision'));
    expect(text).toContain('GDPR');
    expect(text).toContain('EU AI Act');
  });
});

describe('the brand name', () => {
  it('is in site.config.ts alone, and on the site', async () => {
    const offenders: string[] = [];
    for (const folder of ['pages', 'components', 'client', 'styles', 'generator']) {
      for (const file of await readdir(path.join(projectRoot, folder), { recursive: true })) {
        if (!/\.(tsx?|scss)$/.test(file)) continue;
        if ((await readFile(path.join(projectRoot, folder, file), 'utf8')).includes(site.name)) offenders.push(`${folder}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(siteText).toContain(site.name);
  });
});
