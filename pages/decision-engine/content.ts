import { offers } from '../offers';
import type { PageContent } from '../types';

export const decisionEngine = {
  hero: {
    eyebrow: 'Risk decision engine',
    title: 'A decision engine that decides, acts and explains',
    lead: 'Rules and AI in one engine that can approve, decline, price, escalate or monitor, under business rules you configure yourself, with a full explanation on every decision.',
    cta: 'Request Demo',
    secondaryCta: 'View demo',
    assurances: ['Average decision time 2.3 seconds', '100% auditable'],
    visual: {
      kind: 'panel',
      icon: 'split',
      label: 'Decision log · policy consumer-loan 2026-09',
      title: 'Outcome: escalate to analyst',
      badges: [
        { tone: 'warning', icon: 'userCheck', text: 'Human review: yes' },
        { tone: 'brand', icon: 'timer', text: '2.3 s' },
      ],
      lines: [
        'Affordability margin close to policy limit',
        'Income verified from open banking data',
        'Counterfactual: approve at a 48-month term',
      ],
      footnote: 'Illustrative example',
    },
  },
  sections: [
    {
      kind: 'split',
      id: 'why-it-matters',
      eyebrow: 'Why it matters',
      heading: 'Every decision should answer the question “why?”',
      paragraphs: [
        'Applicants, regulators and your own credit committee all ask the same question. Under GDPR and the EU AI Act, automated credit decisions must be explainable, and a person must be able to step in.',
        'Most engines give you a score. This one gives you a decision you can defend: what was decided, why, under which policy, and what would have changed it.',
      ],
    },
    {
      kind: 'cards',
      id: 'what-it-delivers',
      eyebrow: 'What it delivers',
      heading: 'Five outcomes, your rules, a full explanation',
      columns: 3,
      cards: [
        {
          icon: 'split',
          title: 'Approve, decline, price, escalate or monitor',
          text: 'Every case ends in a clear outcome, and triggers the reminders, collections and default workflows that follow from it.',
        },
        {
          icon: 'rules',
          title: 'Your own business rules',
          text: 'Customers configure their own rules and thresholds alongside the AI models, and version every change.',
        },
        {
          icon: 'audit',
          title: 'An explanation you can share',
          text: 'Every decision returns its reasons, a counterfactual, the policy version and a human-review flag.',
          points: ['Reasons', 'Counterfactual', 'Policy version', 'Human-review flag'],
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      heading: 'Speed and control, together',
      columns: 4,
      cards: [
        {
          stat: { value: '2.3 s', label: 'average decision time' },
          title: 'Real-time decisions',
          text: 'Fast enough for checkout, point-of-sale and embedded lending.',
        },
        {
          stat: { value: '100%', label: 'auditable' },
          title: 'A complete audit trail',
          text: 'Every decision logged with its data, reasons and policy version.',
        },
        {
          stat: { value: '95%', label: 'less manual work' },
          title: 'Analysts where they matter',
          text: 'People review only the cases the engine escalates to them.',
        },
        {
          stat: { value: '75%', label: 'faster approvals' },
          title: 'Shorter time to yes',
          text: 'Straight-through decisions for clear cases, without waiting for a queue.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'how-it-works',
      eyebrow: 'How it works',
      heading: 'Four steps behind every decision',
      steps: [
        {
          icon: 'database',
          title: 'Collect data',
          text: 'Application, open banking, accounting, registry, bureau and repayment data, gathered through one API call.',
        },
        {
          icon: 'brain',
          title: 'Analyze and score',
          text: 'AI models and your rules assess the case together and quantify the risk.',
        },
        {
          icon: 'zap',
          title: 'Decide and act',
          text: 'The engine returns the outcome and starts the workflow that follows from it.',
        },
        {
          icon: 'audit',
          title: 'Explain and log',
          text: 'Reasons, counterfactual and policy version are stored in the audit trail, ready for any review.',
        },
      ],
    },
    {
      kind: 'cards',
      id: 'use-cases',
      eyebrow: 'Use cases',
      heading: 'One engine, many decisions',
      columns: 4,
      cards: [
        {
          icon: 'scale',
          title: 'Credit origination',
          text: 'SME and consumer credit decisions at application.',
          link: { href: '/credit-decision/', label: 'Explore credit decisions' },
        },
        {
          icon: 'euro',
          title: 'Risk-based pricing',
          text: 'A price for every offer that reflects the risk it carries.',
        },
        {
          icon: 'radar',
          title: 'Ongoing monitoring',
          text: 'Limit changes, reminders and escalations across the live portfolio.',
          link: { href: '/portfolio-monitoring/', label: 'Explore portfolio monitoring' },
        },
        {
          icon: 'car',
          title: 'Leasing and financing',
          text: 'Lessee and asset decisions at the point of sale.',
          link: { href: '/leasing-decisions/', label: 'Explore leasing decisions' },
        },
      ],
    },
  ],
  closing: {
    heading: 'Put the engine to work on your decisions',
    text: 'See the engine decide your own sample cases, with every reason on screen, in a free 30-minute demo.',
    cta: 'Request Demo',
    secondaryCta: 'Start building',
    note: offers.both,
  },
} satisfies PageContent;
