import { site } from '../../site.config';
import type { PageContent } from '../types';

export const content = {
  hero: {
    eyebrow: 'New lending products',
    title: 'Launch new lending products in weeks, not quarters',
    lead: 'Configure the decisioning, pricing and monitoring for a new credit product on one platform, and go live with an API your partners can call.',
    cta: 'Request a Demo',
    secondaryCta: 'start building',
  },
  sections: [
    {
      id: 'products',
      eyebrow: 'What you can launch',
      heading: 'Every kind of credit product',
      items: [
        { title: 'Credit limits', text: 'Dynamic limits that follow customer behaviour.' },
        { title: 'BNPL', text: 'Instant buy-now-pay-later decisions at checkout.' },
        { title: 'Invoice financing', text: 'Advance against receivables, scored invoice by invoice.' },
        { title: 'Purchase financing', text: 'Finance for equipment and inventory purchases.' },
        { title: 'Embedded finance', text: 'Credit inside partner platforms, decided by API.' },
        { title: 'Auto financing', text: 'Vehicle loans with affordability built in.' },
        { title: 'Leasing', text: 'Lease decisions for assets of every size.' },
      ],
    },
    {
      id: 'pillars',
      eyebrow: 'Foundations',
      heading: 'Three pillars of a fast launch',
      items: [
        { title: 'Flexible platform', text: 'Configure products, rules and pricing without code releases.' },
        { title: 'Any data source', text: 'Open Banking (PSD2), accounting, registry, bureau or your own data.' },
        { title: 'API-first', text: 'Every decision and every rule is available through a documented API.' },
      ],
    },
    {
      id: 'why',
      eyebrow: `Why ${site.name}`,
      heading: 'Why product teams choose it',
      intro: 'Start with a 30-day pilot with no setup fees and launch on the same platform that monitors the product afterwards.',
    },
  ],
  closing: {
    heading: 'Ready to launch your next product?',
    text: 'Tell us what you want to build.',
    cta: 'start building',
    secondaryCta: 'talk to us',
  },
} satisfies PageContent;
