import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { Document } from '../../components/layout/Document';
import type { Navigation } from '../../components/layout/navigation';
import { KnownPathsContext } from '../../components/site/KnownPaths';
import { SiteContext } from '../../components/site/SiteContext';
import type { PageEntry, Route } from '../../pages/routes';
import { BuildError, type BuildContext } from '../context';
import { pageHead } from '../head';
import { contentSecurityPolicy } from '../hosting/policy';
import { toHtml5 } from '../html';
import { routeFile, writeOutput } from '../output';
import { canonicalPath } from '../urls';

/** Header and footer links, in route-table order, to each page's canonical URL. */
export function navigationFrom(routes: readonly Route[]): Navigation {
  return {
    main: routes.flatMap((route) => (route.nav ? [{ href: canonicalPath(route.path), label: route.nav }] : [])),
    useCases: routes.flatMap((route) => (route.useCase ? [{ href: canonicalPath(route.path), label: route.useCase }] : [])),
  };
}

/** Renders every route of the table to <route>/index.html. */
export async function pages(ctx: BuildContext): Promise<void> {
  for (const route of ctx.options.routes) {
    await writeOutput(ctx, routeFile(route.path), renderPage(ctx, route, canonicalPath(route.path)));
  }
}

/** Renders the fallback page to 404.html. */
export async function notFoundPage(ctx: BuildContext): Promise<void> {
  await writeOutput(ctx, '404.html', renderPage(ctx, ctx.options.notFound, '/404'));
}

/** One page inside the shared Document, as a complete HTML string. `pagePath` is canonical, or "/404". */
export function renderPage(ctx: BuildContext, entry: PageEntry, pagePath: string): string {
  const { css, js, fonts = [] } = ctx.assets;
  if (!css || !js) throw new BuildError('Pages were rendered before the stylesheet and script were built.');
  const { site, routes, year } = ctx.options;
  const Page = entry.page;
  const head = pageHead(ctx, entry, entry === ctx.options.notFound ? undefined : pagePath);
  try {
    return (
      '<!DOCTYPE html>' +
      toHtml5(
        renderToStaticMarkup(
          <SiteContext.Provider value={site}>
            <KnownPathsContext.Provider value={routes.map((route) => canonicalPath(route.path))}>
              <Document
                title={entry.title}
                description={entry.description}
                path={pagePath}
                assets={{ css, js, fonts }}
                navigation={navigationFrom(routes)}
                year={year}
                csp={contentSecurityPolicy({ for: 'meta' })}
                head={head}
              >
                <Page />
              </Document>
            </KnownPathsContext.Provider>
          </SiteContext.Provider>,
        ),
      )
    );
  } catch (error) {
    const source = sourceOf(error, ctx.options.root);
    const name = Page.displayName ?? Page.name ?? 'anonymous component';
    const cause = error instanceof Error ? error.message : String(error);
    throw new BuildError(
      `Page ${pagePath} (${name}${source ? `, ${source}` : ''}) threw while rendering: ${cause}`,
      { route: pagePath, file: source?.replace(/:\d+:\d+$/, ''), cause: error },
    );
  }
}

/** The first frame of the stack that points into the project, as "file:line:column", or undefined. */
function sourceOf(error: unknown, root: string): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  for (const match of error.stack.matchAll(/\(?((?:file:\/\/)?\/[^\s()]+):(\d+):(\d+)\)?/g)) {
    const file = (match[1] ?? '').replace(/^file:\/\//, '');
    if (file.includes('node_modules') || !file.startsWith(root)) continue;
    return `${path.relative(root, file)}:${match[2]}:${match[3]}`;
  }
  return undefined;
}
