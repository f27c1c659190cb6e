import { CallToAction } from '../components/sections/CallToAction';
import { Hero } from '../components/sections/Hero';
import { ItemGrid } from '../components/sections/ItemGrid';
import { Section } from '../components/sections/Section';
import type { PageContent } from './types';

export interface ContentPageProps {
  content: PageContent;
}

/** Hero, then each section in order, then the closing call to action. */
export function ContentPage({ content }: ContentPageProps) {
  return (
    <>
      <Hero {...content.hero} />
      {content.sections.map(({ items, ...section }, index) => (
        <Section key={section.id} tone={index % 2 === 0 ? 'muted' : 'default'} {...section}>
          {items ? <ItemGrid items={items} /> : null}
        </Section>
      ))}
      <CallToAction {...content.closing} />
    </>
  );
}
