import { site } from '../../site.config';
import { offers } from '../offers';
import type { PageContent } from '../types';

export const home = {
  hero: {
    eyebrow: 'AI-native credit risk and portfolio management',
    title: 'Turn raw financial data into real-time insights and automated action',
    lead: `${site.name} connects your CRM, core banking and payment data, watches every exposure around the clock and acts on what it finds, so your credit team decides faster and spends its time on the cases that need judgement.`,
    cta: 'Request a Demo',
    secondaryCta: 'View demo',
    assurances: [offers.demo, offers.pilot],
    visual: {
      kind: 'dashboard',
      riskBadge: 'Risk Alert: Low',
      portfolioBadge: 'Portfolio: +12.3%',
      description:
        'Example portfolio dashboard: exposure of €248.6 million, expected loss of 1.8 percent, 12 open alerts, and a portfolio value line rising over the last 12 months.',
    },
  },
  sections: [
    {
      kind: 'split',
      id: 'problem',
      pointsTone: 'pain',
      eyebrow: 'The problem',
      heading: 'Risk teams spend their days collecting data, not managing risk',
      paragraphs: [
        'Borrower data is scattered across CRM, core banking, payment systems, bureau reports and spreadsheets. Before anyone can judge a case, someone has to find, copy and reconcile it.',
        'The result is slow decisions, follow-ups that slip, and warning signs that surface only after a payment has been missed.',
      ],
      points: [
        'Manual data gathering before every review',
        'Early warning signs noticed too late',
        'Reminders and escalations tracked by hand',
        'Reports rebuilt from scratch every month',
      ],
      stat: { value: '10+ days', label: 'wasted per month per analyst on manual work' },
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      eyebrow: 'How it works',
      heading: 'From raw data to decisions in three steps',
      intro: 'Connect your data once. The platform does the rest, continuously.',
      steps: [
        {
          icon: 'search',
          title: 'Discover',
          text: 'Connect open banking, accounting, registry and bureau APIs alongside your core systems. Every borrower gets one complete, current profile.',
        },
        {
          icon: 'brain',
          title: 'Analyse',
          text: 'AI models score and forecast risk across the whole portfolio, and explain every result in plain language.',
        },
        {
          icon: 'zap',
          title: 'Decide & Act',
          text: 'The decision engine approves, prices, reminds or escalates according to your rules, with people in the loop where you want them.',
        },
      ],
    },
    {
      kind: 'split',
      id: 'virtual-analyst',
      eyebrow: 'AI-powered virtual risk analyst',
      heading: 'A virtual risk analyst that never stops watching',
      paragraphs: [
        'It reads every transaction, repayment and registry update as it arrives, compares it with the borrower’s history and your policy, and tells you what changed, why it matters and what to do next.',
        'Your analysts review its recommendations instead of hunting for problems.',
      ],
      points: [
        'Explains every alert with its evidence',
        'Suggests the next action under your policy',
        'Hands over to a person when judgement is needed',
      ],
      stat: { value: '24/7', label: 'monitoring of every exposure' },
      visual: {
        kind: 'panel',
        icon: 'sparkles',
        label: 'Virtual risk analyst · just now',
        title: 'Borrower B-1047 needs attention',
        badges: [{ tone: 'warning', icon: 'alert', text: 'Risk rising' }],
        lines: [
          'Card turnover down 18% over 60 days (PSD2 data)',
          'Two supplier payments late this month',
          'Sector hotspot: road freight, southern region',
        ],
        actions: ['Send reminder', 'Review credit limit'],
        footnote: 'Illustrative example',
      },
    },
    {
      kind: 'cards',
      id: 'automation',
      eyebrow: 'Automation',
      heading: 'Automation that does the follow-up for you',
      intro: 'Routine work runs itself, consistently and on time, and every action is logged.',
      columns: 4,
      cards: [
        {
          icon: 'bell',
          title: 'Automated alerts',
          text: 'Early warnings the moment a borrower’s risk profile changes, routed to the right person with the evidence attached.',
        },
        {
          icon: 'send',
          title: 'Smart reminders',
          text: 'Repayment reminders timed and worded for each customer, sent before a payment is missed rather than after.',
        },
        {
          icon: 'workflow',
          title: 'Collections and default workflows',
          text: 'Escalations, collections and default handling that follow your own rules, step by step.',
        },
        {
          icon: 'dashboard',
          title: 'Dashboards and reports',
          text: 'Automated portfolio dashboards and regulator-ready reports, always current, never rebuilt by hand.',
        },
      ],
    },
    {
      kind: 'cards',
      id: 'core-features',
      eyebrow: 'Platform',
      heading: 'Four core capabilities on one platform',
      columns: 4,
      cards: [
        {
          icon: 'database',
          title: 'Unified data model',
          text: 'CRM, core banking, payments, Open Banking (PSD2), accounting, registry, bureau and repayment data in one consistent model.',
        },
        {
          icon: 'split',
          title: 'Decision engine',
          text: 'Rules and AI combined: approve, decline, price, escalate or monitor, under business rules you configure.',
          link: { href: '/decision-engine/', label: 'Explore the decision engine' },
        },
        {
          icon: 'chart',
          title: 'Risk forecasting',
          text: 'Default modelling, hotspots by sector, geography or borrower type, and capital optimisation.',
        },
        {
          icon: 'audit',
          title: 'Compliance and audit trail',
          text: 'Reasons, counterfactual, policy version and human-review flag on every decision, ready for GDPR and the EU AI Act.',
        },
      ],
    },
    {
      kind: 'flow',
      id: 'autopilot',
      tone: 'dark',
      eyebrow: 'Autopilot',
      heading: 'Your credit operations on autopilot',
      intro: 'Data flows in, AI analyses it, and the right action follows: automatically, and always within your rules.',
      stages: [
        {
          icon: 'database',
          title: 'Data In',
          text: 'Applications, transactions, repayments and registry updates stream in from every connected source.',
        },
        {
          icon: 'brain',
          title: 'AI Analysis',
          text: 'Each event is scored and explained against the borrower’s history and your policy, in 2.3 seconds on average.',
        },
        {
          icon: 'zap',
          title: 'Automated Actions',
          text: 'The platform acts, and records why.',
          actions: ['Approve', 'Remind', 'Default'],
        },
      ],
    },
    {
      kind: 'split',
      id: 'risk-forecasting',
      eyebrow: 'Risk forecasting',
      heading: 'See tomorrow’s defaults today',
      paragraphs: ['Forecast defaults across the portfolio and see where risk is building long before it reaches your loss figures.'],
      points: [
        'Default modelling: a probability of default for every borrower, updated as new data arrives',
        'Hotspots by sector, geography or borrower type, flagged while they are still small',
        'Capital optimisation: allocate capital where the risk-adjusted return is highest',
      ],
      reverse: true,
      visual: {
        kind: 'forecast',
        title: 'Default rate forecast',
        description:
          'Example forecast chart: the portfolio default rate has been flat and is forecast to rise, shown with an uncertainty band. A hotspot breakdown ranks road freight highest, ahead of hospitality, retail and construction.',
        segments: [
          { label: 'Road freight', level: 1 },
          { label: 'Hospitality', level: 0.72 },
          { label: 'Retail', level: 0.55 },
          { label: 'Construction', level: 0.4 },
        ],
      },
    },
    {
      kind: 'cards',
      id: 'use-cases',
      eyebrow: 'Use cases',
      heading: 'Built for the work lenders do every day',
      cards: [
        {
          icon: 'scale',
          title: 'Credit Decisions',
          text: 'Explainable SME and consumer credit decisions in seconds, enriched with accounting and PSD2 data.',
          link: { href: '/credit-decision/', label: 'Explore credit decisions' },
        },
        {
          icon: 'radar',
          title: 'Portfolio Monitoring',
          text: 'Early warnings, smart reminders and escalations across every loan in the book, around the clock.',
          link: { href: '/portfolio-monitoring/', label: 'Explore portfolio monitoring' },
        },
        {
          icon: 'file',
          title: 'Automated Reporting',
          text: 'Regulator-ready reports and portfolio dashboards generated from live data, with a full audit trail behind every number.',
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      heading: `Why lenders choose ${site.name}`,
      columns: 4,
      cards: [
        {
          stat: { value: '95%', label: 'less manual work' },
          title: 'Save time',
          text: 'Data gathering, monitoring and follow-ups run automatically: 120+ hours saved per analyst per year.',
        },
        {
          stat: { value: '-25%', label: 'defaults' },
          title: 'Reduce defaults',
          text: 'Act on early warnings weeks before a missed payment, not after it.',
        },
        {
          stat: { value: '100%', label: 'auditable' },
          title: 'Stay compliant',
          text: 'Every decision explained, versioned and logged, ready for GDPR and the EU AI Act.',
        },
        {
          stat: { value: '+40%', label: 'approvals' },
          title: 'Scale efficiently',
          text: 'Grow approvals and volume without growing the risk team at the same pace.',
        },
      ],
    },
    {
      kind: 'testimonial',
      id: 'testimonial',
      eyebrow: 'Customer story',
      heading: 'Trusted by the people who own the risk',
      centered: true,
      quote:
        'Within three months we had 70% fewer manual follow-ups. Our analysts now spend their time on judgement calls, not on chasing data and sending reminders.',
      role: 'Head of Risk',
      organisation: 'Digital Lender',
      stat: { value: '70%', label: 'fewer manual follow-ups' },
    },
    {
      kind: 'latest',
      id: 'news',
      eyebrow: 'News',
      heading: 'The latest from the team',
      collection: 'news',
      count: 3,
      link: { href: '/news/', label: 'All news' },
    },
  ],
  closing: {
    heading: 'Book a Demo Today',
    text: 'See your own portfolio through the platform in a free 30-minute demo, then prove the results in a 30-day pilot with no setup fees.',
    cta: 'Book a Demo Today',
    secondaryCta: 'Talk to us',
    note: offers.both,
  },
} satisfies PageContent;
