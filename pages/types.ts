import type { CallToActionProps } from '../components/sections/CallToAction';
import type { HeroProps } from '../components/sections/Hero';
import type { Item } from '../components/sections/ItemGrid';
import type { SectionProps } from '../components/sections/Section';

/** One band of a page: its heading, a sentence of introduction and the points it makes. */
export interface SectionContent extends Omit<SectionProps, 'children'> {
  items?: readonly Item[];
}

/** The copy of a content page, in the order it appears. */
export interface PageContent {
  hero: HeroProps;
  sections: readonly SectionContent[];
  closing: CallToActionProps;
}
