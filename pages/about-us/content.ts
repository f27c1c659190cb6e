import { site } from '../../site.config';
import { offers } from '../offers';
import type { PageContent } from '../types';

export const aboutUs = {
  hero: {
    eyebrow: 'About us',
    title: 'Built by banking professionals for the lenders of tomorrow',
    lead: `${site.name} brings years of credit risk practice and modern engineering together in one AI-native platform, so every lender can make fast, fair and explainable decisions.`,
    cta: 'Book a Pilot Call',
    assurances: ['Founded in 2025', offers.pilot],
    visual: {
      kind: 'panel',
      icon: 'building',
      label: 'Company facts',
      title: `${site.name} at a glance`,
      rows: [
        { label: 'Founded', value: '2025' },
        { label: 'Led by', value: 'Two co-founders, CEO and CTO' },
        { label: 'Built for', value: 'Banks, lenders, fintechs, leasing firms' },
        { label: 'Approach', value: 'Explainable AI, human oversight' },
      ],
    },
  },
  sections: [
    {
      kind: 'split',
      id: 'story',
      eyebrow: 'Our story',
      heading: 'Founded in 2025 to end manual risk work',
      paragraphs: [
        'We started the company in 2025 after years inside banks and lenders, watching capable risk teams lose their days to spreadsheets, rekeyed data and reminders tracked by hand.',
        'The data to make better decisions already existed in open banking, accounting, registry and bureau sources. What was missing was a platform that brings it together, decides with it, and explains every decision to the people accountable for it.',
      ],
    },
    {
      kind: 'split',
      id: 'vision',
      eyebrow: 'Our vision',
      heading: 'The leading AI risk platform for decision-making',
      paragraphs: [
        'We are building the leading AI risk platform for decision-making: one place where lenders of every size decide, monitor and report, with every outcome explained and every rule in their own hands.',
      ],
      points: [
        'Decisions in seconds, explained in plain language',
        'Risk managed continuously, not quarterly',
        'Compliance built in, not added afterwards',
      ],
    },
    {
      kind: 'team',
      id: 'team',
      eyebrow: 'Our team',
      heading: 'Two co-founders, two disciplines',
      intro: 'The company is led by its two co-founders, who bring banking and engineering to the same table.',
      members: [
        {
          id: 'ceo',
          role: 'Co-founder and CEO',
          icon: 'bank',
          background: 'A career in banking credit risk, from SME underwriting to running portfolio risk and reporting to regulators.',
          focus: ['Credit policy and risk strategy', 'Lender partnerships', 'Regulatory readiness'],
        },
        {
          id: 'cto',
          role: 'Co-founder and CTO',
          icon: 'cpu',
          background: 'An engineer who has built data platforms and real-time decision systems for regulated financial services.',
          focus: ['Decision engine and AI models', 'Data integrations and APIs', 'Security and reliability'],
        },
      ],
    },
    {
      kind: 'cards',
      id: 'philosophy',
      eyebrow: 'Our philosophy',
      heading: 'Principles we build by',
      columns: 4,
      cards: [
        {
          icon: 'eye',
          title: 'Explainable AI systems',
          text: 'Every score and every decision comes with its reasons. If we cannot explain it, we do not ship it.',
        },
        {
          icon: 'rules',
          title: 'Transparent decision logic',
          text: 'Business rules are readable, versioned and owned by the lender, never hidden in code.',
        },
        {
          icon: 'gauge',
          title: 'Computational excellence',
          text: 'Decisions in seconds on any volume, engineered to the standards of regulated systems.',
        },
        {
          icon: 'handshake',
          title: 'Human-AI collaboration',
          text: 'AI does the routine work; people make the judgement calls and can always overrule.',
        },
      ],
    },
    {
      kind: 'checklist',
      id: 'why',
      eyebrow: 'Why choose us',
      heading: `Why choose ${site.name}`,
      items: [
        {
          title: 'Practitioners, not just technologists',
          text: 'We have worked in credit risk and know what a risk officer must be able to defend.',
        },
        {
          title: 'A platform that explains itself',
          text: 'Reasons, counterfactuals, policy versions and human review on every decision.',
        },
        {
          title: 'Built for banks, lenders, fintechs and leasing firms',
          text: 'From SME and consumer credit to leasing, financing and embedded lending on platforms.',
        },
        {
          title: 'Proof before commitment',
          text: 'A 30-day pilot with no setup fees, on your own data.',
        },
      ],
    },
  ],
  closing: {
    heading: 'Let’s talk about your portfolio',
    text: 'Book a pilot call and we will plan a 30-day pilot on your own data, with no setup fees.',
    cta: 'Book a Pilot Call',
    secondaryCta: 'Talk to us',
    note: offers.both,
  },
} satisfies PageContent;
