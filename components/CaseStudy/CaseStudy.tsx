import * as v from 'valibot';
import type { EntryProps } from '../../generator/site';
import { Article } from '../Article/Article';
import { StatFigure } from '../StatFigure/StatFigure';
import { heading, label, list, text } from '../site/schema';

/** A case study's own frontmatter, besides what every entry has: checked with the file and line of each mistake. */
export const caseStudyFields = {
  /** Who the lender is, as they agreed to be named ("A digital lender" where they keep their name). */
  client: heading,
  sector: label,
  /** Its outcomes in figures, each as it should read: "70%" and "fewer manual follow-ups". */
  results: v.optional(list(v.strictObject({ figure: label, label: text }))),
};

export type CaseStudyData = v.InferOutput<v.ObjectSchema<typeof caseStudyFields, undefined>>;

/** A lender's story: an article led by who they are, their sector, and the results in figures. */
export function CaseStudy(props: EntryProps<CaseStudyData>) {
  const { client, sector, results } = props.entry.data;
  return (
    <Article
      {...props}
      eyebrow={
        <>
          <span className="c-case-study__client">{client}</span>
          <span className="c-case-study__sector">{sector}</span>
        </>
      }
      facts={
        results ? (
          <section className="o-container c-case-study" aria-labelledby="case-study-results">
            <div className="c-case-study__panel">
              <h2 className="c-case-study__title" id="case-study-results">
                Results
              </h2>
              <ul className="c-case-study__results">
                {results.map((result) => (
                  <li key={result.label}>
                    <StatFigure stat={{ value: result.figure, label: result.label }} variant="stacked" />
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ) : undefined
      }
    />
  );
}
