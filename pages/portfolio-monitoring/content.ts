import { site } from '../../site.config';
import { offers } from '../offers';
import type { PageContent } from '../types';

export const portfolioMonitoring = {
  hero: {
    eyebrow: 'Portfolio monitoring',
    title: 'Stay Ahead of Risk. Automatically.',
    lead: 'Early warnings, smart reminders and escalation rules that watch every loan in your book 24/7, so problems are handled while they are still small, long before they become defaults.',
    cta: 'Request a Demo',
    assurances: ['24/7 monitoring', offers.pilot],
    visual: {
      kind: 'panel',
      icon: 'radar',
      label: 'Portfolio health · today',
      title: '3 loans need attention',
      badges: [
        { tone: 'positive', icon: 'shield', text: '1,284 loans on track' },
        { tone: 'warning', icon: 'alert', text: '3 early warnings' },
      ],
      rows: [
        { label: 'Reminders sent automatically', value: '46' },
        { label: 'Escalated to collections', value: '2' },
        { label: 'Arrears over 30 days', value: '0.8%' },
      ],
      footnote: 'Illustrative example',
    },
  },
  sections: [
    {
      kind: 'split',
      id: 'problem',
      pointsTone: 'pain',
      eyebrow: 'The problem',
      heading: 'Portfolio reviews find trouble months too late',
      paragraphs: [
        'Most loan books are still reviewed quarterly, from spreadsheets assembled by hand. By the time a review shows a borrower in difficulty, the warning signs have been in the bank data for months.',
        'Meanwhile analysts spend their days gathering data and chasing payments instead of managing risk.',
      ],
      points: [
        'Warning signs buried in data nobody has time to read',
        'Reminders and escalations depend on someone remembering',
        'No single view of portfolio health',
      ],
      stat: { value: '10+ days', label: 'wasted per month per analyst' },
    },
    {
      kind: 'cards',
      id: 'solution',
      eyebrow: 'The solution',
      heading: 'Continuous monitoring that acts for you',
      intro: 'Every loan is watched every day. When something changes, the right action follows, under rules you control.',
      columns: 4,
      cards: [
        {
          icon: 'bell',
          title: 'Automated alerts',
          text: 'Warnings the moment repayment, account, bureau or registry data changes, with the evidence attached.',
        },
        {
          icon: 'send',
          title: 'Smart reminders',
          text: 'Timely, personal reminders before a payment is missed, through the channel each customer answers.',
        },
        {
          icon: 'rules',
          title: 'Escalation rules',
          text: 'Cases move to review, collections or restructuring according to rules you define and can change at any time.',
        },
        {
          icon: 'dashboard',
          title: 'Portfolio health dashboards',
          text: 'Exposure, arrears, early warnings and trends in one live view for the risk team and management.',
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      heading: 'What continuous monitoring delivers',
      cards: [
        {
          icon: 'trendDown',
          stat: { value: '-25%', label: 'defaults' },
          title: 'Lower defaults',
          text: 'Earlier intervention turns potential defaults into rescheduled payments.',
        },
        {
          icon: 'money',
          stat: { value: '95%', label: 'less manual work' },
          title: 'Reduced costs',
          text: 'Monitoring, reminders and first-line follow-up run without manual effort.',
        },
        {
          icon: 'handshake',
          title: 'Better customer experience',
          text: 'Helpful reminders and early offers of support instead of surprise collection letters.',
        },
        {
          icon: 'shield',
          title: 'Systematic risk control',
          text: 'The same rules applied to every loan, every day, with a full audit trail.',
        },
        {
          icon: 'timer',
          stat: { value: '120+', label: 'hours saved per analyst per year' },
          title: 'Save time',
          text: 'Analysts spend their hours on the cases that need judgement.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      eyebrow: 'How it works',
      heading: 'Live in three steps',
      steps: [
        {
          icon: 'plug',
          title: 'Connect data',
          text: 'Link core banking, payment and repayment data, plus open banking, bureau and registry sources, through secure APIs.',
        },
        {
          icon: 'rules',
          title: 'Set up rules',
          text: 'Choose the early-warning triggers, reminder cadence and escalation paths that match your policy.',
        },
        {
          icon: 'radar',
          title: 'Automated monitoring',
          text: 'The platform watches every loan around the clock and acts, while your team sees everything on one dashboard.',
        },
      ],
    },
    {
      kind: 'cards',
      id: 'use-cases',
      eyebrow: 'Use cases',
      heading: 'Built for every kind of loan book',
      cards: [
        {
          icon: 'building',
          title: 'SME loan books',
          text: 'Watch turnover, cash flow and registry filings for the first signs of stress.',
        },
        {
          icon: 'creditCard',
          title: 'Consumer portfolios',
          text: 'Spot changes in income, spending and repayment behaviour before payments are missed.',
        },
        {
          icon: 'car',
          title: 'Leasing and asset finance',
          text: 'Track contract health and asset-backed exposure across thousands of leases.',
          link: { href: '/leasing-decisions/', label: 'Explore leasing decisions' },
        },
      ],
    },
    {
      kind: 'checklist',
      id: 'why',
      eyebrow: `Why ${site.name}`,
      heading: 'Why risk teams rely on it',
      items: [
        {
          title: 'Explainable alerts',
          text: 'Every warning says what changed and why it matters, so analysts trust it and act on it.',
        },
        {
          title: 'Your rules, not a black box',
          text: 'Triggers, reminders and escalations are configured by your team and versioned.',
        },
        {
          title: 'Built by banking professionals',
          text: 'Designed by people who have run loan books and answered to regulators.',
        },
        {
          title: 'Quick to start',
          text: 'Begin with a 30-day pilot with no setup fees on your own portfolio data.',
        },
      ],
    },
  ],
  closing: {
    heading: 'See your portfolio the way your best analyst would',
    text: 'We will connect a sample of your portfolio and show you the early warnings it holds today.',
    cta: 'Request a Demo',
    secondaryCta: 'Talk to us',
    note: offers.both,
  },
} satisfies PageContent;
