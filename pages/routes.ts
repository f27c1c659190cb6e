import type { RouteFields } from '../components/site/navigation';
import type { PageEntry as GeneratorPageEntry, Route as GeneratorRoute, Redirect } from '../generator/site';
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

/** What renders one page: its copy (laid out by ContentPage), or a component of its own. `title` is the whole `<title>`, unique on the site. */
export type PageEntry = GeneratorPageEntry<PageContent>;

/**
 * The footer's lists, by their headings. A route is filed under one of them at most; the lists
 * show in the order of their first route in the table. A new heading here starts a new list.
 */
export const FOOTER_GROUPS = ['Use cases', 'Company'] as const;
export type FooterGroup = (typeof FOOTER_GROUPS)[number];

/** A page with a URL. Its place in the header and footer (RouteFields) is decided here, and nowhere else. */
export type Route = GeneratorRoute<PageContent, RouteFields & { footer?: { group: FooterGroup; label: string } }>;

export type { Redirect };

/** THE route table: drives the build, the header, the footer, the 404 page and the tests. */
export const routes: readonly Route[] = [
  {
    path: '/',
    content: home,
    title: `${site.name}: AI credit risk and portfolio management for lenders`,
    description:
      'Turn raw financial data into real-time insights and automated action: credit decisions, portfolio monitoring and reporting for banks, lenders and fintechs.',
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
