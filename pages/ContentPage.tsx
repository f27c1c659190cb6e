import { type ReactNode, useContext } from 'react';
import { CallToAction } from '../components/CallToAction/CallToAction';
import { CardGrid } from '../components/CardGrid/CardGrid';
import { Checklist } from '../components/Checklist/Checklist';
import { DashboardIllustration } from '../components/DashboardIllustration/DashboardIllustration';
import { DecisionSample } from '../components/DecisionSample/DecisionSample';
import { Flow } from '../components/Flow/Flow';
import { ForecastChart } from '../components/ForecastChart/ForecastChart';
import { Hero } from '../components/Hero/Hero';
import { LatestEntries } from '../components/LatestEntries/LatestEntries';
import { ProductPanel } from '../components/ProductPanel/ProductPanel';
import { Prose } from '../components/Prose/Prose';
import { Section } from '../components/Section/Section';
import { Split } from '../components/Split/Split';
import { StatList } from '../components/StatList/StatList';
import { Steps } from '../components/Steps/Steps';
import { LatestContext } from '../components/site/Latest';
import { useSitePaths } from '../components/site/SitePaths';
import { TeamGrid } from '../components/TeamGrid/TeamGrid';
import { Testimonial } from '../components/Testimonial/Testimonial';
import type { EntryInfo } from '../generator/site';
import type { PageEntry } from './routes';
import type { PageContent, SectionContent, Visual } from './types';

export interface PageBodyProps {
  entry: PageEntry;
}

/** What goes inside <main> for an entry of the route table: its own component, or its copy laid out by ContentPage. */
export function PageBody({ entry }: PageBodyProps) {
  return entry.page ? <entry.page /> : <ContentPage content={entry.content} />;
}

export interface ContentPageProps {
  content: PageContent;
}

/** Hero, then each section in the order of the content, then the closing call to action. */
export function ContentPage({ content }: ContentPageProps) {
  const { link } = useSitePaths();
  const latest = useContext(LatestContext);
  const { visual, ...hero } = content.hero;
  // A block of a collection's newest entries shows once the collection has one.
  const sections = content.sections.filter((section) => section.kind !== 'latest' || (latest[section.collection]?.length ?? 0) > 0);
  return (
    <>
      <Hero {...hero} visual={visual ? renderVisual(visual) : undefined} />
      {sections.map((section, index) => (
        <Section
          key={section.id}
          id={section.id}
          heading={section.heading}
          eyebrow={section.eyebrow}
          intro={section.intro}
          centered={section.centered}
          tone={section.tone ?? (index % 2 === 0 ? 'muted' : 'default')}
        >
          {renderBody(section, link, latest)}
        </Section>
      ))}
      <CallToAction {...content.closing} />
    </>
  );
}

/** A section's body; `link` puts the copy's root-relative links under the site's base path. */
function renderBody(
  section: SectionContent,
  link: (href: string) => string,
  latest: Readonly<Record<string, readonly EntryInfo<unknown>[]>>,
): ReactNode {
  switch (section.kind) {
    case 'cards':
      return (
        <>
          <CardGrid
            cards={section.cards.map((card) => (card.link ? { ...card, link: { ...card.link, href: link(card.link.href) } } : card))}
            columns={section.columns}
            stagger={section.stagger}
          />
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
    case 'latest':
      return (
        <LatestEntries
          entries={(latest[section.collection] ?? []).slice(0, section.count)}
          link={{ ...section.link, href: link(section.link.href) }}
        />
      );
    case 'prose':
      return <Prose>{section.text}</Prose>;
    default:
      return assertNever(section);
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
    default:
      return assertNever(visual);
  }
}

/** A kind added to the content types but not rendered here fails the type check at this call. */
function assertNever(value: never): never {
  throw new Error(`Unknown kind in page content: ${JSON.stringify(value)}`);
}
