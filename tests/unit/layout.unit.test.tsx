import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { Button } from '../../components/Button/Button';
import { Document } from '../../components/Document/Document';
import { EntryDates } from '../../components/EntryCard/EntryCard';
import { Footer } from '../../components/Footer/Footer';
import { Header } from '../../components/Header/Header';
import { Icon, IconSprite, iconSprite } from '../../components/Icon/Icon';
import { navigationFrom, type RouteFields } from '../../components/site/navigation';
import type { ShellRoute } from '../../generator/site';
import { site } from '../../site.config';
import { render, shellProps } from '../support/render';
import { FOOTER_LISTS, NAVIGATION as navigation } from '../support/site';

describe('Header', () => {
  const $ = render(<Header links={navigation.main} currentPath="/credit-decision/" />);

  it('links the brand to the landing page', () => {
    const brand = $('header a').first();
    expect(brand.attr('href')).toBe('/');
    expect(brand.text()).toContain(site.name);
  });

  it('pins the specification: lists its five navigation links, in order, by their canonical URLs', () => {
    const spec = [
      ['Portfolio Monitoring', '/portfolio-monitoring/'],
      ['Credit Decision', '/credit-decision/'],
      ['Launch Product', '/launch-new-lending-product/'],
      ['Leasing Decisions', '/leasing-decisions/'],
      ['About us', '/about-us/'],
    ];
    // A page added to the navigation since may sit anywhere among them.
    const links = $('nav[aria-label="Main"] a')
      .toArray()
      .map((a) => [$(a).text(), $(a).attr('href')])
      .filter(([label]) => spec.some(([name]) => name === label));
    expect(links).toEqual(spec);
  });

  it('does not link the decision engine page from the header', () => {
    expect($('header a[href^="/decision-engine"]')).toHaveLength(0);
  });

  it('marks the current page', () => {
    expect($('a[aria-current="page"]').attr('href')).toBe('/credit-decision/');
  });

  it('has a Request Demo button', () => {
    const cta = $('header button:contains("Request Demo")');
    expect(cta).toHaveLength(1);
    expect(cta.attr('type')).toBe('button');
  });

  it('has a closed menu button that controls the menu panel', () => {
    const toggle = $('button[aria-controls]');
    expect(toggle.attr('type')).toBe('button');
    expect(toggle.attr('aria-expanded')).toBe('false');
    expect(toggle.text().trim()).toBe('Menu');
    const panel = $(`#${toggle.attr('aria-controls')}`);
    expect(panel).toHaveLength(1);
    expect(panel.find('nav a')).toHaveLength(navigation.main.length);
    expect($('header').attr('data-module')).toBe('header');
  });
});

describe('Footer', () => {
  const $ = render(<Footer lists={navigation.footer} year={2026} />);
  /** Each list of the footer: its heading, and the label and URL of each link, as a reader finds them. */
  const lists = $('nav[aria-labelledby]')
    .toArray()
    .map(
      (nav) =>
        [
          $(`#${$(nav).attr('aria-labelledby')}`).text(),
          $(nav)
            .find('a')
            .toArray()
            .map((a) => [$(a).text(), $(a).attr('href')] as const),
        ] as const,
    );

  it('pins the specification: a use-case list of its use-case pages, the decision engine too, by their canonical URLs', () => {
    const spec = [
      '/portfolio-monitoring/',
      '/credit-decision/',
      '/launch-new-lending-product/',
      '/leasing-decisions/',
      '/decision-engine/',
    ];
    const useCases = $('nav[aria-labelledby]').filter((_, nav) => /use case/i.test($(nav).find('h2').text()));
    expect(useCases).toHaveLength(1);
    const hrefs = useCases
      .find('a')
      .toArray()
      .map((a) => $(a).attr('href'))
      .filter((href) => spec.includes(href ?? ''));
    expect(hrefs).toEqual(spec);
  });

  it('files the company page under Company, not under use cases', () => {
    expect(lists.filter(([, links]) => links.some(([, href]) => href === '/about-us/')).map(([heading]) => heading)).toEqual(['Company']);
  });

  it('lists each page the route table files under a heading in that list alone, in the order of the table', () => {
    expect(lists).toEqual(FOOTER_LISTS);
  });

  it('has social icon buttons, each with an accessible name', () => {
    const buttons = $('.c-footer__social button');
    expect(buttons.length).toBeGreaterThanOrEqual(2);
    for (const button of buttons.toArray()) {
      expect($(button).attr('type')).toBe('button');
      expect($(button).attr('aria-label')?.trim()).toBeTruthy();
      expect($(button).find('svg').attr('aria-hidden')).toBe('true');
    }
  });

  it('has Privacy Policy, Terms of Service and Cookie Policy buttons', () => {
    const labels = $('.c-footer__legal button')
      .toArray()
      .map((button) => $(button).text());
    expect(labels).toEqual(['Privacy Policy', 'Terms of Service', 'Cookie Policy']);
  });

  it('renders social and legal entries as links once they have a target', () => {
    const $linked = render(<Footer lists={[]} year={2026} />, {
      ...site,
      social: [{ name: 'LinkedIn', icon: 'linkedin', href: 'https://www.linkedin.com/company/example' }],
      legal: [{ label: 'Privacy Policy', href: '/privacy/' }],
    });
    expect($linked('a[aria-label="LinkedIn"]').attr('href')).toBe('https://www.linkedin.com/company/example');
    expect($linked('a:contains("Privacy Policy")').attr('href')).toBe('/privacy/');
  });
});

describe('navigationFrom', () => {
  const table = (groups: string[], base: string): ShellRoute<RouteFields>[] =>
    groups.map((group, index) => ({
      url: `${base}page-${index}/`,
      title: 'T',
      fields: { ...(index === 0 ? { nav: 'First' } : {}), footer: { group, label: `Page ${index}` } },
    }));

  it('lists each heading once, in the order of its first route, with the URLs the build gives', () => {
    const navigation = navigationFrom(table(['Company', 'Use cases', 'Company'], '/site/'), '/site/');
    expect(navigation.main).toEqual([{ href: '/site/page-0/', label: 'First' }]);
    expect(navigation.footer.map((list) => [list.heading, list.id, list.links.map((link) => link.href)])).toEqual([
      ['Company', 'footer-company', ['/site/page-0/', '/site/page-2/']],
      ['Use cases', 'footer-use-cases', ['/site/page-1/']],
    ]);
  });

  it('links no list with nothing published yet, in the header or the footer', () => {
    const routes = table(['Company', 'Company'], '/').map((route, index) => (index === 0 ? { ...route, empty: true } : route));
    const navigation = navigationFrom(routes, '/');
    expect(navigation.main).toEqual([]);
    expect(navigation.footer.map((list) => list.links.map((link) => link.href))).toEqual([['/page-1/']]);
  });

  it('gives each list an id of its own, whatever its heading is written in', () => {
    const ids = navigationFrom(table(['Компания', 'Продукти'], '/'), '/').footer.map((list) => list.id);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('Button', () => {
  it('is a real button without a configured booking page', () => {
    const $ = render(<Button label="Book a Demo Today" />, { ...site, ctaHref: undefined });
    const button = $('button');
    expect(button.attr('type')).toBe('button');
    expect(button.text()).toBe('Book a Demo Today');
    expect(button.hasClass('c-button')).toBe(true);
    expect($('a')).toHaveLength(0);
  });

  it('becomes a link to the booking page when ctaHref is set', () => {
    const $ = render(<Button label="Request Demo" variant="secondary" />, {
      ...site,
      ctaHref: 'https://calendar.example.com/demo',
    });
    expect($('button')).toHaveLength(0);
    expect($('a').attr('href')).toBe('https://calendar.example.com/demo');
    expect($('a').hasClass('c-button--secondary')).toBe(true);
  });
});

describe('Document', () => {
  const props = shellProps();
  const $ = render(
    <Document {...props}>
      <p>Body text</p>
    </Document>,
  );

  it('declares language, charset, viewport, title and description', () => {
    expect($('html').attr('lang')).toBe('en');
    expect($('meta[charset]').attr('charset')).toBe('utf-8');
    expect($('meta[name="viewport"]').attr('content')).toContain('width=device-width');
    // The brand, which the route table's titles carry and an entry's title may not.
    expect($('title').text()).toBe(`A unique title | ${site.name}`);
    const branded = render(<Document {...shellProps({ page: { title: `About ${site.name}` } })}>{null}</Document>);
    expect(branded('title').text()).toBe(`About ${site.name}`);
    expect($('meta[name="description"]').attr('content')).toBe('A description of the page.');
  });

  it('leads feed readers to every feed of the site from any page, the page’s own (a tag’s) first, each once', () => {
    const news = { title: 'News', url: '/news/feed.xml' };
    const studies = { title: 'Case studies', url: '/case-studies/feed.xml' };
    const tag = { title: 'News on a subject', url: '/news/tags/a-subject/feed.xml' };
    const feedsOf = (page: Partial<Parameters<typeof shellProps>[0] & object>['page']) => {
      const base = shellProps({ ...(page ? { page } : {}) });
      const $page = render(
        <Document {...base} site={{ ...base.site, feeds: [news, studies] }}>
          {null}
        </Document>,
      );
      return $page('link[rel="alternate"][type="application/atom+xml"]')
        .toArray()
        .map((link) => [$page(link).attr('title'), $page(link).attr('href')]);
    };
    expect(feedsOf(undefined)).toEqual([
      ['News', '/news/feed.xml'],
      ['Case studies', '/case-studies/feed.xml'],
    ]);
    expect(feedsOf({ feed: tag })).toEqual([
      ['News on a subject', tag.url],
      ['News', '/news/feed.xml'],
      ['Case studies', '/case-studies/feed.xml'],
    ]);
    expect(feedsOf({ feed: studies })).toEqual([
      ['Case studies', '/case-studies/feed.xml'],
      ['News', '/news/feed.xml'],
    ]);
  });

  it('preloads the fonts', () => {
    const preload = $('link[rel="preload"][as="font"]');
    expect(preload.attr('href')).toBe('/assets/fonts/f.123.woff2');
    // Fonts are fetched in CORS mode: an empty crossorigin means anonymous.
    expect(preload.attr('crossorigin')).toBe('');
  });

  it('links the stylesheet file it is given (the dev server’s)', () => {
    expect($('link[rel="stylesheet"]').attr('href')).toBe('/assets/main.abc.css');
    expect($('link[rel="stylesheet"]').attr('integrity')).toBe('sha384-css');
    expect($('style')).toHaveLength(0);
  });

  it('has no script to wait for: its one inline script names the site’s script, to load after the first paint', () => {
    expect($('script[src]')).toHaveLength(0);
    const script = $('script[data-src]');
    expect(script.html()).toBe(props.assets.inlineScript);
    expect(script.attr('data-src')).toBe('/assets/main.def.js');
    expect(script.attr('data-integrity')).toBe('sha384-js');
  });

  it('carries an inline stylesheet as it is, in a <style> and no <link>', () => {
    const css = '@font-face{font-family:"Inter";src:url(/f.woff2)}.c-x>.c-y{content:"“"}';
    const inline = render(
      <Document {...shellProps({ assets: { stylesheet: { inline: css }, fonts: [] } })}>
        <p>Body</p>
      </Document>,
    );
    expect(inline('style').text()).toBe(css);
    expect(inline('link[rel="stylesheet"]')).toHaveLength(0);
  });

  it('puts the skip link first and the page inside main', () => {
    const first = $('body').find('a, button').first();
    expect(first.attr('href')).toBe('#main');
    expect($('main#main').text()).toBe('Body text');
    expect($('body > header')).toHaveLength(1);
    expect($('body > footer')).toHaveLength(1);
  });
});

describe('Icon', () => {
  it('carries its own shapes when rendered on its own, and points into the sprite when a page gives one', () => {
    const alone = render(<Icon name="check" className="c-card__point-icon" />);
    expect(alone('svg path').length).toBeGreaterThan(0);
    expect(alone('use')).toHaveLength(0);
    const inPage = render(
      <IconSprite.Provider value="/assets/icons.abc.svg">
        <Icon name="check" className="c-card__point-icon" />
      </IconSprite.Provider>,
    );
    expect(inPage('svg').attr('class')).toBe('c-icon c-card__point-icon');
    expect(inPage('svg').attr('aria-hidden')).toBe('true');
    expect(inPage('use').attr('href')).toBe('/assets/icons.abc.svg#check');
    expect(inPage('svg path')).toHaveLength(0);
  });

  it('draws every icon of the set as a symbol of the sprite, named after it', () => {
    const sprite = cheerio.load(iconSprite(), { xmlMode: true });
    const ids = sprite('symbol')
      .map((_, symbol) => sprite(symbol).attr('id'))
      .get();
    expect(ids).toContain('check');
    expect(ids).toContain('menu');
    expect(sprite('symbol#check').attr('viewBox')).toBe('0 0 24 24');
    expect(sprite('symbol#check path').length).toBeGreaterThan(0);
  });
});

describe('EntryDates', () => {
  const entry = { slug: 'a', url: '/news/a/', title: 'A', description: 'A.', draft: false, tags: [], data: {} };

  it.each([
    ['a day', '2025-03-01', '1 March 2025'],
    ['a time just after midnight east of UTC, when in UTC it is still the day before', '2025-03-01T00:30:00+01:00', '1 March 2025'],
    ['a time late in the evening west of UTC, when in UTC it is the next day', '2025-02-28T23:30:00-05:00', '28 February 2025'],
  ])('shows %s as the day the writer wrote', (_what, date, shown) => {
    const $ = render(<EntryDates entry={{ ...entry, date }} className="meta" />);
    expect($('time').attr('datetime')).toBe(date);
    expect($('time').text()).toBe(shown);
  });
});
