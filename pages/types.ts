import type { CallToActionProps } from '../components/CallToAction/CallToAction';
import type { CardGridProps } from '../components/CardGrid/CardGrid';
import type { ChecklistProps } from '../components/Checklist/Checklist';
import type { DashboardIllustrationProps } from '../components/DashboardIllustration/DashboardIllustration';
import type { DecisionSampleProps } from '../components/DecisionSample/DecisionSample';
import type { FlowProps } from '../components/Flow/Flow';
import type { ForecastChartProps } from '../components/ForecastChart/ForecastChart';
import type { HeroProps } from '../components/Hero/Hero';
import type { ProductPanelProps } from '../components/ProductPanel/ProductPanel';
import type { SectionProps } from '../components/Section/Section';
import type { SplitProps } from '../components/Split/Split';
import type { StatListProps } from '../components/StatList/StatList';
import type { StepsProps } from '../components/Steps/Steps';
import type { TeamGridProps } from '../components/TeamGrid/TeamGrid';
import type { TestimonialProps } from '../components/Testimonial/Testimonial';

/** An illustration, described as data so that content files stay free of JSX. */
export type Visual =
  | ({ kind: 'dashboard' } & DashboardIllustrationProps)
  | ({ kind: 'forecast' } & ForecastChartProps)
  | ({ kind: 'panel' } & ProductPanelProps);

export interface HeroContent extends Omit<HeroProps, 'visual'> {
  visual?: Visual;
}

/** The heading block every section shares. */
export type SectionHead = Omit<SectionProps, 'children'>;

/**
 * One band of a page. `kind` picks the designed component for its body; the fields after it are
 * that component's props, so the type checker holds copy and components together.
 */
export type SectionContent = SectionHead &
  (
    | ({ kind: 'cards' } & CardGridProps & { stats?: StatListProps['stats'] })
    | ({ kind: 'steps' } & StepsProps)
    | ({ kind: 'stats' } & StatListProps)
    | ({ kind: 'split' } & Omit<SplitProps, 'visual'> & { visual?: Visual })
    | ({ kind: 'flow' } & FlowProps)
    | ({ kind: 'testimonial' } & TestimonialProps)
    | ({ kind: 'decision' } & DecisionSampleProps)
    | ({ kind: 'team' } & TeamGridProps)
    | ({ kind: 'checklist' } & ChecklistProps)
  );

/** The copy of a content page, in the order it appears. */
export interface PageContent {
  hero: HeroContent;
  sections: readonly SectionContent[];
  closing: CallToActionProps;
}
