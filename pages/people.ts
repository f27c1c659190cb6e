/**
 * The people of the site, who may sign an article (`author: ceo` in content/news): the about page's
 * team, each linked to their card on it. A member added there may sign articles at once.
 */
import type { Author } from '../components/Article/Article';
import { aboutUs } from './about-us/content';
import { routes } from './routes';

const teamPage = routes.find((route) => route.content === aboutUs)?.path ?? '/about-us';

export const people: Readonly<Record<string, Author>> = Object.fromEntries(
  aboutUs.sections.flatMap((section) =>
    section.kind === 'team' ? section.members.map((member) => [member.id, { name: member.role, href: `${teamPage}/#${member.id}` }]) : [],
  ),
);
