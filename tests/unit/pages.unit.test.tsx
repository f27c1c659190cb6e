import { describe, expect, it } from 'vitest';
import { PageBody } from '../../pages/ContentPage';
import { notFoundCopy } from '../../pages/not-found/content';
import { notFound, routes } from '../../pages/routes';
import { render } from '../support/render';

describe('the route table', () => {
  it('pins the specification: has every route of the spec (and may have more)', () => {
    const specRoutes = [
      '/',
      '/portfolio-monitoring',
      '/credit-decision',
      '/launch-new-lending-product',
      '/leasing-decisions',
      '/about-us',
      '/decision-engine',
    ];
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(specRoutes));
  });

  it('gives every route its copy as content, and keeps a page component for the 404 page alone', () => {
    for (const route of routes) expect(route.content, route.path).toBeDefined();
    expect(notFound.page).toBeDefined();
  });

  it('gives every page a unique title and description', () => {
    const entries = [...routes, notFound];
    expect(new Set(entries.map((entry) => entry.title)).size).toBe(entries.length);
    expect(new Set(entries.map((entry) => entry.description)).size).toBe(entries.length);
  });
});

describe.each(routes.map((route) => [route.path, route] as const))('page %s', (_path, route) => {
  const $ = render(<PageBody entry={route} />);
  const { content } = route;

  it('has exactly one h1, the hero title', () => {
    expect($('h1')).toHaveLength(1);
    expect($('h1').text()).toBe(content?.hero.title);
    expect($('h1').closest('section').hasClass('c-hero')).toBe(true);
  });

  it('has the section headings of its content, in order, ending with the closing call to action', () => {
    // A block of a collection's newest entries shows once the build gives it some (a unit render has none).
    const shown = (content?.sections ?? []).filter((section) => section.kind !== 'latest');
    const expected = [...shown.map((section) => section.heading), content?.closing.heading];
    const headings = $('h2')
      .toArray()
      .map((heading) => $(heading).text());
    expect(headings).toEqual(expected);
  });

  it('labels every section by its heading', () => {
    for (const section of $('section').toArray()) {
      const labelledBy = $(section).attr('aria-labelledby');
      expect(labelledBy).toBeTruthy();
      expect($(`#${labelledBy}`).is('h1, h2')).toBe(true);
    }
  });

  it('contains no placeholder text', () => {
    expect($.root().text()).not.toMatch(/lorem|ipsum|\bTODO\b|\bTBD\b|placeholder/i);
  });

  it('renders its calls to action as buttons', () => {
    const ctas = $('[data-cta]');
    expect(ctas.length).toBeGreaterThan(0);
    for (const cta of ctas.toArray()) {
      expect(cta.tagName).toBe('button');
      expect($(cta).attr('type')).toBe('button');
    }
  });
});

describe('the 404 page', () => {
  const $ = render(<PageBody entry={notFound} />);

  it('says 404 and Oops! Page not found', () => {
    expect($('h1').text()).toBe('404');
    expect($('p').text()).toContain('Oops! Page not found');
    expect(notFoundCopy.text).toBe('Oops! Page not found');
  });

  it('links back to the landing page', () => {
    const link = $('a:contains("Return to Home")');
    expect(link.attr('href')).toBe('/');
  });

  it('starts the not-found behaviour', () => {
    expect($('[data-module="not-found-page"]')).toHaveLength(1);
  });
});
