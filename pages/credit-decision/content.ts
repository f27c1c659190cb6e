import { site } from '../../site.config';
import type { PageContent } from '../types';

export const content = {
  hero: {
    eyebrow: 'Credit decisioning',
    title: 'Smarter risk decisions for businesses and consumers',
    lead: 'Decide on SME and consumer credit in seconds with AI that explains every outcome, enriched with accounting and PSD2 data and checked for affordability.',
    cta: 'Request a Demo',
    secondaryCta: 'view case studies',
  },
  sections: [
    {
      id: 'problem',
      eyebrow: 'The problem',
      heading: 'Manual underwriting cannot keep up',
      intro:
        'Applicants expect an answer in minutes, but analysts still rekey bank statements and financials by hand, and rule sets written years ago miss the signals in today’s data.',
    },
    {
      id: 'solution',
      eyebrow: 'The solution',
      heading: 'One engine for SME lending and consumer credit',
      items: [
        { title: 'SME lending', text: 'Scores enriched with accounting and PSD2 data, registry filings and bureau records.' },
        { title: 'Consumer credit', text: 'Affordability checks from verified income and spending, in line with responsible lending rules.' },
      ],
    },
    {
      id: 'benefits',
      eyebrow: 'Benefits',
      heading: 'Faster, fairer, fully explained',
      items: [
        { title: '75% faster approvals', text: 'Straight-through decisions for clear cases.' },
        { title: '+40% approvals', text: 'Richer data finds creditworthy customers rules reject.' },
        { title: '-25% defaults', text: 'Better risk separation at the point of origination.' },
        { title: '100% auditable', text: 'Reasons, counterfactual and policy version on every decision.' },
      ],
    },
    {
      id: 'how-it-works',
      eyebrow: 'How it works',
      heading: 'How a decision is made',
      items: [
        { title: 'Connect data', text: 'Open banking, accounting and registry APIs feed the application.' },
        { title: 'Score and explain', text: 'The AI decision engine scores the case and explains itself.' },
        { title: 'Deliver the outcome', text: 'Approve, decline, price or refer to a human, in 2.3 seconds on average.' },
      ],
    },
    {
      id: 'example-decision',
      eyebrow: 'Example',
      heading: 'An example decision response',
      intro: 'An illustrative example of what a decision looks like, not an API contract.',
    },
    {
      id: 'second-look',
      eyebrow: 'Beyond the decision',
      heading: 'Faster decisions, smarter products',
      items: [
        { title: 'Faster decisions', text: 'Answers in seconds instead of days.' },
        { title: 'Smarter products', text: 'Design limits and terms around real customer behaviour.' },
        { title: 'Compliance readiness', text: 'Built for GDPR and the EU AI Act from the first line of code.' },
        { title: 'Risk-based pricing', text: 'Price every loan for the risk it actually carries.' },
        { title: 'Serve more customers', text: 'Say yes to thin-file applicants you can now understand.' },
      ],
    },
    {
      id: 'use-cases',
      eyebrow: 'Use cases',
      heading: 'Where lenders use it',
      items: [
        { title: 'SME working capital', text: 'Term loans and credit lines decided on live accounting data.' },
        { title: 'Consumer loans', text: 'Affordability-checked personal lending.' },
        { title: 'Embedded finance', text: 'Credit offered inside partner platforms, decided by API.' },
      ],
    },
    {
      id: 'team',
      eyebrow: 'About the team',
      heading: 'Built by banking professionals',
      intro: `${site.name} was founded by people who have run credit committees and built decision systems, and it shows in every workflow.`,
    },
  ],
  closing: {
    heading: 'Make your next credit decision a smarter one',
    text: 'Start a 30-day pilot with no setup fees.',
    cta: 'Request a Demo',
    secondaryCta: 'schedule demo',
  },
} satisfies PageContent;
