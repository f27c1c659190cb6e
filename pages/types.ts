import type { DashboardIllustrationProps } from '../components/illustrations/DashboardIllustration';
import type { ForecastChartProps } from '../components/illustrations/ForecastChart';
import type { ProductPanelProps } from '../components/illustrations/ProductPanel';
import type { CallToActionProps } from '../components/sections/CallToAction';
import type { CardGridProps } from '../components/sections/CardGrid';
import type { ChecklistProps } from '../components/sections/Checklist';
import type { DecisionSampleProps } from '../components/sections/DecisionSample';
import type { FlowProps } from '../components/sections/Flow';
import type { HeroProps } from '../components/sections/Hero';
import type { SectionProps } from '../components/sections/Section';
import type { SplitProps } from '../components/sections/Split';
import type { StatListProps } from '../components/sections/StatList';
import type { StepsProps } from '../components/sections/Steps';
import type { TeamGridProps } from '../components/sections/TeamGrid';
import type { TestimonialProps } from '../components/sections/Testimonial';

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
