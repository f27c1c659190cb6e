/** The Content-Security-Policy of a page with no stylesheet of its own inline (the dev server's, a redirect's page). */
import { contentSecurityPolicy, type InlineCode } from '../hosting/policy';
import { client } from './client';
import { defineStep } from './step';

export const policy = defineStep({
  name: 'policy',
  needs: { client },
  run: ({ client }) => {
    // A production page's own policy adds its stylesheet (pageStyles).
    const inline: InlineCode = { scripts: client.inlineScript ? [client.inlineScript] : [], styles: [] };
    return { inline, meta: contentSecurityPolicy(inline, { for: 'meta' }) };
  },
});
