import { site } from '../../site.config';
import type { PageContent } from '../types';

export const content = {
  hero: {
    eyebrow: 'About us',
    title: 'Built by banking professionals for the lenders of tomorrow',
    lead: `${site.name} brings decades of credit risk practice and modern engineering into one AI-native platform.`,
  },
  sections: [
    {
      id: 'story',
      eyebrow: 'Our story',
      heading: 'Founded in 2025',
      intro: 'We started the company in 2025 after years of watching good lenders slowed down by manual risk processes.',
    },
    {
      id: 'vision',
      eyebrow: 'Our vision',
      heading: 'The leading AI risk platform for decision-making',
      intro: 'Our goal is to build the leading AI risk platform for decision-making: every credit decision fast, fair and explained.',
    },
    {
      id: 'team',
      eyebrow: 'Our team',
      heading: 'Two co-founders, two disciplines',
      items: [
        { title: 'Co-founder and CEO', text: 'A career in banking credit risk, from underwriting to running portfolio risk.' },
        { title: 'Co-founder and CTO', text: 'An engineer who has built data platforms and decision systems at scale.' },
      ],
    },
    {
      id: 'philosophy',
      eyebrow: 'Our philosophy',
      heading: 'How we build',
      items: [
        { title: 'Explainable AI systems', text: 'Every output comes with its reasons.' },
        { title: 'Transparent decision logic', text: 'Rules you can read, version and audit.' },
        { title: 'Computational excellence', text: 'Decisions in seconds on any volume.' },
        { title: 'Human-AI collaboration', text: 'People stay in charge of the judgement calls.' },
      ],
    },
    {
      id: 'why',
      eyebrow: 'Why choose us',
      heading: `Why choose ${site.name}`,
      intro: 'Practitioners who understand credit, a platform that explains itself, and a 30-day pilot with no setup fees.',
    },
  ],
  closing: {
    heading: 'Let’s talk about your portfolio',
    text: 'Book a pilot and see results on your own data in 30 days.',
    cta: 'Book a Pilot Call',
  },
} satisfies PageContent;
