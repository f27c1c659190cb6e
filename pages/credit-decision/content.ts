import { site } from '../../site.config';
import { ILLUSTRATIVE, offers } from '../offers';
import type { PageContent } from '../types';

export const creditDecision = {
  hero: {
    eyebrow: 'SME and consumer credit decisioning',
    title: 'Smarter risk decisions for businesses and consumers',
    lead: 'Decide on SME loans and consumer credit in seconds, with AI that reads accounting and PSD2 data, checks affordability and explains every outcome to your customers, your credit committee and your regulator.',
    cta: 'Request a Demo',
    secondaryCta: 'View case studies',
    assurances: ['Average decision time 2.3 seconds', offers.pilot],
    visual: {
      kind: 'panel',
      icon: 'scale',
      label: 'SME application A-20931 · 2.3 s',
      title: 'Decision: approved at risk-based price',
      badges: [
        { tone: 'positive', icon: 'checkCircle', text: 'Approve' },
        { tone: 'brand', icon: 'shield', text: 'Policy SME-2026-10' },
      ],
      rows: [
        { label: 'Requested', value: '€120,000 over 36 months' },
        { label: 'Probability of default', value: '1.9%' },
        { label: 'Offered rate', value: '7.4%' },
        { label: 'Data used', value: 'Accounting, PSD2, registry, bureau' },
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
      heading: 'Manual underwriting cannot keep up with your applicants',
      paragraphs: [
        'Business owners and consumers expect an answer in minutes. Yet many lenders still rekey bank statements and financial accounts by hand, and rely on scorecards built years ago that miss what today’s data shows.',
        'Good applicants wait or walk away, thin-file customers are declined by default, and every decision is hard to explain afterwards.',
      ],
      points: [
        'Days from application to answer',
        'Creditworthy applicants declined for lack of data',
        'Reasons for a decision reconstructed after the fact',
      ],
    },
    {
      kind: 'cards',
      id: 'solution',
      eyebrow: 'The solution',
      heading: 'One engine for SME lending and consumer credit',
      intro: 'The same explainable decision engine, tuned to each segment’s data and regulation.',
      columns: 2,
      cards: [
        {
          icon: 'building',
          title: 'SME lending',
          text: 'Decide on business loans, credit lines and invoice facilities from live financial data instead of last year’s accounts.',
          points: [
            'Accounting data read directly from the bookkeeping system',
            'PSD2 bank data for cash flow, turnover and obligations',
            'Registry filings, ownership and bureau records in the same view',
          ],
        },
        {
          icon: 'users',
          title: 'Consumer credit',
          text: 'Lend responsibly at the speed consumers expect, with affordability at the heart of every decision.',
          points: [
            'Affordability checks from verified income and spending',
            'Bureau and repayment history combined with open banking data',
            'Clear reasons for every decline, ready to share with the applicant',
          ],
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      heading: 'Faster, fairer and fully explained',
      columns: 4,
      cards: [
        {
          stat: { value: '75%', label: 'faster approvals' },
          title: 'Faster decisions',
          text: 'Clear cases are decided straight through; analysts see only the ones that need them.',
        },
        {
          stat: { value: '+40%', label: 'approvals' },
          title: 'More good customers',
          text: 'Richer data finds creditworthy applicants that traditional rules turn away.',
        },
        {
          stat: { value: '-25%', label: 'defaults' },
          title: 'Better risk separation',
          text: 'Models that read cash flow and behaviour separate good from bad risk earlier.',
        },
        {
          stat: { value: '100%', label: 'auditable' },
          title: 'Explained every time',
          text: 'Reasons, counterfactual and policy version recorded with every decision.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      eyebrow: 'How it works',
      heading: 'How a decision is made',
      steps: [
        {
          icon: 'plug',
          title: 'Connect data',
          text: 'The application arrives with consent to open banking, accounting and registry APIs; bureau data is added automatically.',
        },
        {
          icon: 'brain',
          title: 'Score and explain',
          text: 'The AI decision engine scores the case against your policy and explains which factors drove the result.',
        },
        {
          icon: 'send',
          title: 'Deliver the outcome',
          text: 'Approve, decline, price or refer to an analyst, returned by API in 2.3 seconds on average.',
        },
      ],
    },
    {
      kind: 'decision',
      id: 'example-decision',
      eyebrow: 'Example decision response',
      heading: 'Every decision explains itself',
      intro:
        'This is what a declined SME application could look like. The reasons and counterfactual tell the applicant and your analysts exactly what would change the outcome.',
      title: 'SME credit decision',
      disclaimer: ILLUSTRATIVE,
      sample: {
        request_id: 'req_8f3a2c91',
        decision: 'DECLINE',
        score: 0.31,
        reasons: [
          'Debt service coverage ratio of 0.9 is below the policy minimum of 1.2',
          'Average monthly balance fell 42% over the last 90 days (PSD2)',
          'Two late payments to suppliers reported in the last 6 months',
        ],
        counterfactual: 'Approval likely at a loan amount of €60,000 or less, or with a debt service coverage ratio of 1.2 or more',
        policy_version: 'sme-term-loan 2026-10-01',
        human_review: false,
      },
      notes: [
        { field: 'reasons', text: 'The factors that drove the decision, in plain language.' },
        { field: 'counterfactual', text: 'What would have changed the outcome.' },
        { field: 'policy_version', text: 'The exact product policy and date applied, for the audit trail.' },
        { field: 'human_review', text: 'Whether an analyst must confirm the decision before it is sent.' },
      ],
    },
    {
      kind: 'cards',
      id: 'use-cases',
      eyebrow: 'Use cases',
      heading: 'Where lenders use it',
      cards: [
        {
          icon: 'building',
          title: 'SME working capital',
          text: 'Term loans and credit lines decided on live accounting and bank data.',
        },
        {
          icon: 'wallet',
          title: 'Consumer loans',
          text: 'Personal loans and credit cards with affordability checked on every application.',
        },
        {
          icon: 'store',
          title: 'Embedded finance',
          text: 'Credit offered inside partner platforms and marketplaces, decided by API at the point of need.',
          link: { href: '/launch-new-lending-product/', label: 'Launch a new lending product' },
        },
      ],
    },
    {
      kind: 'split',
      id: 'team',
      eyebrow: 'About the team',
      heading: 'Built by banking professionals',
      paragraphs: [
        `${site.name} was founded by people who have sat on credit committees and built decision systems for regulated lenders. We know that a model is only useful if a risk officer can defend its decisions.`,
      ],
      points: [
        'Credit risk practice from underwriting to portfolio management',
        'Engineering for regulated, high-volume decision systems',
        'Explainability designed in from the first line of code',
      ],
    },
    {
      kind: 'cards',
      id: 'faster-decisions',
      eyebrow: 'Beyond the decision',
      heading: 'Faster decisions, smarter products, ready for regulation',
      intro: 'Better decisions change more than the approval rate. They change which products you can offer, and to whom.',
      columns: 3,
      cards: [
        {
          icon: 'timer',
          title: 'Faster decisions',
          text: 'Answers in seconds instead of days, so good customers do not go elsewhere.',
        },
        {
          icon: 'idea',
          title: 'Smarter products',
          text: 'Design limits, terms and offers around how customers actually behave.',
        },
        {
          icon: 'shield',
          title: 'Compliance readiness',
          text: 'Built for GDPR and the EU AI Act: documented models, explained decisions and human oversight.',
        },
        {
          icon: 'euro',
          title: 'Risk-based pricing',
          text: 'Price every loan for the risk it actually carries, not for the average of its segment.',
        },
        {
          icon: 'users',
          title: 'Serve more customers',
          text: 'Say yes to thin-file and young businesses you can now understand from their data.',
        },
      ],
    },
  ],
  closing: {
    heading: 'Make your next credit decision a smarter one',
    text: 'Bring a sample of past applications and see how the engine would have decided them, in a free 30-minute demo.',
    cta: 'Request a Demo',
    secondaryCta: 'Schedule demo',
    note: offers.both,
  },
} satisfies PageContent;
