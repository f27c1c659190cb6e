import type { ComponentType } from 'react';
import { site } from '../site.config';
import { aboutUs } from './about-us/content';
import { creditDecision } from './credit-decision/content';
import { decisionEngine } from './decision-engine/content';
import { home } from './home/content';
import { launchNewLendingProduct } from './launch-new-lending-product/content';
import { leasingDecisions } from './leasing-decisions/content';
import { NotFoundPage } from './not-found/NotFoundPage';
import { portfolioMonitoring } from './portfolio-monitoring/content';
import type { PageContent } from './types';

/**
 * What the build needs to render one page: its copy, rendered by ContentPage, or for a page with
 * a layout of its own, its component.
 */
export type PageEntry = {
  /** The whole `<title>`: unique on the site. */
  title: string;
  description: string;
} & ({ content: PageContent; page?: undefined } | { page: ComponentType; content?: undefined });

/**
 * The footer's lists, by their headings. A route is filed under one of them at most; the lists
 * show in the order of their first route in the table. A new heading here starts a new list.
 */
export type FooterGroup = 'Use cases' | 'Company';

/** A page with a URL. Its place in the header and footer is decided here, and nowhere else. */
export type Route = PageEntry & {
  /** "/" or "/slug": lower case, no trailing slash. */
  path: `/${string}`;
  /** Label in the header navigation, if the page is linked there. */
  nav?: string;
  /** Its link in the footer, if it has one: the list it is filed under, and its label there. */
  footer?: { group: FooterGroup; label: string };
  /**
   * Never set: the footer's lists come from `footer`. It stays in the type only because
   * generator/render/protocol.ts still picks it, until that file leaves the generator (issue 30).
   */
  useCase?: never;
};

/**
 * An address that leads to a page of the table without being one: an old URL, or a short one to
 * type. Every host answers it with a real redirect (generator/hosting/), and a bare file server
 * with a small page at the source that sends the browser on.
 */
export interface Redirect {
  /** "/slug": lower case, no trailing slash, no route of the table; `/about` and `/about/` both redirect. */
  from: `/${string}`;
  /** The path of a route of the table (never another redirect): "/about-us". */
  to: `/${string}`;
  /** 301, permanent (the default): browsers and search engines remember the move. 302: temporary. */
  status?: 301 | 302;
}

/** THE route table: drives the build, the header, the footer, the 404 page and the tests. */
export const routes: readonly Route[] = [
  {
    path: '/',
    content: home,
    title: `${site.name}: AI credit risk and portfolio management for lenders`,
    description:
      'Turn raw financial data into real-time insights and automated action. Credit decisions, portfolio monitoring and automated reporting for banks, lenders and fintechs.',
  },
  {
    path: '/portfolio-monitoring',
    content: portfolioMonitoring,
    title: `Portfolio Monitoring: stay ahead of risk, automatically | ${site.name}`,
    description: 'Automated alerts, smart reminders, escalation rules and portfolio health dashboards that watch every loan 24/7.',
    nav: 'Portfolio Monitoring',
    footer: { group: 'Use cases', label: 'Portfolio Monitoring' },
  },
  {
    path: '/credit-decision',
    content: creditDecision,
    title: `Credit Decisions for SMEs and consumers | ${site.name}`,
    description:
      'Explainable SME and consumer credit decisions in seconds, enriched with accounting and PSD2 data and affordability checks.',
    nav: 'Credit Decision',
    footer: { group: 'Use cases', label: 'Credit Decision' },
  },
  {
    path: '/launch-new-lending-product',
    content: launchNewLendingProduct,
    title: `Launch New Lending Products | ${site.name}`,
    description:
      'Launch credit limits, BNPL, invoice, purchase, auto and embedded financing or leasing on one flexible, API-first platform.',
    nav: 'Launch Product',
    footer: { group: 'Use cases', label: 'Launch New Lending Product' },
  },
  {
    path: '/leasing-decisions',
    content: leasingDecisions,
    title: `Leasing Decisions | ${site.name}`,
    description: 'Fast, explainable leasing decisions with affordability checks and a full audit trail.',
    nav: 'Leasing Decisions',
    footer: { group: 'Use cases', label: 'Leasing Decisions' },
  },
  {
    path: '/about-us',
    content: aboutUs,
    title: `About us | ${site.name}`,
    description: `${site.name} was founded in 2025 by banking professionals to build the leading AI risk platform for decision-making.`,
    nav: 'About us',
    footer: { group: 'Company', label: 'About us' },
  },
  {
    path: '/decision-engine',
    content: decisionEngine,
    title: `Decision Engine: rules and AI, explained | ${site.name}`,
    description:
      'A decision engine that can approve, decline, price, escalate or monitor, with reasons, counterfactuals and a human-review flag on every decision.',
    footer: { group: 'Use cases', label: 'Decision Engine' },
  },
];

/**
 * Addresses that lead to a route: checked by the build (a source that is a route, a target that
 * is none, a loop or a chain fails it), answered by every host with a redirect, and known to the
 * 404 page in any case. Never in the sitemap.
 */
export const redirects: readonly Redirect[] = [
  // What people type for the company page.
  { from: '/about', to: '/about-us' },
  // The landing page is where the demo is offered in full: its hero asks for a demo, and its
  // closing section is "Book a Demo Today", with the free 30-minute demo and the 30-day pilot.
  { from: '/demo', to: '/' },
];

/** The page for every path the table does not know; written to 404.html. */
export const notFound: PageEntry = {
  page: NotFoundPage,
  title: `Page not found | ${site.name}`,
  description: 'The page you asked for does not exist.',
};
