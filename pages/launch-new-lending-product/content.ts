import { site } from '../../site.config';
import { offers } from '../offers';
import type { PageContent } from '../types';

export const launchNewLendingProduct = {
  hero: {
    eyebrow: 'Launch new lending products',
    title: 'Launch new lending products in weeks, not quarters',
    lead: 'Configure the decisioning, pricing and monitoring of a new credit product on one platform, connect any data source, and go live with an API your partners can call from day one.',
    cta: 'Start building',
    secondaryCta: 'Talk to us',
    assurances: [offers.pilot, 'API-first'],
    visual: {
      kind: 'panel',
      icon: 'rocket',
      label: 'New product · BNPL at checkout',
      title: 'Ready to launch',
      badges: [
        { tone: 'positive', icon: 'checkCircle', text: 'Policy validated' },
        { tone: 'brand', icon: 'code', text: 'API live' },
      ],
      rows: [
        { label: 'Data sources', value: 'PSD2, bureau, repayment' },
        { label: 'Outcomes', value: 'Approve, decline or price' },
        { label: 'Monitoring', value: 'Early warnings on' },
      ],
      footnote: 'Illustrative example',
    },
  },
  sections: [
    {
      kind: 'cards',
      id: 'products',
      eyebrow: 'What you can launch',
      heading: 'Every kind of credit product on one platform',
      intro: 'Banks, lenders, fintechs, leasing and financing firms and platforms launch these products on the same engine.',
      columns: 4,
      stagger: 'short',
      cards: [
        { icon: 'creditCard', title: 'Credit limits', text: 'Dynamic limits that follow each customer’s behaviour and risk.' },
        { icon: 'cart', title: 'BNPL', text: 'Instant buy-now-pay-later decisions at checkout, in milliseconds of the basket.' },
        { icon: 'invoice', title: 'Invoice financing', text: 'Advances against receivables, with each invoice and debtor scored.' },
        { icon: 'truck', title: 'Purchase financing', text: 'Finance for equipment, stock and supplier purchases.' },
        { icon: 'store', title: 'Embedded finance', text: 'Credit inside partner platforms and marketplaces, decided by API.' },
        { icon: 'car', title: 'Auto financing', text: 'Vehicle loans with affordability and asset value built in.' },
        { icon: 'money', title: 'Leasing', text: 'Lease decisions for assets of every size, at the point of sale.' },
      ],
    },
    {
      kind: 'cards',
      id: 'pillars',
      eyebrow: 'Foundations',
      heading: 'Three pillars of a fast launch',
      stagger: 'long',
      cards: [
        {
          icon: 'blocks',
          title: 'Flexible platform',
          text: 'Configure products, eligibility rules, pricing and monitoring without waiting for a software release.',
        },
        {
          icon: 'network',
          title: 'Any data source',
          text: 'Open Banking (PSD2), accounting, registry, bureau, repayment or your own data, connected once and reused by every product.',
        },
        {
          icon: 'code',
          title: 'API-first',
          text: 'Every decision, rule and report is available through a documented API, ready for your channels and your partners.',
        },
      ],
    },
    {
      kind: 'checklist',
      id: 'why',
      eyebrow: `Why ${site.name}`,
      heading: 'Why product teams choose us',
      items: [
        {
          title: 'From idea to live product in weeks',
          text: 'Reuse your data connections and policies instead of building a new stack for each product.',
        },
        {
          title: 'Risk control from day one',
          text: 'Every new product is monitored by the same early-warning and reporting as the rest of your book.',
        },
        {
          title: 'Explainable by design',
          text: 'Ready for GDPR and the EU AI Act, with reasons and policy versions on every decision.',
        },
        {
          title: 'Start small',
          text: 'Prove the product in a 30-day pilot with no setup fees.',
        },
      ],
    },
  ],
  closing: {
    heading: 'Ready to launch your next lending product?',
    text: 'Tell us what you want to build, and we will show you how it would run on the platform in a free 30-minute demo.',
    cta: 'Start building',
    secondaryCta: 'Schedule demo',
    note: offers.both,
  },
} satisfies PageContent;
