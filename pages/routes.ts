import type { ComponentType } from 'react';
import { site } from '../site.config';
import { AboutUsPage } from './about-us/AboutUsPage';
import { CreditDecisionPage } from './credit-decision/CreditDecisionPage';
import { DecisionEnginePage } from './decision-engine/DecisionEnginePage';
import { HomePage } from './home/HomePage';
import { LaunchProductPage } from './launch-new-lending-product/LaunchProductPage';
import { LeasingDecisionsPage } from './leasing-decisions/LeasingDecisionsPage';
import { NotFoundPage } from './not-found/NotFoundPage';
import { PortfolioMonitoringPage } from './portfolio-monitoring/PortfolioMonitoringPage';

/** What the build needs to render one page. */
export interface PageEntry {
  page: ComponentType;
  /** The whole `<title>`: unique on the site. */
  title: string;
  description: string;
}

/** A page with a URL. Its place in the header and footer is decided here, and nowhere else. */
export interface Route extends PageEntry {
  /** "/" or "/slug": lower case, no trailing slash. */
  path: `/${string}`;
  /** Label in the header navigation, if the page is linked there. */
  nav?: string;
  /** Label in the footer's use-case list, if the page is linked there. */
  useCase?: string;
}

/** THE route table: drives the build, the header, the footer, the 404 page and the tests. */
export const routes: readonly Route[] = [
  {
    path: '/',
    page: HomePage,
    title: `${site.name}: AI credit risk and portfolio management for lenders`,
    description:
      'Turn raw financial data into real-time insights and automated action. Credit decisions, portfolio monitoring and automated reporting for banks, lenders and fintechs.',
  },
  {
    path: '/portfolio-monitoring',
    page: PortfolioMonitoringPage,
    title: `Portfolio Monitoring: stay ahead of risk, automatically | ${site.name}`,
    description:
      'Automated alerts, smart reminders, escalation rules and portfolio health dashboards that watch every loan 24/7.',
    nav: 'Portfolio Monitoring',
    useCase: 'Portfolio Monitoring',
  },
  {
    path: '/credit-decision',
    page: CreditDecisionPage,
    title: `Credit Decisions for SMEs and consumers | ${site.name}`,
    description:
      'Explainable SME and consumer credit decisions in seconds, enriched with accounting and PSD2 data and affordability checks.',
    nav: 'Credit Decision',
    useCase: 'Credit Decision',
  },
  {
    path: '/launch-new-lending-product',
    page: LaunchProductPage,
    title: `Launch New Lending Products | ${site.name}`,
    description:
      'Launch credit limits, BNPL, invoice, purchase, auto and embedded financing or leasing on one flexible, API-first platform.',
    nav: 'Launch Product',
    useCase: 'Launch New Lending Product',
  },
  {
    path: '/leasing-decisions',
    page: LeasingDecisionsPage,
    title: `Leasing Decisions | ${site.name}`,
    description: 'Fast, explainable leasing decisions with affordability checks and a full audit trail.',
    nav: 'Leasing Decisions',
    useCase: 'Leasing Decisions',
  },
  {
    path: '/about-us',
    page: AboutUsPage,
    title: `About us | ${site.name}`,
    description: `${site.name} was founded in 2025 by banking professionals to build the leading AI risk platform for decision-making.`,
    nav: 'About us',
  },
  {
    path: '/decision-engine',
    page: DecisionEnginePage,
    title: `Decision Engine: rules and AI, explained | ${site.name}`,
    description:
      'A decision engine that can approve, decline, price, escalate or monitor, with reasons, counterfactuals and a human-review flag on every decision.',
    useCase: 'Decision Engine',
  },
];

/** The page for every path the table does not know; written to 404.html. */
export const notFound: PageEntry = {
  page: NotFoundPage,
  title: `Page not found | ${site.name}`,
  description: 'The page you asked for does not exist.',
};
