import { site } from '../../site.config';
import { ILLUSTRATIVE, offers } from '../offers';
import type { PageContent } from '../types';

export const leasingDecisions = {
  hero: {
    eyebrow: 'Leasing decisions',
    title: 'Leasing decisions in seconds, with every reason on record',
    lead: 'Assess the lessee and the asset together, check affordability, and return an explained decision to the dealer or vendor while the customer is still there.',
    cta: 'Request a Demo',
    secondaryCta: 'View case studies',
    assurances: [offers.demo, offers.pilot],
    visual: {
      kind: 'panel',
      icon: 'car',
      label: 'Lease application L-55120 · sample',
      title: 'Approved at the point of sale',
      badges: [
        { tone: 'positive', icon: 'checkCircle', text: 'Sample approval: €15k' },
        { tone: 'brand', icon: 'gauge', text: 'Risk score: 2.3%' },
      ],
      rows: [
        { label: 'Asset', value: 'Light commercial vehicle' },
        { label: 'Term', value: '48 months' },
        { label: 'Decision time', value: '2.3 s' },
      ],
      footnote: 'Illustrative example',
    },
  },
  sections: [
    {
      kind: 'split',
      id: 'challenge',
      pointsTone: 'pain',
      eyebrow: 'The challenge',
      heading: 'Leasing needs speed at the point of sale',
      paragraphs: [
        'Dealers and vendors expect an answer while the customer is still at the desk. Yet many leasing decisions still wait in a manual queue, and every delay is a lost deal.',
        'At the same time, lessors carry both credit risk and asset risk, and must show regulators how each decision was made.',
      ],
      points: [
        'Customers lost while applications wait for review',
        'Affordability and asset risk assessed separately',
        'Decisions hard to explain to partners and auditors',
      ],
    },
    {
      kind: 'steps',
      id: 'solution',
      eyebrow: 'The solution',
      heading: 'Three steps to a leasing decision',
      steps: [
        {
          icon: 'database',
          title: 'Collect',
          text: 'Applicant, asset and open banking data arrive in one API call from the dealer or vendor system.',
        },
        {
          icon: 'calculator',
          title: 'Assess',
          text: 'Affordability, credit risk and asset value are scored together against your leasing policy.',
        },
        {
          icon: 'send',
          title: 'Decide',
          text: 'An explained decision goes back to the point of sale in seconds, or to an analyst when it needs one.',
        },
      ],
    },
    {
      kind: 'stats',
      id: 'outcome',
      eyebrow: 'The outcome',
      heading: 'Faster approvals, fewer defaults',
      intro: 'What lessors see when decisions move from a queue to the engine.',
      stats: [
        { value: '75%', label: 'faster approvals' },
        { value: '+40%', label: 'approvals' },
        { value: '-25%', label: 'defaults' },
        { value: '100%', label: 'auditable' },
      ],
    },
    {
      kind: 'decision',
      id: 'example-decision',
      eyebrow: 'Example decision output',
      heading: 'A leasing decision, explained',
      intro: 'What a declined lease application could look like, with the counterfactual the dealer can act on straight away.',
      title: 'Leasing decision',
      disclaimer: ILLUSTRATIVE,
      sample: {
        decision: 'DECLINE',
        affordability_score: 0.42,
        reasons: [
          'Monthly lease payment would take 38% of verified disposable income; the policy maximum is 30%',
          'Income verified from 6 months of open banking data shows high variability',
        ],
        counterfactual: 'Approval likely with a down payment of 20% or a term of 60 months',
        policy_version: 'vehicle-lease 2026-09-15',
        human_review: true,
      },
      notes: [
        { field: 'affordability_score', text: 'How comfortably the lessee can carry the payments, from 0 to 1.' },
        { field: 'counterfactual', text: 'The change that would turn the decision around, ready to offer.' },
        { field: 'human_review', text: 'This case is routed to an analyst before the answer is final.' },
      ],
    },
    {
      kind: 'steps',
      id: 'support',
      eyebrow: 'Support model',
      heading: 'Supported at every stage',
      intro: 'A three-stage support model takes you from first test to full portfolio.',
      steps: [
        {
          icon: 'target',
          title: 'Pilot',
          text: 'A 30-day pilot with no setup fees, run on your own historical applications.',
        },
        {
          icon: 'rocket',
          title: 'Launch',
          text: 'We configure your leasing policy and integrate dealer and vendor channels with your team.',
        },
        {
          icon: 'activity',
          title: 'Scale',
          text: 'Ongoing model monitoring, policy reviews and new asset classes as you grow.',
        },
      ],
    },
    {
      kind: 'checklist',
      id: 'why',
      eyebrow: `Why ${site.name}`,
      heading: 'Why leasing and financing firms choose us',
      items: [
        {
          title: 'Built for lessee and asset risk',
          text: 'Affordability and asset value assessed in the same decision.',
        },
        {
          title: 'Fast enough for the point of sale',
          text: 'Decisions in 2.3 seconds on average, through one API.',
        },
        {
          title: 'Explained to partners and regulators',
          text: 'Reasons, counterfactual, policy version and human-review flag on every decision.',
        },
      ],
    },
  ],
  closing: {
    heading: 'Make leasing decisions your partners love',
    text: 'Bring a sample of past lease applications and see the engine decide them in a free 30-minute demo.',
    cta: 'Request a Demo',
    secondaryCta: 'Schedule demo',
    note: offers.both,
  },
} satisfies PageContent;
