/**
 * The content model: what a page's content.ts may hold, built from the schemas of the components
 * that show it (each component infers its Props from its own schema, so copy and components
 * cannot drift apart). The types below are inferred from these schemas; every build also checks
 * each page's content against them (generator/render/content-check.ts), which the type check
 * alone cannot do for a build: esbuild strips types, and no type says that a heading is empty.
 */
import * as v from 'valibot';
import { callToActionContent } from '../components/CallToAction/CallToAction';
import { cardGridContent } from '../components/CardGrid/CardGrid';
import { checklistContent } from '../components/Checklist/Checklist';
import { dashboardIllustrationContent } from '../components/DashboardIllustration/DashboardIllustration';
import { decisionSampleContent } from '../components/DecisionSample/DecisionSample';
import { flowContent } from '../components/Flow/Flow';
import { forecastChartContent } from '../components/ForecastChart/ForecastChart';
import { heroContent } from '../components/Hero/Hero';
import { latestEntriesContent } from '../components/LatestEntries/LatestEntries';
import { productPanelContent } from '../components/ProductPanel/ProductPanel';
import { proseContent } from '../components/Prose/Prose';
import { sectionContent as sectionHead } from '../components/Section/Section';
import { splitContent } from '../components/Split/Split';
import { statListContent } from '../components/StatList/StatList';
import { stepsContent } from '../components/Steps/Steps';
import { list } from '../components/site/schema';
import { teamGridContent } from '../components/TeamGrid/TeamGrid';
import { testimonialContent } from '../components/Testimonial/Testimonial';

/** An illustration, described as data so that content files stay free of JSX. */
export const visualContent = v.variant(
  'kind',
  [
    v.strictObject({ kind: v.literal('dashboard'), ...dashboardIllustrationContent.entries }),
    v.strictObject({ kind: v.literal('forecast'), ...forecastChartContent.entries }),
    v.strictObject({ kind: v.literal('panel'), ...productPanelContent.entries }),
  ],
  'is not a kind of illustration',
);

export type Visual = v.InferOutput<typeof visualContent>;

/**
 * One band of a page. `kind` picks the designed component for its body; the fields after the
 * heading block are that component's.
 */
export const sectionContent = v.variant(
  'kind',
  [
    v.strictObject({
      kind: v.literal('cards'),
      ...sectionHead.entries,
      ...cardGridContent.entries,
      stats: v.optional(statListContent.entries.stats),
    }),
    v.strictObject({ kind: v.literal('steps'), ...sectionHead.entries, ...stepsContent.entries }),
    v.strictObject({ kind: v.literal('stats'), ...sectionHead.entries, ...statListContent.entries }),
    v.strictObject({ kind: v.literal('split'), ...sectionHead.entries, ...splitContent.entries, visual: v.optional(visualContent) }),
    v.strictObject({ kind: v.literal('flow'), ...sectionHead.entries, ...flowContent.entries }),
    v.strictObject({ kind: v.literal('testimonial'), ...sectionHead.entries, ...testimonialContent.entries }),
    v.strictObject({ kind: v.literal('decision'), ...sectionHead.entries, ...decisionSampleContent.entries }),
    v.strictObject({ kind: v.literal('team'), ...sectionHead.entries, ...teamGridContent.entries }),
    v.strictObject({ kind: v.literal('checklist'), ...sectionHead.entries, ...checklistContent.entries }),
    v.strictObject({ kind: v.literal('latest'), ...sectionHead.entries, ...latestEntriesContent.entries }),
    v.strictObject({ kind: v.literal('prose'), ...sectionHead.entries, ...proseContent.entries }),
  ],
  'is not a kind of section',
);

export type SectionContent = v.InferOutput<typeof sectionContent>;

/** The copy of a content page, in the order it appears. */
export const pageContent = v.strictObject({
  hero: v.strictObject({ ...heroContent.entries, visual: v.optional(visualContent) }),
  sections: v.pipe(
    list(sectionContent),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const seen = new Set<string>();
      for (const [index, section] of dataset.value.entries()) {
        if (seen.has(section.id)) {
          addIssue({
            message: "is an earlier section's id too: a section's id names its anchor, so it must be unique on the page",
            input: section.id,
            received: JSON.stringify(section.id),
            path: [
              { type: 'array', origin: 'value', input: dataset.value, key: index, value: section },
              { type: 'object', origin: 'value', input: section, key: 'id', value: section.id },
            ],
          });
        }
        seen.add(section.id);
      }
    }),
  ),
  closing: callToActionContent,
});

export type PageContent = v.InferOutput<typeof pageContent>;

/** The newest entries a page's copy shows, by collection: the most any of its sections asks for. */
export function latestOf(content: PageContent): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const section of content.sections)
    if (section.kind === 'latest') counts[section.collection] = Math.max(counts[section.collection] ?? 0, section.count);
  return counts;
}
