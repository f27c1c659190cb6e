import type { ReactNode } from 'react';
import * as v from 'valibot';
import { markdown } from '../../generator/site';

export const proseContent = v.strictObject({
  /** Markdown, under the section's heading: its own headings start at ###. */
  text: markdown(20_000),
});

/** A page's free text, written in Markdown and rendered by the build (links, lists, emphasis, tables), at a reading measure. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className="c-prose">{children}</div>;
}
