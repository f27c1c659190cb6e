import type { ReactNode } from 'react';
import { DashboardIllustration } from '../components/illustrations/DashboardIllustration';
import { ForecastChart } from '../components/illustrations/ForecastChart';
import { ProductPanel } from '../components/illustrations/ProductPanel';
import { CallToAction } from '../components/sections/CallToAction';
import { CardGrid } from '../components/sections/CardGrid';
import { Checklist } from '../components/sections/Checklist';
import { DecisionSample } from '../components/sections/DecisionSample';
import { Flow } from '../components/sections/Flow';
import { Hero } from '../components/sections/Hero';
import { Section } from '../components/sections/Section';
import { Split } from '../components/sections/Split';
import { StatList } from '../components/sections/StatList';
import { Steps } from '../components/sections/Steps';
import { TeamGrid } from '../components/sections/TeamGrid';
import { Testimonial } from '../components/sections/Testimonial';
import type { PageContent, SectionContent, Visual } from './types';

export interface ContentPageProps {
  content: PageContent;
}

/** Hero, then each section in the order of the content, then the closing call to action. */
export function ContentPage({ content }: ContentPageProps) {
  const { visual, ...hero } = content.hero;
  return (
    <>
      <Hero {...hero} visual={visual ? renderVisual(visual) : undefined} />
      {content.sections.map((section, index) => (
        <Section
          key={section.id}
          id={section.id}
          heading={section.heading}
          eyebrow={section.eyebrow}
          intro={section.intro}
          centered={section.centered}
          tone={section.tone ?? (index % 2 === 0 ? 'muted' : 'default')}
        >
          {renderBody(section)}
        </Section>
      ))}
      <CallToAction {...content.closing} />
    </>
  );
}

function renderBody(section: SectionContent): ReactNode {
  switch (section.kind) {
    case 'cards':
      return (
        <>
          <CardGrid cards={section.cards} columns={section.columns} stagger={section.stagger} />
          {section.stats ? <StatList stats={section.stats} tone={section.tone === 'dark' ? 'dark' : 'light'} /> : null}
        </>
      );
    case 'steps':
      return <Steps steps={section.steps} />;
    case 'stats':
      return <StatList stats={section.stats} tone={section.tone === 'dark' ? 'dark' : 'light'} />;
    case 'split':
      return (
        <Split
          paragraphs={section.paragraphs}
          points={section.points}
          pointsTone={section.pointsTone}
          stat={section.stat}
          reverse={section.reverse}
          visual={section.visual ? renderVisual(section.visual) : undefined}
        />
      );
    case 'flow':
      return <Flow stages={section.stages} />;
    case 'testimonial':
      return <Testimonial quote={section.quote} role={section.role} organisation={section.organisation} stat={section.stat} />;
    case 'decision':
      return <DecisionSample title={section.title} disclaimer={section.disclaimer} sample={section.sample} notes={section.notes} />;
    case 'team':
      return <TeamGrid members={section.members} />;
    case 'checklist':
      return <Checklist items={section.items} />;
  }
}

function renderVisual(visual: Visual): ReactNode {
  switch (visual.kind) {
    case 'dashboard': {
      const { kind: _, ...props } = visual;
      return <DashboardIllustration {...props} />;
    }
    case 'forecast': {
      const { kind: _, ...props } = visual;
      return <ForecastChart {...props} />;
    }
    case 'panel': {
      const { kind: _, ...props } = visual;
      return <ProductPanel {...props} />;
    }
  }
}
