import type { PageContent } from '../types';

export const content = {
  hero: {
    eyebrow: 'Decision engine',
    title: 'A risk engine that decides, acts and explains',
    lead: 'Rules and AI in one engine that can approve, decline, price, escalate or monitor, configured with your own business rules.',
    cta: 'Request Demo',
  },
  sections: [
    {
      id: 'why-it-matters',
      eyebrow: 'Why it matters',
      heading: 'Decisions you can defend',
      intro: 'Regulators, customers and your own credit committee all ask the same question: why? Every decision should answer it.',
    },
    {
      id: 'what-it-delivers',
      eyebrow: 'What it delivers',
      heading: 'Every outcome, explained',
      items: [
        { title: 'Five outcomes', text: 'Approve, decline, price, escalate or monitor.' },
        { title: 'Your business rules', text: 'Customers configure their own rules alongside the AI.' },
        { title: 'Full explanation', text: 'Reasons, a counterfactual, the policy version and a human-review flag on every decision.' },
      ],
    },
    {
      id: 'benefits',
      eyebrow: 'Benefits',
      heading: 'Speed and control together',
      items: [
        { title: '2.3 seconds', text: 'Average decision time.' },
        { title: '100% auditable', text: 'Every decision logged with its policy version.' },
        { title: '95% less manual work', text: 'Analysts review only the cases that need them.' },
      ],
    },
    {
      id: 'how-it-works',
      eyebrow: 'How it works',
      heading: 'Four steps to every decision',
      items: [
        { title: 'Collect data', text: 'Gather application, bank, accounting, registry and bureau data.' },
        { title: 'Analyze and score', text: 'Score risk with models and rules together.' },
        { title: 'Decide and act', text: 'Return the outcome and trigger the next workflow.' },
        { title: 'Explain and log', text: 'Record reasons and policy version in the audit trail.' },
      ],
    },
    {
      id: 'use-cases',
      eyebrow: 'Use cases',
      heading: 'One engine, many decisions',
      items: [
        { title: 'Origination', text: 'SME and consumer credit decisions.' },
        { title: 'Pricing', text: 'Risk-based pricing for every offer.' },
        { title: 'Monitoring', text: 'Ongoing decisions on limits and follow-ups.' },
      ],
    },
  ],
  closing: {
    heading: 'Put the engine to work on your decisions',
    text: 'A free 30-minute demo of the engine on your own rules.',
    cta: 'Request Demo',
    secondaryCta: 'view demo',
  },
} satisfies PageContent;
