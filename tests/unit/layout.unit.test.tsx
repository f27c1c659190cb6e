import { describe, expect, it } from 'vitest';
import { Document } from '../../components/layout/Document';
import { Footer } from '../../components/layout/Footer';
import { Header } from '../../components/layout/Header';
import { CtaButton } from '../../components/ui/CtaButton';
import { navigationFrom } from '../../build/steps/pages';
import { routes } from '../../pages/routes';
import { site } from '../../site.config';
import { render } from '../support/render';

const navigation = navigationFrom(routes);

describe('Header', () => {
  const $ = render(<Header links={navigation.main} currentPath="/credit-decision/" />);

  it('links the brand to the landing page', () => {
    const brand = $('header a').first();
    expect(brand.attr('href')).toBe('/');
    expect(brand.text()).toContain(site.name);
  });

  it('lists the five navigation links of the spec, in order, by their canonical URLs', () => {
    const links = $('nav[aria-label="Main"] a')
      .toArray()
      .map((a) => [$(a).text(), $(a).attr('href')]);
    expect(links).toEqual([
      ['Portfolio Monitoring', '/portfolio-monitoring/'],
      ['Credit Decision', '/credit-decision/'],
      ['Launch Product', '/launch-new-lending-product/'],
      ['Leasing Decisions', '/leasing-decisions/'],
      ['About us', '/about-us/'],
    ]);
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
    expect(panel.find('nav a')).toHaveLength(5);
    expect($('header').attr('data-module')).toBe('menu');
  });
});

describe('Footer', () => {
  const $ = render(<Footer useCases={navigation.useCases} year={2026} />);

  it('lists the use-case pages, including the decision engine, by their canonical URLs', () => {
    const hrefs = $('nav[aria-labelledby] a')
      .toArray()
      .map((a) => $(a).attr('href'));
    expect($('#footer-use-cases').text()).toMatch(/use case/i);
    expect(hrefs).toEqual([
      '/portfolio-monitoring/',
      '/credit-decision/',
      '/launch-new-lending-product/',
      '/leasing-decisions/',
      '/decision-engine/',
    ]);
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
    const $linked = render(<Footer useCases={[]} year={2026} />, {
      ...site,
      social: [{ name: 'LinkedIn', icon: 'linkedin', href: 'https://www.linkedin.com/company/example' }],
      legal: [{ label: 'Privacy Policy', href: '/privacy/' }],
    });
    expect($linked('a[aria-label="LinkedIn"]').attr('href')).toBe('https://www.linkedin.com/company/example');
    expect($linked('a:contains("Privacy Policy")').attr('href')).toBe('/privacy/');
  });
});

describe('CtaButton', () => {
  it('is a real button without a configured booking page', () => {
    const $ = render(<CtaButton label="Book a Demo Today" />, { ...site, ctaHref: undefined });
    const button = $('button');
    expect(button.attr('type')).toBe('button');
    expect(button.text()).toBe('Book a Demo Today');
    expect(button.hasClass('c-button')).toBe(true);
    expect($('a')).toHaveLength(0);
  });

  it('becomes a link to the booking page when ctaHref is set', () => {
    const $ = render(<CtaButton label="Request Demo" variant="secondary" />, {
      ...site,
      ctaHref: 'https://calendar.example.com/demo',
    });
    expect($('button')).toHaveLength(0);
    expect($('a').attr('href')).toBe('https://calendar.example.com/demo');
    expect($('a').hasClass('c-button--secondary')).toBe(true);
  });
});

describe('Document', () => {
  const $ = render(
    <Document
      title="A unique title"
      description="A description of the page."
      path="/about-us"
      assets={{
        css: { href: '/assets/main.abc.css', integrity: 'sha384-css' },
        js: { href: '/assets/main.def.js', integrity: 'sha384-js' },
        fonts: ['/assets/fonts/f.123.woff2'],
      }}
      navigation={navigation}
      year={2026}
    >
      <p>Body text</p>
    </Document>,
  );

  it('declares language, charset, viewport, title and description', () => {
    expect($('html').attr('lang')).toBe('en');
    expect($('meta[charset]').attr('charset')).toBe('utf-8');
    expect($('meta[name="viewport"]').attr('content')).toContain('width=device-width');
    expect($('title').text()).toBe('A unique title');
    expect($('meta[name="description"]').attr('content')).toBe('A description of the page.');
  });

  it('preloads the fonts', () => {
    const preload = $('link[rel="preload"][as="font"]');
    expect(preload.attr('href')).toBe('/assets/fonts/f.123.woff2');
    expect(preload.attr('crossorigin')).toBe('anonymous');
  });

  it('links the stylesheet and a deferred script', () => {
    expect($('link[rel="stylesheet"]').attr('href')).toBe('/assets/main.abc.css');
    expect($('link[rel="stylesheet"]').attr('integrity')).toBe('sha384-css');
    const script = $('script[src]');
    expect(script.attr('src')).toBe('/assets/main.def.js');
    expect(script.attr('integrity')).toBe('sha384-js');
    expect(script.attr('defer')).toBeDefined();
  });

  it('puts the skip link first and the page inside main', () => {
    const first = $('body').find('a, button').first();
    expect(first.attr('href')).toBe('#main');
    expect($('main#main').text()).toBe('Body text');
    expect($('body > header')).toHaveLength(1);
    expect($('body > footer')).toHaveLength(1);
  });
});
