import { site } from '../../site.config';
import type { PageContent } from '../types';

export const content = {
  hero: {
    eyebrow: 'AI-native credit risk and portfolio management',
    title: 'Turn raw financial data into real-time insights and automated action',
    lead: `${site.name} unifies your lending data, watches every exposure around the clock and acts on what it finds, so your risk team decides faster and works on the cases that matter.`,
    cta: 'Request a Demo',
    secondaryCta: 'view demo',
  },
  sections: [
    {
      id: 'problem',
      eyebrow: 'The problem',
      heading: 'Risk teams are buried in manual work',
      intro:
        'Data sits in CRM, core banking and payment systems that do not talk to each other. Analysts lose 10+ days a month per analyst collecting it, and early warning signs surface only after the loss.',
    },
    {
      id: 'how-it-works',
      eyebrow: 'How it works',
      heading: 'From data to decision in three steps',
      items: [
        { title: 'Discover', text: 'Connect open banking, accounting, registry and bureau data into one view of every borrower.' },
        { title: 'Analyse', text: 'AI models score, explain and forecast risk across the whole portfolio in real time.' },
        { title: 'Decide & Act', text: 'Automated workflows approve, remind, escalate or default, with a human in the loop where you want one.' },
      ],
    },
    {
      id: 'virtual-analyst',
      eyebrow: 'Virtual risk analyst',
      heading: 'Your AI-powered virtual risk analyst',
      intro:
        'It reads every statement, repayment and registry change as it arrives, explains what changed and proposes the next action: 24/7 monitoring without adding headcount.',
    },
    {
      id: 'automation',
      eyebrow: 'Automation',
      heading: 'Automation that does the follow-up for you',
      items: [
        { title: 'Automated alerts', text: 'Early warnings the moment a borrower’s risk profile changes.' },
        { title: 'Smart reminders', text: 'Repayment reminders timed and worded to each customer.' },
        { title: 'Collections workflows', text: 'Escalation and default workflows that follow your own rules.' },
        { title: 'Regulator-ready reports', text: 'Dashboards and reports generated automatically, every day.' },
      ],
    },
    {
      id: 'core-features',
      eyebrow: 'Platform',
      heading: 'Four core capabilities, one platform',
      items: [
        { title: 'Unified data model', text: 'CRM, core banking, payments, PSD2, accounting, registry, bureau and repayment data in one model.' },
        { title: 'Decision engine', text: 'Rules and AI together: approve, decline, price, escalate or monitor.' },
        { title: 'Risk forecasting', text: 'Default modelling and early warnings across the portfolio.' },
        { title: 'Compliance and audit trail', text: 'Every decision explained and logged: 100% auditable.' },
      ],
    },
    {
      id: 'autopilot',
      eyebrow: 'Autopilot',
      heading: 'Credit operations on autopilot',
      items: [
        { title: 'Data In', text: 'Applications, transactions and repayments flow in continuously.' },
        { title: 'AI Analysis', text: 'Every case is scored and explained in an average of 2.3 seconds.' },
        { title: 'Automated Actions', text: 'Approve / Remind / Default, according to the rules you set.' },
      ],
    },
    {
      id: 'risk-forecasting',
      eyebrow: 'Risk forecasting',
      heading: 'See tomorrow’s defaults today',
      items: [
        { title: 'Default modelling', text: 'Probability of default for every borrower, updated as new data arrives.' },
        { title: 'Risk hotspots', text: 'Concentrations by sector, geography or borrower type, before they grow.' },
        { title: 'Capital optimisation', text: 'Allocate capital where the risk-adjusted return is highest.' },
      ],
    },
    {
      id: 'use-cases',
      eyebrow: 'Use cases',
      heading: 'Built for the work lenders do every day',
      items: [
        { title: 'Credit Decisions', text: 'Explainable decisions for SME and consumer credit, 75% faster approvals.' },
        { title: 'Portfolio Monitoring', text: 'Early warnings and automated follow-ups across every loan.' },
        { title: 'Automated Reporting', text: 'Regulator-ready reports without spreadsheets.' },
      ],
    },
    {
      id: 'benefits',
      eyebrow: 'Benefits',
      heading: `Why lenders choose ${site.name}`,
      items: [
        { title: 'Save time', text: '95% less manual work and 120+ hours saved per analyst per year.' },
        { title: 'Reduce defaults', text: 'Act on early warnings: -25% defaults.' },
        { title: 'Stay compliant', text: 'Ready for GDPR and the EU AI Act, with a complete audit trail.' },
        { title: 'Scale efficiently', text: '+40% approvals without growing the risk team.' },
      ],
    },
    {
      id: 'testimonial',
      eyebrow: 'Customer story',
      heading: 'What risk leaders say',
      intro:
        '“We cut manual follow-ups by 70% in the first quarter. Our analysts now spend their time on judgement, not on chasing data.” Head of Risk, Digital Lender',
    },
  ],
  closing: {
    heading: 'Book a Demo Today',
    text: 'See your own data in a free 30-minute demo, then run a 30-day pilot with no setup fees.',
    cta: 'Book a Demo Today',
    secondaryCta: 'talk to us',
  },
} satisfies PageContent;
