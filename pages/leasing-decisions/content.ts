import type { PageContent } from '../types';

export const content = {
  hero: {
    eyebrow: 'Leasing decisions',
    title: 'Leasing decisions in seconds, with every reason on record',
    lead: 'Assess lessees and assets together, check affordability and explain every outcome to customers, partners and regulators.',
    cta: 'Request a Demo',
  },
  sections: [
    {
      id: 'challenge',
      eyebrow: 'The challenge',
      heading: 'Leasing needs speed at the point of sale',
      intro: 'Dealers and vendors expect an answer while the customer is still there, yet many leasing decisions still wait for manual review.',
    },
    {
      id: 'solution',
      eyebrow: 'The solution',
      heading: 'Three steps to a leasing decision',
      items: [
        { title: 'Collect', text: 'Applicant, asset and bank data arrive through one API call.' },
        { title: 'Assess', text: 'Affordability and asset risk are scored together.' },
        { title: 'Decide', text: 'An explained decision is returned to the point of sale.' },
      ],
    },
    {
      id: 'outcome',
      eyebrow: 'The outcome',
      heading: 'Faster approvals, fewer defaults',
      intro: '75% faster approvals and -25% defaults, with every decision 100% auditable.',
    },
    {
      id: 'example-decision',
      eyebrow: 'Example',
      heading: 'An example decision output',
      intro: 'An illustrative example of a leasing decision, not an API contract.',
    },
    {
      id: 'support',
      eyebrow: 'Support model',
      heading: 'Supported at every stage',
      items: [
        { title: 'Pilot', text: 'A 30-day pilot with no setup fees on your own applications.' },
        { title: 'Launch', text: 'Rules and integrations configured with your team.' },
        { title: 'Scale', text: 'Ongoing model monitoring and policy reviews.' },
      ],
    },
    {
      id: 'why',
      eyebrow: 'Why us',
      heading: 'Why leasing firms choose us',
      intro: 'Built by banking professionals for financing firms that need speed without losing control.',
    },
  ],
  closing: {
    heading: 'Make leasing decisions your partners love',
    text: 'A free 30-minute demo with your own cases.',
    cta: 'Request a Demo',
    secondaryCta: 'schedule demo',
  },
} satisfies PageContent;
