import { site } from '../../site.config';
import type { PageContent } from '../types';

export const content = {
  hero: {
    eyebrow: 'Portfolio monitoring',
    title: 'Stay Ahead of Risk. Automatically.',
    lead: 'Early warnings, smart reminders and escalation rules that watch every loan 24/7, so problems are handled before they become defaults.',
    cta: 'Request a Demo',
  },
  sections: [
    {
      id: 'problem',
      eyebrow: 'The problem',
      heading: 'Portfolio reviews come too late',
      intro:
        'Quarterly reviews and spreadsheets find trouble months after it starts. Analysts lose 10+ days wasted per month per analyst on data gathering instead of acting.',
    },
    {
      id: 'solution',
      eyebrow: 'The solution',
      heading: 'Continuous monitoring that acts for you',
      items: [
        { title: 'Automated alerts', text: 'Warnings the moment repayment, account or registry data changes.' },
        { title: 'Smart reminders', text: 'Timely, personal reminders before a payment is missed.' },
        { title: 'Escalation rules', text: 'Cases move to collections or review according to your rules.' },
        { title: 'Portfolio health dashboards', text: 'Exposure, arrears and trends in one live view.' },
      ],
    },
    {
      id: 'benefits',
      eyebrow: 'Benefits',
      heading: 'What continuous monitoring delivers',
      items: [
        { title: 'Lower defaults', text: '-25% defaults from earlier intervention.' },
        { title: 'Reduced costs', text: '95% less manual work in monitoring and follow-up.' },
        { title: 'Better customer experience', text: 'Helpful reminders instead of surprise collections.' },
        { title: 'Systematic risk control', text: 'The same rules applied to every loan, every day.' },
        { title: 'Save time', text: '120+ hours saved per analyst per year.' },
      ],
    },
    {
      id: 'how-it-works',
      eyebrow: 'How it works',
      heading: 'Live in three steps',
      items: [
        { title: 'Connect data', text: 'Core banking, payments and repayment data, connected by API.' },
        { title: 'Set up rules', text: 'Define triggers, reminders and escalations in plain language.' },
        { title: 'Automated monitoring', text: 'The platform watches every loan and acts 24/7.' },
      ],
    },
    {
      id: 'use-cases',
      eyebrow: 'Use cases',
      heading: 'Built for every lending book',
      items: [
        { title: 'SME loan books', text: 'Watch turnover, cash flow and filings for early stress.' },
        { title: 'Consumer portfolios', text: 'Spot missed payments and affordability changes early.' },
        { title: 'Leasing portfolios', text: 'Track asset-backed exposures and contract health.' },
      ],
    },
    {
      id: 'why',
      eyebrow: `Why ${site.name}`,
      heading: 'Why risk teams trust it',
      intro: 'Explainable alerts, configurable rules and a full audit trail, built by banking professionals.',
    },
  ],
  closing: {
    heading: 'See your portfolio the way your best analyst would',
    text: 'A free 30-minute demo on your own data.',
    cta: 'Request a Demo',
  },
} satisfies PageContent;
